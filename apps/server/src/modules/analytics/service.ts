import {
  ANALYTICS_FLOW_KINDS,
  ANALYTICS_PRODUCT_ROWS,
  dollarPairOf,
  floatingProfit,
  JournalKind,
  OrderStatus,
  periodStartDay,
  roundDecimal,
  type Analytics,
  type AnalyticsPeriod,
  type AnalyticsProductRow,
  type PortfolioProduct,
} from '@tradeapp/contract';
import type { Db } from '../../db/db';
import { notFound } from '../../errors';
import { Dec, fixed } from '../../lib/decimal';
import type { Candle, MarketProvider } from '../../market/types';
import type { MarketService } from '../market';
import type { PortfolioService } from '../portfolio';
import type { PositionRow } from '../trading';
import { closedPnlOf } from '../trading';
import type { ExchangeRates } from '../wallet';
import { moneyWeighted, timeWeighted, type ValuedDay } from './returns';

const DAY = 86_400_000;
const money = (v: Dec | string) => fixed(v, 2);
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);
const startOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const ZERO = new Dec(0);

/**
 * A settled row's net profit: what the wallet moved over its life, after its opening and closing
 * fees (the one P&L definition of a closed trade), in the wallet's currency.
 */
const realisedOf = (p: PositionRow): Dec => new Dec(closedPnlOf(p)!.net);

/** The portfolio's products whose lines are a market instrument's: allocation counts them by market and asset class. */
const INSTRUMENT_LINES = new Set<PortfolioProduct>(['position', 'entrustedOrder', 'ipoShares', 'deal', 'robot', 'follow', 'bond']);

/** The row of profit or loss of a product: its own, or `other` for what is not a product row (money in flight, held money). */
const productRow = (p: string): AnalyticsProductRow =>
  (ANALYTICS_PRODUCT_ROWS as readonly string[]).includes(p) && p !== 'fx' ? (p as AnalyticsProductRow) : 'other';

/**
 * Where a journal's effect on the investor's accounts belongs (its reversal's, the reversed one's):
 * an instrument's row for trading's journals on a position, a product's row for a product's, `fx`
 * for transfers between wallets (nothing within one currency; the exchange's result across two).
 */
function rowOfJournal(kind: string, symbol: string | null, fundKind: string | null): string {
  if (symbol !== null) return `i:${symbol}`;
  const family = kind.split('.')[0]!;
  switch (family) {
    case 'transfer':
      return 'p:fx';
    case 'fund':
      return fundKind === 'fund' ? 'p:fund' : 'p:depositTerm';
    case 'deposit':
      // deposit.income, deposit.interest, deposit.penalty (a Deposit itself is a flow).
      return kind === JournalKind.Deposit ? 'p:other' : 'p:depositTerm';
    case 'bond':
      return 'p:bond';
    case 'pool':
      return 'p:pool';
    case 'robot':
      return 'p:robot';
    case 'follow':
      return 'p:follow';
    case 'deal':
      return 'p:deal';
    case 'loan':
      return 'p:loan';
    default:
      return 'p:other';
  }
}

/** Amounts by currency. */
type ByCurrency = Map<string, Dec>;
const addTo = (m: ByCurrency, c: string, v: Dec | string) => m.set(c, (m.get(c) ?? ZERO).add(v));
const addRow = (m: Map<string, ByCurrency>, row: string, c: string, v: Dec | string) => {
  let r = m.get(row);
  if (!r) m.set(row, (r = new Map()));
  addTo(r, c, v);
};

/** Profit or loss of an instrument or market in euros, besides its `pnl` (the exact one). */
interface Sums {
  realised: Dec;
  floating: Dec;
  fees: Dec;
  pnl: Dec;
}
const noSums = (): Sums => ({ realised: ZERO, floating: ZERO, fees: ZERO, pnl: ZERO });

/**
 * Portfolio analytics (issues 18 and 32, decision 0025). The value at a past UTC day's end is the
 * whole portfolio then: the investor's ledger balances (every wallet, available and held: the held
 * side already holds the open positions' margin), the floating profit of the positions open at that
 * instant, and what each product held them outside the ledger less what they owed (the portfolio
 * sources' `offLedgerAt`), each currency in euros at that day's EURUSD close. Today's value is the
 * portfolio's net assets in euros, the home screen's figure. Only deposits and withdrawals are flows
 * (ANALYTICS_FLOW_KINDS): every other move is between lines of the portfolio.
 *
 * The P&L is split so that its parts add up to it to the cent: each day, every currency's change
 * not due to a flow is taken apart by where it happened (an instrument's positions: its journals
 * and its floating profit; a product: its journals and its off-ledger value; a transfer), at that
 * day's rate; what the previous day's amounts in a currency other than the euro gained or lost by
 * the day's rate change is `fx`; the cents the rounding of the days' values leaves are `other`.
 */
export function createAnalyticsService(opts: {
  db: Db;
  market: MarketService;
  provider: MarketProvider;
  exchangeRates: ExchangeRates;
  portfolio: Pick<PortfolioService, 'value' | 'offLedgerAt'>;
  now: () => number;
}) {
  const { db, market, provider, exchangeRates, portfolio, now } = opts;

  /**
   * A symbol's price at the end of a day, from its daily candles over the period, fetched once: the
   * close of the last candle opened before the instant, as of the instant. A candle still running
   * then (an FX or futures day opens at 17:00 New York, before midnight UTC) counts up to the
   * instant, never its later close: a past day is not valued at a price from after it.
   */
  function closesOf(from: number, to: number) {
    const cache = new Map<string, Candle[]>();
    return (symbol: string, at: number): string | null => {
      let candles = cache.get(symbol);
      if (!candles) {
        candles = provider.candles(symbol, '1d', from - 10 * DAY, to + 1);
        cache.set(symbol, candles);
      }
      let last: Candle | undefined;
      for (const c of candles) if (c.time < at) last = c;
      if (!last) return null;
      const running = provider.session(symbol, at).tradingDay === provider.session(symbol, last.time).tradingDay;
      return running ? (provider.candles(symbol, '1d', last.time, at).at(-1)?.close ?? last.close) : last.close;
    };
  }

  /**
   * The period's analytics; with `lastDay` (a day before today), the same computation over that one
   * day alone, ending at its end: its value is the one the period's `days` state for it.
   */
  async function analytics(userId: number, period: AnalyticsPeriod, lastDay?: string): Promise<Analytics> {
    const [user] = await db.query<{ created_at: Date }>('select created_at from users where id = $1', [userId]);
    if (!user) throw notFound();
    const at = now();
    // `today` is the last day valued; it is the live one (valued at the portfolio's net assets now) unless a past day is asked for.
    const live = lastDay === undefined || lastDay >= dayOf(at);
    const today = live ? dayOf(at) : lastDay;
    const opened = dayOf(user.created_at.getTime());
    const periodFrom = live ? periodStartDay(period, today) : today;
    const fromDay = opened > periodFrom ? opened : periodFrom;
    const dayList: string[] = [];
    for (let t = startOf(fromDay); t <= startOf(today); t += DAY) dayList.push(dayOf(t));
    const firstEnd = startOf(fromDay);
    /**
     * The instants valued, oldest first: the period's start, each past day's end, and now. A source holds
     * at an instant what it had before it; now counts what happened up to this millisecond, as the
     * ledger and the portfolio do, so its instant is the next one.
     */
    const instants = [firstEnd, ...dayList.map((d) => (d === today && live ? at + 1 : startOf(d) + DAY))];

    // The ledger by UTC day, currency and row: every change of the caller's accounts, a flow or where it belongs.
    const ledger = await db.query<{
      day: string;
      currency: string;
      kind: string;
      flow: boolean;
      symbol: string | null;
      fund_kind: string | null;
      amount: string;
    }>(
      `with mine as (
         select j.created_at, a.currency, e.amount,
                coalesce(r.kind, j.kind) as kind, coalesce(r.ref_type, j.ref_type) as ref_type, coalesce(r.ref_id, j.ref_id) as ref_id
           from ledger_entries e
           join ledger_accounts a on a.id = e.account_id
           join ledger_journals j on j.id = e.journal_id
           left join ledger_journals r on j.kind = $4 and r.id = j.reverses
          where a.user_id = $1 and j.created_at < $3
       )
       select to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, m.currency, m.kind,
              m.kind = any($2::text[]) as flow, p.symbol, fp.kind as fund_kind, sum(m.amount)::text as amount
         from mine m
         left join positions p on m.ref_type = 'position' and p.id = m.ref_id
         left join fund_orders fo on m.ref_type = 'fund_order' and fo.id = m.ref_id
         left join fund_holdings fh on m.ref_type = 'fund_holding' and fh.id = m.ref_id
         left join fund_products fp on fp.id = coalesce(fo.product_id, fh.product_id)
        group by 1, 2, 3, 4, 5, 6
        order by 1`,
      [userId, ANALYTICS_FLOW_KINDS, new Date(startOf(today) + DAY), JournalKind.Reversal],
    );
    // Every position filled before today that was still open at some day's end of the period: a part closed off is its own settled row.
    // Allotted shares waiting for their listing (status 2) have no price yet: their money is valued as the held margin it is.
    const held = await db.query<PositionRow>(
      `select * from positions
        where user_id = $1 and status in (${OrderStatus.InProgress}, ${OrderStatus.Settled}) and open_price is not null and filled_at is not null and filled_at < $2
          and (closed_at is null or closed_at >= $3)`,
      [userId, new Date(live ? startOf(today) : startOf(today) + DAY), new Date(firstEnd)],
    );
    const open = await db.query<PositionRow>(`select * from positions where user_id = $1 and status = ${OrderStatus.InProgress} and open_price is not null`, [
      userId,
    ]);
    const settled = await db.query<PositionRow>(
      `select * from positions where user_id = $1 and status = ${OrderStatus.Settled} and realised is not null and closed_at >= $2`,
      [userId, new Date(firstEnd)],
    );
    // Today's portfolio (its net assets are today's value) and what the products held outside the ledger at each instant.
    const [now_, offLedger] = await Promise.all([portfolio.value(userId, 'EUR'), portfolio.offLedgerAt(userId, instants)]);

    const closeAt = closesOf(firstEnd, startOf(today));
    const usdPerAt = (currency: string, end: number): Dec | null => {
      const pair = dollarPairOf(currency);
      if (pair === undefined) return null;
      if (pair === null) return new Dec(1);
      const close = closeAt(pair.symbol, end);
      if (close === null) return null;
      return pair.inverse ? new Dec(1).div(close) : new Dec(close);
    };
    const eurUsdLive = new Dec(now_.eurUsd);
    const liveRates = new Map(now_.rates.map((r) => [r.currency, new Dec(r.rate)]));
    /**
     * Euros per unit of a currency at an instant, as the portfolio counts them (12 places): today at
     * the portfolio's own snapshot, a past day at 1 ÷ its EURUSD close and the currency's dollar pair.
     */
    const eurPer = (currency: string, i: number): Dec => {
      if (currency === 'EUR') return new Dec(1);
      if (live && i === instants.length - 1) return liveRates.get(currency) ?? exchangeRates.rate(currency, 'EUR');
      const end = instants[i]!;
      const perEur = new Dec(1).div(usdPerAt('EUR', end)?.toDecimalPlaces(12) ?? eurUsdLive).toDecimalPlaces(12);
      const usd = usdPerAt(currency, end);
      if (usd === null) return exchangeRates.rate(currency, 'EUR');
      return currency === 'USD' ? perEur : usd.mul(perEur).toDecimalPlaces(12);
    };
    const rates = instants.map(() => new Map<string, Dec>());
    const rateOf = (c: string, i: number) => {
      let r = rates[i]!.get(c);
      if (!r) rates[i]!.set(c, (r = eurPer(c, i)));
      return r;
    };

    /** A position's floating profit can take no more than its margin: a loss past it is the house book's (as the portfolio's line). */
    const capped = (p: PositionRow, f: Dec) => Dec.max(f, new Dec(p.margin).neg());
    // Today's floating profit of each open position: its portfolio line's value less its margin, so both count the same
    // quote (a position the portfolio could not value now is in it as held money, and floats by nothing).
    const lineOf = new Map(now_.lines.map((l) => [l.key, l]));
    const liveFloating = open.map((p) => {
      const line = (['position', 'robot', 'follow'] as const)
        .map((product) => lineOf.get(`${product}:${p.id}`))
        .find((l) => l !== undefined && l.instrument === p.symbol && l.quantity !== null && new Dec(l.quantity).eq(p.quantity) && !l.stale);
      return { p, floating: line ? new Dec(line.value).sub(p.margin) : ZERO };
    });

    /** The floating profit by instrument and wallet currency at each instant. */
    const floatingAt = (i: number): Map<string, ByCurrency> => {
      const out = new Map<string, ByCurrency>();
      if (live && i === instants.length - 1) {
        for (const { p, floating } of liveFloating) addRow(out, `i:${p.symbol}`, p.wallet_currency, floating);
        return out;
      }
      const end = instants[i]!;
      for (const p of held) {
        if (p.filled_at!.getTime() >= end || (p.closed_at !== null && p.closed_at.getTime() < end)) continue;
        const close = closeAt(p.symbol, end);
        const f = usdPerAt(p.currency, end);
        const w = usdPerAt(p.wallet_currency, end);
        if (close === null || !f || !w) continue;
        const rate = f.div(w).toDecimalPlaces(12).toFixed();
        const profit = new Dec(
          roundDecimal(floatingProfit({ direction: p.direction, openPrice: p.open_price!, exitPrice: close, quantity: p.quantity, rate }), 2)!,
        );
        addRow(out, `i:${p.symbol}`, p.wallet_currency, capped(p, profit));
      }
      return out;
    };
    /** What the products held (positive) and were owed (negative) outside the ledger, by row and currency, at each instant. */
    const offLedgerOf = (i: number): Map<string, ByCurrency> => {
      const out = new Map<string, ByCurrency>();
      for (const v of offLedger[i] ?? []) addRow(out, `p:${productRow(v.product)}`, v.currency, v.side === 'liability' ? v.value.neg() : v.value);
      return out;
    };
    const totalByCurrency = (balances: ByCurrency, ...parts: Array<Map<string, ByCurrency>>) => {
      const out: ByCurrency = new Map(balances);
      for (const part of parts) for (const byCurrency of part.values()) for (const [c, v] of byCurrency) addTo(out, c, v);
      return out;
    };
    const valueOf = (amounts: ByCurrency, i: number) => {
      let total = ZERO;
      for (const [c, v] of amounts) total = total.add(v.mul(rateOf(c, i)));
      return new Dec(money(total));
    };

    const balance: ByCurrency = new Map();
    let li = 0;
    // Everything before the period: the start value's balances.
    while (li < ledger.length && ledger[li]!.day < fromDay) addTo(balance, ledger[li]!.currency, ledger[li++]!.amount);
    let floating = floatingAt(0);
    let off = offLedgerOf(0);
    let amounts = totalByCurrency(balance, floating, off);
    const startValue = valueOf(amounts, 0);

    /** Each row's P&L in euros, unrounded: `i:SYMBOL` an instrument's, `p:product` the others'. */
    const pnlRows = new Map<string, Dec>();
    const touched = new Set<string>();
    const credit = (row: string, v: Dec) => pnlRows.set(row, (pnlRows.get(row) ?? ZERO).add(v));
    for (const k of [...floating.keys(), ...off.keys()]) touched.add(k);

    const valued: Array<ValuedDay & { day: string }> = [];
    dayList.forEach((day, d) => {
      const i = d + 1;
      const last = live && i === instants.length - 1;
      // What a currency held at the previous instant gained or lost by the rate's change since.
      for (const [c, v] of amounts) if (c !== 'EUR') credit('p:fx', v.mul(rateOf(c, i).sub(rateOf(c, i - 1))));
      const flows: ByCurrency = new Map();
      while (li < ledger.length && ledger[li]!.day === day) {
        const r = ledger[li++]!;
        addTo(balance, r.currency, r.amount);
        if (r.flow) addTo(flows, r.currency, r.amount);
        else if (!new Dec(r.amount).isZero()) {
          const row = rowOfJournal(r.kind, r.symbol, r.fund_kind);
          credit(row, new Dec(r.amount).mul(rateOf(r.currency, i)));
          touched.add(row);
        }
      }
      const nextFloating = floatingAt(i);
      const nextOff = offLedgerOf(i);
      // The change of each instrument's floating profit and each product's off-ledger value, at the day's rate.
      for (const [before, after] of [
        [floating, nextFloating],
        [off, nextOff],
      ] as const) {
        for (const row of new Set([...before.keys(), ...after.keys()])) {
          touched.add(row);
          const b = before.get(row) ?? new Map<string, Dec>();
          const a = after.get(row) ?? new Map<string, Dec>();
          for (const c of new Set([...b.keys(), ...a.keys()])) credit(row, (a.get(c) ?? ZERO).sub(b.get(c) ?? ZERO).mul(rateOf(c, i)));
        }
      }
      floating = nextFloating;
      off = nextOff;
      amounts = totalByCurrency(balance, floating, off);
      let flow = ZERO;
      for (const [c, f] of flows) flow = flow.add(f.mul(rateOf(c, i)));
      valued.push({ day, value: last ? new Dec(now_.netAssets) : valueOf(amounts, i), flow: new Dec(money(flow)) });
    });

    let previous = startValue;
    const days = valued.map((d) => {
      const pnl = d.value.sub(previous).sub(d.flow);
      previous = d.value;
      return { day: d.day, value: money(d.value), flow: money(d.flow), pnl: money(pnl) };
    });
    const endValue = valued.at(-1)?.value ?? startValue;
    const netFlow = valued.reduce((s, d) => s.add(d.flow), ZERO);
    const pnl = endValue.sub(startValue).sub(netFlow);
    const twr = timeWeighted(startValue, valued);
    const mwr = moneyWeighted(startValue, valued);

    // By instrument: its exact P&L (above), beside the positions settled in the period (their net profit) and those open now (floating).
    const liveEurPer = (currency: string) => rateOf(currency, instants.length - 1);
    const instruments = new Map<string, Sums>();
    const bucket = (symbol: string) => {
      let b = instruments.get(symbol);
      if (!b) instruments.set(symbol, (b = noSums()));
      return b;
    };
    for (const p of settled) {
      const b = bucket(p.symbol);
      const rate = liveEurPer(p.wallet_currency);
      b.realised = b.realised.add(realisedOf(p).mul(rate));
      b.fees = b.fees.add(new Dec(closedPnlOf(p)!.fees).mul(rate));
    }
    for (const { p, floating: f } of liveFloating) {
      const b = bucket(p.symbol);
      const rate = liveEurPer(p.wallet_currency);
      b.floating = b.floating.add(f.mul(rate));
      b.fees = b.fees.add(new Dec(p.open_fee).mul(rate));
    }
    for (const row of touched) if (row.startsWith('i:')) bucket(row.slice(2));
    // Each row to the cent; `other` takes what the rounding of the days' values leaves, so the rows add up to the P&L.
    let rounded = ZERO;
    for (const [symbol, b] of instruments) {
      b.pnl = new Dec(money(pnlRows.get(`i:${symbol}`) ?? ZERO));
      rounded = rounded.add(b.pnl);
    }
    const products = new Map<AnalyticsProductRow, Dec>();
    for (const product of ANALYTICS_PRODUCT_ROWS) {
      const v = new Dec(money(pnlRows.get(`p:${product}`) ?? ZERO));
      rounded = rounded.add(v);
      products.set(product, v);
    }
    products.set('other', products.get('other')!.add(pnl.sub(rounded)));
    // A product held or moved in the period has its row; fx and other only when not zero.
    for (const [product, v] of products) {
      if (product === 'fx' || product === 'other' ? v.isZero() : !touched.has(`p:${product}`)) products.delete(product);
    }

    const row = (b: Sums) => ({ realised: money(b.realised), floating: money(b.floating), fees: money(b.fees), pnl: money(b.pnl) });
    const byInstrument = [...instruments.entries()]
      .map(([symbol, b]) => {
        const i = market.resolve(symbol);
        return { symbol, name: i.name, market: i.market, b };
      })
      .sort((x, y) => y.b.pnl.abs().cmp(x.b.pnl.abs()) || x.symbol.localeCompare(y.symbol));
    const markets = new Map<Analytics['byMarket'][number]['market'], Sums>();
    for (const x of byInstrument) {
      const m = markets.get(x.market) ?? noSums();
      markets.set(x.market, {
        realised: m.realised.add(x.b.realised),
        floating: m.floating.add(x.b.floating),
        fees: m.fees.add(x.b.fees),
        pnl: m.pnl.add(x.b.pnl),
      });
    }

    // Today's value by where it is: the portfolio's lines.
    const byMarket = new Map<Analytics['allocation']['byMarket'][number]['market'], Dec>();
    const byAssetClass = new Map<Analytics['allocation']['byAssetClass'][number]['assetClass'], Dec>();
    let cash = ZERO;
    for (const l of now_.lines) {
      if (l.product === 'cash') cash = cash.add(l.reportingValue);
      if (l.side !== 'asset' || l.instrument === null || !INSTRUMENT_LINES.has(l.product)) continue;
      const i = market.instruments.find((x) => x.symbol === l.instrument);
      if (!i) continue;
      byMarket.set(i.market, (byMarket.get(i.market) ?? ZERO).add(l.reportingValue));
      byAssetClass.set(i.assetClass, (byAssetClass.get(i.assetClass) ?? ZERO).add(l.reportingValue));
    }
    const desc = <K>(m: Map<K, Dec>) => [...m.entries()].sort((a, b) => b[1].cmp(a[1]));

    return {
      period,
      currency: 'EUR',
      fromDay,
      toDay: today,
      startValue: money(startValue),
      endValue: money(endValue),
      netFlow: money(netFlow),
      pnl: money(pnl),
      days,
      twr: twr === null ? null : twr.toFixed(8),
      mwr: mwr === null ? null : mwr.toFixed(8),
      byInstrument: byInstrument.map((x) => ({ symbol: x.symbol, name: x.name, market: x.market, ...row(x.b) })),
      byMarket: [...markets.entries()].sort((a, b) => b[1].pnl.abs().cmp(a[1].pnl.abs())).map(([m, b]) => ({ market: m, ...row(b) })),
      byProduct: [...products.entries()].map(([product, v]) => ({ product, pnl: money(v) })),
      allocation: {
        total: now_.total,
        liabilities: now_.liabilities,
        cash: money(cash),
        byProduct: [...now_.byProduct].sort((a, b) => (a.side === b.side ? new Dec(b.value).cmp(a.value) : a.side === 'asset' ? -1 : 1)),
        byMarket: desc(byMarket).map(([m, v]) => ({ market: m, value: money(v) })),
        byAssetClass: desc(byAssetClass).map(([a, v]) => ({ assetClass: a, value: money(v) })),
      },
      stale: now_.stale,
      eurUsd: eurUsdLive.toFixed(),
      simulated: true,
    };
  }

  return {
    analytics: (userId: number, period: AnalyticsPeriod) => analytics(userId, period),
    /**
     * The portfolio's value in euros at the end of one UTC day, as `days[].value` states it (the
     * statement's net assets at a past month's end): today's is the portfolio's net assets now. Null
     * for a day analytics does not reach (before its longest period, before the account, or ahead).
     */
    async valueAt(userId: number, day: string): Promise<string | null> {
      const today = dayOf(now());
      if (day > today || day < periodStartDay('ALL', today)) return null;
      const a = await analytics(userId, 'ALL', day);
      return a.days.find((d) => d.day === day)?.value ?? null;
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
