import { atZone, formatWallClock, isMessageKey, translate, wallClockOf, type MessageLookup } from '@tradeapp/contract';

// Every date and time the back office shows goes through here, in its one style. The back office
// is written in English only and operators read times as ISO-like 24-hour local times
// (2026-05-04 10:15:00): unambiguous across their browsers' locales and sortable by eye. The clock
// is read off Intl (the browser's zone, or an exchange's), never by hand (dates.guard.test.ts).

const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
const DATE_MINUTE = 'YYYY-MM-DD HH:mm';
const DATE = 'YYYY-MM-DD';
const MONTH = 'YYYY-MM';
const TIME = 'HH:mm';

/** Accepts epoch milliseconds; a value small enough to be seconds is read as seconds. */
const toMillis = (timestamp: number) => (timestamp < 1e12 ? timestamp * 1000 : timestamp);

/** An instant in a pattern on `timeZone`'s clock, the browser's without one. */
function clock(timestamp: number, pattern: string, timeZone?: string): string {
  return formatWallClock(wallClockOf(toMillis(timestamp), timeZone), pattern);
}

/** The contract's English messages: the back office's names of the exchanges' zones. */
const english: MessageLookup = (key) => (isMessageKey(key) ? translate('en', key) : undefined);

export function formatDateTime(timestamp: number | null | undefined): string {
  if (timestamp === null || timestamp === undefined) return '—';
  return clock(timestamp, DATE_TIME);
}

export function formatDate(timestamp: number | null | undefined): string {
  if (timestamp === null || timestamp === undefined) return '—';
  return clock(timestamp, DATE);
}

/** A UTC day (its start, in seconds or milliseconds: a NAV day, a due day) as a date, whatever the browser's zone: "2026-05-04". */
export function formatUtcDay(timestamp: number | null | undefined): string {
  if (timestamp === null || timestamp === undefined) return '—';
  return clock(timestamp, DATE, 'UTC');
}

/** The UTC day of an instant as a value (an input's, an API's): "2026-05-04". */
export const isoDayOf = (timestamp: number) => clock(timestamp, DATE, 'UTC');

/** The UTC month of an instant, "2026-05": a statement's month. */
export const utcMonthOf = (timestamp: number) => clock(timestamp, MONTH, 'UTC');

/** An instant on an exchange's clock named by its city: "2026-12-07 09:30 New York time"; `time` for the time alone ("16:00 New York time"). */
export function formatDateTimeIn(timestamp: number | null | undefined, timeZone: string, style: 'dateMinute' | 'time' = 'dateMinute'): string {
  if (timestamp === null || timestamp === undefined) return '—';
  return atZone('en', clock(timestamp, style === 'time' ? TIME : DATE_MINUTE, timeZone), timeZone, english);
}

const UNITS = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
] as const;
type Unit = (typeof UNITS)[number][0];
const unitFormats = new Map<Unit, Intl.NumberFormat>();
const list = new Intl.ListFormat('en', { type: 'unit', style: 'short' });

/**
 * A span in its two largest units, rounded down, as Intl writes them in English ("2 hr, 10 min",
 * "9 min, 51 sec"): seconds only under an hour and with `seconds`.
 */
export function formatDuration(ms: number, opts: { seconds?: boolean } = {}): string {
  const span = Math.abs(ms);
  const smallest: Unit = opts.seconds && span < 3_600_000 ? 'second' : 'minute';
  const sizes = UNITS.slice(0, UNITS.findIndex(([u]) => u === smallest) + 1);
  let rest = span;
  const parts: Array<[Unit, number]> = [];
  for (const [unit, size] of sizes) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0 || parts.length === 1) parts.push([unit, n]);
    if (parts.length === 2) break;
  }
  if (parts.length === 2 && parts[1]![1] === 0) parts.pop();
  if (parts.length === 0) parts.push([smallest, 0]);
  return list.format(
    parts.map(([unit, n]) => {
      let f = unitFormats.get(unit);
      if (!f) {
        f = new Intl.NumberFormat('en', { style: 'unit', unit, unitDisplay: 'short' });
        unitFormats.set(unit, f);
      }
      return f.format(n);
    }),
  );
}

/** An instant relative to `now`, to the minute: "in 2 hr, 10 min", "5 min ago". */
export function formatRelative(timestamp: number, now = Date.now()): string {
  const at = toMillis(timestamp);
  const span = formatDuration(at - now);
  return at >= now ? `in ${span}` : `${span} ago`;
}

/** A time left, ticking each second, in units: "1 hr, 2 min", "42 sec"; 0 once passed. */
export function formatCountdown(ms: number): string {
  return formatDuration(Math.max(0, ms), { seconds: true });
}

/** A value for display, with an em dash for nothing. */
export function show(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  return String(value);
}

/**
 * A decimal string as an amount: at least two decimals, thousands grouped. Works on the text, never
 * through a float, so no digit of a large or very precise amount is lost.
 */
export function formatAmount(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign = '', whole = '', fraction = ''] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}.${fraction.padEnd(2, '0')}`;
}

/** A time in a list of recent things: the clock for today, the date before (both on the browser's calendar). */
export function formatRecent(timestamp: number, now = Date.now()): string {
  const day = clock(timestamp, DATE);
  return day === clock(now, DATE) ? clock(timestamp, TIME) : day;
}

export function formatTime(timestamp: number): string {
  return clock(timestamp, TIME);
}
