import { API_BASE, ok } from '@tradeapp/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import { resolveCaller } from '../../http/session';
import type { PoolEngine } from './engine';

/**
 * Test only (`TEST_CLOCKS=1`), for an operator: run the pools' job now (`POST /web/test/quantify/run`),
 * so that a test that has moved its clock past a day's end need not wait for the job. Not in the contract.
 */
export function registerQuantifyTestRoutes(app: FastifyInstance, db: Db, engine: PoolEngine) {
  app.post(`${API_BASE}/test/quantify/run`, async (req) => {
    const caller = await resolveCaller(db, req);
    if (caller?.role !== 'operator') throw new AppError('e.operatorOnly');
    return ok(await engine.run());
  });
}
