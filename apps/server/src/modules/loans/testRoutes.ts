import { API_BASE, ok } from '@tradeapp/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import { resolveCaller } from '../../http/session';
import type { LoanService } from './service';

/**
 * Test only (`TEST_CLOCKS=1`), for an operator: run the loans' accrual job now (`POST /web/test/loans/run`),
 * so that a test that has moved the loans' clock past a day need not wait for the job. Not in the contract.
 */
export function registerLoanTestRoutes(app: FastifyInstance, db: Db, loans: LoanService) {
  app.post(`${API_BASE}/test/loans/run`, async (req) => {
    const caller = await resolveCaller(db, req);
    if (caller?.role !== 'operator') throw new AppError('e.operatorOnly');
    return ok(await loans.run());
  });
}
