import { POOL_RULES, POOL_UNIT_DECIMALS, WalletCode } from '@tradeapp/contract';
import type { Db, Sql } from '../../db/db';
import { Dec, plain } from '../../lib/decimal';
import type { MarketProvider } from '../../market/types';
import type { MarketService } from '../market';
import { createDailyRunner, giveTurn } from '../strategy';
import { availableBalance, exitPrice, type TradingService } from '../trading';
import type { ExchangeRates } from '../wallet';
import { POOL_STRATEGIES } from './pools';
import { postPoolCapital, postPoolFee, postPoolRedemption, postPoolSubscription } from './postings';
import * as repo from './repository';
import type { PoolRow } from './repository';

// The pools' daily life (decision 0021, "AI quantify"). Each pool is a user of role `pool` trading
// from its financial account in euros, by its rule through the strategy runner (the agencies' daily
// loop). At the end of each UTC day it is valued: the day's management fee goes to the house, the NAV
// is its value ÷ the units outstanding, and the orders of that day are priced at that NAV: a
// subscription's held euros go to the pool for units (rounded down), a redemption's units are paid
// out (rounded down to the cent), from cash, or from positions sold at the prices the NAV was struck at. Before a day is valued the rule trades up to its end, so the
// history (backtested) and the live days are the same code and two runs agree to the digit.

export const DAY_MS = 86_400_000;
/** Each pool's seed capital in euros, the house's units at NAV 1. */
export const POOL_CAPITAL = '100000';
/** The pools offered from the start; an operator opens more. */
export const SEED_POOLS = POOL_RULES.map((rule) => ({ rule, seedKey: rule, private: false, feePercent: '1.00', minAmount: '100' }));
/** The house strategies' first day (the agencies' too): backtested from here. */
export const POOL_START = Date.parse('2025-10-01T00:00:00Z');

/** How long a pool with nothing due is left before its candles are read again. */
const IDLE_MS = 60_000;

/** The UTC day (its midnight, epoch ms) that `at` falls in. */
export const dayOf = (at: number) => Math.floor(at / DAY_MS) * DAY_MS;

const units6 = (x: Dec) => x.toDecimalPlaces(POOL_UNIT_DECIMALS, Dec.ROUND_DOWN);

export function createPoolEngine(opts: {
  db: Db;
  market: MarketService;
  provider: MarketProvider;
  trading: TradingService;
  exchangeRates: ExchangeRates;
  now: () => number;
  start?: number;
}) {
  const { db, market } = opts;
  const start = dayOf(opts.start ?? POOL_START);

  // A paused pool still trades: it takes no new money, but the money it has is managed to the end.
  const runner = createDailyRunner({
    ...opts,
    wallet: WalletCode.Financial,
    currency: 'EUR',
    lock: async (sql, id) => {
      const p = await repo.pool(sql, id, true);
      return p && { ...p, paused_at: null };
    },
    setDecided: repo.setDecided,
    closeReason: 'pool',
  });

  /** Buy and hold of the basket from the pool's start, in equal parts: the mean of each price's ratio to its price at the start. */
  function benchmarkAt(p: PoolRow, at: number): Dec {
    const symbols = POOL_STRATEGIES[p.rule].symbols;
    const first = p.start_at.getTime();
    const sum = symbols.reduce((acc, s) => acc.add(new Dec(market.snapshot(s, at).last).div(market.snapshot(s, first).last)), new Dec(0));
    return sum.div(symbols.length).toDecimalPlaces(POOL_UNIT_DECIMALS, Dec.ROUND_HALF_EVEN);
  }

  /** Value the pool at the end of `day` and price that day's orders, once (under the pool's row lock). False when another run did. */
  async function value(poolId: number, day: number): Promise<boolean> {
    const end = day + DAY_MS;
    const at = new Date(end);
    const pushes: Array<() => void> = [];
    const done = await db.tx(async (sql) => {
      const p = await repo.pool(sql, poolId, true);
      if (!p || (p.valued_through !== null && Number(p.valued_through) >= day)) return false;
      const units = new Dec(p.seed_units).add(await repo.investorUnits(sql, p.id));
      const gross = await runner.equityOf(sql, p.user_id, end);
      // The declared yearly fee, a 365th of it each day, on the day's value; never more than the pool's free cash.
      const cash = new Dec((await availableBalance(sql, p.user_id, WalletCode.Financial, 'EUR')) ?? 0);
      const due = gross.gt(0) ? gross.mul(p.fee_percent).div(100).div(365).toDecimalPlaces(2, Dec.ROUND_DOWN) : new Dec(0);
      const fee = Dec.max(new Dec(0), Dec.min(due, cash));
      if (fee.gt(0)) {
        await postPoolFee(sql, { poolUserId: p.user_id, poolId: p.id, fee, at });
      }
      const equity = gross.sub(fee);
      const nav = Dec.max(equity.div(units), new Dec('0.000001')).toDecimalPlaces(POOL_UNIT_DECIMALS, Dec.ROUND_HALF_EVEN);
      await repo.insertDay(sql, {
        poolId: p.id,
        day: new Date(day),
        nav: plain(nav),
        equity: plain(equity),
        units: plain(units),
        fee: plain(fee),
        benchmark: plain(benchmarkAt(p, end)),
      });
      let free = cash.sub(fee);
      for (const o of await repo.dueOrders(sql, p.id, new Date(day))) {
        if (o.kind === 'subscribe') {
          const amount = new Dec(o.amount!);
          const bought = units6(amount.div(nav));
          await postPoolSubscription(sql, { userId: o.user_id, orderId: o.id, poolUserId: p.user_id, amount, at });
          await repo.markDone(sql, o.id, { amount: plain(amount), units: plain(bought), nav: plain(nav), at });
          free = free.add(amount);
          continue;
        }
        const payout = new Dec(o.units!).mul(nav).toDecimalPlaces(2, Dec.ROUND_DOWN);
        // More than the pool's cash: it sells, the largest position first, at the prices its NAV was
        // struck at, until the cash pays (the sales' fees fall on the pool, as a fund's dealing costs do).
        if (payout.gt(free)) {
          const open = (await runner.openOf(sql, p.user_id, true)).sort((a, b) => new Dec(b.margin).cmp(a.margin) || a.id - b.id);
          for (const position of open) {
            if (payout.lte(free)) break;
            const closed = await opts.trading.closeAt(sql, position, exitPrice(position.direction, market.snapshot(position.symbol, end)), 'pool', null, at);
            pushes.push(closed.pushed);
            free = new Dec((await availableBalance(sql, p.user_id, WalletCode.Financial, 'EUR')) ?? 0);
          }
        }
        // Only a pool worth less than the payout gets here: the redemption waits for the next day's NAV.
        if (payout.gt(free)) {
          await repo.postpone(sql, o.id, new Date(day + DAY_MS));
          continue;
        }
        if (payout.gt(0)) {
          await postPoolRedemption(sql, { userId: o.user_id, orderId: o.id, poolUserId: p.user_id, payout, at });
        }
        await repo.markDone(sql, o.id, { amount: plain(payout), units: o.units!, nav: plain(nav), at });
        free = free.sub(payout);
      }
      await repo.setValued(sql, p.id, day);
      return true;
    });
    pushes.forEach((f) => f());
    return done;
  }

  /** Each day of the pool not yet valued whose end has come: its rule trades up to the day's end, then the day is valued; then the rule trades up to now. */
  async function step(poolId: number): Promise<{ trades: number; days: number }> {
    let trades = 0;
    let days = 0;
    for (;;) {
      // A day at a time, each after a turn of the event loop (runner.ts, `giveTurn`): the backfill of a new node's history must not stall its requests.
      await giveTurn();
      const p = (await repo.pool(db, poolId))!;
      const next = p.valued_through === null ? dayOf(p.start_at.getTime()) : Number(p.valued_through) + DAY_MS;
      const def = POOL_STRATEGIES[p.rule];
      if (next + DAY_MS > opts.now()) {
        trades += await runner.step({ ...p, paused_at: null }, def);
        return { trades, days };
      }
      trades += await runner.step({ ...p, paused_at: null }, def, next + DAY_MS);
      const fresh = (await repo.pool(db, poolId))!;
      // Another run may have traded past this point; the day is then valued by whichever gets the lock first.
      if (await value(fresh.id, next)) days += 1;
    }
  }

  /** The seeded pools, each with its capital from the house (one journal, dated its first day). */
  async function ensurePools(): Promise<void> {
    for (const seed of SEED_POOLS) {
      await db.tx(async (sql) => {
        const p = await repo.insertPool(sql, { ...seed, capital: POOL_CAPITAL, startAt: new Date(start), liveFrom: new Date(opts.now()), createdBy: null });
        if (p) await seedCapital(sql, p);
      });
    }
  }

  const seedCapital = (sql: Sql, p: PoolRow) => postPoolCapital(sql, { poolUserId: p.user_id, poolId: p.id, capital: p.capital, at: p.start_at });

  const idleUntil = new Map<number, number>();

  return {
    start,
    runner,
    value,
    step,
    ensurePools,
    seedCapital,
    /**
     * Every pool's due days and trades. A pool with nothing due is looked at again IDLE_MS later: its
     * trading moments and its day's end are fixed, so looking late changes nothing it does.
     */
    async run() {
      await ensurePools();
      const at = opts.now();
      let trades = 0;
      let days = 0;
      for (const p of await repo.pools(db)) {
        if ((idleUntil.get(p.id) ?? 0) > at) continue;
        const done = await step(p.id);
        trades += done.trades;
        days += done.days;
        if (done.trades === 0 && done.days === 0) idleUntil.set(p.id, at + IDLE_MS);
        else idleUntil.delete(p.id);
      }
      return { trades, days };
    },
  };
}

export type PoolEngine = ReturnType<typeof createPoolEngine>;
