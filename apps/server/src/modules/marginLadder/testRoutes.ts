import { API_BASE, ok } from '@tradeapp/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import { fromZodError } from '../../http/errors';
import { resolveCaller } from '../../http/session';
import type { MarketService } from '../market';
import type { MarginLadder } from './service';

const zQuote = z.object({
  symbol: z.string().min(1).max(30),
  bid: z.string().regex(/^\d{1,12}(\.\d{1,10})?$/),
  ask: z.string().regex(/^\d{1,12}(\.\d{1,10})?$/),
});

/**
 * Test only (`TEST_CLOCKS=1`), for an operator: run the ladder's check of a symbol at a quote of the
 * test's choosing (`POST /web/test/marginLadder/check`), as if a tick had brought it. The journeys
 * run on the simulated market, whose random walk cannot be told to fall 1 % on cue; the server's
 * tests move a scripted price instead. Changes no price. Not in the contract.
 */
export function registerMarginLadderTestRoutes(app: FastifyInstance, db: Db, market: MarketService, ladder: MarginLadder) {
  app.post(`${API_BASE}/test/marginLadder/check`, async (req) => {
    const caller = await resolveCaller(db, req);
    if (caller?.role !== 'operator') throw new AppError('e.operatorOnly');
    const parsed = zQuote.safeParse(req.body);
    if (!parsed.success) throw fromZodError(parsed.error);
    const q = parsed.data;
    const s = market.snapshot(market.resolve(q.symbol).symbol);
    return ok({ sent: await ladder.onQuote(s.instrument.symbol, { ...s, bid: q.bid, ask: q.ask }) });
  });
}
