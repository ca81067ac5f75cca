import { walletFor, type WalletCode, type zBondAdmin } from '@tradeapp/contract';
import type { z } from 'zod';
import type { Db, Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import type { SpreadChange } from '../../market/bondModel';
import { session as calendarSession } from '../../market/calendars';
import { createYieldCurves } from '../../market/curve';
import type { Instrument, MarketProvider } from '../../market/types';
import { exchangeTime } from '../market';
import type { Notices } from '../notices';
import type { ExchangeRates } from '../wallet';
import { createBondPricing } from './pricing';
import * as repo from './repository';
import { BONDS, createBondViews } from './views';

// What the investor's use cases (investor.ts), the back office's (operator.ts) and the coupon job
// (coupons.ts) share, built once per service: the options, the pricing, the spreads' schedules as
// last refreshed, the market's hours and the views.

export type Operator = { operatorId: number; ip: string | null };
export type BondAdmin = z.input<typeof zBondAdmin>;

/** The wallet a bond of `currency` trades from: the one a stock of its market would (US, euro area, Mexico). */
export function bondWallet(currency: string): WalletCode {
  return walletFor({ assetClass: 'stock', market: currency === 'USD' ? 'US' : currency === 'MXN' ? 'MX' : 'DE' });
}

export function instrumentOf(stockCode: string): Instrument {
  const code = stockCode.trim().toUpperCase();
  const i = BONDS.find((b) => b.symbol.toUpperCase() === code || b.code.toUpperCase() === code);
  if (!i) throw notFound();
  return i;
}

export interface BondServiceOptions {
  db: Db;
  /** The market's seed: the curves are the simulated market's own. */
  seed: string;
  exchangeRates: ExchangeRates;
  notices: Notices;
  /** The simulated market draws its bond charts with the same spreads. */
  provider?: MarketProvider;
  now: () => number;
}

export function createBondContext(opts: BondServiceOptions) {
  const { db, provider } = opts;
  const pricing = createBondPricing(createYieldCurves(opts.seed));
  let schedules = new Map<string, SpreadChange[]>();

  async function loadSchedules(sql: Sql): Promise<Map<string, SpreadChange[]>> {
    const out = new Map<string, SpreadChange[]>();
    for (const r of await repo.spreads(sql)) {
      const list = out.get(r.symbol) ?? [];
      list.push({ from: Number(r.from_ms), spreadBp: r.spread_bp });
      out.set(r.symbol, list);
    }
    return out;
  }

  async function refresh(): Promise<void> {
    schedules = await loadSchedules(db);
    provider?.setBondSpreads?.(schedules);
  }

  /** One listing's schedule read in the caller's transaction: a trade uses the spread as committed, not as last refreshed. */
  async function scheduleOf(sql: Sql, symbol: string): Promise<SpreadChange[]> {
    const rows = await sql.query<{ from_ms: string; spread_bp: string }>(
      'select from_ms::text, spread_bp::text from bond_spreads where symbol = $1 order by from_ms',
      [symbol],
    );
    return rows.map((r) => ({ from: Number(r.from_ms), spreadBp: r.spread_bp }));
  }

  function requireOpen(at: number): void {
    const s = calendarSession('BONDS', at, { extendedHours: false });
    if (!s.tradable) throw new AppError('e.marketClosedUntil', undefined, { opensAt: exchangeTime(s.nextChange, s.timeZone), timeZone: s.timeZone });
  }

  /** The schedules as last refreshed: what quotes and the holdings' values are priced with outside a trade. */
  const refreshedScheduleOf = (symbol: string) => schedules.get(symbol);
  const { quoteOf, holdingOf } = createBondViews(pricing, refreshedScheduleOf);

  return { ...opts, pricing, refresh, scheduleOf, requireOpen, refreshedScheduleOf, quoteOf, holdingOf };
}

export type BondContext = ReturnType<typeof createBondContext>;
