import type { AuctionPhase, AuctionSession } from '@tradeapp/contract';
import { CALENDARS, dayToIso, daySegments, isoToDay, isTradingDay, localDay } from '../../market/calendars';

// When the auction takes orders, on the Hong Kong calendar (its holidays and its pre-opening
// segment, 09:00-09:30 in calendars.ts). HKEX divides the pre-opening session: orders in, amended
// and cancelled until 09:15, orders in but no cancels until 09:20, the match at 09:20, and the
// continuous session from 09:30.

const MINUTE = 60_000;
export const AUCTION_CALENDAR = 'HK';
export const AUCTION_TIME_ZONE = CALENDARS.HK.timeZone;
const NO_CANCEL_AFTER = 15 * MINUTE;
const MATCH_AFTER = 20 * MINUTE;

/** One trading day's pre-opening session, as instants (epoch ms). */
export interface AuctionDay {
  day: number;
  tradingDay: string;
  inputFrom: number;
  noCancelFrom: number;
  matchAt: number;
  openAt: number;
}

/** The pre-opening session of `day`; null when the day has none (a weekend or a holiday). */
export function auctionDayOf(day: number): AuctionDay | null {
  const pre = daySegments(AUCTION_CALENDAR, day, false).find((s) => s.phase === 'pre');
  if (!pre) return null;
  return { day, tradingDay: dayToIso(day), inputFrom: pre.start, noCancelFrom: pre.start + NO_CANCEL_AFTER, matchAt: pre.start + MATCH_AFTER, openAt: pre.end };
}

export const auctionDayOfIso = (tradingDay: string) => auctionDayOf(isoToDay(tradingDay));

const today = (at: number) => localDay(AUCTION_TIME_ZONE, at);

/** The session in progress at `at` (from its 09:00 until its 09:30), else the next one. */
export function upcoming(at: number): AuctionDay {
  for (let d = today(at); ; d += 1) {
    const s = isTradingDay(AUCTION_CALENDAR, d) ? auctionDayOf(d) : null;
    if (s && at < s.openAt) return s;
  }
}

/** The latest session whose order input has begun by `at`: today's from 09:00, else the one before. */
export function latest(at: number): AuctionDay {
  for (let d = today(at); ; d -= 1) {
    const s = isTradingDay(AUCTION_CALENDAR, d) ? auctionDayOf(d) : null;
    if (s && s.inputFrom <= at) return s;
  }
}

/** The latest session whose match time has come by `at`: what the match job may run. */
export function latestDue(at: number): AuctionDay {
  for (let d = today(at); ; d -= 1) {
    const s = isTradingDay(AUCTION_CALENDAR, d) ? auctionDayOf(d) : null;
    if (s && s.matchAt <= at) return s;
  }
}

export function phaseOf(s: AuctionDay, at: number): AuctionPhase {
  if (at < s.inputFrom || at >= s.openAt) return 'closed';
  if (at < s.noCancelFrom) return 'input';
  if (at < s.matchAt) return 'noCancel';
  return 'matching';
}

/**
 * The session as the screens show it at `at`: the phase now; the day whose book is shown (the
 * session in progress, else the latest one, whose results stay up until the next opens); and the
 * schedule of the session in progress or the next one, for the countdown.
 */
export function sessionAt(at: number): { session: AuctionSession; shown: AuctionDay; next: AuctionDay } {
  const next = upcoming(at);
  const phase = phaseOf(next, at);
  const shown = phase === 'closed' ? latest(at) : next;
  const changes = [next.inputFrom, next.noCancelFrom, next.matchAt, next.openAt].filter((t) => t > at);
  return {
    shown,
    next,
    session: {
      phase,
      tradingDay: shown.tradingDay,
      timeZone: AUCTION_TIME_ZONE,
      inputFromTimestamp: next.inputFrom,
      noCancelFromTimestamp: next.noCancelFrom,
      matchTimestamp: next.matchAt,
      openTimestamp: next.openAt,
      nextChangeTimestamp: changes[0] ?? next.openAt,
      timestamp: at,
    },
  };
}
