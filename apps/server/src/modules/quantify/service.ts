import {
  JournalKind,
  POOL_MAX_FEE_PERCENT,
  POOL_RANKING_DAYS,
  POOL_UNIT_DECIMALS,
  type Pool,
  type PoolAdmin,
  type PoolDay,
  type PoolDetail,
  type PoolOrder,
  type PoolProfit,
  type PoolStat,
  type zPoolCreate,
  type zPoolOrderInput,
} from '@tradeapp/contract';
import type { z } from 'zod';
import type { Db, Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import { writeAudit } from '../../lib/audit';
import { Dec, fixed, plain } from '../../lib/decimal';
import { findKey, issueKey, keysOfSubject, markKeyUsed, revokeKey } from '../../lib/keys';
import { requireVerifiedKyc } from '../kyc';
import type { Notices } from '../notices';
import { DAY_MS, dayOf, POOL_CAPITAL, type PoolEngine } from './engine';
import { POOL_STRATEGIES } from './pools';
import { postPoolHold, postPoolRelease } from './postings';
import * as repo from './repository';
import type { PoolDayRow, PoolOrderRow, PoolRow } from './repository';

// AI quantify for investors and operators (decision 0021): the pools' figures, all from their daily
// NAVs (engine.ts), the investors' units from their priced orders, and the money by journals.

type Operator = { operatorId: number; ip: string | null };
const percent = (ratio: Dec) => fixed(ratio.sub(1).mul(100), 2);
/** Units and NAVs on the wire: always their six decimals. */
const six = (x: Dec | string) => fixed(x, POOL_UNIT_DECIMALS);

/** The figures of a pool's days: returns (percent, after fees) since the start, since live, over the ranking window; its benchmark's; its deepest fall. */
export function figuresOf(p: Pick<PoolRow, 'live_from'>, days: readonly PoolDayRow[]) {
  const last = days[days.length - 1];
  if (!last) {
    return {
      nav: null,
      navDay: null,
      totalReturn: null,
      liveReturn: null,
      rankingReturn: null,
      benchmarkReturn: null,
      benchmarkRankingReturn: null,
      maxDrawdown: null,
    };
  }
  const nav = new Dec(last.nav);
  const dayAt = (t: number) => days.find((d) => d.day.getTime() === t);
  const windowStart = dayAt(last.day.getTime() - POOL_RANKING_DAYS * DAY_MS);
  // The last day valued before it went live is where its live record starts.
  const beforeLive = [...days].reverse().find((d) => d.day.getTime() + DAY_MS <= p.live_from.getTime());
  let peak = new Dec(1);
  let drawdown = new Dec(0);
  for (const d of days) {
    const v = new Dec(d.nav);
    if (v.gt(peak)) peak = v;
    const fall = new Dec(1).sub(v.div(peak));
    if (fall.gt(drawdown)) drawdown = fall;
  }
  return {
    nav: six(nav),
    navDay: last.day.getTime(),
    // The NAV is 1 at the start.
    totalReturn: percent(nav),
    liveReturn: beforeLive && beforeLive !== last ? percent(nav.div(beforeLive.nav)) : null,
    rankingReturn: windowStart ? percent(nav.div(windowStart.nav)) : null,
    benchmarkReturn: percent(new Dec(last.benchmark)),
    benchmarkRankingReturn: windowStart ? percent(new Dec(last.benchmark).div(windowStart.benchmark)) : null,
    maxDrawdown: fixed(drawdown.mul(100), 2),
  };
}

/** An investor's daily profit in one pool: per day, the units held through it (priced before it) × the change of NAV. */
export function profitsOf(orders: readonly PoolOrderRow[], days: readonly PoolDayRow[]) {
  const rows: Array<{ day: number; units: Dec; nav: Dec; previousNav: Dec; profit: Dec }> = [];
  let units = new Dec(0);
  let k = 0;
  for (let n = 1; n < days.length; n += 1) {
    const day = days[n]!.day.getTime();
    // Orders priced at an earlier day's NAV are held through this one.
    while (k < orders.length && orders[k]!.nav_day.getTime() < day) {
      const o = orders[k]!;
      units = o.kind === 'subscribe' ? units.add(o.units!) : units.sub(o.units!);
      k += 1;
    }
    if (units.isZero()) continue;
    const nav = new Dec(days[n]!.nav);
    const previousNav = new Dec(days[n - 1]!.nav);
    rows.push({ day, units, nav, previousNav, profit: units.mul(nav.sub(previousNav)) });
  }
  return rows;
}

export function createQuantifyService(opts: { db: Db; engine: PoolEngine; notices: Notices; now: () => number }) {
  const { db, engine, notices, now } = opts;

  /** The pools `userId` may see: public ones, those a live key unlocked, and those they hold or wait for units of. */
  async function visible(sql: Sql, userId: number | null): Promise<PoolRow[]> {
    const all = await repo.pools(sql);
    if (userId === null) return all.filter((p) => !p.private);
    const unlocked = await repo.unlockedPools(sql, userId);
    const held = new Set((await repo.holdings(sql, userId)).filter((h) => !new Dec(h.units).isZero() || !new Dec(h.pending).isZero()).map((h) => h.pool_id));
    return all.filter((p) => !p.private || unlocked.has(p.id) || held.has(p.id));
  }

  function poolOf(p: PoolRow, days: readonly PoolDayRow[], mine?: { units: string; pending: string }): Pool {
    const f = figuresOf(p, days);
    const units = new Dec(mine?.units ?? 0);
    return {
      id: p.id,
      rule: p.rule,
      symbols: [...POOL_STRATEGIES[p.rule].symbols],
      private: p.private,
      paused: p.paused_at !== null,
      feePercent: fixed(p.fee_percent, 2),
      minAmount: fixed(p.min_amount, 2),
      ...f,
      startTimestamp: p.start_at.getTime(),
      liveTimestamp: p.live_from.getTime(),
      units: six(units),
      value: f.nav ? fixed(units.mul(f.nav), 2) : '0.00',
      pending: fixed(mine?.pending ?? 0, 2),
    };
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

  const orderOf = (o: PoolOrderRow, p: Pick<PoolRow, 'rule'>): PoolOrder => ({
    id: o.id,
    poolId: o.pool_id,
    rule: p.rule,
    kind: o.kind,
    status: o.status,
    amount: o.amount === null ? null : fixed(o.amount, 2),
    units: o.units === null ? null : six(o.units),
    nav: o.nav === null ? null : six(o.nav),
    navDay: o.nav_day.getTime(),
    createTimeTimestamp: o.created_at.getTime(),
    doneTimestamp: o.done_at?.getTime() ?? null,
  });

  /**
   * The pool's size at its latest NAV: its units outstanding (the seed's and every priced order's)
   * and its equity, both after the orders priced at that NAV. The day's row holds the equity the NAV
   * was struck from, before them: the euros those orders brought in (or paid out) are added, so that
   * equity = NAV × units outstanding, to the rounding of the NAV and of the orders' units (6 places
   * each). Before, a subscription's units were counted and its euros not: the equity read its amount short.
   */
  async function sizeOf(sql: Sql, p: PoolRow, days: readonly PoolDayRow[]) {
    const last = days[days.length - 1];
    const unitsOutstanding = six(new Dec(p.seed_units).add(await repo.investorUnits(sql, p.id)));
    if (!last) return { unitsOutstanding, equity: null };
    const flow = await repo.flowsAt(sql, p.id, new Date(last.day.getTime() + DAY_MS));
    return { unitsOutstanding, equity: fixed(new Dec(last.equity).add(flow), 2) };
  }

  /** A pool in the back office; `totals` when the caller has read every pool's already. */
  async function admin(sql: Sql, p: PoolRow, totals?: Awaited<ReturnType<typeof repo.poolTotals>>): Promise<PoolAdmin> {
    const days = await repo.days(sql, p.id);
    const { units: _u, value: _v, pending: _p, ...pool } = poolOf(p, days);
    const mine = (totals ?? (await repo.poolTotals(sql))).find((t) => t.pool_id === p.id)!;
    return {
      ...pool,
      investors: mine.investors,
      ...(await sizeOf(sql, p, days)),
      fees: fixed(mine.fees, 2),
      pendingOrders: mine.pending,
      pausedReason: p.paused_reason,
      keys: await keysOfSubject(sql, 'pool', p.id),
    };
  }

  async function lockVisible(sql: Sql, userId: number, id: number): Promise<PoolRow> {
    const p = await repo.pool(sql, id, true);
    if (!p || !(await visible(sql, userId)).some((v) => v.id === id)) throw notFound();
    return p;
  }

  async function setPaused(id: number, by: Operator, reason: string, pause: boolean) {
    return db.tx(async (sql) => {
      const p = await repo.pool(sql, id, true);
      if (!p) throw notFound();
      await repo.setPaused(sql, id, pause ? by.operatorId : null, pause ? reason : null);
      await writeAudit(sql, {
        actorId: by.operatorId,
        action: pause ? 'pool.pause' : 'pool.resume',
        targetType: 'pool',
        targetId: id,
        before: { paused: p.paused_at !== null },
        after: { paused: pause },
        reason,
        ip: by.ip,
      });
      return admin(sql, (await repo.pool(sql, id))!);
    });
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

    // ---- operators ----

    async operatorPools(): Promise<PoolAdmin[]> {
      const [all, totals] = await Promise.all([repo.pools(db), repo.poolTotals(db)]);
      return Promise.all(all.map((p) => admin(db, p, totals)));
    },

    async operatorCreate(input: z.output<typeof zPoolCreate>, by: Operator): Promise<PoolAdmin> {
      if (new Dec(input.feePercent).gt(POOL_MAX_FEE_PERCENT)) throw new AppError('e.poolFee', { feePercent: 'e.poolFee' });
      return db.tx(async (sql) => {
        const p = (await repo.insertPool(sql, {
          rule: input.rule,
          private: input.private,
          feePercent: input.feePercent,
          minAmount: input.minAmount,
          capital: POOL_CAPITAL,
          startAt: new Date(engine.start),
          liveFrom: new Date(now()),
          seedKey: null,
          createdBy: by.operatorId,
        }))!;
        await engine.seedCapital(sql, p);
        await writeAudit(sql, {
          actorId: by.operatorId,
          action: 'pool.create',
          targetType: 'pool',
          targetId: p.id,
          after: input,
          reason: input.reason,
          ip: by.ip,
        });
        return admin(sql, p);
      });
    },

    pause: (id: number, by: Operator, reason: string) => setPaused(id, by, reason, true),
    resume: (id: number, by: Operator, reason: string) => setPaused(id, by, reason, false),

    /** A key for `investor` (user number or account name), sent in a notice; the operator never sees it. */
    async issueKey(by: Operator, id: number, investor: string): Promise<PoolAdmin> {
      const { answer, push } = await db.tx(async (sql) => {
        const p = await repo.pool(sql, id, true);
        if (!p) throw notFound();
        if (!p.private) throw new AppError('e.poolPublic');
        const byNumber = /^\d{1,15}$/.test(investor);
        const [user] = await sql.query<{ id: number; username: string }>(
          `select id, username from users where role = 'investor' and ${byNumber ? 'id = $1' : 'lower(username) = lower($1)'}`,
          [byNumber ? Number(investor) : investor],
        );
        if (!user) throw new AppError('e.investorNotFound', { investor: 'e.investorNotFound' });
        const [live] = await sql.query("select id from access_keys where purpose = 'pool' and subject_id = $1 and user_id = $2 and revoked_at is null", [
          id,
          user.id,
        ]);
        if (live) throw new AppError('e.poolKeyLive', { investor: 'e.poolKeyLive' });
        const issued = await issueKey(sql, { userId: user.id, purpose: 'pool', subjectId: id, issuedBy: by.operatorId });
        // The key's id, never the key: the audit log is read by every operator.
        await writeAudit(sql, {
          actorId: by.operatorId,
          action: 'pool.issueKey',
          targetType: 'pool',
          targetId: id,
          after: { keyId: issued.id, userId: user.id, userName: user.username },
          ip: by.ip,
        });
        const push = await notices.notify(sql, user.id, 'pool.key', { key: issued.key, pool: `q.${p.rule}` });
        return { answer: await admin(sql, p), push };
      });
      push();
      return answer;
    },

    /** The key stops unlocking its pool for new subscriptions; units bought stay and can be redeemed. */
    async revokeKey(by: Operator, keyId: number, reason: string): Promise<PoolAdmin> {
      const { answer, push } = await db.tx(async (sql) => {
        const [k] = await sql.query<{ id: number; user_id: number; subject_id: number; revoked_at: Date | null; used_at: Date | null }>(
          "select id, user_id, subject_id, revoked_at, used_at from access_keys where id = $1 and purpose = 'pool' for update",
          [keyId],
        );
        if (!k) throw notFound();
        if (k.revoked_at) throw new AppError('e.keyRevoked');
        await revokeKey(sql, k.id);
        await writeAudit(sql, {
          actorId: by.operatorId,
          action: 'pool.revokeKey',
          targetType: 'pool',
          targetId: Number(k.subject_id),
          before: { keyId: k.id, userId: k.user_id, status: k.used_at ? 'used' : 'sent' },
          after: { keyId: k.id, userId: k.user_id, status: 'revoked' },
          reason,
          ip: by.ip,
        });
        const p = (await repo.pool(sql, Number(k.subject_id)))!;
        const push = await notices.notify(sql, k.user_id, 'pool.revoked', { pool: `q.${p.rule}`, reason });
        return { answer: await admin(sql, p), push };
      });
      push();
      return answer;
    },
  };
}

export type QuantifyService = ReturnType<typeof createQuantifyService>;
