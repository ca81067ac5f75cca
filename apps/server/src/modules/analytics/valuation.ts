import { dollarPairOf, floatingProfit, roundDecimal, type Portfolio } from '@tradeapp/contract';
import { Dec } from '../../lib/decimal';
import type { Candle, MarketProvider } from '../../market/types';
import type { PortfolioService } from '../portfolio';
import type { PositionRow } from '../trading';
import type { ExchangeRates } from '../wallet';
import { addRow, addTo, DAY, money, productRow, startOf, ZERO, type ByCurrency } from './amounts';

/**
 * A symbol's price at the end of a day, from its daily candles over the period, fetched once: the
 * close of the last candle opened before the instant, as of the instant. A candle still running
 * then (an FX or futures day opens at 17:00 New York, before midnight UTC) counts up to the
 * instant, never its later close: a past day is not valued at a price from after it.
 */
function closesOf(provider: MarketProvider, from: number, to: number) {
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
 * The instants of a period valued (analytics.ts): rates in euros, the positions' floating profit and
 * the products' off-ledger values at each, and a set of amounts' value. `live`: the last instant is now.
 */
export function createValuation(
  deps: { provider: MarketProvider; exchangeRates: ExchangeRates },
  period: { live: boolean; instants: number[]; firstEnd: number; today: string },
  read: { held: PositionRow[]; open: PositionRow[]; now_: Portfolio; offLedger: Awaited<ReturnType<PortfolioService['offLedgerAt']>> },
) {
  const { provider, exchangeRates } = deps;
  const { live, instants, firstEnd, today } = period;
  const { held, open, now_, offLedger } = read;
  const closeAt = closesOf(provider, firstEnd, startOf(today));
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

  return { eurUsdLive, rateOf, liveFloating, floatingAt, offLedgerOf, totalByCurrency, valueOf };
}

export type Valuation = ReturnType<typeof createValuation>;
