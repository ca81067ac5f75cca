// Over 400 lines: the three kinds of relation share the derived model's plumbing (cached paths, summaries, volume cuts) and are read together with decision 0018.
// Relations between instruments (decision 0018): a market that agrees with itself.
//
// Some instruments are not walks of their own but functions of others, derived at the level of the
// path points (every minute boundary, every minute's high and low, every second) and then put on
// their own tick grid, so their candles still agree exactly with their own ticks:
//
// - FX crosses are products or ratios of the majors: EURJPY = EURUSD x USDJPY, EURGBP = EURUSD / GBPUSD,
//   at every second; a minute's high and low are the highest and lowest of its seconds.
// - USDHKD is a monotone map of a hidden walk into the peg band: 7.80 + 0.048 x tanh(...).
// - SPX, NDX and DJI are their E-mini futures divided by (1 + carry to expiry): the future trades
//   23 hours, the index shows the future's level during its own session.
//
// A future and its index are compared at one moment (issue 33). During the index's session the index
// is the future at that second over (1 + carry). Once the index has closed the future trades on by
// itself (to 17:00 New York, then from 18:00 for the next day), so the two are of different moments
// and their difference is not the carry. The future's day closes where it stood at its index's close,
// as CME fixes the daily settlement of equity index futures then (15:00 Chicago); in the hour it
// trades after it the future wanders and comes back. So whenever both rest (the weekend, a holiday,
// the daily halt) the future is its index's close x (1 + carry of the index's trading day), within
// half an index tick times (1 + carry): less than the future's tick, so to the future's tick.
//
// A monotone map commutes with max and min, which keeps highs and lows exact at no cost; a product
// of two legs does not, so a cross reads the seconds of the minutes that could hold an extreme.

import { dayClose, isoToDay, previousTradingDay } from './calendars';
import { quantisePositive } from './decimal';
import { isListing, ListingModel } from './listing';
import { MINUTE, SymbolModel, type Bar, type DayBar, type DayPath, type Position } from './model';
import type { CalendarId, Instrument } from './types';

export type Relation =
  | { kind: 'cross'; symbol: string; base: string; quote: string; op: 'multiply' | 'divide' }
  | { kind: 'peg'; symbol: string; centre: number; halfWidth: number; width: number; volatility: string }
  | { kind: 'index'; symbol: string; future: string; financing: number; dividendYield: number };

/** Financing rate for the carry of the equity index futures (a late-2026 US short rate). */
const FINANCING = 0.04;

export const RELATIONS: readonly Relation[] = [
  { kind: 'cross', symbol: 'EURJPY', base: 'EURUSD', quote: 'USDJPY', op: 'multiply' },
  { kind: 'cross', symbol: 'EURGBP', base: 'EURUSD', quote: 'GBPUSD', op: 'divide' },
  // The HKMA's convertibility undertakings hold USDHKD inside 7.75-7.85; 7.80 +- 0.048 leaves room for the spread.
  { kind: 'peg', symbol: 'USDHKD', centre: 7.8, halfWidth: 0.048, width: 0.05, volatility: '0.05' },
  { kind: 'index', symbol: 'SPX', future: 'ES', financing: FINANCING, dividendYield: 0.013 },
  { kind: 'index', symbol: 'NDX', future: 'NQ', financing: FINANCING, dividendYield: 0.007 },
  { kind: 'index', symbol: 'DJI', future: 'YM', financing: FINANCING, dividendYield: 0.019 },
];

const BY_SYMBOL = new Map(RELATIONS.map((r) => [r.symbol, r] as const));
/** The index each index future is the future of. */
const INDEX_OF_FUTURE = new Map(RELATIONS.flatMap((r) => (r.kind === 'index' ? [[r.future, r.symbol] as const] : [])));

export function relationOf(symbol: string): Relation | undefined {
  return BY_SYMBOL.get(symbol);
}

/**
 * Carry of a future over its index on trading day `day`: (financing - dividend yield) x the years
 * left to expiry, counted in whole calendar days; nothing after expiry.
 */
export function carryOf(relation: Extract<Relation, { kind: 'index' }>, expiry: string, day: number): number {
  return ((relation.financing - relation.dividendYield) * Math.max(0, isoToDay(expiry) - day)) / 365;
}

/**
 * The price model of `instrument`: derived from others when a relation names it and its legs exist.
 * `instrumentOf` finds the other instruments of the market (an index future's index).
 */
export function createModel(
  instrument: Instrument,
  seed: string,
  modelOf: (symbol: string) => SymbolModel | undefined,
  instrumentOf: (symbol: string) => Instrument | undefined = () => undefined,
): SymbolModel {
  if (isListing(instrument)) return new ListingModel(instrument, seed);
  const index = INDEX_OF_FUTURE.get(instrument.symbol);
  const indexInstrument = index === undefined ? undefined : instrumentOf(index);
  if (indexInstrument) return new IndexFutureModel(instrument, seed, indexInstrument.calendar);
  const relation = relationOf(instrument.symbol);
  if (relation?.kind === 'cross') {
    const base = modelOf(relation.base);
    const quote = modelOf(relation.quote);
    if (base && quote && base.instrument.calendar === instrument.calendar && quote.instrument.calendar === instrument.calendar) {
      return new CrossModel(instrument, seed, base, quote, relation.op);
    }
  }
  if (relation?.kind === 'peg') {
    const latent = new SymbolModel(
      { ...instrument, symbol: `${instrument.symbol}\u0000peg`, basePrice: '1.0000000', tickSize: '0.0000001', volatility: relation.volatility },
      seed,
    );
    const unit = latent.tick.approx;
    const step = Number(instrument.tickSize);
    // The hidden walk starts at 1, where the map gives the instrument's reference price.
    const z0 = Math.atanh((Number(instrument.basePrice) - relation.centre) / relation.halfWidth);
    const map = (ticks: number): number =>
      quantisePositive(relation.centre + relation.halfWidth * Math.tanh(Math.log(ticks * unit) / relation.width + z0), step);
    return new MappedModel(instrument, seed, latent, () => map);
  }
  if (relation?.kind === 'index') {
    const future = modelOf(relation.future);
    const expiry = future?.instrument.expiry;
    if (future && expiry) {
      const unit = future.tick.approx;
      const step = Number(instrument.tickSize);
      return new MappedModel(instrument, seed, future, (day) => {
        const divisor = 1 + carryOf(relation, expiry, day);
        return (ticks: number) => quantisePositive((ticks * unit) / divisor, step);
      });
    }
  }
  return new SymbolModel(instrument, seed);
}

/** An index future: its own walk, whose day closes at its index's close (see the head of this file). */
class IndexFutureModel extends SymbolModel {
  constructor(
    instrument: Instrument,
    seed: string,
    private readonly indexCalendar: CalendarId,
  ) {
    super(instrument, seed);
  }

  protected override closePinnedAt(day: number): number | null {
    return dayClose(this.indexCalendar, day, false);
  }
}

/** A derived path remembers where its seconds come from when they are a map of the leg's. */
interface MappedPath extends DayPath {
  source?: { path: DayPath; offset: number; map: (ticks: number) => number };
}

abstract class DerivedModel extends SymbolModel {
  /** Lots of this instrument per lot of the leg its volume follows. */
  protected abstract readonly volumeRatio: number;

  override closeTicks(day: number): number {
    let d = day;
    for (let k = 0; k < 30; k += 1) {
      const summary = this.isTradingDay(d) ? this.daySummary(d) : null;
      if (summary) return summary.close;
      d = previousTradingDay(this.instrument.calendar, d);
    }
    throw new Error(`${this.instrument.symbol}: no close before ${day}`);
  }

  override closeLog(day: number): number {
    return Math.log(this.closeTicks(day) * this.tick.approx);
  }

  protected override buildDay(day: number): DayPath | null {
    return this.derive(day);
  }

  /** The day's path, with its previous close. */
  protected abstract derive(day: number): DayPath | null;

  /**
   * This instrument's lots in each of `n` minutes of a leg from minute `from`: the leg's lots beyond
   * one a minute, scaled and cut on cumulative sums, plus one. Any run of minutes therefore sums to
   * the same figure however it is split, and every minute has a lot.
   */
  protected scaledVolume(legVol: Float64Array, from: number, n: number): Float64Array {
    const out = new Float64Array(n);
    const r = this.volumeRatio;
    let cum = 0;
    let cut = 0;
    for (let k = 0; k < n; k += 1) {
      cum += (legVol[from + k] ?? 1) - 1;
      const next = Math.floor(r * cum);
      out[k] = 1 + next - cut;
      cut = next;
    }
    return out;
  }

  protected finish(path: Omit<DayPath, 'summary'>, time: number, end: number): DayPath {
    const bar: Bar | null = this.aggregate(path as DayPath, path.regFrom, path.regTo, { done: path.starts.length, partial: -1, second: 0 });
    const summary: DayBar = { ...(bar ?? { time, open: 1, high: 1, low: 1, close: 1, volume: 0 }), time, end };
    return { ...path, summary };
  }
}

function lotsPerDay(i: Instrument): number {
  return Number(i.averageDailyVolume) / Number(i.lotSize);
}

/**
 * A cross's path remembers its legs' paths (its seconds are theirs, combined) and, per minute, the
 * widest it could reach (`ub`, `lb`: the legs' extremes combined) and whether `hi` and `lo` are
 * already exact; until then they hold the minute's open and close, a lower (upper) bound.
 */
interface CrossPath extends DayPath {
  legs: { base: DayPath; quote: DayPath };
  ub: Float64Array;
  lb: Float64Array;
  exact: Uint8Array;
}

/**
 * EURJPY = EURUSD x USDJPY, EURGBP = EURUSD / GBPUSD, on the legs' common FX calendar. Every second
 * is the legs' seconds combined and put on the cross's grid; a minute's high and low are the
 * highest and lowest of its seconds. Reading all seconds of a day costs milliseconds, so a minute's
 * seconds are read only when its bound could change the answer asked for (see `settle`).
 */
class CrossModel extends DerivedModel {
  protected readonly volumeRatio: number;

  constructor(
    instrument: Instrument,
    seed: string,
    private readonly base: SymbolModel,
    private readonly quote: SymbolModel,
    private readonly op: 'multiply' | 'divide',
  ) {
    super(instrument, seed);
    this.volumeRatio = lotsPerDay(instrument) / lotsPerDay(base.instrument);
  }

  private combine(a: number, b: number): number {
    const x = a * this.base.tick.approx;
    const y = b * this.quote.tick.approx;
    return quantisePositive(this.op === 'multiply' ? x * y : x / y, this.tick.approx);
  }

  private seconds(pa: DayPath, pb: DayPath, i: number): Float64Array {
    const a = this.base.secondPath(pa, i);
    const b = this.quote.secondPath(pb, i);
    const out = new Float64Array(61);
    for (let s = 0; s <= 60; s += 1) out[s] = this.combine(a[s] as number, b[s] as number);
    return out;
  }

  protected derive(day: number): DayPath | null {
    const pa = this.base.dayPath(day);
    const pb = this.quote.dayPath(day);
    return pa && pb ? this.build(day, pa, pb) : null;
  }

  /**
   * The regular session from the legs' 15-minute blocks: the cross at every block edge, then only the
   * blocks whose bound (the legs' block extremes combined) passes the high or low known so far are
   * refined into minutes, and only those minutes' seconds whose bound still passes it are read.
   * The same figures as the full path's, for a few blocks' work.
   */
  protected override buildSummary(day: number): DayBar | null {
    const ba = this.base.blocks(day);
    const bb = this.quote.blocks(day);
    if (!ba || !bb) return null;
    if (ba.layout.signature !== bb.layout.signature) throw new Error(`${this.instrument.symbol}: legs on different sessions`);
    const { bFrom, bTo, blockStart, regFrom, regTo } = ba.layout;
    const multiply = this.op === 'multiply';
    const pa = this.base.sparsePath(day, ba);
    const pb = this.quote.sparsePath(day, bb);
    const refined = new Uint8Array(ba.layout.nb);
    let high = 0;
    let low = Number.POSITIVE_INFINITY;
    for (let k = bFrom; k <= bTo; k += 1) {
      const v = this.combine(ba.px[k] as number, bb.px[k] as number);
      if (v > high) high = v;
      if (v < low) low = v;
    }
    const blockUp = (b: number): number => this.combine(ba.hi[b] as number, (multiply ? bb.hi[b] : bb.lo[b]) as number);
    const blockDown = (b: number): number => this.combine(ba.lo[b] as number, (multiply ? bb.lo[b] : bb.hi[b]) as number);
    const minuteUp = (i: number): number => this.combine(pa.hi[i] as number, (multiply ? pb.hi[i] : pb.lo[i]) as number);
    const minuteDown = (i: number): number => this.combine(pa.lo[i] as number, (multiply ? pb.lo[i] : pb.hi[i]) as number);
    const minutesOf = (b: number): number[] => {
      if (!refined[b]) {
        this.base.refineBlock(ba, b, pa);
        this.quote.refineBlock(bb, b, pb);
        refined[b] = 1;
      }
      const from = blockStart[b] as number;
      const to = from + (ba.weights.blockLen[b] as number);
      const out: number[] = [];
      for (let i = from; i < to; i += 1) out.push(i);
      return out;
    };
    const blocks: number[] = [];
    for (let b = bFrom; b < bTo; b += 1) blocks.push(b);
    for (const b of blocks.filter((x) => blockUp(x) > high).sort((x, y) => blockUp(y) - blockUp(x) || x - y)) {
      if (blockUp(b) <= high) break;
      const minutes = minutesOf(b);
      for (const i of minutes) high = Math.max(high, this.combine(pa.px[i + 1] as number, pb.px[i + 1] as number));
      for (const i of minutes.filter((x) => minuteUp(x) > high).sort((x, y) => minuteUp(y) - minuteUp(x) || x - y)) {
        if (minuteUp(i) <= high) break;
        for (const v of this.seconds(pa, pb, i)) if (v > high) high = v;
      }
    }
    for (const b of blocks.filter((x) => blockDown(x) < low).sort((x, y) => blockDown(x) - blockDown(y) || x - y)) {
      if (blockDown(b) >= low) break;
      const minutes = minutesOf(b);
      for (const i of minutes) low = Math.min(low, this.combine(pa.px[i + 1] as number, pb.px[i + 1] as number));
      for (const i of minutes.filter((x) => minuteDown(x) < low).sort((x, y) => minuteDown(x) - minuteDown(y) || x - y)) {
        if (minuteDown(i) >= low) break;
        for (const v of this.seconds(pa, pb, i)) if (v < low) low = v;
      }
    }
    // The lots of the base leg before the session and before its close, as the path's cumulative cut has them.
    let before = 0;
    let through = 0;
    for (let b = 0; b < bTo; b += 1) {
      if (b < bFrom) before += ba.vol[b] as number;
      through += ba.vol[b] as number;
    }
    const r = this.volumeRatio;
    const volume = regTo - regFrom + Math.floor(r * (through - regTo)) - Math.floor(r * (before - regFrom));
    return {
      time: ba.summary.time,
      end: ba.summary.end,
      open: this.combine(ba.px[bFrom] as number, bb.px[bFrom] as number),
      high,
      low,
      close: this.combine(ba.px[bTo] as number, bb.px[bTo] as number),
      volume,
    };
  }

  private build(day: number, pa: DayPath, pb: DayPath): CrossPath {
    if (pb.starts.length !== pa.starts.length || pb.starts[0] !== pa.starts[0] || pb.regFrom !== pa.regFrom)
      throw new Error(`${this.instrument.symbol}: legs on different sessions`);
    const n = pa.starts.length;
    const multiply = this.op === 'multiply';
    const px = new Float64Array(n + 1);
    const hi = new Float64Array(n);
    const lo = new Float64Array(n);
    const ub = new Float64Array(n);
    const lb = new Float64Array(n);
    const exact = new Uint8Array(n);
    for (let i = 0; i <= n; i += 1) px[i] = this.combine(pa.px[i] as number, pb.px[i] as number);
    for (let i = 0; i < n; i += 1) {
      const top = Math.max(px[i] as number, px[i + 1] as number);
      const bottom = Math.min(px[i] as number, px[i + 1] as number);
      hi[i] = top;
      lo[i] = bottom;
      ub[i] = Math.max(top, this.combine(pa.hi[i] as number, (multiply ? pb.hi[i] : pb.lo[i]) as number));
      lb[i] = Math.min(bottom, this.combine(pa.lo[i] as number, (multiply ? pb.lo[i] : pb.hi[i]) as number));
      exact[i] = ub[i] === top && lb[i] === bottom ? 1 : 0;
    }
    const partial = {
      day,
      starts: pa.starts,
      px,
      hi,
      lo,
      vol: this.scaledVolume(pa.vol, 0, n),
      regFrom: pa.regFrom,
      regTo: pa.regTo,
      prevClose: this.combine(pa.prevClose, pb.prevClose),
      minuteSd: pa.minuteSd,
      summary: { time: 0, end: 0, open: 1, high: 1, low: 1, close: 1, volume: 0 },
      legs: { base: pa, quote: pb },
      ub,
      lb,
      exact,
    };
    const summary = this.finish(partial, pa.summary.time, pa.summary.end).summary;
    return { ...partial, summary };
  }

  /** Make hi and lo of minute i exact. */
  private settleMinute(path: CrossPath, i: number): void {
    if (path.exact[i]) return;
    const sec = this.seconds(path.legs.base, path.legs.quote, i);
    let top = path.hi[i] as number;
    let bottom = path.lo[i] as number;
    for (let s = 1; s < 60; s += 1) {
      const v = sec[s] as number;
      if (v > top) top = v;
      if (v < bottom) bottom = v;
    }
    path.hi[i] = top;
    path.lo[i] = bottom;
    path.exact[i] = 1;
  }

  /**
   * Make the highest hi and the lowest lo of the minutes [from, to) exact: settle minutes in order
   * of their bound until no unsettled bound can pass what is known. A single minute is settled outright.
   */
  private settle(path: CrossPath, from: number, to: number): void {
    let top = 0;
    let bottom = Number.POSITIVE_INFINITY;
    for (let i = from; i < to; i += 1) {
      if ((path.hi[i] as number) > top) top = path.hi[i] as number;
      if ((path.lo[i] as number) < bottom) bottom = path.lo[i] as number;
    }
    const ups: number[] = [];
    const downs: number[] = [];
    for (let i = from; i < to; i += 1) {
      if (path.exact[i]) continue;
      if ((path.ub[i] as number) > top) ups.push(i);
      if ((path.lb[i] as number) < bottom) downs.push(i);
    }
    ups.sort((x, y) => (path.ub[y] as number) - (path.ub[x] as number) || x - y);
    for (const i of ups) {
      if ((path.ub[i] as number) <= top) break;
      this.settleMinute(path, i);
      if ((path.hi[i] as number) > top) top = path.hi[i] as number;
    }
    downs.sort((x, y) => (path.lb[x] as number) - (path.lb[y] as number) || x - y);
    for (const i of downs) {
      if ((path.lb[i] as number) >= bottom) break;
      this.settleMinute(path, i);
      if ((path.lo[i] as number) < bottom) bottom = path.lo[i] as number;
    }
  }

  override aggregate(path: DayPath, from: number, to: number, pos: Position): Bar | null {
    const cross = path as Partial<CrossPath>;
    if (cross.exact) {
      const last = Math.min(to, pos.partial >= 0 ? pos.partial + 1 : pos.done);
      const complete = pos.partial >= from && pos.partial < last ? pos.partial : last;
      if (complete > from) this.settle(path as CrossPath, from, complete);
    }
    return super.aggregate(path, from, to, pos);
  }

  override secondPath(path: DayPath, i: number): Float64Array {
    const legs = (path as Partial<CrossPath>).legs;
    return legs ? this.seconds(legs.base, legs.quote, i) : super.secondPath(path, i);
  }
}

/** An instrument that is a monotone map (fixed for the day) of one leg during its own sessions. */
class MappedModel extends DerivedModel {
  protected readonly volumeRatio: number;

  constructor(
    instrument: Instrument,
    seed: string,
    private readonly leg: SymbolModel,
    private readonly mapFor: (day: number) => (ticks: number) => number,
  ) {
    super(instrument, seed);
    this.volumeRatio = lotsPerDay(instrument) / lotsPerDay(leg.instrument);
  }

  protected derive(day: number): DayPath | null {
    return this.build(day, true);
  }

  /** From the leg's 15-minute blocks when the session is whole blocks of the leg (a map commutes with max and min). */
  protected override buildSummary(day: number): DayBar | null {
    const own = this.minutesOf(day);
    if (!own) return null;
    const n = own.starts.length;
    const window = own.regFrom === 0 && own.regTo === n ? this.leg.windowBar(day, own.starts[0] as number, (own.starts[n - 1] as number) + MINUTE) : null;
    if (!window || window.minutes !== n) return this.build(day, false)?.summary ?? null;
    const map = this.mapFor(day);
    const { bar } = window;
    const volume = n + Math.floor(this.volumeRatio * (bar.volume - n));
    return { time: own.time, end: own.end, open: map(bar.open), high: map(bar.high), low: map(bar.low), close: map(bar.close), volume };
  }

  /** The day's path; `live` paths (kept in cache, read by snapshots) also know the previous close. */
  private build(day: number, live: boolean): DayPath | null {
    const own = this.minutesOf(day);
    if (!own) return null;
    const lp = live ? this.leg.dayPath(day) : this.leg.minutePath(day);
    if (!lp) return null;
    const n = own.starts.length;
    const offset = indexOf(lp.starts, own.starts[0] as number);
    if (offset < 0 || lp.starts[offset + n - 1] !== own.starts[n - 1]) throw new Error(`${this.instrument.symbol}: session outside its leg's`);
    const map = this.mapFor(day);
    const px = new Float64Array(n + 1);
    const hi = new Float64Array(n);
    const lo = new Float64Array(n);
    for (let k = 0; k <= n; k += 1) px[k] = map(lp.px[offset + k] as number);
    for (let k = 0; k < n; k += 1) {
      hi[k] = map(lp.hi[offset + k] as number);
      lo[k] = map(lp.lo[offset + k] as number);
    }
    const path: MappedPath = this.finish(
      {
        day,
        starts: own.starts,
        px,
        hi,
        lo,
        vol: this.scaledVolume(lp.vol, offset, n),
        regFrom: own.regFrom,
        regTo: own.regTo,
        prevClose: live ? this.closeTicks(previousTradingDay(this.instrument.calendar, day)) : 0,
        minuteSd: lp.minuteSd,
      },
      own.time,
      own.end,
    );
    path.source = { path: lp, offset, map };
    return path;
  }

  override secondPath(path: DayPath, i: number): Float64Array {
    const source = (path as MappedPath).source;
    if (!source) return super.secondPath(path, i);
    const raw = this.leg.secondPath(source.path, source.offset + i);
    const out = new Float64Array(61);
    for (let s = 0; s <= 60; s += 1) out[s] = source.map(raw[s] as number);
    return out;
  }
}

function indexOf(starts: Float64Array, at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = starts[mid] as number;
    if (v === at) return mid;
    if (v < at) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
