import { API_BASE, ok } from '@tradeapp/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/db';
import { AppError } from '../errors';
import { resolveCaller } from './session';

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
export type SettableClock = ReturnType<typeof settableClock>;

/** The desks whose clocks the end-to-end run moves (`TEST_CLOCKS=1`), each on its own. */
export const TEST_CLOCK_DESKS = ['auction', 'blockTrade', 'quantify', 'funds', 'bonds', 'loans'] as const;
export type TestClockDesk = (typeof TEST_CLOCK_DESKS)[number];

/**
 * Test only (`TEST_CLOCKS=1`): an operator sets one desk's clock (`POST /web/test/{desk}/clock`),
 * or `null` puts it back on the server's. The end-to-end run shares one server with every other
 * journey and can neither wait for 09:20 in Hong Kong nor for New York's open, so this moves that
 * desk's time alone (the quantify pools' days: a day's NAV and the next cannot be waited for either);
 * the market keeps its own, and so does every other desk. Not in the contract:
 * it is no part of the API.
 */
export function registerTestClocks(app: FastifyInstance, db: Db, clocks: Record<TestClockDesk, SettableClock>) {
  const body = z.object({ at: z.number().int().positive().nullable() });
  for (const desk of TEST_CLOCK_DESKS) {
    app.post(`${API_BASE}/test/${desk}/clock`, async (req) => {
      const caller = await resolveCaller(db, req);
      if (caller?.role !== 'operator') throw new AppError('e.operatorOnly');
      const parsed = body.safeParse(req.body);
      if (!parsed.success) throw new AppError('e.badRequest');
      clocks[desk].set(parsed.data.at);
      return ok({ now: clocks[desk].now() });
    });
  }
}
