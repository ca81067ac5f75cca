import {
  ANALYTICS_FLOW_KINDS,
  dollarPairOf,
  floatingProfit,
  OrderStatus,
  periodStartDay,
  roundDecimal,
  type Analytics,
  type AnalyticsPeriod,
} from '@tradeapp/contract';
import type { Db } from '../../db/db';
import { notFound } from '../../errors';
import { Dec, fixed } from '../../lib/decimal';
import type { Candle, MarketProvider } from '../../market/types';
import type { MarketService } from '../market/service';
import { createPricing } from '../trading/pricing';
import type { PositionRow } from '../trading/repository';
import type { ExchangeRates } from '../wallet/exchangeRates';
import { moneyWeighted, timeWeighted, type ValuedDay } from './returns';

const DAY = 86_400_000;
const money = (v: Dec | string) => fixed(v, 2);
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);
const startOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
/** Profit or loss of an instrument or market in euros; `openFees` are the open positions' opening fees (inside `fees`). */
interface Sums {
  realised: Dec;
  floating: Dec;
  fees: Dec;
  openFees: Dec;
}

/**
 * Portfolio analytics (issue 18, decision 0025). The account's value at a UTC day's end is its
 * wallets' balances (available and held: the held side already holds the open positions' margin),
 * from the ledger entries of journals before that instant, plus the floating profit of the
 * positions open at it, in euros. Past days are valued at each instrument's daily close and
 * EURUSD's (the last daily candle opened before the day's end); today at the live price and rate,
 * exactly as the wallet's total assets. A day's profit or loss is its value change less its flows
 * (ANALYTICS_FLOW_KINDS); the returns follow from those (returns.ts).
 */
export function createAnalyticsService(opts: { db: Db; market: MarketService; provider: MarketProvider; exchangeRates: ExchangeRates; now: () => number }) {
  const { db, market, provider, exchangeRates, now } = opts;
  const pricing = createPricing(exchangeRates);

  /** Daily closes of one symbol over the period, fetched once: the close at an instant is the last candle opened before it. */
  function closesOf(from: number, to: number) {
    const cache = new Map<string, Candle[]>();
    return (symbol: string, at: number): string | null => {
      let candles = cache.get(symbol);
      if (!candles) {
        candles = provider.candles(symbol, '1d', from - 10 * DAY, to + 1);
        cache.set(symbol, candles);
      }
      let close: string | null = null;
      for (const c of candles) if (c.time < at) close = c.close;
      return close;
    };
  }

  async function analytics(userId: number, period: AnalyticsPeriod): Promise<Analytics> {
    const [user] = await db.query<{ created_at: Date }>('select created_at from users where id = $1', [userId]);
    if (!user) throw notFound();
    const at = now();
    const today = dayOf(at);
    const opened = dayOf(user.created_at.getTime());
    const periodFrom = periodStartDay(period, today);
    const fromDay = opened > periodFrom ? opened : periodFrom;
    const dayList: string[] = [];
    for (let t = startOf(fromDay); t <= startOf(today); t += DAY) dayList.push(dayOf(t));

    // The ledger by UTC day and currency: every change of the caller's accounts, and the part of it that is a flow.
    const ledger = await db.query<{ day: string; currency: string; amount: string; flow: string }>(
      `select to_char(j.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, a.currency,
              sum(e.amount)::text as amount,
              coalesce(sum(e.amount) filter (where j.kind = any($2::text[])), 0)::text as flow
         from ledger_entries e
         join ledger_accounts a on a.id = e.account_id
         join ledger_journals j on j.id = e.journal_id
        where a.user_id = $1 and j.created_at < $3
        group by 1, 2
        order by 1`,
      [userId, ANALYTICS_FLOW_KINDS, new Date(startOf(today) + DAY)],
    );
    // Every position filled before today that was still open at some day's end of the period: a part closed off is its own settled row.
    // Allotted shares waiting for their listing (status 2) have no price yet: their money is valued as the held margin it is.
    const held = await db.query<PositionRow>(
      `select * from positions
        where user_id = $1 and status in (${OrderStatus.InProgress}, ${OrderStatus.Settled}) and open_price is not null and filled_at is not null and filled_at < $2
          and (closed_at is null or closed_at >= $3)`,
      [userId, new Date(startOf(today)), new Date(startOf(fromDay))],
    );

    const closeAt = closesOf(startOf(fromDay), startOf(today));
    const usdPerAt = (currency: string, end: number): Dec | null => {
      const pair = dollarPairOf(currency);
      if (pair === undefined) return null;
      if (pair === null) return new Dec(1);
      const close = closeAt(pair.symbol, end);
      if (close === null) return null;
      return pair.inverse ? new Dec(1).div(close) : new Dec(close);
    };
    const live = exchangeRates.eurUsd();
    const eurUsdLive = live.rate.toDecimalPlaces(12);
    /** Euros per unit of a wallet's currency at a day's end, as the wallet's total counts them (12 places). */
    const eurPer = (currency: string, end: number | null): Dec => {
      if (currency === 'EUR') return new Dec(1);
      const eurUsd = end === null ? eurUsdLive : (usdPerAt('EUR', end)?.toDecimalPlaces(12) ?? eurUsdLive);
      return new Dec(1).div(eurUsd).toDecimalPlaces(12);
    };

    /** The floating profit of the rows open at a past day's end, per wallet currency, each to the cent. */
    const floatingAt = (end: number) => {
      const byCurrency = new Map<string, Dec>();
      for (const p of held) {
        if (p.filled_at!.getTime() >= end || (p.closed_at !== null && p.closed_at.getTime() < end)) continue;
        const close = closeAt(p.symbol, end);
        const f = usdPerAt(p.currency, end);
        const w = usdPerAt(p.wallet_currency, end);
        if (close === null || !f || !w) continue;
        const rate = f.div(w).toDecimalPlaces(12).toFixed();
        const profit = roundDecimal(floatingProfit({ direction: p.direction, openPrice: p.open_price!, exitPrice: close, quantity: p.quantity, rate }), 2)!;
        byCurrency.set(p.wallet_currency, (byCurrency.get(p.wallet_currency) ?? new Dec(0)).add(profit));
      }
      return byCurrency;
    };

    // Today: the open positions at the live exit price, to the cent each, as the position and the wallet show them.
    const open = await db.query<PositionRow>(`select * from positions where user_id = $1 and status = ${OrderStatus.InProgress} and open_price is not null`, [userId]);
    const liveFloating = open.map((p) => ({ p, floating: new Dec(roundDecimal(pricing.floating(p, market.snapshot(p.symbol)).toFixed(), 2)!) }));

    const balance = new Map<string, Dec>();
    const add = (m: Map<string, Dec>, k: string, v: Dec | string) => m.set(k, (m.get(k) ?? new Dec(0)).add(v));
    let li = 0;
    // Everything before the period: the start value's balances.
    while (li < ledger.length && ledger[li]!.day < fromDay) add(balance, ledger[li]!.currency, ledger[li++]!.amount);
    const firstEnd = startOf(fromDay);
    const valueOf = (balances: Map<string, Dec>, floating: Map<string, Dec>, end: number | null) => {
      let total = new Dec(0);
      for (const c of new Set([...balances.keys(), ...floating.keys()])) {
        total = total.add((balances.get(c) ?? new Dec(0)).add(floating.get(c) ?? 0).mul(eurPer(c, end)));
      }
      return new Dec(money(total));
    };
    const startValue = valueOf(balance, floatingAt(firstEnd), firstEnd);

    const valued: Array<ValuedDay & { day: string }> = [];
    for (const day of dayList) {
      const isToday = day === today;
      const end = isToday ? null : startOf(day) + DAY;
      const flows = new Map<string, Dec>();
      while (li < ledger.length && ledger[li]!.day === day) {
        const r = ledger[li++]!;
        add(balance, r.currency, r.amount);
        add(flows, r.currency, r.flow);
      }
      const floating = new Map<string, Dec>();
      if (isToday) for (const { p, floating: f } of liveFloating) add(floating, p.wallet_currency, f);
      else for (const [c, f] of floatingAt(end!)) floating.set(c, f);
      let flow = new Dec(0);
      for (const [c, f] of flows) flow = flow.add(f.mul(eurPer(c, end)));
      valued.push({ day, value: valueOf(balance, floating, end), flow: new Dec(money(flow)) });
    }

    let previous = startValue;
    const days = valued.map((d) => {
      const pnl = d.value.sub(previous).sub(d.flow);
      previous = d.value;
      return { day: d.day, value: money(d.value), flow: money(d.flow), pnl: money(pnl) };
    });
    const endValue = valued.at(-1)?.value ?? startValue;
    const netFlow = valued.reduce((s, d) => s.add(d.flow), new Dec(0));
    const twr = timeWeighted(startValue, valued);
    const mwr = moneyWeighted(startValue, valued);

    // Profit or loss by instrument: positions settled in the period (their net profit) and those open now (floating).
    const settled = await db.query<PositionRow>(
      `select * from positions where user_id = $1 and status = ${OrderStatus.Settled} and realised is not null and closed_at >= $2`,
      [userId, new Date(startOf(fromDay))],
    );
    const liveEurPer = (currency: string) => eurPer(currency, null);
    const instruments = new Map<string, Sums>();
    const bucket = (symbol: string) => {
      let b = instruments.get(symbol);
      if (!b) instruments.set(symbol, (b = { realised: new Dec(0), floating: new Dec(0), fees: new Dec(0), openFees: new Dec(0) }));
      return b;
    };
    for (const p of settled) {
      const b = bucket(p.symbol);
      const rate = liveEurPer(p.wallet_currency);
      b.realised = b.realised.add(new Dec(p.realised!).sub(p.open_fee).mul(rate));
      b.fees = b.fees.add(new Dec(p.open_fee).add(p.close_fee ?? 0).mul(rate));
    }
    for (const { p, floating } of liveFloating) {
      const b = bucket(p.symbol);
      const rate = liveEurPer(p.wallet_currency);
      b.floating = b.floating.add(floating.mul(rate));
      b.fees = b.fees.add(new Dec(p.open_fee).mul(rate));
      b.openFees = b.openFees.add(new Dec(p.open_fee).mul(rate));
    }
    // Net of every fee: a closed row's net profit, an open one's floating profit less the fee paid to open it.
    const pnlOf = (b: Sums) => b.realised.add(b.floating).sub(b.openFees);
    const row = (b: Sums) => ({ realised: money(b.realised), floating: money(b.floating), fees: money(b.fees), pnl: money(pnlOf(b)) });
    const byInstrument = [...instruments.entries()]
      .map(([symbol, b]) => {
        const i = market.resolve(symbol);
        return { symbol, name: i.name, market: i.market, b };
      })
      .sort((x, y) => pnlOf(y.b).abs().cmp(pnlOf(x.b).abs()) || x.symbol.localeCompare(y.symbol));
    const markets = new Map<Analytics['byMarket'][number]['market'], Sums>();
    for (const x of byInstrument) {
      const m = markets.get(x.market) ?? { realised: new Dec(0), floating: new Dec(0), fees: new Dec(0), openFees: new Dec(0) };
      markets.set(x.market, { realised: m.realised.add(x.b.realised), floating: m.floating.add(x.b.floating), fees: m.fees.add(x.b.fees), openFees: m.openFees.add(x.b.openFees) });
    }

    // Today's value by where it is: each open position's margin plus floating profit; the rest is cash.
    const byMarket = new Map<Analytics['allocation']['byMarket'][number]['market'], Dec>();
    const byAssetClass = new Map<Analytics['allocation']['byAssetClass'][number]['assetClass'], Dec>();
    let invested = new Dec(0);
    for (const { p, floating } of liveFloating) {
      const i = market.resolve(p.symbol);
      const equity = new Dec(p.margin).add(floating).mul(liveEurPer(p.wallet_currency));
      byMarket.set(i.market, (byMarket.get(i.market) ?? new Dec(0)).add(equity));
      byAssetClass.set(i.assetClass, (byAssetClass.get(i.assetClass) ?? new Dec(0)).add(equity));
      invested = invested.add(equity);
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
      pnl: money(endValue.sub(startValue).sub(netFlow)),
      days,
      twr: twr === null ? null : twr.toFixed(8),
      mwr: mwr === null ? null : mwr.toFixed(8),
      byInstrument: byInstrument.map((x) => ({ symbol: x.symbol, name: x.name, market: x.market, ...row(x.b) })),
      byMarket: [...markets.entries()]
        .sort((a, b) => pnlOf(b[1]).abs().cmp(pnlOf(a[1]).abs()))
        .map(([m, b]) => ({ market: m, ...row(b) })),
      allocation: {
        cash: money(endValue.sub(new Dec(money(invested)))),
        byMarket: desc(byMarket).map(([m, v]) => ({ market: m, value: money(v) })),
        byAssetClass: desc(byAssetClass).map(([a, v]) => ({ assetClass: a, value: money(v) })),
      },
      eurUsd: eurUsdLive.toFixed(),
      simulated: true,
    };
  }

  return { analytics };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
