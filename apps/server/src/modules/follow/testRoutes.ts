import { API_BASE, ok } from '@tradeapp/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import { resolveCaller } from '../../http/session';
import type { FollowEngine } from './engine';

/**
 * Test only (`TEST_CLOCKS=1`), for an operator: run the agencies' job now (`POST /web/test/agencies/run`),
 * and have an agency open or close a position at the live quote (`POST /web/test/agencies/:id/trade`),
 * through the path its rule's trades take, copies included. A rule trades once a day at most; the
 * end-to-end run and the server's tests need a trade now. Not in the contract: no part of the API.
 */
export function registerFollowTestRoutes(app: FastifyInstance, db: Db, engine: FollowEngine) {
  const operator = async (req: Parameters<typeof resolveCaller>[1]) => {
    const caller = await resolveCaller(db, req);
    if (caller?.role !== 'operator') throw new AppError('e.operatorOnly');
  };
  app.post(`${API_BASE}/test/agencies/run`, async (req) => {
    await operator(req);
    return ok(await engine.run());
  });
  const trade = z.object({
    open: z.object({ symbol: z.string(), direction: z.union([z.literal(0), z.literal(1)]), quantity: z.string().regex(/^\d+(\.\d+)?$/) }).optional(),
    close: z.number().int().positive().optional(),
  });
  app.post<{ Params: { id: string } }>(`${API_BASE}/test/agencies/:id/trade`, async (req) => {
    await operator(req);
    const parsed = trade.safeParse(req.body);
    if (!parsed.success) throw new AppError('e.badRequest');
    const order = { ...(parsed.data.open ? { open: parsed.data.open } : {}), ...(parsed.data.close ? { close: parsed.data.close } : {}) };
    return ok(await engine.scripted(Number(req.params.id), order));
  });
}
