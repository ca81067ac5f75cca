import {
  DEAL_MARKETS,
  dayIn,
  dayToIso,
  daySegments,
  isoToDay,
  isWindowTime,
  localDay,
  localMinute,
  localToUtc,
  nextWindowTime,
  tradingDayOnOrAfter,
  type DealMarket,
  type DealWindowEdge,
} from '@tradeapp/contract';

// A deal's dates are days on its exchange's calendar and its window opens and closes at times on
// the exchange's clock, as a prospectus states them ("12:00 noon Hong Kong time"). The editor
// takes them that way and shows what they are on the operator's own clock; everything is written
// in the operator's locale (the browser's). The zone arithmetic is the contract's calendar's, the
// one the server checks the schedule with.

export const MARKET_ZONE_NAMES: Record<DealMarket, string> = { US: 'New York time', HK: 'Hong Kong time' };

export const zoneOf = (market: DealMarket) => DEAL_MARKETS[market].timeZone;

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DDTHH:mm` (a datetime-local input's value) on `timeZone`'s clock at `at`. */
export function toZonedInput(at: number, timeZone: string): string {
  const minute = localMinute(timeZone, at);
  return `${dayToIso(localDay(timeZone, at))}T${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
}

/**
 * The moment a datetime-local value means on `timeZone`'s clock; null when it is not one. A time
 * a spring-forward skips is read with the offset after it (the calendar's `localToUtc`).
 */
export function fromZonedInput(value: string, timeZone: string): number | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  return localToUtc(timeZone, isoToDay(m[1]!), Number(m[2]) * 60 + Number(m[3]));
}

/** The operator's own time zone, the browser's. */
export const ownZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Today on the operator's calendar. */
export const ownToday = () => dayOf(Date.now(), ownZone());

/** `YYYY-MM-DD` on `timeZone`'s calendar at `at`. */
export const dayOf = (at: number, timeZone: string): string => dayIn(timeZone, at);

/** A day (`YYYY-MM-DD`) in the operator's locale: "Jun 10, 2025", "10 jun 2025". */
export function formatDay(day: string | null | undefined, style: 'medium' | 'full' = 'medium'): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return day || '—';
  return new Intl.DateTimeFormat(undefined, { dateStyle: style, timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/**
 * A moment in the operator's locale on `timeZone`'s clock (or the operator's own without one),
 * with the zone's short name ("GMT+8", "EDT") where the clock is not the operator's.
 */
export function formatMoment(at: number, timeZone?: string): string {
  return new Intl.DateTimeFormat(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: timeZone ? 'short' : undefined,
  }).format(new Date(at));
}

/** A time of day in the operator's locale on `timeZone`'s clock: "9:00 AM", "09:00". */
export function formatClock(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, { timeStyle: 'short', timeZone }).format(new Date(at));
}

/** A month (`YYYY-MM`) in the operator's locale: "June 2025". */
export function formatMonth(month: string): string {
  return new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}

/** The day `days` after `day` (both `YYYY-MM-DD`). */
export const addDays = (day: string, days: number): string => dayToIso(isoToDay(day) + days);

/**
 * The hours a window may open or close in on the exchange's trading day on or after `day`, on its
 * clock: "09:00–12:00, 13:00–16:00" in Hong Kong (the pre-opening and the morning run on),
 * "09:30–16:00" in New York, "09:00–12:00" on a half day.
 */
export function windowHours(market: DealMarket, day: string): string {
  const calendar = DEAL_MARKETS[market].calendar;
  const zone = zoneOf(market);
  const spans: { start: number; end: number }[] = [];
  for (const s of daySegments(calendar, tradingDayOnOrAfter(calendar, isoToDay(day)), false)) {
    const last = spans.at(-1);
    if (last && last.end === s.start) last.end = s.end;
    else spans.push({ start: s.start, end: s.end });
  }
  return spans.map((s) => `${formatClock(s.start, zone)}–${formatClock(s.end, zone)}`).join(', ');
}

/** A typed window time off the exchange's hours: the next time it could take, on the exchange's clock; null when it is fine or not a time. */
export function windowTimeHint(market: DealMarket, value: string, edge: DealWindowEdge): string | null {
  const at = fromZonedInput(value, zoneOf(market));
  if (at === null || isWindowTime(market, at, edge)) return null;
  return `Outside the exchange’s hours: the next valid time is ${formatMoment(nextWindowTime(market, at, edge), zoneOf(market))}.`;
}

/** A typed date that is no trading day of the exchange: the next one; null when it is one or not a date. */
export function tradingDayHint(market: DealMarket, day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const next = dayToIso(tradingDayOnOrAfter(DEAL_MARKETS[market].calendar, isoToDay(day)));
  return next === day ? null : `Not a trading day of the exchange: the next is ${formatDay(next)}.`;
}
