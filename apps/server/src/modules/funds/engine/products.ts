import { dollarPairOf } from '@tradeapp/contract';
import type { Sql } from '../../../db/db';
import { Dec, plain } from '../../../lib/decimal';
import type { CalendarId, Instrument } from '../../../market/types';
import * as repo from '../repository';
import type { ProductRow } from '../repository';
import { capWeights, DAY_MS, latestNavDayAt, localDayOf, navInstant, seededIncome, utcDayOf } from '../rules';
import type { EngineContext } from './context';

/** A fund's first NAV, on its launch day. */
export const LAUNCH_NAV = '10.0000';
/** The seeded funds are launched this long before the first start, their NAVs backfilled from the market's history. */
export const LAUNCH_DAYS = 56;
/** The Current term's declared schedule at creation: tomorrow and the days after. */
export const SEEDED_INCOME_DAYS = 90;

/** How a seeded fund's basket is made at launch from the market's stocks. */
type SeedBasket =
  | { rule: 'cap'; market: string; count: number; total: string; plus?: { symbol: string; weight: string } }
  | { rule: 'equal'; market: string; count: number }
  | { rule: 'none' };

interface SeedFund {
  code: string;
  name: string;
  calendar: CalendarId;
  cutoffMinutes: number;
  navLag: boolean;
  expensePercent: string;
  exitLoadPercent: string;
  exitLoadDays: number;
  freeUnitsPercent: string;
  lockInDays: number;
  curveCurrency: string | null;
  minAmount: string;
  basket: SeedBasket;
}

const equityLoad = { exitLoadPercent: '1.00', exitLoadDays: 365, freeUnitsPercent: '10.00' };

/** The funds offered from the start (decision 0022, "Funds"); an operator opens more. */
export const SEED_FUNDS: readonly SeedFund[] = [
  {
    code: 'USLC',
    name: 'US Large Cap Index Fund',
    calendar: 'US',
    cutoffMinutes: 15 * 60,
    navLag: false,
    expensePercent: '0.20',
    ...equityLoad,
    lockInDays: 0,
    curveCurrency: null,
    minAmount: '10.00',
    basket: { rule: 'cap', market: 'US', count: 10, total: '1' },
  },
  {
    code: 'HKEQ',
    name: 'Hong Kong Equity Fund',
    calendar: 'HK',
    cutoffMinutes: 15 * 60,
    navLag: false,
    expensePercent: '0.50',
    ...equityLoad,
    lockInDays: 0,
    curveCurrency: null,
    minAmount: '10.00',
    basket: { rule: 'cap', market: 'HK', count: 10, total: '1' },
  },
  {
    code: 'BAL6040',
    name: 'Balanced Fund 60/40',
    calendar: 'US',
    cutoffMinutes: 15 * 60,
    navLag: false,
    expensePercent: '0.75',
    ...equityLoad,
    lockInDays: 0,
    curveCurrency: null,
    minAmount: '10.00',
    basket: { rule: 'cap', market: 'US', count: 10, total: '0.6', plus: { symbol: 'US10Y', weight: '0.4' } },
  },
  {
    code: 'TAX3Y',
    name: 'Tax Saver Equity Fund (3-year lock-in)',
    calendar: 'US',
    cutoffMinutes: 15 * 60,
    navLag: false,
    expensePercent: '0.60',
    ...equityLoad,
    lockInDays: 1095,
    curveCurrency: null,
    minAmount: '10.00',
    basket: { rule: 'equal', market: 'US', count: 10 },
  },
  {
    code: 'LIQ',
    name: 'Liquid Fund',
    calendar: 'EURONEXT-AMS',
    cutoffMinutes: 13 * 60 + 30,
    navLag: true,
    expensePercent: '0.10',
    exitLoadPercent: '0',
    exitLoadDays: 0,
    freeUnitsPercent: '0',
    lockInDays: 0,
    curveCurrency: 'EUR',
    minAmount: '10.00',
    basket: { rule: 'none' },
  },
];

/** The deposit terms offered from the start: Current, and Regular terms at declared rates. */
export const SEED_DEPOSITS = [
  { kind: 'current' as const, code: 'CUR', name: 'Current', minAmount: '1.00' },
  { kind: 'regular' as const, code: 'REG30', name: 'Regular 30 days', minAmount: '100.00', termDays: 30, ratePercent: '1.80', penaltyPercent: '0.50' },
  { kind: 'regular' as const, code: 'REG90', name: 'Regular 90 days', minAmount: '100.00', termDays: 90, ratePercent: '2.10', penaltyPercent: '0.50' },
  { kind: 'regular' as const, code: 'REG180', name: 'Regular 180 days', minAmount: '100.00', termDays: 180, ratePercent: '2.40', penaltyPercent: '0.50' },
];

/** A stock a fund may hold: listed from the start (not a listing of a deal), valued in a currency the market prices. */
export const fundable = (i: Instrument) => !i.listedOn && dollarPairOf(i.currency) !== undefined && i.assetClass !== 'crypto';

/** The products offered from the start, seeded once, and a new fund's first NAV. */
export function createProductSeeding(ctx: EngineContext) {
  const { db, provider, now } = ctx;
  const { euroRate } = ctx.prices;

  const rankings = new Map<string, Array<{ symbol: string; cap: Dec }>>();
  /**
   * A market's stocks (not its exchange-traded funds) by market cap at the close of `day` in euros,
   * largest first. From the daily candles, the market's history (the launch day is weeks back), which
   * costs a fraction of a snapshot's; a stock without a candle that day is left out.
   */
  function ranking(market: string, calendar: CalendarId, day: number) {
    const key = `${market}|${day}`;
    let ranked = rankings.get(key);
    if (!ranked) {
      const at = navInstant(calendar, [], day);
      ranked = provider
        .instruments()
        .filter((i) => fundable(i) && i.assetClass === 'stock' && i.market === market && i.classify !== 'ETF' && i.sharesOutstanding)
        .flatMap((i) => {
          const candle = provider.candles(i.symbol, '1d', day - 7 * DAY_MS, at + 1).find((c) => localDayOf(i.calendar, c.time) === day);
          return candle ? [{ symbol: i.symbol, cap: new Dec(candle.close).mul(euroRate(i.currency, at)).mul(i.sharesOutstanding!) }] : [];
        })
        .sort((a, b) => b.cap.cmp(a.cap) || a.symbol.localeCompare(b.symbol));
      rankings.set(key, ranked);
    }
    return ranked;
  }

  /** A seeded fund's basket from the market at the launch day's close; null on a market without its instruments (a replay). */
  function seedBasket(seed: SeedFund, launch: number): Array<{ symbol: string; weight: string }> | null {
    if (seed.basket.rule === 'none') return [];
    const { market, count } = seed.basket;
    const caps = ranking(market, seed.calendar, launch).slice(0, count);
    if (caps.length === 0) return null;
    if (seed.basket.rule === 'equal') return caps.map((c) => ({ symbol: c.symbol, weight: new Dec(1).div(caps.length).toFixed(4) }));
    const weights = capWeights(caps, seed.basket.total).map((w) => ({ symbol: w.symbol, weight: plain(w.weight) }));
    if (!seed.basket.plus) return weights;
    return provider.instrument(seed.basket.plus.symbol) ? [...weights, seed.basket.plus] : null;
  }

  /** A fund's first NAV, 10 on its launch day (already its `nav_through`). */
  const launchNav = (sql: Sql, p: ProductRow) => repo.insertNav(sql, { productId: p.id, day: p.launch_day!, nav: LAUNCH_NAV, ratio: null });

  /** The seeded products, once (a second start, or a second node, finds them by code). */
  async function ensureProducts(): Promise<void> {
    const at = now();
    const existing = new Set((await repo.products(db)).map((p) => p.code));
    for (const seed of SEED_FUNDS) {
      if (existing.has(seed.code)) continue;
      const launch = latestNavDayAt(seed.calendar, at - LAUNCH_DAYS * DAY_MS);
      const basket = seedBasket(seed, launch);
      if (!basket) continue;
      await db.tx(async (sql) => {
        const p = await repo.insertProduct(sql, { ...seed, kind: 'fund', launchDay: launch, seedKey: seed.code, at: new Date(at) });
        if (!p) return;
        await repo.insertWeights(sql, p.id, basket);
        await launchNav(sql, p);
      });
    }
    for (const seed of SEED_DEPOSITS) {
      if (existing.has(seed.code)) continue;
      await db.tx(async (sql) => {
        const p = await repo.insertProduct(sql, { ...seed, seedKey: seed.code, at: new Date(at) });
        if (!p || p.kind !== 'current') return;
        const tomorrow = utcDayOf(at) + DAY_MS;
        for (let n = 0; n < SEEDED_INCOME_DAYS; n += 1) {
          const day = tomorrow + n * DAY_MS;
          await repo.declareIncome(sql, { productId: p.id, day, incomePer10k: seededIncome(day).toFixed(4), by: null });
        }
      });
    }
  }

  return { ensureProducts, launchNav };
}
