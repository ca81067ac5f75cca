// A listing: an instrument that joins the simulated market at run time, an IPO deal's (decision
// 0019, "Listing"). The engine stays a pure function of (seed, instruments, time): what a listing
// does is drawn from the seed and its own fields (symbol, offer price, oversubscription, first day),
// so every node given the same listing computes the same prices.
//
// - Before its first day's regular open it has no session, candle or year range; its quote is the
//   offer price, untradable, as a broker shows a stock about to list.
// - Its first day opens at the drawn first price and walks like any other stock's day (the same
//   bridge, blocks, minutes and seconds) to a drawn first close; the pre-market is skipped.
// - From the first close on, its closes follow the same mean-reverting walk as every other stock,
//   centred on the first price: where the market first valued it.

import { CALENDARS, dayToIso, isoToDay, isTradingDay, localDay, nextTradingDay, regularSegments, type Segment } from './calendars';
import { PHI, SymbolModel } from './model';
import { mix, normalAt } from './random';
import type { CalendarId, Instrument, SessionState } from './types';

/**
 * The first day's move, in log price: ln(first price / offer) = mean + OPEN_SD x Z1, and from the
 * open the day walks to its close, ln(first close / first price) = DAY_SD x Z2 (Z1, Z2 standard
 * normals drawn from the seed and the symbol). The mean rises with the oversubscription o:
 * BASE + PER_LOG x ln(o), with ln(o) held within [LOW, HIGH] (o from 0.14 to 148). So the first
 * close is below the offer with probability Phi(-mean / sqrt(OPEN_SD^2 + DAY_SD^2)): 45 % for a
 * deal far undersubscribed, 31 % at o = 1, 18 % at o = 10, 9 % at o = 100, and about a quarter of
 * deals spread evenly in ln(o) over o = 0.1 .. 100: the 20-30 % first-day break rate of US and
 * Hong Kong IPOs, with hot deals breaking less. The mean first-day return at o = 10 is about
 * +18 %, the IPO underpricing a broker's customers expect.
 */
export const FIRST_DAY = { BASE: 0.08, PER_LOG: 0.03, LOW: -2, HIGH: 5, OPEN_SD: 0.15, DAY_SD: 0.06 } as const;

/** Mean of ln(first price / offer) for an oversubscription. */
export function firstDayMean(oversubscription: number): number {
  const o = Number.isFinite(oversubscription) && oversubscription > 0 ? Math.log(oversubscription) : FIRST_DAY.LOW;
  return FIRST_DAY.BASE + FIRST_DAY.PER_LOG * Math.min(FIRST_DAY.HIGH, Math.max(FIRST_DAY.LOW, o));
}

/** The first trading day of `calendar` on or after `day` (YYYY-MM-DD). */
export function firstTradingDayFrom(calendar: CalendarId, day: string): string {
  const d = isoToDay(day);
  return dayToIso(isTradingDay(calendar, d) ? d : nextTradingDay(calendar, d));
}

/** The regular session a listing on `day` first trades in: its day, open and close instants. */
export function firstSession(calendar: CalendarId, day: string): { day: string; opensAt: number; closesAt: number } {
  const first = firstTradingDayFrom(calendar, day);
  const regular = regularSegments(calendar, isoToDay(first));
  return { day: first, opensAt: regular[0]!.start, closesAt: regular[regular.length - 1]!.end };
}

/**
 * The day a listing decided at `at` trades first: the scheduled day (the first trading day on or
 * after `scheduled`) once its open has come, else the first trading day whose regular session
 * opens at or after `at`, so that listing early never gives an instrument a session that began
 * before it was listed.
 */
export function listingDayAt(calendar: CalendarId, scheduled: string, at: number): string {
  const planned = firstSession(calendar, scheduled);
  if (at >= planned.opensAt) return planned.day;
  let day = dayToIso(localDay(CALENDARS[calendar].timeZone, at));
  for (;;) {
    const s = firstSession(calendar, day);
    if (s.opensAt >= at) return s.day;
    day = dayToIso(isoToDay(s.day) + 1);
  }
}

/** A key of its own for the listing's draws, apart from the day, block and minute draws. */
const LISTING_DRAWS = 0x11571e9;
const NONE: readonly Segment[] = [];

export class ListingModel extends SymbolModel {
  /** The first trading day (a day number) and the instant its regular session opens. */
  readonly firstDay: number;
  readonly firstOpen: number;
  private readonly offerLog: number;
  /** ln of the first price: where the first day opens and the walk is centred. */
  private readonly firstPriceLog: number;
  private readonly firstCloseLog: number;
  private firstDaySegments: readonly Segment[] | null = null;
  private closes = new Float64Array(0);
  private closesLength = 0;

  constructor(instrument: Instrument & { listedOn: string }, seed: string) {
    super(instrument, seed);
    const first = firstSession(instrument.calendar, instrument.listedOn);
    this.firstDay = isoToDay(first.day);
    this.firstOpen = first.opensAt;
    this.offerLog = Math.log(Number(instrument.basePrice));
    const draws = mix(this.key, LISTING_DRAWS);
    this.firstPriceLog = this.offerLog + firstDayMean(Number(instrument.oversubscription ?? '1')) + FIRST_DAY.OPEN_SD * normalAt(draws, 0);
    this.firstCloseLog = this.firstPriceLog + FIRST_DAY.DAY_SD * normalAt(draws, 1);
  }

  /** The offer price before the first day; from it, the walk centred on the first price. */
  override closeLog(day: number): number {
    const offset = day - this.firstDay;
    if (offset < 0) return this.offerLog;
    while (this.closesLength <= offset) {
      if (this.closesLength === this.closes.length) {
        const grown = new Float64Array(Math.max(64, this.closes.length * 2));
        grown.set(this.closes);
        this.closes = grown;
      }
      const i = this.closesLength;
      const centre = this.firstPriceLog;
      this.closes[i] =
        i === 0 ? this.firstCloseLog : centre + PHI * ((this.closes[i - 1] as number) - centre) + this.stepSd * normalAt(this.key, this.firstDay + i);
      this.closesLength += 1;
    }
    return this.closes[offset] as number;
  }

  /** Nothing before the first day; on it, only what comes from the regular open on (no pre-market). */
  protected override segmentsOf(day: number): readonly Segment[] {
    if (day < this.firstDay) return NONE;
    if (day > this.firstDay) return super.segmentsOf(day);
    this.firstDaySegments ??= super.segmentsOf(day).filter((s) => s.start >= this.firstOpen);
    return this.firstDaySegments;
  }

  protected override openLog(day: number, previousCloseLog: number, draw: number): number {
    return day === this.firstDay ? this.firstPriceLog : super.openLog(day, previousCloseLog, draw);
  }

  /** The session before the first open: closed, on the first day, until that open. */
  sessionBefore(): SessionState {
    return {
      phase: 'closed',
      tradable: false,
      tradingDay: dayToIso(this.firstDay),
      timeZone: CALENDARS[this.instrument.calendar].timeZone,
      nextChange: this.firstOpen,
    };
  }
}

export const isListing = (instrument: Instrument): instrument is Instrument & { listedOn: string } => instrument.listedOn !== undefined;
