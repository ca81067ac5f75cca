import {
  JournalKind,
  POOL_RANKING_DAYS,
  type Pool,
  type PoolDay,
  type PoolDetail,
  type PoolOrder,
  type PoolProfit,
  type PoolStat,
  type zPoolOrderInput,
} from '@tradeapp/contract';
import type { z } from 'zod';
import type { Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import { Dec, fixed, plain } from '../../lib/decimal';
import { findKey, markKeyUsed } from '../../lib/keys';
import { requireVerifiedKyc } from '../kyc';
import { sizeOf, type QuantifyContext } from './context';
import { DAY_MS, dayOf } from './engine';
import { postPoolHold, postPoolRelease } from './postings';
import * as repo from './repository';
import type { PoolRow } from './repository';
import { orderOf, poolOf, profitsOf, six } from './views';

/** The investor's calls: the pools they may see, their figures and ranking, and the orders that buy and sell units. */
export function createQuantifyInvestor(ctx: QuantifyContext) {
  const { db, now } = ctx;

  /** The pools `userId` may see: public ones, those a live key unlocked, and those they hold or wait for units of. */
  async function visible(sql: Sql, userId: number | null): Promise<PoolRow[]> {
    const all = await repo.pools(sql);
    if (userId === null) return all.filter((p) => !p.private);
    const unlocked = await repo.unlockedPools(sql, userId);
    const held = new Set((await repo.holdings(sql, userId)).filter((h) => !new Dec(h.units).isZero() || !new Dec(h.pending).isZero()).map((h) => h.pool_id));
    return all.filter((p) => !p.private || unlocked.has(p.id) || held.has(p.id));
  }

  async function poolsFor(sql: Sql, userId: number | null): Promise<Pool[]> {
    const list = await visible(sql, userId);
    const mine = userId === null ? [] : await repo.holdings(sql, userId);
    return Promise.all(
      list.map(async (p) =>
        poolOf(
          p,
          await repo.days(sql, p.id),
          mine.find((h) => h.pool_id === p.id),
        ),
      ),
    );
  }

  async function lockVisible(sql: Sql, userId: number, id: number): Promise<PoolRow> {
    const p = await repo.pool(sql, id, true);
    if (!p || !(await visible(sql, userId)).some((v) => v.id === id)) throw notFound();
    return p;
  }

  return {
    async list(userId: number | null, page: number, size: number) {
      const all = await poolsFor(db, userId);
      return { list: all.slice((page - 1) * size, page * size), total: all.length, page, size };
    },

    async detail(userId: number | null, id: number): Promise<PoolDetail> {
      const p = (await visible(db, userId)).find((v) => v.id === id);
      if (!p) throw notFound();
      const days = await repo.days(db, p.id);
      const mine = userId === null ? undefined : (await repo.holdings(db, userId)).find((h) => h.pool_id === id);
      const [fees] = await db.query<{ fees: string }>(
        `select coalesce(-sum(e.amount), 0)::text as fees from ledger_journals j join ledger_entries e on e.journal_id = j.id join ledger_accounts a on a.id = e.account_id
          where j.kind = $1 and j.ref_type = 'pool' and j.ref_id = $2 and a.user_id = $3`,
        [JournalKind.PoolFee, p.id, p.user_id],
      );
      return {
        ...poolOf(p, days, mine),
        days: days.map((d): PoolDay => ({
          day: d.day.getTime(),
          nav: six(d.nav),
          benchmark: six(d.benchmark),
          fee: fixed(d.fee, 2),
          backtested: d.day.getTime() + DAY_MS <= p.live_from.getTime(),
        })),
        fees: fixed(fees!.fees, 2),
        ...(await sizeOf(db, p, days)),
      };
    },

    async ranking(userId: number | null) {
      const ranked = (await poolsFor(db, userId))
        .filter((p) => p.rankingReturn !== null)
        .sort((a, b) => new Dec(b.rankingReturn!).cmp(a.rankingReturn!) || a.id - b.id);
      return {
        days: POOL_RANKING_DAYS,
        list: ranked.map((p, k) => ({
          rank: k + 1,
          poolId: p.id,
          rule: p.rule,
          private: p.private,
          rankingReturn: p.rankingReturn!,
          benchmarkRankingReturn: p.benchmarkRankingReturn!,
          maxDrawdown: p.maxDrawdown!,
        })),
      };
    },

    async profits(userId: number, poolId: number | undefined, page: number, size: number) {
      const orders = await repo.pricedOrders(db, userId, poolId);
      const rows: PoolProfit[] = [];
      for (const id of [...new Set(orders.map((o) => o.pool_id))]) {
        const p = (await repo.pool(db, id))!;
        const days = await repo.days(db, id, orders.find((o) => o.pool_id === id)!.nav_day);
        for (const r of profitsOf(
          orders.filter((o) => o.pool_id === id),
          days,
        )) {
          rows.push({
            day: r.day,
            poolId: id,
            rule: p.rule,
            units: six(r.units),
            nav: six(r.nav),
            previousNav: six(r.previousNav),
            profit: fixed(r.profit, 2),
            backtested: r.day + DAY_MS <= p.live_from.getTime(),
          });
        }
      }
      rows.sort((a, b) => b.day - a.day || a.poolId - b.poolId);
      return { list: rows.slice((page - 1) * size, page * size), total: rows.length, page, size };
    },

    async stat(userId: number): Promise<PoolStat> {
      const latest = await repo.latestDays(db);
      let total = new Dec(0);
      let today = new Dec(0);
      let earnings = new Dec(0);
      let pending = new Dec(0);
      let navDay: number | null = null;
      for (const h of await repo.holdings(db, userId)) {
        pending = pending.add(h.pending);
        const last = latest.find((d) => d.pool_id === h.pool_id);
        const value = last ? new Dec(h.units).mul(last.nav) : new Dec(0);
        total = total.add(value);
        earnings = earnings.add(value).add(h.redeemed).sub(h.subscribed);
        if (!last) continue;
        navDay = Math.max(navDay ?? 0, last.day.getTime());
        const orders = await repo.pricedOrders(db, userId, h.pool_id);
        if (orders.length === 0) continue;
        const days = await repo.days(db, h.pool_id, new Date(last.day.getTime() - DAY_MS));
        const profit = profitsOf(orders, days).find((r) => r.day === last.day.getTime());
        if (profit) today = today.add(profit.profit);
      }
      return { total: fixed(total, 2), today: fixed(today, 2), earnings: fixed(earnings, 2), pending: fixed(pending, 2), navDay };
    },

    async orders(userId: number, poolId: number | undefined, page: number, size: number) {
      const rows = await repo.userOrders(db, userId, poolId, size, (page - 1) * size);
      const pools = await repo.pools(db);
      return {
        list: rows.map((o) =>
          orderOf(
            o,
            pools.find((p) => p.id === o.pool_id)!,
          ),
        ),
        total: rows[0]?.total ?? 0,
        page,
        size,
      };
    },

    /** A subscription (held until its day's NAV) or a redemption of units the caller holds and has not already asked back. */
    async save(userId: number, input: z.output<typeof zPoolOrderInput>): Promise<PoolOrder> {
      return db.tx(async (sql) => {
        await requireVerifiedKyc(sql, userId);
        const p = await lockVisible(sql, userId, input.poolId);
        const navDay = new Date(dayOf(now()));
        if (input.kind === 'subscribe') {
          if (p.paused_at) throw new AppError('e.poolPaused');
          if (p.private && !(await repo.unlockedPools(sql, userId)).has(p.id)) throw new AppError('e.poolKeyRequired');
          const amount = new Dec(input.amount!);
          if (amount.lt(p.min_amount)) throw new AppError('e.poolMinAmount', { amount: 'e.poolMinAmount' }, { min: fixed(p.min_amount, 2) });
          const o = await repo.insertOrder(sql, { poolId: p.id, userId, kind: 'subscribe', amount: plain(amount), units: null, navDay });
          await postPoolHold(sql, { userId, orderId: o.id, amount });
          return orderOf(o, p);
        }
        const h = await repo.holding(sql, userId, p.id);
        const redeemable = new Dec(h.units).sub(h.redeeming);
        const units = input.units === 'all' ? redeemable : new Dec(input.units!);
        if (redeemable.lte(0) || units.gt(redeemable))
          throw new AppError('e.poolUnits', { units: 'e.poolUnits' }, { units: six(Dec.max(redeemable, new Dec(0))) });
        const o = await repo.insertOrder(sql, { poolId: p.id, userId, kind: 'redeem', amount: null, units: plain(units), navDay });
        return orderOf(o, p);
      });
    },

    /** Withdraw a pending order; a subscription's euros return to the financial wallet. */
    async cancel(userId: number, id: number): Promise<PoolOrder> {
      return db.tx(async (sql) => {
        const mine = await repo.ownOrder(sql, userId, id);
        if (!mine) throw notFound();
        // The pool first, as its valuation locks it before its orders.
        const p = (await repo.pool(sql, mine.pool_id, true))!;
        const o = (await repo.ownOrder(sql, userId, id, true))!;
        if (o.status !== 'pending') throw new AppError('e.poolNotPending');
        if (o.kind === 'subscribe') {
          await postPoolRelease(sql, { userId, orderId: o.id, amount: o.amount! });
        }
        await repo.markCancelled(sql, o.id);
        return orderOf((await repo.ownOrder(sql, userId, id))!, p);
      });
    },

    /** The key from a pool notice: the private pool it unlocks. Any other key is refused with one message. */
    async checkSecret(userId: number, candidate: string): Promise<Pool> {
      const id = await db.tx(async (sql) => {
        const key = await findKey(sql, userId, 'pool', candidate);
        if (!key || key.revoked_at !== null || key.subject_id === null) throw new AppError('e.keyInvalid', { key: 'e.keyInvalid' });
        if (key.used_at === null) await markKeyUsed(sql, key.id);
        return Number(key.subject_id);
      });
      return (await poolsFor(db, userId)).find((p) => p.id === id)!;
    },
  };
}
