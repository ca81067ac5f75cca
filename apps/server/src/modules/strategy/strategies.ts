import { OrderDirection, type AgencyStrategy } from '@tradeapp/contract';
import { Dec } from '../../lib/decimal';

// The agencies' rules (decision 0020, "Agencies"): pure functions of the daily candles up to a
// day's close and of what the agency holds, deciding what to close and what to open at the next
// session's open. Exact decimals throughout, so a rule decides the same on every node and in every
// run for the same market seed.

export interface DailyBar {
  /** The candle's start, epoch ms. */
  time: number;
  open: Dec;
  high: Dec;
  low: Dec;
  close: Dec;
}

export interface Held {
  id: number;
  symbol: string;
  direction: number;
  /** When it was filled, epoch ms: a rule that holds for a number of days counts the candles since. */
  openedAt: number;
}

export interface Decision {
  /** Positions to close (ids of `held`). */
  close: number[];
  /** Positions to open: the notional as a fraction of the agency's equity. */
  open: Array<{ symbol: string; direction: number; weight: Dec }>;
}

export interface StrategyDef {
  /** What it trades; the first symbol's candles are its calendar. */
  symbols: readonly string[];
  /** Every position at this leverage, within the retail cap of what it trades. */
  leverage: number;
  /** The candles a decision needs before the first one is taken. */
  warmup: number;
  /** Decide at the close of the last bar of `bars` (each symbol's candles up to and including that day). */
  decide(bars: ReadonlyMap<string, readonly DailyBar[]>, held: readonly Held[]): Decision;
}

const { Buy, Sell } = OrderDirection;

const closes = (bars: readonly DailyBar[], n: number) => bars.slice(-n).map((b) => b.close);
const mean = (xs: readonly Dec[]) => xs.reduce((a, x) => a.add(x), new Dec(0)).div(xs.length);

/** The simple moving average of the last `n` closes; null with fewer bars. */
export function sma(bars: readonly DailyBar[], n: number): Dec | null {
  return bars.length < n ? null : mean(closes(bars, n));
}

/**
 * The relative strength index over the last `n` changes of close, with simple averages (Cutler's):
 * 100 − 100 ÷ (1 + mean gain ÷ mean loss); 100 when nothing fell. Null with fewer than n + 1 bars.
 */
export function rsi(bars: readonly DailyBar[], n: number): Dec | null {
  if (bars.length < n + 1) return null;
  const last = bars.slice(-(n + 1));
  let gain = new Dec(0);
  let loss = new Dec(0);
  for (let k = 1; k < last.length; k += 1) {
    const change = last[k]!.close.sub(last[k - 1]!.close);
    if (change.gt(0)) gain = gain.add(change);
    else loss = loss.sub(change);
  }
  if (loss.isZero()) return new Dec(100);
  return new Dec(100).sub(new Dec(100).div(gain.div(loss).add(1)));
}

/** The highest high and the lowest low of the `n` bars before the last one; null with fewer. */
export function channel(bars: readonly DailyBar[], n: number): { high: Dec; low: Dec } | null {
  if (bars.length < n + 1) return null;
  const before = bars.slice(-(n + 1), -1);
  return { high: Dec.max(...before.map((b) => b.high)), low: Dec.min(...before.map((b) => b.low)) };
}

/** The change of close over the last `n` bars, a fraction; null with fewer than n + 1 bars. */
export function change(bars: readonly DailyBar[], n: number): Dec | null {
  if (bars.length < n + 1) return null;
  return bars[bars.length - 1]!.close.div(bars[bars.length - 1 - n]!.close).sub(1);
}

const lastOf = (bars: ReadonlyMap<string, readonly DailyBar[]>, symbol: string) => bars.get(symbol) ?? [];

/** The ISO week of a day (Monday first): a new week starts a rebalance. */
export const weekOf = (time: number) => Math.floor((Math.floor(time / 86_400_000) + 3) / 7);

/**
 * Trend following on index futures: long while the 20-day average is above the 50-day one, short
 * while below; always in the market, each future 40 % of equity in notional at 5x.
 */
const trend: StrategyDef = {
  symbols: ['ES', 'NQ'],
  leverage: 5,
  warmup: 50,
  decide(bars, held) {
    const d: Decision = { close: [], open: [] };
    for (const symbol of this.symbols) {
      const b = lastOf(bars, symbol);
      const fast = sma(b, 20);
      const slow = sma(b, 50);
      if (!fast || !slow || fast.eq(slow)) continue;
      const want = fast.gt(slow) ? Buy : Sell;
      const mine = held.filter((h) => h.symbol === symbol);
      for (const h of mine) if (h.direction !== want) d.close.push(h.id);
      if (!mine.some((h) => h.direction === want)) d.open.push({ symbol, direction: want, weight: new Dec('0.4') });
    }
    return d;
  },
};

/**
 * Mean reversion on large US stocks: buy after a sharp two-day fall (RSI(2) under 10) while the
 * stock is above its 100-day average; sell when RSI(2) is over 70 or after ten trading days. Each
 * stock 20 % of equity in notional at 2x.
 */
const reversion: StrategyDef = {
  symbols: ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL', 'META'],
  leverage: 2,
  warmup: 100,
  decide(bars, held) {
    const d: Decision = { close: [], open: [] };
    for (const symbol of this.symbols) {
      const b = lastOf(bars, symbol);
      const r = rsi(b, 2);
      const trendLine = sma(b, 100);
      if (!r || !trendLine) continue;
      const mine = held.filter((h) => h.symbol === symbol);
      for (const h of mine) {
        const days = b.filter((bar) => bar.time > h.openedAt).length;
        if (r.gt(70) || days >= 10) d.close.push(h.id);
      }
      if (mine.length === 0 && r.lt(10) && b[b.length - 1]!.close.gt(trendLine)) d.open.push({ symbol, direction: Buy, weight: new Dec('0.2') });
    }
    return d;
  },
};

/**
 * Momentum rotation on the forex majors against the dollar: at each week's first close, long the
 * pair with the best 20-day change and short the one with the worst, each 100 % of equity in
 * notional at 10x; what no longer ranks first or last is closed.
 */
const rotation: StrategyDef = {
  symbols: ['EURUSD', 'GBPUSD', 'AUDUSD', 'NZDUSD'],
  leverage: 10,
  warmup: 21,
  decide(bars, held) {
    const d: Decision = { close: [], open: [] };
    const calendar = lastOf(bars, this.symbols[0]!);
    if (calendar.length < 2 || weekOf(calendar[calendar.length - 1]!.time) === weekOf(calendar[calendar.length - 2]!.time)) return d;
    const ranked = this.symbols
      .map((symbol) => ({ symbol, change: change(lastOf(bars, symbol), 20) }))
      .filter((x): x is { symbol: string; change: Dec } => x.change !== null)
      .sort((a, b) => b.change.cmp(a.change) || a.symbol.localeCompare(b.symbol));
    if (ranked.length < 2) return d;
    const want = new Map([
      [ranked[0]!.symbol, Buy],
      [ranked[ranked.length - 1]!.symbol, Sell],
    ]);
    for (const h of held) if (want.get(h.symbol) !== h.direction) d.close.push(h.id);
    for (const [symbol, direction] of want) {
      if (!held.some((h) => h.symbol === symbol && h.direction === direction)) d.open.push({ symbol, direction, weight: new Dec(1) });
    }
    return d;
  },
};

/**
 * Crypto breakout: buy when the close is above the highest high of the 20 days before; sell when
 * it falls below the lowest low of the 10 days before (a trailing exit). Each coin 40 % of equity in
 * notional at 2x.
 */
const breakout: StrategyDef = {
  symbols: ['BTCUSDT', 'ETHUSDT'],
  leverage: 2,
  warmup: 21,
  decide(bars, held) {
    const d: Decision = { close: [], open: [] };
    for (const symbol of this.symbols) {
      const b = lastOf(bars, symbol);
      const entry = channel(b, 20);
      const exit = channel(b, 10);
      if (!entry || !exit) continue;
      const close = b[b.length - 1]!.close;
      const mine = held.filter((h) => h.symbol === symbol);
      for (const h of mine) if (close.lt(exit.low)) d.close.push(h.id);
      if (mine.length === 0 && close.gt(entry.high)) d.open.push({ symbol, direction: Buy, weight: new Dec('0.4') });
    }
    return d;
  },
};

export const STRATEGIES: Readonly<Record<AgencyStrategy, StrategyDef>> = { trend, reversion, rotation, breakout };
