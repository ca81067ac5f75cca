import { DEAL_MARKETS, type DealMarket } from '@tradeapp/contract';

// A deal's dates are days on its exchange's calendar and its window opens and closes at times on
// the exchange's clock, as a prospectus states them ("12:00 noon Hong Kong time"). The editor
// takes them that way and shows what they are on the operator's own clock; everything is written
// in the operator's locale (the browser's), never through a library that guesses a zone.

export const MARKET_ZONE_NAMES: Record<DealMarket, string> = { US: 'New York time', HK: 'Hong Kong time' };

export const zoneOf = (market: DealMarket) => DEAL_MARKETS[market].timeZone;

const partsFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string) {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

/** The wall clock in `timeZone` at `at`, as the numbers Date.UTC takes. */
function wallClock(timeZone: string, at: number) {
  const parts = Object.fromEntries(partsFormat(timeZone).formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute), second: Number(parts.second) };
}

/** How far `timeZone`'s clock is ahead of UTC at `at`, in milliseconds. */
function offsetAt(timeZone: string, at: number): number {
  const c = wallClock(timeZone, at);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(at / 1000) * 1000;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DDTHH:mm` (a datetime-local input's value) on `timeZone`'s clock at `at`. */
export function toZonedInput(at: number, timeZone: string): string {
  const c = wallClock(timeZone, at);
  return `${String(c.year)}-${pad(c.month)}-${pad(c.day)}T${pad(c.hour)}:${pad(c.minute)}`;
}

/**
 * The moment a datetime-local value means on `timeZone`'s clock; null when it is not one. Read
 * twice because the offset of the guess may differ from the offset at the answer (a daylight-saving
 * change between them); a time a spring-forward skips is read with the offset after it.
 */
export function fromZonedInput(value: string, timeZone: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  const first = asUtc - offsetAt(timeZone, asUtc);
  return asUtc - offsetAt(timeZone, first);
}

/** The operator's own time zone, the browser's. */
export const ownZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Today on the operator's calendar. */
export const ownToday = () => dayOf(Date.now(), ownZone());

/** `YYYY-MM-DD` on `timeZone`'s calendar at `at`. */
export function dayOf(at: number, timeZone: string): string {
  return toZonedInput(at, timeZone).slice(0, 10);
}

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
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
