import { API_BASE, ok } from '@tradeapp/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import type { HandlersOf } from '../../http/register';
import { resolveCaller } from '../../http/session';
import type { AuctionService } from './service';

export function auctionHandlers(a: AuctionService): HandlersOf<'auctionCreate' | 'auctionCancel' | 'auctionOrders' | 'auctionIndicative' | 'preMarketList'> {
  return {
    auctionCreate: ({ input, caller, idempotencyKey }) => a.place(caller!.id, input, idempotencyKey),
    auctionCancel: ({ input, caller, idempotencyKey }) => a.cancel(caller!.id, input.id, idempotencyKey),
    auctionOrders: ({ input, caller }) => a.orders(caller!.id, input.stockCode),
    auctionIndicative: ({ input }) => a.indicative(input.stockCode),
    preMarketList: ({ input, caller }) => a.preMarketList(input, caller?.id ?? null),
  };
}

/** A clock running at real speed from wherever it was last set; never set, it is `base`. */
export function settableClock(base: () => number) {
  let offset = 0;
  return {
    now: () => base() + offset,
    set: (at: number | null) => {
      offset = at === null ? 0 : at - base();
    },
  };
}

/**
 * Test only (`AUCTION_TEST_CLOCK=1`): an operator sets the auction's clock, or `null` puts it back
 * on the server's. The end-to-end run shares one server with every other journey and cannot wait
 * for 09:20 in Hong Kong, so this moves the auction's time alone; the market keeps its own. Not in
 * the contract: it is no part of the API.
 */
export function registerAuctionTestClock(app: FastifyInstance, db: Db, clock: ReturnType<typeof settableClock>) {
  const body = z.object({ at: z.number().int().positive().nullable() });
  app.post(`${API_BASE}/test/auction/clock`, async (req) => {
    const caller = await resolveCaller(db, req);
    if (caller?.role !== 'operator') throw new AppError('e.operatorOnly');
    const parsed = body.safeParse(req.body);
    if (!parsed.success) throw new AppError('e.badRequest');
    clock.set(parsed.data.at);
    return ok({ now: clock.now() });
  });
}
