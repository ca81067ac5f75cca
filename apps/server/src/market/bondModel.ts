// Bond prices in the simulated market (decision 0022): no walk of their own. A bond's mid clean price
// at any instant is the present value per 100 face of its remaining cash flows at its currency's
// zero curve plus the bond's spread, less accrued interest; bid and ask sit a fixed half-spread
// around it. The curve moves slowly and smoothly (curve.ts), so the path is read off it:
// - each 15-minute block's ends are the price at those instants, its range the two ends;
// - each minute's ends are the price then, kept inside its block's range, its range its two ends;
// - a price holds for its minute, as the bonds module's does: the curve moves far less than a tick
//   in a minute.
// Every level therefore stays inside the one above, as the walk model's do, and daily candles need
// only the block ends. The model is in floating point, as every price model of the market is; what
// it emits is quantised to the tick.
//
// One price per bond (issue 32): `BondPricer.quote` is the one function every bond price comes from.
// The market's snapshot (Markets, the quote page, the live ticks) reads it, and so does the bonds
// module for its pages, its orders and its holdings' value (modules/bonds/pricing.ts); the paths
// above are drawn from the same `ticks`. A quote is of the bond market's last trade: of the moment
// asked while the market trades, of its session's end while it is closed. It is the price of a trade
// then, so its cash flows are discounted to, and its accrued interest counted to, that trade's
// settlement day (`bondSettlementDay`: T+1 for Treasuries, T+2 for the euro bonds and Mbonos).

import { bondSettlementDay, bondSpecOf, bondTermsAt, couponPeriod, DAY_MS, paymentDays, type BondTerms } from './bondTerms';
import { lastTradeAt, previousTradingDay } from './calendars';
import type { YieldCurves } from './curve';
import { formatSteps, increment, parseSteps, quantisePositive } from './decimal';
import { MINUTE, SymbolModel, type Bar, type DayBar, type DayPath } from './model';
import { mix, uniformOf } from './random';
import type { Instrument } from './types';

const BLOCK = 15;

/** A listing's spread over its curve (basis points) from a moment on; the earliest applies before it. */
export interface SpreadChange {
  from: number;
  spreadBp: string;
}

/** The spread in force at `at` in a schedule sorted by `from`, or `fallback` when there is none. */
export function spreadAt(schedule: readonly SpreadChange[] | undefined, at: number, fallback: string): string {
  if (!schedule || schedule.length === 0) return fallback;
  let found = schedule[0]!.spreadBp;
  for (const change of schedule) {
    if (change.from > at) break;
    found = change.spreadBp;
  }
  return found;
}

/** Every bond and bill is quoted per 100 face to this tick (the universe's `tickSize` of a bond). */
export const BOND_TICK = increment('0.0001');

/**
 * The moment a bond's quote at `at` is of: `at` while the bond market trades, else the end of its
 * last session (its last trade). A closed market's quote is the price it closed at, stamped then.
 */
export const bondQuoteTime = (at: number): number => lastTradeAt('BONDS', at, false);

/** One bond's quote: the moment it is of, the settlement day of a trade then, and its clean mid price per 100 face, in ticks of BOND_TICK and as a decimal string. */
export interface BondQuoteTicks {
  time: number;
  settlementDay: number;
  ticks: number;
  mid: string;
}

interface DayFlows {
  /** Years to each payment on Actual/365, and what it pays per 100 face. */
  years: Float64Array;
  amounts: Float64Array;
  accrued: number;
}

/** Clean mid prices per 100 face in floating point, from the curve and each bond's terms and spread. */
export class BondPricer {
  private readonly flows = new Map<string, DayFlows>();
  private schedules = new Map<string, readonly SpreadChange[]>();

  constructor(private readonly curves: YieldCurves) {}

  setSchedules(schedules: ReadonlyMap<string, readonly SpreadChange[]>): void {
    this.schedules = new Map(schedules);
  }

  schedule(symbol: string): readonly SpreadChange[] | undefined {
    return this.schedules.get(symbol);
  }

  private flowsOf(terms: BondTerms, day: number): DayFlows {
    const key = `${terms.symbol}|${terms.maturity}|${day}`;
    const hit = this.flows.get(key);
    if (hit) return hit;
    const coupon = terms.frequency === 0 ? 0 : Number(terms.couponRate) / terms.frequency;
    const days = paymentDays(terms, day);
    const years = Float64Array.from(days, (d) => (d - day) / 365);
    const amounts = Float64Array.from(days, (d) => (d === terms.maturity ? coupon + 100 : coupon));
    const period = couponPeriod(terms, day);
    const accrued = period ? (coupon * (day - period.previous)) / (period.next - period.previous) : 0;
    const built = { years, amounts, accrued };
    if (this.flows.size > 20_000) this.flows.clear();
    this.flows.set(key, built);
    return built;
  }

  /** The clean mid of `terms` at `at` with a spread (basis points), in floating point: the curve at `at`, to the settlement day of a trade at `at`. */
  private cleanMidOf(terms: BondTerms, at: number, spreadBp: string): number {
    const f = this.flowsOf(terms, bondSettlementDay(terms.currency, at));
    const spread = Number(spreadBp) / 10_000;
    let pv = 0;
    for (let k = 0; k < f.years.length; k += 1) {
      const t = f.years[k] as number;
      const z = this.curves.zeroRateFloat(terms.currency, at, t);
      pv += (f.amounts[k] as number) * Math.pow(1 + z + spread, -t);
    }
    return pv - f.accrued;
  }

  /**
   * The clean mid of `terms` at an instant of the bond market's hours, in ticks: the curve at the
   * start of the instant's minute (a price holds for its minute), the spread of `schedule` in force
   * at the instant (the listing's first spread without one).
   */
  ticks(terms: BondTerms, at: number, schedule: readonly SpreadChange[] | undefined): number {
    const minute = Math.floor(at / MINUTE) * MINUTE;
    const spreadBp = spreadAt(schedule, at, bondSpecOf(terms.symbol).spreadBp);
    return quantisePositive(this.cleanMidOf(terms, minute, spreadBp), BOND_TICK.approx);
  }

  /**
   * The one quote of a bond at `at` (issue 32): its clean mid per 100 face at the moment of the bond
   * market's last trade (`bondQuoteTime`). `terms` are the issue quoted then: the listing's
   * (`bondTermsAt` on that moment's day) or a holding's own.
   */
  quote(terms: BondTerms, at: number, schedule: readonly SpreadChange[] | undefined): BondQuoteTicks {
    const time = bondQuoteTime(at);
    const ticks = this.ticks(terms, time, schedule);
    return { time, settlementDay: bondSettlementDay(terms.currency, Math.floor(time / MINUTE) * MINUTE), ticks, mid: formatSteps(ticks, BOND_TICK) };
  }

  /** A listing's quote at `at`: the issue quoted on the day of its moment, with the schedule this pricer was given. */
  listingQuote(instrument: Instrument, at: number): BondQuoteTicks {
    const time = bondQuoteTime(at);
    return this.quote(bondTermsAt(instrument, Math.floor(time / DAY_MS)), time, this.schedules.get(instrument.symbol));
  }

  /** A listing's clean mid at an instant of its hours, in ticks (what its paths are drawn from). */
  listingTicks(instrument: Instrument, at: number): number {
    return this.ticks(bondTermsAt(instrument, Math.floor(at / DAY_MS)), at, this.schedules.get(instrument.symbol));
  }
}

interface BondBlocks {
  starts: Float64Array;
  /** The minute indices of block edges, and the price (ticks) at each. */
  edges: number[];
  edgePx: number[];
  regFrom: number;
  regTo: number;
  time: number;
  end: number;
}

export class CurveBondModel extends SymbolModel {
  /** Half the bid-ask spread, in ticks. */
  readonly halfSpread: number;
  private readonly lotsPerMinute: number;

  constructor(
    instrument: Instrument,
    seed: string,
    private readonly pricer: BondPricer,
  ) {
    super(instrument, seed);
    this.halfSpread = parseSteps(bondSpecOf(instrument.symbol).halfSpread, this.tick);
    this.lotsPerMinute = Number(instrument.averageDailyVolume) / this.lot.approx / 540;
  }

  /** The mid clean price at an instant (the curve at the start of its minute), in ticks. */
  ticksAt(at: number): number {
    return this.pricer.listingTicks(this.instrument, Math.floor(at / MINUTE) * MINUTE);
  }

  /** The bond's one quote at `at` (`BondPricer.quote`): what its snapshot shows. */
  quoteAt(at: number): BondQuoteTicks {
    return this.pricer.listingQuote(this.instrument, at);
  }

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

  private blocksOfDay(day: number): BondBlocks | null {
    const own = this.minutesOf(day);
    if (!own) return null;
    const n = own.starts.length;
    const timeOf = (k: number) => (k < n ? (own.starts[k] as number) : (own.starts[n - 1] as number) + MINUTE);
    const edges: number[] = [];
    for (let k = 0; k < n; k += BLOCK) edges.push(k);
    edges.push(n);
    return {
      starts: own.starts,
      edges,
      edgePx: edges.map((k) => this.ticksAt(timeOf(k))),
      regFrom: own.regFrom,
      regTo: own.regTo,
      time: own.time,
      end: own.end,
    };
  }

  /** Lots traded in minute `i` of `day`: seeded, at least one. */
  private volumeOf(day: number, i: number): number {
    return 1 + Math.floor(this.lotsPerMinute * 2 * uniformOf(mix(mix(this.key, day), i)));
  }

  protected override buildSummary(day: number): DayBar | null {
    const b = this.blocksOfDay(day);
    if (!b) return null;
    let volume = 0;
    for (let i = b.regFrom; i < b.regTo; i += 1) volume += this.volumeOf(day, i);
    return {
      time: b.time,
      end: b.end,
      open: b.edgePx[0] as number,
      close: b.edgePx[b.edgePx.length - 1] as number,
      high: Math.max(...b.edgePx),
      low: Math.min(...b.edgePx),
      volume,
    };
  }

  protected override buildDay(day: number): DayPath | null {
    const b = this.blocksOfDay(day);
    if (!b) return null;
    const n = b.starts.length;
    const px = new Float64Array(n + 1);
    const hi = new Float64Array(n);
    const lo = new Float64Array(n);
    const vol = new Float64Array(n);
    for (let e = 0; e + 1 < b.edges.length; e += 1) {
      const from = b.edges[e] as number;
      const to = b.edges[e + 1] as number;
      const a = b.edgePx[e] as number;
      const c = b.edgePx[e + 1] as number;
      px[from] = a;
      px[to] = c;
      for (let k = from + 1; k < to; k += 1) px[k] = Math.min(Math.max(a, c), Math.max(Math.min(a, c), this.ticksAt(b.starts[k] as number)));
    }
    for (let i = 0; i < n; i += 1) {
      hi[i] = Math.max(px[i] as number, px[i + 1] as number);
      lo[i] = Math.min(px[i] as number, px[i + 1] as number);
      vol[i] = this.volumeOf(day, i);
    }
    const path: Omit<DayPath, 'summary'> = {
      day,
      starts: b.starts,
      px,
      hi,
      lo,
      vol,
      regFrom: b.regFrom,
      regTo: b.regTo,
      prevClose: this.closeTicks(previousTradingDay(this.instrument.calendar, day)),
      minuteSd: 0,
    };
    const bar: Bar | null = this.aggregate(path as DayPath, b.regFrom, b.regTo, { done: n, partial: -1, second: 0 });
    const summary: DayBar = { ...(bar ?? { time: b.time, open: 1, high: 1, low: 1, close: 1, volume: 0 }), time: b.time, end: b.end };
    return { ...path, summary };
  }

  /** The minute's price through its seconds, and the next minute's at its end. */
  override secondPath(path: DayPath, i: number): Float64Array {
    const out = new Float64Array(61).fill(path.px[i] as number);
    out[60] = path.px[i + 1] as number;
    return out;
  }
}
