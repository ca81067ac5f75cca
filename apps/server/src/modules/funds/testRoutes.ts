import { API_BASE, ok } from '@tradeapp/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import { resolveCaller } from '../../http/session';
import type { FundEngine } from './engine';

/**
 * Test only (`TEST_CLOCKS=1`), for an operator: run the funds' three jobs now, in a day's order
 * (`POST /web/test/funds/run`: NAVs and orders, payouts, incomes and maturities), so that a test that
 * has moved the funds' clock need not wait for the jobs' timers. Not in the contract.
 */
export function registerFundTestRoutes(app: FastifyInstance, db: Db, engine: FundEngine) {
  app.post(`${API_BASE}/test/funds/run`, async (req) => {
    const caller = await resolveCaller(db, req);
    if (caller?.role !== 'operator') throw new AppError('e.operatorOnly');
    return ok(await engine.runAll());
  });
}
