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
import { getUiLanguage, wireLocale, UI_LANGUAGES, type UiLanguage } from '../i18n/locale';

// Every number and date the screens show goes through here, in the UI language's form. Money,
// prices and quantities arrive as decimal strings and are rounded here by string arithmetic: they
// never pass through a JS float (the chart's axis labels, which are floats already, are the one
// exception and are fixed to the instrument's places first). Dates are read off Intl (a zone's
// wall clock, unit names, lists) and written in the contract's DATE_PATTERNS, the same forms the
// server's messages use; no screen formats a date by hand (lib/dates.guard.test.ts).

export const EMPTY_VALUE = '--';

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

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

interface ParsedDecimal {
  negative: boolean;
  int: string;
  frac: string;
}

function parseDecimal(value: string | number | bigint | null | undefined): ParsedDecimal | null {
  if (value === null || value === undefined) return null;
  let text: string;
  if (typeof value === 'number') {
    // Integers (quantities, counts) are exact; a non-integer number is refused on purpose.
    if (!Number.isSafeInteger(value)) return null;
    text = String(value);
  } else {
    text = String(value).trim().replace(/,/g, '');
  }
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const int = match[2] ?? '';
  const frac = match[3] ?? '';
  if (int === '' && frac === '') return null;
  return { negative: match[1] === '-', int: int.replace(/^0+(?=\d)/, '') || '0', frac };
}

/** Adds one to a string of digits ("0999" -> "1000"); the result may be one digit longer. */
function incrementDigits(digits: string): string {
  const chars = digits.split('');
  for (let i = chars.length - 1; i >= 0; i -= 1) {
    if (chars[i] === '9') {
      chars[i] = '0';
    } else {
      chars[i] = String(Number(chars[i]) + 1);
      return chars.join('');
    }
  }
  return `1${chars.join('')}`;
}

/**
 * Round a decimal string to `decimals` places, half away from zero ("2.345" -> "2.35",
 * "-1.005" -> "-1.01"). Returns null when the input is not a decimal.
 */
export function roundDecimal(value: string | number | bigint | null | undefined, decimals = 2): string | null {
  const parsed = parseDecimal(value);
  if (!parsed) return null;
  let { int, frac } = parsed;
  if (frac.length > decimals) {
    const roundUp = (frac[decimals] ?? '0') >= '5';
    const kept = int + frac.slice(0, decimals);
    const digits = roundUp ? incrementDigits(kept) : kept;
    int = digits.slice(0, digits.length - decimals) || '0';
    frac = digits.slice(digits.length - decimals);
    int = int.replace(/^0+(?=\d)/, '');
  } else {
    frac = frac.padEnd(decimals, '0');
  }
  const isZero = /^0*$/.test(int) && /^0*$/.test(frac);
  const sign = parsed.negative && !isZero ? '-' : '';
  return decimals > 0 ? `${sign}${int}.${frac}` : `${sign}${int}`;
}

/** Separators of the UI language: Dutch writes 1.234,50; English and Chinese 1,234.50. */
function separators(): { group: string; decimal: string } {
  return getUiLanguage() === 'nl' ? { group: '.', decimal: ',' } : { group: ',', decimal: '.' };
}

function group(int: string, mark: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, mark);
}

/** An amount to 2 decimals ("1234.5" -> "1234.50"); `grouping` adds thousands separators. */
export function formatAmount(
  value: string | number | bigint | null | undefined,
  opts: { decimals?: number; grouping?: boolean; signed?: boolean } = {},
): string {
  const rounded = roundDecimal(value, opts.decimals ?? 2);
  if (rounded === null) return EMPTY_VALUE;
  const negative = rounded.startsWith('-');
  const body = negative ? rounded.slice(1) : rounded;
  const [int = '0', frac] = body.split('.');
  const marks = separators();
  const text = `${opts.grouping ? group(int, marks.group) : int}${frac !== undefined ? `${marks.decimal}${frac}` : ''}`;
  const isZero = !/[1-9]/.test(body);
  const sign = negative ? '-' : opts.signed && !isZero ? '+' : '';
  return `${sign}${text}`;
}

/**
 * A decimal with the digits it has, in the language's separators: a rate, a tick size, an amount
 * limit ("1.08523" -> "1,08523" in Dutch). `grouping` adds thousands separators.
 */
export function formatNumber(value: string | number | null | undefined, opts: { grouping?: boolean } = {}): string {
  const parsed = parseDecimal(value);
  if (!parsed) return EMPTY_VALUE;
  const marks = separators();
  const int = opts.grouping ? group(parsed.int, marks.group) : parsed.int;
  const sign = parsed.negative && /[1-9]/.test(parsed.int + parsed.frac) ? '-' : '';
  return `${sign}${int}${parsed.frac ? `${marks.decimal}${parsed.frac}` : ''}`;
}

/** A quantity as the server sent it, without trailing zeros and grouped: "0.04500000" -> "0.045", "1000.5" -> "1,000.5" / "1.000,5". */
export function formatQuantity(value: string | number | null | undefined): string {
  const parsed = parseDecimal(value);
  if (!parsed) return EMPTY_VALUE;
  const frac = parsed.frac.replace(/0+$/, '');
  return formatNumber(`${parsed.negative ? '-' : ''}${parsed.int}${frac ? `.${frac}` : ''}`, { grouping: true });
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

/** -1, 0 or 1 from the sign of a decimal string. */
export function signOf(value: string | number | null | undefined): -1 | 0 | 1 {
  const parsed = parseDecimal(value ?? null);
  if (!parsed || !/[1-9]/.test(parsed.int + parsed.frac)) return 0;
  return parsed.negative ? -1 : 1;
}

export const NEUTRAL_COLOR = 'var(--mm-flat-text)';

/**
 * The colour of a rise, fall or unchanged figure as text: the custom properties of app/global.css.
 * In the light theme, darker tones of the specification's green #21E57B and red #FD005C (1.67:1 and
 * 3.93:1 on white) that read at 4.5:1 on the app's light backgrounds; in the dark theme the bright
 * green and a lighter red; swapped for "red up, green down" (lib/theme.ts). Charts use the contract's
 * RISE_COLOR and FALL_COLOR through `riseFallColors` of lib/theme.ts.
 */
export function riseFallColor(change: string | number | null | undefined): string {
  const sign = signOf(change);
  return sign > 0 ? 'var(--mm-rise-text)' : sign < 0 ? 'var(--mm-fall-text)' : NEUTRAL_COLOR;
}

/** "+1.23%" from a ratio already in percent ("1.2345"). */
export function formatPercent(value: string | null | undefined): string {
  const amount = formatAmount(value, { signed: true });
  return amount === EMPTY_VALUE ? amount : `${amount}%`;
}

/** Number of fraction digits of a tick size ("0.01" -> 2, "0.00001" -> 5, "1" -> 0). */
export function decimalsOf(tickSize: string | null | undefined, fallback = 2): number {
  const parsed = parseDecimal(tickSize ?? null);
  if (!parsed) return fallback;
  const frac = parsed.frac.replace(/0+$/, '');
  return Math.min(frac.length, 8);
}

/** Decimals a price is shown with: the tick's precision, at least 2 ("531.5" with tick 0.5 -> "531.50"). */
export function priceDecimals(tickSize: string | null | undefined): number {
  return Math.max(2, decimalsOf(tickSize));
}

/** A price at the instrument's tick precision, grouped: "65,012.50", "1.08523". */
export function formatPrice(value: string | null | undefined, tickSize?: string | null): string {
  return formatAmount(value, { decimals: priceDecimals(tickSize), grouping: true });
}

/** A signed change at the instrument's tick precision: "+1.25", "-0.00031". */
export function formatChange(value: string | null | undefined, tickSize?: string | null): string {
  return formatAmount(value, { decimals: priceDecimals(tickSize), grouping: true, signed: true });
}

const COMPACT_UNITS: Array<[digits: number, suffix: string]> = [
  [12, 'T'],
  [9, 'B'],
  [6, 'M'],
  [3, 'K'],
];

/**
 * A large quantity in short form by moving the decimal point in the string: "1234567" -> "1.23M",
 * "987" -> "987", "12500000000" -> "12.50B". Never through a float.
 */
export function formatCompact(value: string | null | undefined): string {
  const parsed = parseDecimal(value ?? null);
  if (!parsed) return EMPTY_VALUE;
  const sign = parsed.negative && /[1-9]/.test(parsed.int + parsed.frac) ? '-' : '';
  for (let i = 0; i < COMPACT_UNITS.length; i += 1) {
    const [digits, suffix] = COMPACT_UNITS[i]!;
    if (parsed.int.length > digits) {
      const shifted = `${parsed.int.slice(0, parsed.int.length - digits)}.${parsed.int.slice(parsed.int.length - digits)}${parsed.frac}`;
      const rounded = roundDecimal(shifted, 2) ?? '0';
      // 999.995K rounds to 1000.00K: that is 1.00M.
      const larger = COMPACT_UNITS[i - 1];
      const decimal = separators().decimal;
      if (rounded.startsWith('1000.') && larger) return `${sign}1${decimal}00${larger[1]}`;
      return `${sign}${rounded.replace('.', decimal)}${suffix}`;
    }
  }
  const small = parsed.frac && /[1-9]/.test(parsed.frac) ? roundDecimal(`${parsed.int}.${parsed.frac}`, 2) : parsed.int;
  return `${sign}${(small ?? '').replace('.', separators().decimal)}`;
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
