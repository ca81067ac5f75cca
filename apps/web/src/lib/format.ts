import { DATE_TIME_FORMAT, walletCurrency, type WalletCode } from '@tradeapp/contract';
import dayjs from 'dayjs';
import { getUiLanguage, type UiLanguage } from '../i18n/locale';

// Every number and date the screens show goes through here, in the UI language's form. Money,
// prices and quantities arrive as decimal strings and are rounded here by string arithmetic: they
// never pass through a JS float (the chart's axis labels, which are floats already, are the one
// exception and are fixed to the instrument's places first).

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

/**
 * One pattern per language for a date, a date and time, a time, and the chart's short day and
 * month labels. English keeps the specification's date-time (DD/MM/YYYY hh:mm:ss A) and reads its
 * date and time the same way (the specification's MM/DD/YYYY date contradicts its own date-time);
 * Dutch and Chinese use their usual numeric forms on a 24-hour clock.
 */
export const DATE_PATTERNS: Record<UiLanguage, { date: string; dateTime: string; time: string; dayMonth: string; monthYear: string }> = {
  en: { date: 'DD/MM/YYYY', dateTime: DATE_TIME_FORMAT, time: 'hh:mm A', dayMonth: 'DD/MM', monthYear: 'MM/YYYY' },
  nl: { date: 'DD-MM-YYYY', dateTime: 'DD-MM-YYYY HH:mm:ss', time: 'HH:mm', dayMonth: 'DD-MM', monthYear: 'MM-YYYY' },
  'zh-Hans': { date: 'YYYY-MM-DD', dateTime: 'YYYY-MM-DD HH:mm:ss', time: 'HH:mm', dayMonth: 'MM-DD', monthYear: 'YYYY-MM' },
};

type DatePattern = keyof (typeof DATE_PATTERNS)['en'];

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of a time zone (an exchange's) at an instant. */
function wallClockOf(ms: number, timeZone: string): WallClock {
  let f = wallClockFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' });
    wallClockFormats.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(ms).map((part) => [part.type, Number(part.value)]));
  return { year: p.year ?? 1970, month: p.month ?? 1, day: p.day ?? 1, hour: (p.hour ?? 0) % 24, minute: p.minute ?? 0, second: p.second ?? 0 };
}

/** A wall clock in one of the patterns above, by token (no device zone involved). */
function formatWallClock(c: WallClock, pattern: string): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return pattern.replace(/YYYY|MM|DD|HH|hh|mm|ss|A/g, (token) => {
    switch (token) {
      case 'YYYY':
        return String(c.year);
      case 'MM':
        return two(c.month);
      case 'DD':
        return two(c.day);
      case 'HH':
        return two(c.hour);
      case 'hh':
        return two(c.hour % 12 || 12);
      case 'mm':
        return two(c.minute);
      case 'ss':
        return two(c.second);
      default:
        return c.hour < 12 ? 'AM' : 'PM';
    }
  });
}

/**
 * Seconds since the epoch of the wall clock of `timeZone` read as if it were UTC: what the chart
 * is given, so that its days and hours fall where the exchange's do (format them with 'UTC').
 */
export function toWallClockSeconds(seconds: number, timeZone: string): number {
  const c = wallClockOf(seconds * 1000, timeZone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) / 1000;
}

function formatTs(ts: number | string | null | undefined, pattern: DatePattern | 'year', timeZone?: string): string {
  const ms = toMillis(ts);
  if (ms === null) return EMPTY_VALUE;
  const format = pattern === 'year' ? 'YYYY' : DATE_PATTERNS[getUiLanguage()][pattern];
  return timeZone ? formatWallClock(wallClockOf(ms, timeZone), format) : dayjs(ms).format(format);
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
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!match) return text;
  const [, y, mo, d, h, mi, se] = match;
  const when = dayjs(new Date(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(se ?? 0)));
  return when.format(DATE_PATTERNS[getUiLanguage()][h === undefined ? 'date' : 'dateTime']);
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

/** Wallet currency symbol by the contract's currency rule (`walletCurrency`): $ for the dollar wallets (US stock, follow), € otherwise. */
export function currencySymbol(walletCode: string | null | undefined): string {
  return walletCode && walletCurrency(walletCode as WalletCode) === 'USD' ? '$' : '€';
}

/** "€1,234.50" / "-$12.00": the sign before the amount's minus-free digits. */
function withSymbol(value: string | null | undefined, symbol: string): string {
  const amount = formatAmount(value, { grouping: true });
  if (amount === EMPTY_VALUE) return amount;
  return amount.startsWith('-') ? `-${symbol}${amount.slice(1)}` : `${symbol}${amount}`;
}

/** "€1,234.50" / "-$12.00" in a wallet's currency. */
export function formatMoney(value: string | null | undefined, walletCode?: string | null): string {
  return withSymbol(value, currencySymbol(walletCode));
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

const zoneClocks = new Map<string, Intl.DateTimeFormat>();
const zoneNames = new Map<string, string>();

/**
 * Date and time to the minute of an instant: on this device's clock, or with `timeZone` on that
 * zone's wall clock (an exchange's hours), in the language's form. 19/11/2026 09:30 AM · 19-11-2026 09:30.
 */
export function formatDateMinute(ts: number | string | null | undefined, timeZone?: string): string {
  const ms = toMillis(ts);
  if (ms === null) return EMPTY_VALUE;
  const { date, time } = DATE_PATTERNS[getUiLanguage()];
  let when = dayjs(ms);
  if (timeZone) {
    let clock = zoneClocks.get(timeZone);
    if (!clock) {
      clock = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
      zoneClocks.set(timeZone, clock);
    }
    const p = Object.fromEntries(clock.formatToParts(ms).map((part) => [part.type, Number(part.value)]));
    when = dayjs(new Date(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0));
  }
  return `${when.format(date)} ${when.format(time)}`;
}

/** A time zone's name in the UI language ("Hong Kong Standard Time", "中欧时间"), else its IANA id; UTC as "UTC" (not "GMT+00:00"). */
export function formatTimeZoneName(timeZone: string, at = Date.now()): string {
  if (/^(Etc\/)?(UTC|UCT|GMT|Universal|Zulu)$/.test(timeZone)) return 'UTC';
  const language = getUiLanguage();
  const key = `${language}|${timeZone}`;
  let name = zoneNames.get(key);
  if (name === undefined) {
    try {
      const parts = new Intl.DateTimeFormat(language, { timeZone, timeZoneName: 'longGeneric' }).formatToParts(at);
      name = parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
    } catch {
      name = timeZone;
    }
    zoneNames.set(key, name);
  }
  return name;
}
