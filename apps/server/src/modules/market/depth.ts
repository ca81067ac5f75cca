// Depth and time and sales of the simulated market (decision 0025). Both are derived from the
// provider's snapshots alone, so they agree with the quote by construction and work for any
// provider: the book is drawn around the quote's bid and ask, the prints are the per-second
// changes of the day's volume. Every figure is an integer count of ticks or lots, written as a
// decimal string by the engine's own helpers; the only floats are inside the seeded draws.

import { DEPTH_LEVELS, type PrintSide } from '@tradeapp/contract';
import { formatSteps, increment, parseSteps, type Increment } from '../../market/decimal';
import { hashString, Rng } from '../../market/random';
import type { MarketProvider, Snapshot } from '../../market/types';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export interface DepthLevel {
  price: string;
  size: string;
}

export interface Book {
  /** Best first: the quote's bid, then lower prices. */
  bids: DepthLevel[];
  /** Best first: the quote's ask, then higher prices. */
  asks: DepthLevel[];
}

export interface TradePrint {
  time: number;
  price: string;
  size: string;
  side: PrintSide;
  /** The quote standing when it traded (the second before): its side is judged against it. */
  bid: string;
  ask: string;
}

interface Grid {
  tick: Increment;
  lot: Increment;
}

const gridOf = (s: Snapshot): Grid => ({ tick: increment(s.instrument.tickSize), lot: increment(s.instrument.lotSize) });

/**
 * The ten-level book standing at a snapshot: level 1 is the quote's bid and ask with their sizes,
 * exactly; further levels step outward by whole ticks (a gap that grows with the spread, so a wide
 * quote does not get a crowded book) with sizes of whole lots, larger on average further out.
 * Seeded by the symbol, the second and the quote, so the same moment always gives the same book. A
 * side whose quote has no size (a listing before its first open) is empty; bids stop above zero.
 */
export function bookOf(s: Snapshot, levels = DEPTH_LEVELS): Book {
  const { tick, lot } = gridOf(s);
  const bid = parseSteps(s.bid, tick);
  const ask = parseSteps(s.ask, tick);
  const bidLots = parseSteps(s.bidVolume, lot);
  const askLots = parseSteps(s.askVolume, lot);
  const rng = new Rng(hashString(`${s.instrument.symbol}\u0000${Math.floor(s.time / SECOND)}\u0000${s.bid}\u0000${s.ask}`));
  // The typical size of a level, in lots: the quote's own two sizes.
  const scale = Math.max(1, Math.floor((bidLots + askLots + 1) / 2));
  const gap = Math.max(1, Math.floor((ask - bid) / 3));
  const side = (best: number, bestLots: number, direction: 1 | -1): DepthLevel[] => {
    if (bestLots <= 0) return [];
    const out: DepthLevel[] = [{ price: formatSteps(best, tick), size: formatSteps(bestLots, lot) }];
    let price = best;
    for (let level = 2; level <= levels; level += 1) {
      price += direction * gap * (1 + rng.below(2));
      if (price < 1) break;
      // Between 0.4 and about 1.6 + level/4 times the typical size: deeper levels rest more.
      const percent = 40 + 25 * level + rng.below(120);
      out.push({ price: formatSteps(price, tick), size: formatSteps(Math.max(1, Math.floor((scale * percent) / 100)), lot) });
    }
    return out;
  };
  return { bids: side(bid, bidLots, -1), asks: side(ask, askLots, 1) };
}

/**
 * Which side started a print (the EMO rule): at or through the ask standing before it a buyer lifted
 * the offer, at or through the bid a seller hit it; inside the spread the tick test decides (above
 * the price before it a buy, below a sell), and an unchanged price is undecided: it keeps the side
 * of the print before.
 */
export function sideOf(price: number, bid: number, ask: number, previous: number): PrintSide | null {
  if (price >= ask) return 'buy';
  if (price <= bid) return 'sell';
  if (price > previous) return 'buy';
  if (price < previous) return 'sell';
  return null;
}

/** How far back the tape looks for minutes that traded, and how much work one answer may take. */
const isZero = (volume: string) => /^0(\.0+)?$/.test(volume);
const LOOKBACKS = [3 * 60 * MINUTE, 12 * 24 * 60 * MINUTE];
const MAX_SECONDS = 1800;

/**
 * The last `count` trade prints up to `at`, newest first. Prints come from each second in which the
 * day's volume grew: one to three of them (`splitSecond`) sharing the growth, at the last price of
 * that second, so the prints of a day add up to the quote's volume and the newest is the quote's
 * last price whenever that second traded. Only the regular session's minutes (the candles) are read, as only they count in the
 * day's volume. Its side is `sideOf` against the quote standing the second before and the print
 * before it; the oldest print with an unchanged price, having none before it, counts as a buy.
 */
export function tapeOf(provider: MarketProvider, symbol: string, at: number, count: number): TradePrint[] {
  const last = Math.floor(at / SECOND) * SECOND;
  const snapshots = new Map<number, Snapshot>();
  const snap = (t: number) => {
    let s = snapshots.get(t);
    if (!s) {
      s = provider.snapshot(symbol, t);
      snapshots.set(t, s);
    }
    return s;
  };
  let candles = provider.candles(symbol, '1m', at - (LOOKBACKS[0] ?? 0), at + 1);
  if (candles.every((c) => isZero(c.volume))) candles = provider.candles(symbol, '1m', at - (LOOKBACKS[1] ?? 0), at + 1);
  const found: Array<TradePrint & { ticks: { price: number; bid: number; ask: number; before: number } }> = [];
  let seconds = 0;
  for (let c = candles.length - 1; c >= 0 && found.length < count && seconds < MAX_SECONDS; c -= 1) {
    const candle = candles[c]!;
    if (isZero(candle.volume)) continue;
    for (let t = Math.min(candle.time + MINUTE - SECOND, last); t >= candle.time && found.length < count && seconds < MAX_SECONDS; t -= SECOND) {
      seconds += 1;
      const now = snap(t);
      const before = snap(t - SECOND);
      const { tick, lot } = gridOf(now);
      // A new trading day starts its volume from nothing.
      const lotsBefore = before.session.tradingDay === now.session.tradingDay ? parseSteps(before.volume, lot) : 0;
      const lots = parseSteps(now.volume, lot) - lotsBefore;
      if (lots <= 0) continue;
      const price = parseSteps(now.last, tick);
      const quote = { price, bid: parseSteps(before.bid, tick), ask: parseSteps(before.ask, tick), before: parseSteps(before.last, tick) };
      // Newest first within the second too.
      for (const part of splitSecond(symbol, t, lots).reverse()) {
        found.push({ time: part.time, price: now.last, size: formatSteps(part.lots, lot), side: 'buy', bid: before.bid, ask: before.ask, ticks: quote });
      }
    }
  }
  // Oldest first: each print's tick test is against the print before it (the oldest one's, the price
  // the second before it), and an unchanged price keeps that print's side.
  let previous = found[found.length - 1]?.ticks.before ?? 0;
  let sideBefore: PrintSide = 'buy';
  for (let i = found.length - 1; i >= 0; i -= 1) {
    const p = found[i]!;
    p.side = sideOf(p.ticks.price, p.ticks.bid, p.ticks.ask, previous) ?? sideBefore;
    previous = p.ticks.price;
    sideBefore = p.side;
  }
  return found.slice(0, count).map(({ ticks: _, ...p }) => p);
}

/**
 * A second's volume as one to three prints, as a busy tape has: each at least one lot, the rest
 * shared by seeded weights (the remainder to the first), at rising milliseconds within the second.
 */
export function splitSecond(symbol: string, second: number, lots: number): Array<{ time: number; lots: number }> {
  const rng = new Rng(hashString(`${symbol}\u0000prints\u0000${second}`));
  const n = Math.min(lots, 1 + rng.below(3));
  const weights = Array.from({ length: n }, () => 1 + rng.below(9));
  const total = weights.reduce((a, b) => a + b, 0);
  const spare = lots - n;
  const parts = weights.map((w) => 1 + Math.floor((spare * w) / total));
  parts[0]! += lots - parts.reduce((a, b) => a + b, 0);
  const slot = Math.floor(SECOND / n);
  return parts.map((part, i) => ({ time: second + i * slot + rng.below(slot), lots: part }));
}
