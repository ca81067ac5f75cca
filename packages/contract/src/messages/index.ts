import { DATE_TIME_FORMAT, type Locale } from '../constants';
import { en } from './en';
import { nl } from './nl';
import { zh_Hans_CN } from './zh_Hans_CN';

// Every message the server can put in an envelope's `msg`, and the client-side validation
// messages of the specification (section 5), in the three locales. English is the key set.

export type MessageKey = keyof typeof en;
/** A language's messages: every key of the English set, so a missing translation does not compile. */
export type Messages = Record<MessageKey, string>;

export const MESSAGES: Record<Locale, Messages> = { en, nl, zh_Hans_CN };

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}

/** A decimal string in the reader's separators, digits as they are (never through a float): Dutch 1.234,50, others 1,234.50. */
export function formatDecimal(value: string, locale: Locale): string {
  const negative = value.startsWith('-');
  const [int = '0', frac] = (negative ? value.slice(1) : value).split('.');
  const [group, decimal] = locale === 'nl' ? ['.', ','] : [',', '.'];
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative && /[1-9]/.test(int + (frac ?? '')) ? '-' : ''}${grouped}${frac ? decimal + frac : ''}`;
}

/** How a locale writes a date, a date and time, a time (hh:mm A or HH:mm) and the chart's short day and month labels. */
export interface DatePatterns {
  date: string;
  dateTime: string;
  time: string;
  dayMonth: string;
  monthYear: string;
}

/**
 * One pattern per locale, on every screen and in every message. English keeps the specification's
 * date-time (DD/MM/YYYY hh:mm:ss A) and reads its date and time the same way (the specification's
 * MM/DD/YYYY date contradicts its own date-time); Dutch and Chinese use their usual numeric forms
 * on a 24-hour clock. The numbers come from Intl (a zone's wall clock), the order from here, so
 * that a browser's or a server's ICU version cannot change what a reader sees.
 */
export const DATE_PATTERNS: Record<Locale, DatePatterns> = {
  en: { date: 'DD/MM/YYYY', dateTime: DATE_TIME_FORMAT, time: 'hh:mm A', dayMonth: 'DD/MM', monthYear: 'MM/YYYY' },
  nl: { date: 'DD-MM-YYYY', dateTime: 'DD-MM-YYYY HH:mm:ss', time: 'HH:mm', dayMonth: 'DD-MM', monthYear: 'MM-YYYY' },
  zh_Hans_CN: { date: 'YYYY-MM-DD', dateTime: 'YYYY-MM-DD HH:mm:ss', time: 'HH:mm', dayMonth: 'MM-DD', monthYear: 'YYYY-MM' },
};

/** The BCP 47 tag Intl reads for a wire locale. */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en', nl: 'nl', zh_Hans_CN: 'zh-Hans-CN' };

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of a time zone at an instant; without a zone, this machine's (a reader's device). */
export function wallClockOf(ms: number, timeZone?: string): WallClock {
  const id = timeZone ?? '';
  let f = wallClocks.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    wallClocks.set(id, f);
  }
  const p = Object.fromEntries(f.formatToParts(ms).map((part) => [part.type, Number(part.value)]));
  return { year: p.year ?? 1970, month: p.month ?? 1, day: p.day ?? 1, hour: (p.hour ?? 0) % 24, minute: p.minute ?? 0, second: p.second ?? 0 };
}

/** A wall clock in a pattern of DATE_PATTERNS, token by token (YYYY MM DD HH hh mm ss A). */
export function formatWallClock(c: WallClock, pattern: string): string {
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

/** What an instant is written as: a date, a date and time to the minute or the second, a time. */
export type DateStyle = 'date' | 'dateMinute' | 'dateTime' | 'time';

/** A pattern of a locale for a style ('dateMinute' is the date and the time, without seconds). */
export function datePattern(locale: Locale, style: DateStyle): string {
  const p = DATE_PATTERNS[locale] ?? DATE_PATTERNS.en;
  return style === 'dateMinute' ? `${p.date} ${p.time}` : p[style];
}

/** A calendar day ("2026-07-06") in a locale's form, whatever any clock says: 06/07/2026 · 06-07-2026 · 2026-07-06. */
export function formatIsoDay(locale: Locale, iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  return formatWallClock({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour: 0, minute: 0, second: 0 }, datePattern(locale, 'date'));
}

/** Looks a message up in the reader's language (English standing in), undefined when there is none. */
export type MessageLookup = (key: string) => string | undefined;

const zoneNames = new Map<string, string>();

/**
 * A zone as a reader names it: an exchange's city ("New York time", "New Yorkse tijd", "纽约时间")
 * from the messages, else Intl's generic name of the zone in the locale, else the zone's id.
 */
export function zoneLabel(locale: Locale, timeZone: string, lookup: MessageLookup): string {
  const zone = /^(Etc\/)?(UTC|UCT|GMT|Universal|Zulu)$/.test(timeZone) ? 'UTC' : timeZone;
  const named = lookup(`tz.${zone}`);
  if (named !== undefined) return named;
  if (zone === 'UTC') return 'UTC';
  const id = `${locale}|${zone}`;
  let name = zoneNames.get(id);
  if (name === undefined) {
    try {
      name =
        new Intl.DateTimeFormat(INTL_LOCALE[locale] ?? 'en', { timeZone: zone, timeZoneName: 'longGeneric' })
          .formatToParts(0)
          .find((p) => p.type === 'timeZoneName')?.value ?? zone;
    } catch {
      name = zone;
    }
    zoneNames.set(id, name);
  }
  return name;
}

/** A time already on a zone's clock, labelled with the zone: "04:00 PM New York time", "16:00 New Yorkse tijd", "纽约时间 16:00". */
export function atZone(locale: Locale, time: string, timeZone: string, lookup: MessageLookup): string {
  const zone = zoneLabel(locale, timeZone, lookup);
  return (lookup('tz.at') ?? '{time} {zone}').replace('{time}', time).replace('{zone}', zone);
}

/** An instant in a locale's form: on `timeZone`'s clock labelled with it, else on this machine's clock unlabelled. */
export function formatInstant(locale: Locale, ms: number, style: DateStyle, timeZone?: string, lookup?: MessageLookup): string {
  const text = formatWallClock(wallClockOf(ms, timeZone), datePattern(locale, style));
  return timeZone && lookup ? atZone(locale, text, timeZone, lookup) : text;
}

/**
 * A date in a message: an instant (epoch milliseconds) shown on `zone`'s clock with the zone's
 * name (an exchange's, or UTC when none is given: a server does not know its reader's zone), or a
 * calendar day. Stored in a notice's parameters as it is (JSON) and written in the reader's
 * language when read.
 */
export type DateParam = { at: number; zone?: string; style?: DateStyle } | { day: string };
export type MessageParam = string | number | DateParam;
export type MessageParams = Record<string, MessageParam>;

/** A parameter that is an instant: `{ at, zone }` in a message's params. */
export const instantParam = (at: number, zone?: string, style?: DateStyle): DateParam => ({ at, ...(zone ? { zone } : {}), ...(style ? { style } : {}) });
/** A parameter that is a calendar day ("2026-07-06"). */
export const dayParam = (day: string): DateParam => ({ day });

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z| UTC)?$/;
const IANA_ZONE = /^(Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|Pacific)\/[A-Za-z_+-]+(\/[A-Za-z_+-]+)?$/;

/**
 * One parameter in the reader's form. Besides `DateParam`s, what callers already send as text is
 * read too, so that no message shows a raw ISO date or zone id: a day ("2026-07-06") as a date; an
 * ISO instant ("2026-12-07T14:30:00.000Z", "2026-05-04 01:00 UTC") on the UTC clock, labelled;
 * a wall-clock time without a zone ("2026-12-07 09:30", an exchange's, its zone in another
 * parameter) in the locale's order as it is; an IANA zone id by its name.
 */
export function formatParam(locale: Locale, value: MessageParam, lookup: MessageLookup): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object' && value !== null) {
    if ('day' in value) return formatIsoDay(locale, value.day);
    return formatInstant(locale, value.at, value.style ?? 'dateMinute', value.zone ?? 'UTC', lookup);
  }
  const text = String(value);
  if (ISO_DAY.test(text)) return formatIsoDay(locale, text);
  const m = ISO_TIME.exec(text);
  if (m) {
    const [, y, mo, d, h, mi, s, utc] = m;
    const seconds = s !== undefined && !utc;
    const wall = formatWallClock(
      { year: Number(y), month: Number(mo), day: Number(d), hour: Number(h), minute: Number(mi), second: Number(s ?? 0) },
      datePattern(locale, seconds ? 'dateTime' : 'dateMinute'),
    );
    return utc ? atZone(locale, wall, 'UTC', lookup) : wall;
  }
  if (IANA_ZONE.test(text)) return zoneLabel(locale, text, lookup);
  return text;
}

/** A message's `{name}` placeholders filled with its parameters in the reader's form (`formatParam`). */
export function fillParams(locale: Locale, text: string, params: MessageParams, lookup: MessageLookup): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : formatParam(locale, value, lookup);
  });
}

/** Translate a message key, filling `{name}` placeholders (dates and zones in the reader's form). Unknown locales fall back to English. */
export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const messages = MESSAGES[locale] ?? en;
  const text = messages[key] ?? en[key];
  if (!params) return text;
  const lookup: MessageLookup = (k) => (isMessageKey(k) ? (messages[k] ?? en[k]) : undefined);
  return fillParams(MESSAGES[locale] ? locale : 'en', text, params, lookup);
}

/** Pick the caller's locale from the `languages` header, then `accept-language`; fallback English. */
export function resolveLocale(languages?: string | null, acceptLanguage?: string | null): Locale {
  for (const raw of [languages, ...(acceptLanguage ?? '').split(',')]) {
    const tag = (raw ?? '').split(';')[0]!.trim().toLowerCase().replace('-', '_');
    if (!tag) continue;
    if (tag.startsWith('zh')) return 'zh_Hans_CN';
    if (tag.startsWith('nl')) return 'nl';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}
