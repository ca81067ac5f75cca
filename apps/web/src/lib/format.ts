import {
  atZone,
  DATE_PATTERNS as LOCALE_DATE_PATTERNS,
  datePattern,
  formatIsoDay,
  formatWallClock,
  INTL_LOCALE,
  wallClockOf,
  zoneLabel,
  type DatePatterns,
  type DateStyle,
  type MessageLookup,
} from '@tradeapp/contract';
import i18n from 'i18next';
import { localeLoaded, lookupMessage } from '../i18n/messages';
import { EMPTY_VALUE, formatAmount, formatCompact } from './numbers';
import { getUiLanguage, wireLocale, UI_LANGUAGES, type UiLanguage } from '../i18n/locale';

export * from './numbers';

// Every number and date the screens show goes through here, in the UI language's form. Money,
// prices and quantities arrive as decimal strings and are rounded here by string arithmetic: they
// never pass through a JS float (the chart's axis labels, which are floats already, are the one
// exception and are fixed to the instrument's places first). Dates are read off Intl (a zone's
// wall clock, unit names, lists) and written in the contract's DATE_PATTERNS, the same forms the
// server's messages use; no screen formats a date by hand (lib/dates.guard.test.ts).

/** 10-digit timestamps are seconds, 13-digit ones milliseconds. */
export function toMillis(ts: number | string | null | undefined): number | null {
  if (ts === null || ts === undefined || ts === '') return null;
  const text = String(ts).trim();
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  if (!Number.isSafeInteger(value)) return null;
  return text.length <= 10 ? value * 1000 : value;
}

/** The date patterns of each UI language (the contract's, by wire locale): see DATE_PATTERNS there. */
export const DATE_PATTERNS = Object.fromEntries(UI_LANGUAGES.map((l) => [l, LOCALE_DATE_PATTERNS[wireLocale(l)]])) as Record<UiLanguage, DatePatterns>;

type DatePattern = keyof DatePatterns;

/** The contract's messages in the reader's language, for zone names ("New York time"). */
const messageLookup = (): MessageLookup => {
  const locale = wireLocale(getUiLanguage());
  // Before the reader's messages have loaded (the guide, the sign-in page), Intl names the zone.
  return (key) => (localeLoaded(locale) ? lookupMessage(locale, key) : undefined);
};

/**
 * Seconds since the epoch of the wall clock of `timeZone` read as if it were UTC: what the chart
 * is given, so that its days and hours fall where the exchange's do (format them with 'UTC').
 */
export function toWallClockSeconds(seconds: number, timeZone: string): number {
  const c = wallClockOf(seconds * 1000, timeZone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) / 1000;
}

/** An instant in a pattern, on `timeZone`'s clock or this device's. */
function formatTs(ts: number | string | null | undefined, pattern: DatePattern | 'year' | 'dateMinute', timeZone?: string): string {
  const ms = toMillis(ts);
  if (ms === null) return EMPTY_VALUE;
  const locale = wireLocale(getUiLanguage());
  const format = pattern === 'year' ? 'YYYY' : pattern === 'dateMinute' ? datePattern(locale, 'dateMinute') : DATE_PATTERNS[getUiLanguage()][pattern];
  return formatWallClock(wallClockOf(ms, timeZone), format);
}

/** An instant on an exchange's clock, to the second: 24/11/2026 05:47:46 PM · 24-11-2026 17:47:46 · 2026-11-24 17:47:46. */
export function formatExchangeDateTime(ts: number | string | null | undefined, timeZone: string): string {
  return formatTs(ts, 'dateTime', timeZone);
}

/** 04/03/2026 03:06:07 PM · 04-03-2026 15:06:07 · 2026-03-04 15:06:07 */
export function formatDateTime(ts: number | string | null | undefined): string {
  return formatTs(ts, 'dateTime');
}

/** 04/03/2026 · 04-03-2026 · 2026-03-04 */
export function formatDate(ts: number | string | null | undefined): string {
  return formatTs(ts, 'date');
}

/** 03:06 PM · 15:06 · 15:06 */
export function formatTime(ts: number | string | null | undefined): string {
  return formatTs(ts, 'time');
}

/**
 * An instant on an exchange's clock labelled with its city in the reader's language, to the minute
 * by default: "07/12/2026 09:30 AM New York time" · "07-12-2026 09:30 New Yorkse tijd" ·
 * "纽约时间 2026-12-07 09:30"; `style` 'time' for the time alone ("04:00 PM New York time").
 */
export function formatDateTimeIn(ts: number | string | null | undefined, timeZone: string, style: DateStyle = 'dateMinute'): string {
  const ms = toMillis(ts);
  if (ms === null) return EMPTY_VALUE;
  const locale = wireLocale(getUiLanguage());
  return atZone(locale, formatWallClock(wallClockOf(ms, timeZone), datePattern(locale, style)), timeZone, messageLookup());
}

/** A UTC calendar day (its start, in seconds or milliseconds: a NAV day, a coupon date) as a date, whatever this device's zone. */
export function formatUtcDay(ts: number | string | null | undefined): string {
  return formatTs(ts, 'date', 'UTC');
}

/**
 * A UTC day as its machine-readable ISO date ("2026-11-24"): a <time>'s dateTime or an API's
 * parameter, never a text to read (formatUtcDay is that). Undefined when unreadable.
 */
export function isoDayOf(ts: number | string | null | undefined): string | undefined {
  const ms = toMillis(ts);
  if (ms === null) return undefined;
  return formatWallClock(wallClockOf(ms, 'UTC'), 'YYYY-MM-DD');
}

/** A month ("2026-03") by name: "March 2026" · "maart 2026" · "2026年3月". */
export function formatMonthName(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  return monthNames(getUiLanguage()).format(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
}

const monthFormats = new Map<string, Intl.DateTimeFormat>();
function monthNames(language: UiLanguage): Intl.DateTimeFormat {
  let f = monthFormats.get(language);
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_LOCALE[wireLocale(language)], { month: 'long', year: 'numeric', timeZone: 'UTC' });
    monthFormats.set(language, f);
  }
  return f;
}

/** The days of a week from Monday, as a calendar's column heads ("M", "T", … · "ma", … · "一", …). */
export function weekdayInitials(): string[] {
  const f = new Intl.DateTimeFormat(INTL_LOCALE[wireLocale(getUiLanguage())], { weekday: 'narrow', timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => f.format(Date.UTC(2024, 0, 1 + i)));
}

const DURATION_UNITS = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
] as const;
type DurationUnit = (typeof DURATION_UNITS)[number][0];

const unitFormats = new Map<string, Intl.NumberFormat>();
function unitFormat(language: UiLanguage, unit: DurationUnit): Intl.NumberFormat {
  const key = `${language}|${unit}`;
  let f = unitFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(INTL_LOCALE[wireLocale(language)], { style: 'unit', unit, unitDisplay: 'short' });
    unitFormats.set(key, f);
  }
  return f;
}

interface DurationFormatLike {
  format(duration: Partial<Record<'days' | 'hours' | 'minutes' | 'seconds', number>>): string;
}
type DurationFormatConstructor = new (locale: string, options: { style: 'short' }) => DurationFormatLike;

/**
 * Parts of a span as Intl writes them: Intl.DurationFormat's short style where the engine has it,
 * else the same thing built from its pieces (each unit by Intl.NumberFormat's short unit, joined by
 * Intl.ListFormat's short unit list), which is how DurationFormat is specified. Node 20 (the tests)
 * has no DurationFormat: "2 hr, 10 min" · "2 uur, 10 min" · "2小时10分钟".
 */
function durationText(parts: Array<[DurationUnit, number]>): string {
  const language = getUiLanguage();
  const tag = INTL_LOCALE[wireLocale(language)];
  const DurationFormat = (Intl as unknown as { DurationFormat?: DurationFormatConstructor }).DurationFormat;
  if (DurationFormat) {
    return new DurationFormat(tag, { style: 'short' }).format(Object.fromEntries(parts.map(([unit, n]) => [`${unit}s`, n])));
  }
  return new Intl.ListFormat(tag, { type: 'unit', style: 'short' }).format(parts.map(([unit, n]) => unitFormat(language, unit).format(n)));
}

/** A span split into its two largest units from `smallest` up ("1 day, 2 hr", "2 hr, 10 min", "9 min, 51 sec"), rounded down. */
function spanParts(ms: number, smallest: DurationUnit): Array<[DurationUnit, number]> {
  const last = DURATION_UNITS.findIndex(([unit]) => unit === smallest);
  let rest = Math.max(0, Math.floor(ms / DURATION_UNITS[last]![1])) * DURATION_UNITS[last]![1];
  const parts: Array<[DurationUnit, number]> = [];
  for (const [unit, size] of DURATION_UNITS.slice(0, last + 1)) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0 || (parts.length > 0 && parts.length < 2)) parts.push([unit, n]);
    if (parts.length === 2) break;
  }
  // Drop a trailing zero ("2 hr, 0 min" reads as "2 hr"); nothing at all is 0 of the smallest unit.
  if (parts.length === 2 && parts[1]![1] === 0) parts.pop();
  return parts.length > 0 ? parts : [[smallest, 0]];
}

/** A span of time in its two largest units, to the minute ("2 hr, 10 min"); `seconds` under an hour ("9 min, 51 sec"). */
export function formatDuration(ms: number, opts: { seconds?: boolean } = {}): string {
  if (!Number.isFinite(ms)) return EMPTY_VALUE;
  const smallest: DurationUnit = opts.seconds && Math.abs(ms) < 3_600_000 ? 'second' : 'minute';
  return durationText(spanParts(Math.abs(ms), smallest));
}

/**
 * An instant relative to `now`, to the minute: "in 2 hr, 10 min" · "over 2 uur, 10 min" ·
 * "2小时10分钟后"; "5 min ago" · "5 min geleden" · "5分钟前". Under a minute, "in 0 min".
 */
export function formatRelative(ts: number | string | null | undefined, now: number = Date.now()): string {
  const ms = toMillis(ts);
  if (ms === null) return EMPTY_VALUE;
  const span = formatDuration(ms - now);
  return ms >= now ? i18n.t('time.in', { duration: span }) : i18n.t('time.ago', { duration: span });
}

/**
 * A time left, ticking each second, in units so that it never reads as a time of day: its two
 * largest units, seconds under an hour ("1 hr, 2 min", "9 min, 51 sec", "42 sec"); 0 once passed.
 */
export function formatCountdown(ms: number): string {
  return formatDuration(Math.max(0, ms), { seconds: true });
}

/** The chart's axis labels: a year, a month, a day or a time of day; with `timeZone` on that zone's clock. */
export function formatChartTick(ts: number, unit: 'year' | 'month' | 'day' | 'time', timeZone?: string): string {
  return formatTs(ts, unit === 'year' ? 'year' : unit === 'month' ? 'monthYear' : unit === 'day' ? 'dayMonth' : 'time', timeZone);
}

/** The chart's crosshair label: day and time on intraday charts, the date on daily ones; with `timeZone` on that zone's clock. */
export function formatChartTime(ts: number, intraday: boolean, timeZone?: string): string {
  return intraday ? `${formatTs(ts, 'dayMonth', timeZone)} ${formatTs(ts, 'time', timeZone)}` : formatTs(ts, 'date', timeZone);
}

/**
 * A wall-clock date-time the server sent as text ("2026-03-04 10:06:07", New York time for a
 * quote), in the language's form without moving it to this device's zone; a date alone
 * ("2026-06-30") as a date. Anything else is shown as sent.
 */
export function formatDateText(text: string | null | undefined): string {
  if (!text) return EMPTY_VALUE;
  const trimmed = text.trim();
  const locale = wireLocale(getUiLanguage());
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return formatIsoDay(locale, trimmed);
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(trimmed);
  if (!match) return text;
  const [, y, mo, d, h, mi, se] = match;
  return formatWallClock(
    { year: Number(y), month: Number(mo), day: Number(d), hour: Number(h), minute: Number(mi), second: Number(se ?? 0) },
    datePattern(locale, 'dateTime'),
  );
}

/** A price on the chart's axis (a float there) at the instrument's places. */
export function formatChartPrice(value: number, decimals: number): string {
  if (!Number.isFinite(value)) return EMPTY_VALUE;
  return formatAmount(value.toFixed(decimals), { decimals, grouping: true });
}

/** A volume on the chart's axis in short form ("1.23M" / "1,23M"). */
export function formatChartVolume(value: number): string {
  if (!Number.isFinite(value)) return EMPTY_VALUE;
  return formatCompact(String(Math.round(value)));
}

const SYMBOLS: Record<string, string> = { EUR: '€', USD: '$' };

/** "€1,234.50" / "-$12.00": the sign before the amount's minus-free digits. */
function withSymbol(value: string | null | undefined, symbol: string): string {
  const amount = formatAmount(value, { grouping: true });
  if (amount === EMPTY_VALUE) return amount;
  return amount.startsWith('-') ? `-${symbol}${amount.slice(1)}` : `${symbol}${amount}`;
}

/** An amount with its currency's sign: € for EUR, $ for USD, else the code after it ("12.50 USDT"). */
export function formatInCurrency(value: string | null | undefined, currency: string): string {
  const symbol = SYMBOLS[currency];
  return symbol ? withSymbol(value, symbol) : `${formatAmount(value, { grouping: true })} ${currency}`;
}

/**
 * Date and time to the minute of an instant: on this device's clock, or with `timeZone` on that
 * zone's wall clock (an exchange's hours), in the language's form. 19/11/2026 09:30 AM · 19-11-2026 09:30.
 */
export function formatDateMinute(ts: number | string | null | undefined, timeZone?: string): string {
  return formatTs(ts, 'dateMinute', timeZone);
}

/**
 * A time zone's name in the UI language, the one way every screen names a clock: an exchange's by
 * its city ("New York time", "New Yorkse tijd", "纽约时间"), UTC as "UTC", another by Intl's name.
 */
export function formatTimeZoneName(timeZone: string): string {
  return zoneLabel(wireLocale(getUiLanguage()), timeZone, messageLookup());
}
