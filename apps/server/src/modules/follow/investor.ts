import type { AgencyDetail, AgencyTrade, Follow, FollowDetail, zFollowInput } from '@tradeapp/contract';
import type { z } from 'zod';
import type { Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import { Dec, fixed, plain } from '../../lib/decimal';
import { requireVerifiedKyc } from '../kyc';
import { type PositionRow, entryPrice, exitPrice } from '../trading';
import { netOf, type Curve, type FollowContext } from './context';
import { stopLossEquity } from './engine';
import { postFollowAdded, postFollowFunded } from './postings';
import { navOf } from './record';
import * as repo from './repository';
import type { AgencyRow, FollowRow } from './repository';

/** The investor's calls: the agencies and their records, and the follows that start, add to and stop copying one. */
export function createFollowInvestor(ctx: FollowContext) {
  const { db, market, trading, engine, curveOf, agencies } = ctx;

  const tradeOf =
    (a: AgencyRow) =>
    (p: PositionRow): AgencyTrade => {
      const open = p.closed_at === null;
      const s = open ? market.snapshot(p.symbol) : null;
      return {
        id: p.id,
        symbol: p.symbol,
        stockName: market.resolve(p.symbol).name,
        direction: p.direction as AgencyTrade['direction'],
        quantity: plain(p.quantity),
        leverage: p.leverage,
        openPrice: plain(p.open_price!),
        price: plain(s ? exitPrice(p.direction, s) : p.close_price!),
        profit: fixed(s ? trading.floating(p, s) : netOf(p), 2),
        fees: fixed(new Dec(p.open_fee).add(p.close_fee ?? 0), 2),
        openTimestamp: (p.filled_at ?? p.created_at).getTime(),
        closeTimestamp: p.closed_at?.getTime() ?? null,
        backfilled: (p.filled_at ?? p.created_at).getTime() < a.live_from.getTime(),
      };
    };

  /**
   * The agency's return over the follow's own time: its equity now over its equity at the moment
   * the follow began (agencies take no outside money, so this is the NAV's change), percent.
   */
  /** Null when the agency held nothing at `since` (a follow stamped by the database's clock before the agency's first journal): no base to measure from. */
  function agencyReturnSince(curve: Curve, since: number): string | null {
    const then = curve.equityAt(since);
    if (!then.gt(0)) return null;
    const now = new Dec(curve.points[curve.points.length - 1]!.equity);
    return fixed(now.div(then).sub(1).mul(100), 2);
  }

  async function followOf(sql: Sql, f: FollowRow): Promise<Follow> {
    const a = (await repo.agency(sql, f.agency_id))!;
    const value = await engine.followValue(sql, f);
    const closed = await repo.closedCopies(sql, f.id);
    const realised = closed.reduce((sum, p) => sum.add(netOf(p)), new Dec(0));
    const fees = [...closed, ...value.open].reduce((sum, p) => sum.add(p.open_fee).add(p.close_fee ?? 0), new Dec(0));
    const amount = new Dec(f.amount);
    return {
      id: f.id,
      agencyId: f.agency_id,
      strategy: a.strategy,
      status: f.status,
      stopReason: f.stop_reason,
      amount: fixed(amount, 2),
      stopLossPercent: f.stop_loss_percent,
      stopLossEquity: fixed(stopLossEquity(f), 2),
      copyOpen: f.copy_open,
      cash: fixed(value.cash, 2),
      margin: fixed(value.margin, 2),
      floating: fixed(value.floating, 2),
      equity: fixed(value.equity, 2),
      realised: fixed(realised, 2),
      fees: fixed(fees, 2),
      returnPercent: fixed(value.equity.sub(amount).div(amount).mul(100), 2),
      agencyReturnPercent: agencyReturnSince(await curveOf(sql, a), f.created_at.getTime()),
      openCopies: value.open.length,
      skippedCopies: await repo.skippedCount(sql, f.id),
      createTimeTimestamp: f.created_at.getTime(),
      stoppedTimestamp: f.stopped_at?.getTime() ?? null,
    };
  }

  async function detailOf(sql: Sql, f: FollowRow): Promise<FollowDetail> {
    return {
      ...(await followOf(sql, f)),
      copies: (await repo.copies(sql, f.id)).map(trading.toPosition),
      skipped: (await repo.skipped(sql, f.id)).map((s) => {
        const i = market.resolve(s.symbol);
        return {
          id: s.id,
          symbol: s.symbol,
          stockName: i.name,
          direction: s.direction as FollowDetail['skipped'][number]['direction'],
          agencyQuantity: plain(s.agency_quantity),
          quantity: plain(s.quantity),
          minQuantity: i.minQuantity,
          reason: s.reason as FollowDetail['skipped'][number]['reason'],
          timestamp: s.created_at.getTime(),
        };
      }),
      additions: (await repo.additions(sql, f.id)).map((x) => ({ amount: fixed(x.amount, 2), timestamp: x.created_at.getTime() })),
    };
  }

  async function own(sql: Sql, userId: number, id: number, lock = false) {
    const f = await repo.ownFollow(sql, userId, id, lock);
    if (!f) throw notFound();
    return f;
  }

  return {
    async agencies() {
      const { list, ranking: top } = await agencies(db);
      return { list: list.map((x) => x.agency), ranking: top };
    },

    async agency(id: number, callerId: number | null): Promise<AgencyDetail> {
      const { list } = await agencies(db);
      const x = list.find((y) => y.row.id === id);
      if (!x) throw notFound();
      const nav = navOf(x.curve.points, x.row.capital);
      const trade = tradeOf(x.row);
      const running = callerId === null ? undefined : await repo.runningFollowOf(db, callerId, id);
      return {
        ...x.agency,
        curve: x.curve.points.map((p, n) => ({ day: p.day, equity: p.equity, nav: fixed(nav[n]!.nav, 4), backfilled: p.backfilled })),
        open: (await repo.openPositions(db, x.row.user_id)).map(trade),
        followId: running?.id ?? null,
      };
    },

    /** An agency's closed positions a page at a time, newest first, with their total (its record's closed trades). */
    async agencyClosed(id: number, page: number, size: number) {
      const a = await repo.agency(db, id);
      if (!a) throw notFound();
      const { rows, total } = await repo.closedPage(db, a.user_id, size, (page - 1) * size);
      return { list: rows.map(tradeOf(a)), total, page, size };
    },

    async follows(userId: number, page: number, size: number) {
      const rows = await repo.userFollows(db, userId, size, (page - 1) * size);
      const list = [];
      for (const f of rows) list.push(await followOf(db, f));
      return { list, total: await repo.countUserFollows(db, userId), page, size };
    },

    follow: async (userId: number, id: number) => detailOf(db, await own(db, userId, id)),

    /** Start following: one journal sets the amount aside from the follow wallet; with "copy open trades", the agency's open positions are copied at the live price. */
    async add(userId: number, input: z.output<typeof zFollowInput>, idempotencyKey: string | undefined): Promise<FollowDetail> {
      const result = await db.tx(async (sql) => {
        await requireVerifiedKyc(sql, userId);
        const a = await repo.agency(sql, input.agencyId, true);
        if (!a) throw notFound();
        if (a.paused_at) throw new AppError('e.agencyPaused');
        if (await repo.runningFollowOf(sql, userId, a.id)) throw new AppError('e.alreadyFollowing');
        const f = await repo.insertFollow(sql, {
          userId,
          agencyId: a.id,
          amount: input.amount,
          stopLossPercent: input.stopLossPercent,
          copyOpen: input.copyOpen,
        });
        await postFollowFunded(sql, { userId, followId: f.id, amount: input.amount }, { idempotencyKey: idempotencyKey ?? null });
        const pushes: Array<() => void> = [];
        if (input.copyOpen) {
          const agencyEquity = await engine.equityOf(sql, a.user_id);
          for (const p of await repo.openPositions(sql, a.user_id)) {
            const s = market.snapshot(p.symbol);
            // At the live price, as a new trade of the agency's size would be (a closed market's is listed as skipped).
            const asOfNow = { ...p, open_price: plain(entryPrice(p.direction, s)) };
            pushes.push(await engine.copyInto(sql, a.id, asOfNow, agencyEquity, undefined, f));
          }
        }
        return { detail: await detailOf(sql, f), pushes };
      });
      result.pushes.forEach((p) => p());
      return result.detail;
    },

    /** Add money to a running follow: one journal; copies are sized from its larger equity from the next agency trade on. */
    async addition(userId: number, id: number, amount: string, idempotencyKey: string | undefined) {
      return db.tx(async (sql) => {
        const f = await own(sql, userId, id, true);
        if (f.status !== 'following') throw new AppError('e.followNotRunning');
        await postFollowAdded(sql, { userId, followId: f.id, amount }, { idempotencyKey: idempotencyKey ?? null });
        await repo.addToAmount(sql, f.id, amount);
        await repo.insertAddition(sql, f.id, amount);
        return detailOf(sql, (await repo.follow(sql, f.id))!);
      });
    },

    /** Stop following: copies close at market now where their market trades, the rest at their next open (the engine's guard); then the money returns. */
    async stop(userId: number, id: number) {
      const done = await db.tx(async (sql) => {
        const f = await own(sql, userId, id, true);
        if (f.status !== 'following') throw new AppError('e.followNotRunning');
        await repo.markStopping(sql, f.id, 'user');
        const pushed = await engine.windDown(sql, { ...f, status: 'stopping', stop_reason: 'user' });
        return { pushed, detail: await detailOf(sql, (await repo.follow(sql, f.id))!) };
      });
      done.pushed();
      return done.detail;
    },
  };
}
