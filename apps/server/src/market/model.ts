// Over 400 lines: the price model is one pure function of (seed, symbol, time) whose daily, 15-minute, 1-minute and 1-second paths must agree exactly, so they are kept together.
// The price model of one instrument: a pure function of (seed, symbol, time).
//
// - Daily closes: a mean-reverting (Ornstein-Uhlenbeck) walk of the log price towards log(basePrice),
//   one step per calendar day, anchored at ANCHOR_DAY where it equals the base price. The walk is
//   memoised per symbol, but its value for a day never depends on which days were asked first.
// - Each trading day, in 15-minute blocks: a Brownian bridge from the previous close plus an opening
//   gap to that day's close (pinned at the end of the regular session; US stocks walk on through the
//   post-market), with each block's high, low and volume. Daily candles need only this level.
// - Each block, in minutes: a bridge from the block's open through its high and low (at seeded
//   minutes) to its close, inside the block's range; the block's volume shared over its minutes.
// - Each minute, in seconds: the same again inside the minute's range.
// Every level stays inside the range of the level above, so ticks, minute candles and daily candles
// agree exactly.
// Prices are held as integer tick counts and volumes as integer lot counts.

import { daySegments, isoToDay, previousTradingDay, weekdayOf, type Segment } from './calendars';
import { increment, quantise, quantisePositive, type Increment } from './decimal';
import { hashString, mix, normalAt, Rng } from './random';
import type { Instrument } from './types';

export const MINUTE = 60_000;
const SECOND = 1_000;
/** The day where every walk sits exactly at its base price; history runs both ways from here. */
export const ANCHOR_DAY = isoToDay('2026-10-01');
/** One year: slow enough to look like a trend, fast enough to keep prices plausible for years. */
const HALF_LIFE_DAYS = 365;
/** How much of a walk's distance from its centre is left after one calendar day. */
export const PHI = Math.pow(0.5, 1 / HALF_LIFE_DAYS);
const PATHS_PER_SYMBOL = 4;

/** OHLCV in ticks and lots. */
export interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** A complete regular session, with the instant it ends. */
export interface DayBar extends Bar {
  end: number;
}

export interface DayPath {
  day: number;
  /** Start instant of each priced minute. */
  starts: Float64Array;
  /** Price (ticks) at each minute boundary: px[i] opens minute i, px[i + 1] closes it. */
  px: Float64Array;
  hi: Float64Array;
  lo: Float64Array;
  /** Lots traded in each minute. */
  vol: Float64Array;
  /** Index range [regFrom, regTo) of the regular-session minutes (the candles). */
  regFrom: number;
  regTo: number;
  prevClose: number;
  /** The complete regular session of the day. */
  summary: DayBar;
  minuteSd: number;
}

/** Where an instant falls in a day path. */
export interface Position {
  /** Minutes fully finished at the instant. */
  done: number;
  /** The minute in progress, or -1. */
  partial: number;
  /** Seconds elapsed in the partial minute (0..59). */
  second: number;
}

export class SymbolModel {
  readonly key: number;
  readonly tick: Increment;
  readonly lot: Increment;
  /** Whether the instrument trades the calendar's extended hours (US stocks). */
  readonly extended: boolean;
  private readonly mu: number;
  protected readonly sigma: number;
  protected readonly stepSd: number;
  protected readonly yearDays: number;
  private readonly gapFraction: number;
  private readonly advLots: number;
  private readonly dayShape24h: boolean;
  private forward: Float64Array = new Float64Array(0);
  private forwardLength = 0;
  private backward: Float64Array = new Float64Array(0);
  private backwardLength = 0;
  private readonly paths = new Map<number, DayPath>();
  private readonly summaries = new Map<number, DayBar>();
  private readonly yearRanges = new Map<number, { high: number; low: number }>();

  constructor(
    readonly instrument: Instrument,
    seed: string,
  ) {
    this.key = hashString(`${seed}\u0000${instrument.symbol}`);
    this.tick = increment(instrument.tickSize);
    this.lot = increment(instrument.lotSize);
    this.extended = instrument.calendar === 'US' && instrument.assetClass === 'stock';
    this.mu = Math.log(Number(instrument.basePrice));
    this.sigma = Number(instrument.volatility);
    this.stepSd = this.sigma / Math.sqrt(365);
    this.yearDays = instrument.calendar === 'CRYPTO' ? 365 : 252;
    this.gapFraction = gapFractionOf(instrument, this.extended);
    this.advLots = Number(instrument.averageDailyVolume) / this.lot.approx;
    this.dayShape24h = instrument.calendar === 'CRYPTO' || instrument.calendar === 'FX' || instrument.calendar === 'GLOBEX';
  }

  // ---- daily closes ----------------------------------------------------------------------

  /** Log of the close of calendar day `day` (defined for every day; trading days use it). */
  closeLog(day: number): number {
    const offset = day - ANCHOR_DAY;
    if (offset >= 0) {
      while (this.forwardLength <= offset) this.extendForward();
      return this.forward[offset] ?? this.mu;
    }
    const back = -offset;
    while (this.backwardLength <= back) this.extendBackward();
    return this.backward[back] ?? this.mu;
  }

  closeTicks(day: number): number {
    return quantisePositive(Math.exp(this.closeLog(day)), this.tick.approx);
  }

  private extendForward(): void {
    if (this.forwardLength === this.forward.length) this.forward = grow(this.forward);
    const i = this.forwardLength;
    this.forward[i] = i === 0 ? this.mu : this.mu + PHI * ((this.forward[i - 1] ?? this.mu) - this.mu) + this.stepSd * normalAt(this.key, ANCHOR_DAY + i);
    this.forwardLength += 1;
  }

  private extendBackward(): void {
    if (this.backwardLength === this.backward.length) this.backward = grow(this.backward);
    const i = this.backwardLength;
    this.backward[i] = i === 0 ? this.mu : this.mu + PHI * ((this.backward[i - 1] ?? this.mu) - this.mu) + this.stepSd * normalAt(this.key, ANCHOR_DAY - i);
    this.backwardLength += 1;
  }

  // ---- one trading day ---------------------------------------------------------------------

  /** The minute path of trading day `day` (memoised for the few most recent days). */
  dayPath(day: number): DayPath | null {
    const cached = this.paths.get(day);
    if (cached) {
      this.paths.delete(day);
      this.paths.set(day, cached);
      return cached;
    }
    const built = this.buildDay(day);
    if (!built) return null;
    this.paths.set(day, built);
    if (this.paths.size > PATHS_PER_SYMBOL) {
      const oldest = this.paths.keys().next().value;
      if (oldest !== undefined) this.paths.delete(oldest);
    }
    return built;
  }

  /** The complete regular session of a trading day, without keeping its minute path around. */
  daySummary(day: number): DayBar | null {
    const cached = this.summaries.get(day);
    if (cached) return cached;
    const path = this.paths.get(day);
    if (path) return path.summary;
    const summary = this.buildSummary(day);
    if (summary) {
      if (this.summaries.size > 5000) this.summaries.clear();
      this.summaries.set(day, summary);
    }
    return summary;
  }

  /** The minute path of a day without entering it in the cache (for history that is read once). */
  minutePath(day: number): DayPath | null {
    return this.paths.get(day) ?? this.buildDay(day);
  }

  /**
   * OHLCV (ticks, lots) of the minutes in [from, to) of trading day `day`, read from the 15-minute
   * blocks alone, with the number of minutes; null unless the window starts and ends on block edges.
   */
  windowBar(day: number, from: number, to: number): { bar: Bar; minutes: number } | null {
    const blocks = this.blocksOf(day);
    if (!blocks) return null;
    const { layout, weights } = blocks;
    const starts = startsOf(layout);
    let first = -1;
    let last = -1;
    for (let b = 0; b < layout.nb; b += 1) {
      const begin = starts[layout.blockStart[b] as number] as number;
      if (begin === from) first = b;
      const len = weights.blockLen[b] as number;
      if ((starts[(layout.blockStart[b] as number) + len - 1] as number) + MINUTE === to) last = b;
    }
    if (first < 0 || last < first) return null;
    let high = 0;
    let low = Number.POSITIVE_INFINITY;
    let volume = 0;
    let minutes = 0;
    for (let b = first; b <= last; b += 1) {
      if ((blocks.hi[b] as number) > high) high = blocks.hi[b] as number;
      if ((blocks.lo[b] as number) < low) low = blocks.lo[b] as number;
      volume += blocks.vol[b] as number;
      minutes += weights.blockLen[b] as number;
    }
    return { bar: { time: from, open: blocks.px[first] as number, high, low, close: blocks.px[last + 1] as number, volume }, minutes };
  }

  /** The regular session of a day, computed (daySummary memoises it). */
  protected buildSummary(day: number): DayBar | null {
    return this.blocksOf(day)?.summary ?? null;
  }

  /** The priced minutes of this instrument's own sessions on `day`, or null when it does not trade. */
  protected minutesOf(day: number): { starts: Float64Array; regFrom: number; regTo: number; time: number; end: number } | null {
    const segments = this.segmentsOf(day).filter((s) => s.priced);
    if (segments.length === 0) return null;
    const layout = layoutOf(segments);
    const regular = segments.filter((seg) => seg.phase === 'regular');
    return { starts: startsOf(layout), regFrom: layout.regFrom, regTo: layout.regTo, time: regular[0]?.start ?? 0, end: regular[regular.length - 1]?.end ?? 0 };
  }

  /** Highest high and lowest low of the complete trading days in the 364 days before `day`. */
  yearRangeBefore(day: number): { high: number; low: number } | null {
    const cached = this.yearRanges.get(day);
    if (cached) return cached;
    let high = 0;
    let low = Number.POSITIVE_INFINITY;
    for (let d = day - 364; d < day; d += 1) {
      const bar = this.isTradingDay(d) ? this.daySummary(d) : null;
      if (!bar) continue;
      if (bar.high > high) high = bar.high;
      if (bar.low < low) low = bar.low;
    }
    const range = high > 0 ? { high, low } : null;
    if (range) this.yearRanges.set(day, range);
    return range;
  }

  isTradingDay(day: number): boolean {
    return this.segmentsOf(day).length > 0;
  }

  /** The sessions of `day` this instrument trades: its calendar's (a listing has none before its first day). */
  protected segmentsOf(day: number): readonly Segment[] {
    return daySegments(this.instrument.calendar, day, this.extended);
  }

  /**
   * An instant inside the regular session of trading day `day` at which the day's close is reached,
   * when earlier than the session's end (an index future's: its index's close, relations.ts); null
   * for the end. It must fall on a 15-minute block edge, or it is not used.
   */
  protected closePinnedAt(_day: number): number | null {
    return null;
  }

  /**
   * Log of a day's first priced level: the previous close plus an overnight gap, `draw` being the
   * day's standard normal for it (a listing's first day opens at its drawn first price instead).
   */
  protected openLog(_day: number, previousCloseLog: number, draw: number): number {
    return previousCloseLog + this.gapFraction * (this.sigma / Math.sqrt(this.yearDays)) * draw;
  }

  /**
   * The coarse path of trading day `day`: 15-minute blocks with their open, close, high, low and
   * volume. A Brownian bridge (in log price) runs from the previous close plus an opening gap to the
   * day's close, pinned at the end of the regular session; US stocks walk on through the post-market.
   * Daily candles need only this level, which is what keeps a year of history cheap.
   */
  private blocksOf(day: number): Blocks | null {
    const calendar = this.instrument.calendar;
    const segments = this.segmentsOf(day).filter((s) => s.priced);
    if (segments.length === 0) return null;
    const layout = layoutOf(segments);
    const { nb, bFrom, bTo, regFrom, regTo } = layout;
    const w = this.weightsOf(layout);
    const minuteSd = this.sigma / Math.sqrt(this.yearDays * (regTo - regFrom));
    const walk = new Rng(mix(mix(this.key, day), 0x6a09e667));
    const prevDay = previousTradingDay(calendar, day);
    const x0 = this.closeLog(prevDay);
    const x1 = this.closeLog(day);
    const v0 = this.openLog(day, x0, walk.normal());

    const level = new Float64Array(nb + 1);
    for (let b = 0; b < nb; b += 1) level[b + 1] = (level[b] as number) + minuteSd * Math.sqrt(w.blockVar[b] as number) * walk.normal();
    const cum = w.cumVar;
    // The close is reached at block edge `k`: the end of the regular session, or earlier where the
    // instrument names an instant (`closePinnedAt`); between k and the end it wanders and comes back.
    const k = pinnedEdge(layout, this.closePinnedAt(day));
    const total = cum[k] as number;
    const rawPin = level[k] as number;
    const rawClose = level[bTo] as number;
    const miss = rawPin - (x1 - v0);
    for (let b = bTo + 1; b <= nb; b += 1) level[b] = x1 + (level[b] as number) - rawClose;
    if (k < bTo) {
      const rest = (cum[bTo] as number) - total;
      for (let b = k + 1; b < bTo; b += 1) level[b] = x1 + (level[b] as number) - rawPin - (((cum[b] as number) - total) / rest) * (rawClose - rawPin);
    }
    for (let b = 0; b < k; b += 1) level[b] = v0 + (level[b] as number) - ((cum[b] as number) / total) * miss;
    level[k] = x1;
    level[bTo] = x1;

    const unit = this.tick.approx;
    const px = new Float64Array(nb + 1);
    for (let b = 0; b <= nb; b += 1) {
      const p = Math.exp(level[b] as number);
      level[b] = p;
      px[b] = quantisePositive(p, unit);
    }
    const shape = new Rng(mix(mix(this.key, day), 0x3c6ef372));
    const lots = new Rng(mix(mix(this.key, day), 0xa54ff53a));
    // Quieter on Fridays, livelier on some days: a seeded factor for the whole day.
    const lotScale = this.advLots * Math.exp(0.25 * lots.normal() - 0.03) * (weekdayOf(day) === 5 ? 0.9 : 1);
    const hi = new Float64Array(nb);
    const lo = new Float64Array(nb);
    const vol = new Float64Array(nb);
    let high = 0;
    let low = Number.POSITIVE_INFINITY;
    let volume = 0;
    for (let b = 0; b < nb; b += 1) {
      const a = level[b] as number;
      const c = level[b + 1] as number;
      const pa = px[b] as number;
      const pc = px[b + 1] as number;
      const reach = minuteSd * Math.sqrt(w.blockVar[b] as number);
      const u1 = shape.next();
      const u2 = shape.next();
      const len = w.blockLen[b] as number;
      // Blocks too short to place their extremes inside get none beyond their ends.
      const wide = len >= 3;
      const top = wide ? Math.max(pa, pc, quantise((a > c ? a : c) * (1 + reach * (0.1 + 0.9 * u1 * u1)), unit)) : Math.max(pa, pc);
      const bottom = wide ? Math.max(1, Math.min(pa, pc, quantise((a < c ? a : c) * (1 - reach * (0.1 + 0.9 * u2 * u2)), unit))) : Math.min(pa, pc);
      hi[b] = top;
      lo[b] = bottom;
      // At least one lot a minute, so a candle in session always has volume.
      const blockLots = Math.max(len, quantise((w.blockShare[b] as number) * lotScale * (0.6 + 0.8 * lots.next()), 1));
      vol[b] = blockLots;
      if (b >= bFrom && b < bTo) {
        if (top > high) high = top;
        if (bottom < low) low = bottom;
        volume += blockLots;
      }
    }
    const regular = layout.segments.filter((seg) => seg.phase === 'regular');
    const summary: DayBar = {
      time: regular[0]?.start ?? 0,
      end: regular[regular.length - 1]?.end ?? 0,
      open: px[bFrom] as number,
      high,
      low,
      close: px[bTo] as number,
      volume,
    };
    return { layout, weights: w, px, hi, lo, vol, summary, minuteSd, prevClose: this.closeTicks(prevDay) };
  }

  /** The minute path of a day, refined from its blocks (refineBlock). */
  protected buildDay(day: number): DayPath | null {
    const blocks = this.blocksOf(day);
    if (!blocks) return null;
    const path = this.sparsePath(day, blocks);
    path.starts = startsOf(blocks.layout);
    for (let b = 0; b < blocks.layout.nb; b += 1) this.refineBlock(blocks, b, path);
    return path;
  }

  /** The 15-minute blocks of a trading day (not memoised), for reading a day without all its minutes. */
  blocks(day: number): Blocks | null {
    return this.blocksOf(day);
  }

  /**
   * A minute path of a day with none of its blocks refined yet (and no minute starts): refineBlock
   * fills the blocks one reads, each exactly as the full path has it.
   */
  sparsePath(day: number, blocks: Blocks): DayPath {
    const { n, regFrom, regTo } = blocks.layout;
    return {
      day,
      starts: new Float64Array(0),
      px: new Float64Array(n + 1),
      hi: new Float64Array(n),
      lo: new Float64Array(n),
      vol: new Float64Array(n),
      regFrom,
      regTo,
      prevClose: blocks.prevClose,
      summary: blocks.summary,
      minuteSd: blocks.minuteSd,
    };
  }

  /**
   * The minutes of block b, refined from the block: a Brownian bridge (in ticks) from the block's
   * open through its high and low (at seeded minute boundaries) to its close, never leaving the
   * block's range; the block's volume shared out over its minutes. Each block has its own draws.
   */
  refineBlock(blocks: Blocks, b: number, path: DayPath): void {
    const { layout, weights: w, minuteSd } = blocks;
    const { px, hi, lo, vol, day } = path;
    const anchors = [0, 0, 0, 0];
    const first = layout.blockStart[b] as number;
    const len = w.blockLen[b] as number;
    const open = blocks.px[b] as number;
    const close = blocks.px[b + 1] as number;
    const top = blocks.hi[b] as number;
    const bottom = blocks.lo[b] as number;
    const rng = new Rng(mix(mix(mix(this.key, day), 0x510e527f), b));
    px[first] = open;
    px[first + len] = close;
    const sdTicks = ((open + close) / 2) * minuteSd * (w.sd[first] as number);
    if (len >= 3) {
      const p1 = 1 + rng.below(len - 1);
      let p2 = 1 + rng.below(len - 2);
      if (p2 >= p1) p2 += 1;
      const highFirst = rng.next() < 0.5;
      const e1 = Math.min(p1, p2);
      const e2 = Math.max(p1, p2);
      px[first + e1] = highFirst ? top : bottom;
      px[first + e2] = highFirst ? bottom : top;
      anchors[0] = 0;
      anchors[1] = e1;
      anchors[2] = e2;
      anchors[3] = len;
      for (let k = 0; k < 3; k += 1) bridge(px, first + (anchors[k] as number), first + (anchors[k + 1] as number), sdTicks, bottom, top, rng);
    }
    let lotsLeft = (blocks.vol[b] as number) - len;
    let weightLeft = 0;
    const share = new Float64Array(len);
    for (let j = 0; j < len; j += 1) {
      const s = 0.5 + rng.next();
      share[j] = s;
      weightLeft += s;
    }
    for (let j = 0; j < len; j += 1) {
      const i = first + j;
      const pa = px[i] as number;
      const pb = px[i + 1] as number;
      const reach = (pa > pb ? pa : pb) * minuteSd * (w.sd[i] as number);
      hi[i] = Math.min(top, Math.max(pa, pb, quantise((pa > pb ? pa : pb) + reach * 0.8 * rng.next() ** 2, 1)));
      lo[i] = Math.max(bottom, Math.min(pa, pb, quantise((pa < pb ? pa : pb) - reach * 0.8 * rng.next() ** 2, 1)));
      // Share the block's lots out in proportion to seeded weights, exactly (largest share last).
      const part = j === len - 1 ? lotsLeft : quantise((lotsLeft * (share[j] as number)) / weightLeft, 1);
      vol[i] = 1 + part;
      lotsLeft -= part;
      weightLeft -= share[j] as number;
    }
  }

  /** Per-minute volatility multipliers and per-block variances and volume shares of a session layout. */
  private weightsOf(layout: Layout): Weights {
    const key = `${this.instrument.calendar}|${this.extended ? 1 : 0}|${layout.signature}`;
    const cached = weightCache.get(key);
    if (cached) return cached;
    const { n, nb, regFrom, regTo, blockStart, bTo } = layout;
    const starts = startsOf(layout);
    const sd = new Float64Array(n);
    const share = new Float64Array(n);
    let sum = 0;
    for (let i = 0; i < n; i += 1) {
      const regular = i >= regFrom && i < regTo;
      // Livelier just after the open, calmer in extended hours.
      sd[i] = !regular ? 0.5 : this.dayShape24h ? 1 : 1 + 0.8 * Math.exp(-(i - regFrom) / 20);
      let v: number;
      if (!regular) v = 0.05;
      else if (this.dayShape24h) {
        // 24-hour markets trade most in the European/US overlap.
        const utcHour = ((((starts[i] as number) % 86_400_000) + 86_400_000) % 86_400_000) / 3_600_000;
        v = 1 + 1.2 * Math.exp(-(((utcHour - 15) / 3.5) ** 2));
      } else {
        // U-shaped: busy at the open and the close.
        const x = (i - regFrom + 0.5) / (regTo - regFrom);
        v = 0.6 + 2.4 * (2 * x - 1) ** 4;
      }
      share[i] = v;
      if (regular) sum += v;
    }
    const blockLen = new Float64Array(nb);
    const blockVar = new Float64Array(nb);
    const blockShare = new Float64Array(nb);
    const cumVar = new Float64Array(bTo + 1);
    for (let b = 0; b < nb; b += 1) {
      const from = blockStart[b] as number;
      const to = b + 1 < nb ? (blockStart[b + 1] as number) : n;
      blockLen[b] = to - from;
      let variance = 0;
      let lots = 0;
      for (let i = from; i < to; i += 1) {
        variance += (sd[i] as number) ** 2;
        lots += (share[i] as number) / sum;
      }
      blockVar[b] = variance;
      blockShare[b] = lots;
      if (b < bTo) cumVar[b + 1] = (cumVar[b] as number) + variance;
    }
    const weights = { sd, blockLen, blockVar, blockShare, cumVar };
    if (weightCache.size > 2000) weightCache.clear();
    weightCache.set(key, weights);
    return weights;
  }

  // ---- inside a minute ---------------------------------------------------------------------

  /**
   * Ticks at the end of each second of minute `i`: out[0] is the minute's open, out[s] the level
   * after s seconds, out[60] its close. Passes through the minute's high and low at seeded seconds
   * and never leaves their range.
   */
  secondPath(path: DayPath, i: number): Float64Array {
    const rng = new Rng(mix(mix(mix(this.key, path.day), 0x9b05688c), i));
    const open = path.px[i] ?? 1;
    const close = path.px[i + 1] ?? open;
    const high = path.hi[i] ?? open;
    const low = path.lo[i] ?? open;
    const s1 = 1 + rng.below(59);
    let s2 = 1 + rng.below(58);
    if (s2 >= s1) s2 += 1;
    const highFirst = rng.next() < 0.5;
    const first = Math.min(s1, s2);
    const second = Math.max(s1, s2);
    const out = new Float64Array(61);
    out[0] = open;
    out[60] = close;
    out[first] = highFirst ? high : low;
    out[second] = highFirst ? low : high;
    // A second's share of the minute's volatility, in ticks.
    const sd = (((open + close) / 2) * path.minuteSd) / Math.sqrt(60);
    bridge(out, 0, first, sd, low, high, rng);
    bridge(out, first, second, sd, low, high, rng);
    bridge(out, second, 60, sd, low, high, rng);
    return out;
  }

  // ---- reading a path at an instant ----------------------------------------------------------

  locate(path: DayPath, at: number): Position {
    const { starts } = path;
    let lo = 0;
    let hi = starts.length - 1;
    let idx = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((starts[mid] ?? 0) <= at) {
        idx = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (idx < 0) return { done: 0, partial: -1, second: 0 };
    const start = starts[idx] ?? 0;
    if (at < start + MINUTE) return { done: idx, partial: idx, second: Math.floor((at - start) / SECOND) };
    return { done: idx + 1, partial: -1, second: 0 };
  }

  /**
   * OHLCV of the minutes [from, to) of a path as seen at instant `at` (the minute in progress
   * counts up to `at`); null when none of them has started.
   */
  aggregate(path: DayPath, from: number, to: number, pos: Position): Bar | null {
    const last = Math.min(to, pos.partial >= 0 ? pos.partial + 1 : pos.done);
    if (last <= from) return null;
    let high = 0;
    let low = Number.POSITIVE_INFINITY;
    let volume = 0;
    let close = path.px[from] ?? 1;
    for (let i = from; i < last; i += 1) {
      if (i === pos.partial) {
        const seconds = this.secondPath(path, i);
        const upTo = pos.second + 1;
        high = Math.max(high, path.px[i] ?? 0);
        low = Math.min(low, path.px[i] ?? Number.POSITIVE_INFINITY);
        for (let s = 1; s <= upTo; s += 1) {
          const v = seconds[s] ?? 0;
          if (v > high) high = v;
          if (v < low) low = v;
        }
        close = seconds[upTo] ?? close;
        volume += partialShare(path.vol[i] ?? 0, upTo);
      } else {
        high = Math.max(high, path.hi[i] ?? 0);
        low = Math.min(low, path.lo[i] ?? Number.POSITIVE_INFINITY);
        volume += path.vol[i] ?? 0;
        close = path.px[i + 1] ?? close;
      }
    }
    return { time: path.starts[from] ?? 0, open: path.px[from] ?? 1, high, low, close, volume };
  }

  /** The level (ticks) of the minutes [from, to) at instant `at`, or null before they start. */
  levelIn(path: DayPath, from: number, to: number, pos: Position): number | null {
    if (pos.partial >= from && pos.partial < to) return this.secondPath(path, pos.partial)[pos.second + 1] ?? null;
    const finished = Math.min(to, pos.done);
    return finished > from ? (path.px[finished] ?? null) : null;
  }

  /** Open interest for futures: a slowly breathing base plus a share of today's volume. */
  openInterest(day: number, dayLots: number): number {
    const base = Number(this.instrument.averageDailyVolume) * 2.5;
    const breathing = Math.exp(0.12 * Math.sin(day / 23 + (this.key % 1000)) + 0.05 * normalAt(mix(this.key, 0x0e1), day));
    return quantise(base * breathing + dayLots * this.lot.approx * 0.03, 1);
  }
}

function grow(array: Float64Array): Float64Array {
  const next = new Float64Array(Math.max(256, array.length * 2));
  next.set(array);
  return next;
}

/** Of a minute's `total` lots, those traded by the end of second `seconds` (at least 1 once it started). */
export function partialShare(total: number, seconds: number): number {
  return Math.ceil((total * seconds) / 60);
}

/** How much of a day's move happens as an overnight gap, as a fraction of daily volatility. */
function gapFractionOf(instrument: Instrument, extended: boolean): number {
  switch (instrument.assetClass) {
    case 'stock':
      return extended ? 0.15 : 0.35;
    case 'index':
      return 0.25;
    case 'bond':
      return 0.2;
    case 'forex':
      return 0.03;
    case 'crypto':
      return 0;
    default:
      return 0.08;
  }
}

export interface Layout {
  /** Minutes, and blocks of at most BLOCK minutes that never straddle a segment. */
  n: number;
  nb: number;
  regFrom: number;
  regTo: number;
  /** Block range [bFrom, bTo) of the regular session. */
  bFrom: number;
  bTo: number;
  segments: readonly Segment[];
  blockStart: Int32Array;
  /** What the weights depend on: the structure of the day and the time of day of its start. */
  signature: string;
}

export interface Weights {
  sd: Float64Array;
  blockLen: Float64Array;
  blockVar: Float64Array;
  blockShare: Float64Array;
  /** Cumulative block variance up to the regular close, for the bridge. */
  cumVar: Float64Array;
}

export interface Blocks {
  layout: Layout;
  weights: Weights;
  px: Float64Array;
  hi: Float64Array;
  lo: Float64Array;
  vol: Float64Array;
  summary: DayBar;
  minuteSd: number;
  prevClose: number;
}

const BLOCK = 15;
const weightCache = new Map<string, Weights>();

function layoutOf(segments: readonly Segment[]): Layout {
  let n = 0;
  let regFrom = -1;
  let regTo = -1;
  let bFrom = -1;
  let bTo = -1;
  const blockStart: number[] = [];
  const shape: string[] = [];
  for (const s of segments) {
    const count = Math.round((s.end - s.start) / MINUTE);
    if (s.phase === 'regular' && regFrom < 0) {
      regFrom = n;
      bFrom = blockStart.length;
    }
    for (let m = 0; m < count; m += BLOCK) blockStart.push(n + m);
    n += count;
    if (s.phase === 'regular') {
      regTo = n;
      bTo = blockStart.length;
    }
    shape.push(`${s.phase}${count}`);
  }
  const first = segments[0]?.start ?? 0;
  const timeOfDay = ((first % 86_400_000) + 86_400_000) % 86_400_000;
  return {
    n,
    nb: blockStart.length,
    regFrom,
    regTo,
    bFrom,
    bTo,
    segments,
    blockStart: Int32Array.from(blockStart),
    signature: `${shape.join(',')}|${timeOfDay}`,
  };
}

/**
 * The block edge of a layout at instant `at` (a regular-session edge after its first block and
 * before its end), or the end of the regular session when `at` is null or not such an edge.
 */
function pinnedEdge(layout: Layout, at: number | null): number {
  if (at === null) return layout.bTo;
  let minute = 0;
  for (const s of layout.segments) {
    if (s.start <= at && at < s.end) {
      minute += (at - s.start) / MINUTE;
      break;
    }
    minute += Math.round((s.end - s.start) / MINUTE);
  }
  for (let b = layout.bFrom + 1; b < layout.bTo; b += 1) if (layout.blockStart[b] === minute) return b;
  return layout.bTo;
}

/** The start instant of every minute of a layout (only built when minutes are needed). */
function startsOf(layout: Layout): Float64Array {
  const starts = new Float64Array(layout.n);
  let k = 0;
  for (const s of layout.segments) for (let t = s.start; t < s.end; t += MINUTE) starts[k++] = t;
  return starts;
}

/**
 * A Brownian bridge in ticks between the fixed points px[from] and px[to], quantised and kept
 * inside [low, high].
 */
function bridge(px: Float64Array, from: number, to: number, sd: number, low: number, high: number, rng: Rng): void {
  const span = to - from;
  if (span < 2) return;
  const a = px[from] as number;
  const b = px[to] as number;
  let w = 0;
  const raw = bridgeScratch(span + 1);
  raw[0] = 0;
  for (let j = 1; j <= span; j += 1) {
    w += sd * rng.normal();
    raw[j] = w;
  }
  for (let j = 1; j < span; j += 1) {
    const t = j / span;
    const v = a + (b - a) * t + (raw[j] as number) - t * w;
    px[from + j] = Math.min(high, Math.max(low, quantise(v, 1)));
  }
}

let bridgeBuffer = new Float64Array(64);

function bridgeScratch(size: number): Float64Array {
  if (bridgeBuffer.length < size) bridgeBuffer = new Float64Array(size * 2);
  return bridgeBuffer;
}
