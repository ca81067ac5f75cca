import { dollarPairOf } from '@tradeapp/contract';
import type { Db, Sql } from '../../db/db';
import { Dec, fixed, plain } from '../../lib/decimal';
import { dayToIso } from '../../market/calendars';
import type { YieldCurves } from '../../market/curve';
import type { CalendarId, Instrument, MarketProvider } from '../../market/types';
import type { Notices } from '../notices';
import { postExitLoad, postIncomeCredited, postInterestPaid, postPurchaseAllotted, postRedemptionPaid } from './postings';
import * as repo from './repository';
import type { FundRow, HoldingRow, OrderRow, ProductRow } from './repository';
import {
  basketRatio,
  capWeights,
  currentIncome,
  DAY_MS,
  grossFor,
  latestNavDayAt,
  liquidRatio,
  loadFor,
  localDayOf,
  maturityPayDay,
  navInstant,
  nextNav,
  nextNavDay,
  seededIncome,
  unitsFor,
  utcDayOf,
} from './rules';

// The daily life of funds and deposit terms (decision 0022, "Jobs"): each fund's NAV struck after
// its trading day's close from the market's closes (or a liquid fund's short rate), then the orders
// waiting for it allotted or priced; the redemptions paid on their payday; each Current holding's
// income of a UTC day credited the next morning and each Regular term paid at its end. Every step
// runs under its product's row lock and moves its `*_through` day forward, so a run twice, or on two
// nodes, changes nothing. Every figure is a function of the seeded market: all nodes agree.

/** A fund's first NAV, on its launch day. */
export const LAUNCH_NAV = '10.0000';
/** The seeded funds are launched this long before the first start, their NAVs backfilled from the market's history. */
export const LAUNCH_DAYS = 56;
/** The Current term's declared schedule at creation: tomorrow and the days after. */
export const SEEDED_INCOME_DAYS = 90;
/** A liquid fund grows by its currency's zero rate of this many years. */
const LIQUID_TENOR_YEARS = '0.25';

type Pushes = Array<() => void>;

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

export function createFundEngine(opts: { db: Db; provider: MarketProvider; curves: YieldCurves; notices: Notices; now: () => number }) {
  const { db, provider, curves, notices, now } = opts;

  /** Dollars per unit of `currency` at `at`, from its pair's last price then. */
  function usdPer(currency: string, at: number): Dec {
    const pair = dollarPairOf(currency);
    if (pair === undefined) throw new Error(`no dollar pair for ${currency}`);
    if (pair === null) return new Dec(1);
    const last = new Dec(provider.snapshot(pair.symbol, at).last);
    return pair.inverse ? new Dec(1).div(last) : last;
  }

  /** Euros per unit of `currency` at `at`, to 12 places as the wallet's exchange rates give them. */
  const euroRate = (currency: string, at: number) => (currency === 'EUR' ? new Dec(1) : usdPer(currency, at).div(usdPer('EUR', at)).toDecimalPlaces(12));

  // A NAV day's closes are the next day's previous closes: each is read from the market once.
  const closes = new Map<string, Dec>();
  /** An instrument's last price at `at` in euros: after its close, the day's close at that day's rate. */
  function closeEur(symbol: string, at: number): Dec {
    const key = `${symbol}|${at}`;
    const hit = closes.get(key);
    if (hit) return hit;
    const i = provider.instrument(symbol);
    if (!i) throw new Error(`unknown symbol ${symbol}`);
    const close = new Dec(provider.snapshot(symbol, at).last).mul(euroRate(i.currency, at));
    if (closes.size >= 4096) closes.clear();
    closes.set(key, close);
    return close;
  }

  const calendarsOf = (symbols: readonly string[]) => symbols.map((s) => provider.instrument(s)?.calendar).filter((c): c is CalendarId => c !== undefined);

  /** The moment the NAV of `day` is struck for a fund on `calendar` holding `symbols`. */
  const instantOf = (calendar: CalendarId, symbols: readonly string[], day: number) => navInstant(calendar, calendarsOf(symbols), day);

  /** The basket's (or the short rate's) move from the NAV day `from` to `day`. */
  function ratioOf(p: FundRow, ws: readonly repo.WeightRow[], from: number, day: number): Dec {
    const symbols = ws.map((w) => w.symbol);
    if (p.curve_currency) {
      const rate = curves.zeroRate(p.curve_currency, instantOf(p.calendar, symbols, from), LIQUID_TENOR_YEARS);
      return liquidRatio(rate, Math.round((day - from) / DAY_MS));
    }
    const before = instantOf(p.calendar, symbols, from);
    const at = instantOf(p.calendar, symbols, day);
    return basketRatio(ws.map((w) => ({ weight: w.weight, close: closeEur(w.symbol, at), previousClose: closeEur(w.symbol, before) })));
  }

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

  /** Allot a purchase at its NAV: units rounded down, its hold released to the funds account. */
  async function allot(sql: Sql, p: ProductRow, o: OrderRow, nav: string, at: Date, pushes: Pushes) {
    const amount = new Dec(o.amount!);
    const units = unitsFor(amount, nav);
    await postPurchaseAllotted(sql, { userId: o.user_id, orderId: o.id, amount }, { at });
    await repo.allotHolding(sql, o.holding_id!, { units: plain(units), nav, navDay: o.nav_day! });
    await repo.markAllotted(sql, o.id, { units: plain(units), nav, at });
    pushes.push(
      await notices.notify(sql, o.user_id, 'fund.allotted', {
        name: p.name,
        amount: fixed(amount, 2),
        units: units.toFixed(3),
        nav: fixed(nav, 4),
        day: dayToIso(o.nav_day! / DAY_MS),
      }),
    );
  }

  /** Price a redemption at its NAV: each lot's gross (rounded down) and exit load on its loaded units; the units leave the lots. */
  async function price(sql: Sql, p: ProductRow, o: OrderRow, nav: string, at: Date) {
    let gross = new Dec(0);
    let load = new Dec(0);
    for (const l of await repo.orderLots(sql, o.id)) {
      const g = grossFor(l.units, nav);
      const e = loadFor(l.loaded, nav, p.exit_load_percent);
      await repo.priceOrderLot(sql, o.id, l.holding_id, plain(g), plain(e));
      await repo.reduceHolding(sql, l.holding_id, l.units);
      gross = gross.add(g);
      load = load.add(e);
    }
    await repo.markPriced(sql, o.id, { amount: plain(gross), nav, exitLoad: plain(load), net: plain(gross.sub(load)), at });
  }

  /** Every order of the fund waiting for a NAV it now has, in the order they came. */
  async function priceDue(sql: Sql, p: ProductRow, through: number, pushes: Pushes): Promise<number> {
    const due = await repo.dueOrders(sql, p.id, through);
    const at = new Date(now());
    for (const o of due) {
      const nav = (await repo.navOf(sql, p.id, o.nav_day!))!.nav;
      if (o.side === 'buy') await allot(sql, p, o, nav, at, pushes);
      else await price(sql, p, o, nav, at);
    }
    return due.length;
  }

  /** Strike the fund's next NAV if its day has closed, and price what waits for it; false when nothing was due. */
  async function strikeNext(productId: number): Promise<{ struck: boolean; orders: number }> {
    const pushes: Pushes = [];
    const done = await db.tx(async (sql) => {
      const p = (await repo.product(sql, productId, true)) as FundRow | undefined;
      if (!p || p.kind !== 'fund') return { struck: false, orders: 0 };
      const ws = await repo.weightsOf(sql, p.id);
      const day = nextNavDay(p.calendar, p.nav_through);
      if (
        instantOf(
          p.calendar,
          ws.map((w) => w.symbol),
          day,
        ) > now()
      )
        return { struck: false, orders: await priceDue(sql, p, p.nav_through, pushes) };
      const previous = (await repo.navOf(sql, p.id, p.nav_through))!;
      const ratio = ratioOf(p, ws, p.nav_through, day);
      const nav = nextNav(previous.nav, ratio, p.expense_percent);
      await repo.insertNav(sql, { productId: p.id, day, nav: nav.toFixed(4), ratio: ratio.toDecimalPlaces(16, Dec.ROUND_HALF_UP).toFixed() });
      await repo.setNavThrough(sql, p.id, day);
      return { struck: true, orders: await priceDue(sql, p, day, pushes) };
    });
    pushes.forEach((push) => push());
    return done;
  }

  /** fundNav: each fund's NAVs due, one day per transaction, each followed by its orders. */
  async function runNav() {
    let navs = 0;
    let orders = 0;
    // A fund the market cannot price now (an instrument missing from a replay) holds back no other.
    const failures: unknown[] = [];
    for (const p of await repo.products(db)) {
      if (p.kind !== 'fund') continue;
      try {
        for (;;) {
          const r = await strikeNext(p.id);
          orders += r.orders;
          if (!r.struck) break;
          navs += 1;
        }
      } catch (err) {
        failures.push(err);
      }
    }
    if (failures.length) throw failures[0];
    return { navs, orders };
  }

  /** fundPayout: each fund's priced redemptions whose payday (a day of its calendar) has begun: net to the investor, the load to the house. */
  async function runPayout() {
    let paid = 0;
    for (const listed of await repo.products(db)) {
      if (listed.kind !== 'fund') continue;
      const pushes: Pushes = [];
      paid += await db.tx(async (sql) => {
        const p = (await repo.product(sql, listed.id, true)) as FundRow;
        const today = localDayOf(p.calendar, now());
        const due = await repo.payableOrders(sql, p.id, today);
        const at = new Date(now());
        for (const o of due) {
          const net = new Dec(o.net!);
          const load = new Dec(o.exit_load);
          if (net.gt(0)) await postRedemptionPaid(sql, { userId: o.user_id, orderId: o.id, amount: net }, { at });
          if (load.gt(0)) await postExitLoad(sql, { userId: o.user_id, orderId: o.id, amount: load }, { at });
          await repo.markPaid(sql, o.id, at);
          pushes.push(
            await notices.notify(sql, o.user_id, 'fund.paid', {
              name: p.name,
              units: fixed(o.units!, 3),
              nav: fixed(o.nav!, 4),
              day: dayToIso(o.nav_day! / DAY_MS),
              net: fixed(net, 2),
              load: fixed(load, 2),
            }),
          );
        }
        await repo.setPaidThrough(sql, p.id, today);
        return due.length;
      });
      pushes.forEach((push) => push());
    }
    return { paid };
  }

  /** Pay a Regular holding at its term's end: its interest and principal, as a completed redemption. */
  async function mature(sql: Sql, p: ProductRow, h: HoldingRow, at: Date): Promise<{ order: OrderRow; push: () => void }> {
    const principal = new Dec(h.remaining);
    const interest = new Dec(h.interest ?? 0);
    const total = principal.add(interest);
    const o = await repo.insertOrder(sql, {
      productId: p.id,
      userId: h.user_id,
      side: 'redeem',
      status: 'done',
      amount: plain(total),
      units: plain(principal),
      exitLoad: '0',
      net: plain(total),
      at,
    });
    await repo.insertOrderLot(sql, {
      orderId: o.id,
      holdingId: h.id,
      units: plain(principal),
      free: plain(principal),
      loaded: '0',
      gross: plain(total),
      exitLoad: '0',
    });
    await repo.reduceHolding(sql, h.id, plain(principal));
    if (interest.gt(0)) await postInterestPaid(sql, { userId: h.user_id, orderId: o.id, amount: interest }, { at });
    await postRedemptionPaid(sql, { userId: h.user_id, orderId: o.id, amount: principal }, { at });
    return {
      order: o,
      push: await notices.notify(sql, h.user_id, 'deposit.matured', { name: p.name, principal: fixed(principal, 2), interest: fixed(interest, 2) }),
    };
  }

  /** Credit one UTC day of a Current term's income, if that day has ended and is not yet credited; false when nothing was due. */
  async function accrueNext(productId: number): Promise<{ accrued: boolean; credited: number }> {
    return db.tx(async (sql) => {
      const p = await repo.product(sql, productId, true);
      if (!p || p.kind !== 'current') return { accrued: false, credited: 0 };
      const day = p.accrued_through === null ? utcDayOf(p.created_at.getTime()) : p.accrued_through + DAY_MS;
      if (day + DAY_MS > now()) return { accrued: false, credited: 0 };
      const declared = await repo.incomeOf(sql, p.id, day);
      let credited = 0;
      if (declared && new Dec(declared.income_per10k).gt(0)) {
        const at = new Date(day + DAY_MS);
        for (const h of await repo.unitsThroughDay(sql, p.id, day)) {
          const income = currentIncome(h.units, declared.income_per10k);
          if (income.lte(0)) continue;
          await postIncomeCredited(sql, { userId: h.user_id, holdingId: h.id, amount: income }, { at });
          await repo.insertAccrual(sql, { holdingId: h.id, day, units: h.units, income: plain(income) });
          credited += 1;
        }
      }
      await repo.setAccruedThrough(sql, p.id, day);
      return { accrued: true, credited };
    });
  }

  /** The deposit terms' job: each Current term's ended days, then each Regular term's holdings whose end has come. */
  async function runDepositTerms() {
    let days = 0;
    let credited = 0;
    let matured = 0;
    for (const listed of await repo.products(db)) {
      if (listed.kind === 'current') {
        for (;;) {
          const r = await accrueNext(listed.id);
          if (!r.accrued) break;
          days += 1;
          credited += r.credited;
        }
      } else if (listed.kind === 'regular') {
        const pushes: Pushes = [];
        matured += await db.tx(async (sql) => {
          const p = (await repo.product(sql, listed.id, true))!;
          const today = utcDayOf(now());
          // A term that ended on a day off is paid on the next business day (maturityPayDay).
          const due = (await repo.maturedHoldings(sql, p.id, today)).filter((h) => maturityPayDay(h.end_day!) <= today);
          const at = new Date(now());
          for (const h of due) pushes.push((await mature(sql, p, h, at)).push);
          await repo.setAccruedThrough(sql, p.id, today);
          return due.length;
        });
        pushes.forEach((push) => push());
      }
    }
    return { days, credited, matured };
  }

  return {
    ensureProducts,
    runNav,
    runPayout,
    runDepositTerms,
    mature,
    launchNav,
    instantOf,
    /** Every job once, in the order a day's life goes: NAVs and orders, payouts, incomes and maturities. */
    async runAll() {
      return { ...(await runNav()), ...(await runPayout()), ...(await runDepositTerms()) };
    },
  };
}

export type FundEngine = ReturnType<typeof createFundEngine>;
