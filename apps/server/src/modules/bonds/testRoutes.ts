import { API_BASE, ok } from '@tradeapp/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import { resolveCaller } from '../../http/session';
import type { BondService } from './service';

/**
 * Test only (`TEST_CLOCKS=1`), for an operator: run the coupon job now (`POST /web/test/bonds/run`),
 * so that a test that has moved the bonds' clock past a coupon date need not wait for the job. Not in the contract.
 */
export function registerBondTestRoutes(app: FastifyInstance, db: Db, bonds: BondService) {
  app.post(`${API_BASE}/test/bonds/run`, async (req) => {
    const caller = await resolveCaller(db, req);
    if (caller?.role !== 'operator') throw new AppError('e.operatorOnly');
    return ok(await bonds.runDue());
  });
}
