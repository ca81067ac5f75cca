import type { Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import { writeAudit } from '../../lib/audit';
import { Dec, fixed, plain } from '../../lib/decimal';
import type { Instrument } from '../../market/types';
import { instrumentOf, type BondAdmin, type BondContext, type Operator } from './context';
import * as repo from './repository';
import { BONDS } from './views';

// The back office's use cases of bonds: the listings with what is outstanding, pausing and resuming
// a listing, and its spread; each with a reason, audited.

const SPREAD_LIMITS = [new Dec(-200), new Dec(1000)] as const;

export function createBondOperator(ctx: BondContext) {
  const { db, now, refresh, refreshedScheduleOf, quoteOf } = ctx;

  async function admin(sql: Sql, i: Instrument, at: number): Promise<BondAdmin> {
    const listing = (await repo.listing(sql, i.symbol))!;
    const { held: _held, settlementDate: _settlementDate, ...quote } = quoteOf(i, listing, at, refreshedScheduleOf(i.symbol), new Dec(0));
    const out = (await repo.outstanding(sql)).find((o) => o.symbol === i.symbol);
    return { ...quote, holders: out?.holders ?? 0, outstanding: fixed(out?.face ?? 0, 2), pausedReason: listing.paused_reason };
  }

  async function setPaused(symbol: string, by: Operator, reason: string, pause: boolean): Promise<BondAdmin> {
    const i = instrumentOf(symbol);
    return db.tx(async (sql) => {
      const listing = await repo.listing(sql, i.symbol, true);
      if (!listing) throw notFound();
      await repo.setPaused(sql, i.symbol, pause ? by.operatorId : null, pause ? reason : null);
      await writeAudit(sql, {
        actorId: by.operatorId,
        action: pause ? 'bond.pause' : 'bond.resume',
        targetType: 'bond',
        targetId: i.symbol,
        before: { paused: listing.paused_at !== null },
        after: { paused: pause },
        reason,
        ip: by.ip,
      });
      return admin(sql, i, now());
    });
  }

  return {
    async operatorBonds(): Promise<BondAdmin[]> {
      const at = now();
      return Promise.all(BONDS.map((i) => admin(db, i, at)));
    },

    pause: (symbol: string, by: Operator, reason: string) => setPaused(symbol, by, reason, true),
    resume: (symbol: string, by: Operator, reason: string) => setPaused(symbol, by, reason, false),

    /** A new spread from now on: quotes move at once; trades already made keep their prices. */
    async setSpread(symbol: string, by: Operator, reason: string, spreadBp: string): Promise<BondAdmin> {
      const i = instrumentOf(symbol);
      const spread = new Dec(spreadBp);
      if (spread.lt(SPREAD_LIMITS[0]) || spread.gt(SPREAD_LIMITS[1])) throw new AppError('v.bondSpread', { spreadBp: 'v.bondSpread' });
      const at = now();
      const answer = await db.tx(async (sql) => {
        const listing = await repo.listing(sql, i.symbol, true);
        if (!listing) throw notFound();
        await repo.setSpread(sql, i.symbol, plain(spread), at, by.operatorId);
        await writeAudit(sql, {
          actorId: by.operatorId,
          action: 'bond.spread',
          targetType: 'bond',
          targetId: i.symbol,
          before: { spreadBp: fixed(listing.spread_bp, 2) },
          after: { spreadBp: fixed(spread, 2) },
          reason,
          ip: by.ip,
        });
        return i;
      });
      await refresh();
      return admin(db, answer, at);
    },
  };
}
