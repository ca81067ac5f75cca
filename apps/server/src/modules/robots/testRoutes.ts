import { API_BASE, ok } from '@tradeapp/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import { resolveCaller } from '../../http/session';
import type { RobotEngine } from './engine';

/**
 * Test only (`TEST_CLOCKS=1`), for an operator: run the robots' job now (`POST /web/test/robots/run`), so
 * that a test that has moved its scripted price need not wait for the job's next turn. Not in the contract.
 */
export function registerRobotTestRoutes(app: FastifyInstance, db: Db, engine: RobotEngine) {
  app.post(`${API_BASE}/test/robots/run`, async (req) => {
    const caller = await resolveCaller(db, req);
    if (caller?.role !== 'operator') throw new AppError('e.operatorOnly');
    return ok(await engine.run());
  });
}
