// Over 400 lines: the venues' sessions and the one calendar's arithmetic on them (zones, trading and settlement days, business-day conventions), which every other date function builds on; the closures are apart (closures.ts).
// The one exchange calendar (issue 33): every venue's zone, sessions, trading and settlement days,
// half days, and the business-day conventions the products need. The server, the web app and the
// back office all read it, so a date means the same on every screen and in every job.
//
// Zones come from the runtime's IANA data through Intl: daylight saving needs no code of ours. A
// "day" is a local calendar date written as days since 1970-01-01 (the date's number, not an
// instant), which makes trading-day arithmetic plain integer arithmetic.

import type { SESSION_PHASES } from '../enums';
import { CLOSURES, type ClosureSet } from './closures';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

export const CALENDAR_IDS = ['US', 'HK', 'XETRA', 'EURONEXT-AMS', 'EURONEXT-BRU', 'BMV', 'TSE', 'LSE', 'GLOBEX', 'FX', 'BONDS', 'CRYPTO'] as const;
export type CalendarId = (typeof CALENDAR_IDS)[number];
export type SessionPhase = (typeof SESSION_PHASES)[number];

/** The years the calendar knows: outside them the API refuses a timestamp. */
export const CALENDAR_YEARS = { first: 2025, last: 2028 } as const;
/** [CALENDAR_FROM, CALENDAR_TO): the instants of those years, UTC. */
export const CALENDAR_FROM = Date.UTC(CALENDAR_YEARS.first, 0, 1);
export const CALENDAR_TO = Date.UTC(CALENDAR_YEARS.last + 1, 0, 1);
/** The first and last days of those years, as a date input's `min` and `max` take them. */
export const CALENDAR_FIRST_DAY = `${CALENDAR_YEARS.first}-01-01`;
export const CALENDAR_LAST_DAY = `${CALENDAR_YEARS.last}-12-31`;

export interface SessionSpec {
  phase: Exclude<SessionPhase, 'closed'>;
  /** Minutes from local midnight of the trading day; negative means the evening before. */
  from: number;
  to: number;
  /** Whether orders may fill in it (the HK pre-opening auction takes orders but fills none continuously). */
  tradable: boolean;
  /** Extended hours: only instruments that trade them (US stocks) and orders that ask for them. */
  extended: boolean;
  /** Whether the price moves in it. */
  priced: boolean;
}

export type SettlementCycle = ReadonlyArray<{ from: string; days: number }>;

export interface VenueSpec {
  name: string;
  /** The venue's own zone: its dates, and the clock its times are shown on. */
  timeZone: string;
  /** The zone its hours are set in when not its own: BMV keeps New York's hours all year. */
  hoursZone?: string;
  closures: ClosureSet | null;
  weekends: boolean;
  sessions: readonly SessionSpec[];
  /** A half day's sessions (the closure set's `half` dates). */
  halfDay?: readonly SessionSpec[];
  /** Minutes the closing auction runs after the last regular session: a day order lives through it. */
  closingAuction?: number;
  /** T+n in settlement days, each entry in force from its trade date. */
  settlement: SettlementCycle;
  /** Where the hours come from. */
  source: string;
}

const h = (hours: number, minutes = 0): number => hours * 60 + minutes;
const reg = (from: number, to: number): SessionSpec => ({ phase: 'regular', from, to, tradable: true, extended: false, priced: true });
const pre = (from: number, to: number): SessionSpec => ({ phase: 'pre', from, to, tradable: true, extended: true, priced: true });
const post = (from: number, to: number): SessionSpec => ({ phase: 'post', from, to, tradable: true, extended: true, priced: true });
// EU and UK equities move from T+2 to T+1 on Monday 11 October 2027 (CSDR review, COM(2025)38; HM Treasury, 19 Feb 2025).
const EU_SETTLEMENT: SettlementCycle = [
  { from: '2000-01-01', days: 2 },
  { from: '2027-10-11', days: 1 },
];

/** A market of Euronext: one rule book sets the hours, the closures and the settlement of all its markets; each keeps its zone. */
const euronext = (name: string, timeZone: string): VenueSpec => ({
  name,
  timeZone,
  closures: 'EURONEXT',
  weekends: true,
  sessions: [reg(h(9), h(17, 30))],
  halfDay: [reg(h(9), h(14))],
  closingAuction: 5,
  settlement: EU_SETTLEMENT,
  source: 'Euronext trading hours: 09:00-17:30, closing auction to 17:35; 14:00 on 24 and 31 December',
});

export const VENUES: Readonly<Record<CalendarId, VenueSpec>> = {
  US: {
    name: 'NYSE / Nasdaq',
    timeZone: 'America/New_York',
    closures: 'NYSE',
    weekends: true,
    sessions: [pre(h(4), h(9, 30)), reg(h(9, 30), h(16)), post(h(16), h(20))],
    halfDay: [pre(h(4), h(9, 30)), reg(h(9, 30), h(13)), post(h(13), h(17))],
    // T+1 since 28 May 2024 (SEC Rule 15c6-1).
    settlement: [
      { from: '2000-01-01', days: 2 },
      { from: '2024-05-28', days: 1 },
    ],
    source: 'NYSE and Nasdaq trading hours pages: pre-market 04:00, core 09:30-16:00, late trading to 20:00',
  },
  HK: {
    name: 'HKEX',
    timeZone: 'Asia/Hong_Kong',
    closures: 'HKEX',
    weekends: true,
    sessions: [{ phase: 'pre', from: h(9), to: h(9, 30), tradable: false, extended: false, priced: false }, reg(h(9, 30), h(12)), reg(h(13), h(16))],
    halfDay: [{ phase: 'pre', from: h(9), to: h(9, 30), tradable: false, extended: false, priced: false }, reg(h(9, 30), h(12))],
    closingAuction: 10,
    settlement: [{ from: '2000-01-01', days: 2 }],
    source: 'HKEX trading hours: pre-opening 09:00-09:30, morning 09:30-12:00, afternoon 13:00-16:00, closing auction to 16:10 (12:10 on half days)',
  },
  XETRA: {
    name: 'Xetra',
    timeZone: 'Europe/Berlin',
    closures: 'XETRA',
    weekends: true,
    sessions: [reg(h(9), h(17, 30))],
    closingAuction: 5,
    settlement: EU_SETTLEMENT,
    source: 'Deutsche Börse Xetra trading hours: 09:00-17:30, closing auction to about 17:35',
  },
  'EURONEXT-AMS': euronext('Euronext Amsterdam', 'Europe/Amsterdam'),
  'EURONEXT-BRU': euronext('Euronext Brussels', 'Europe/Brussels'),
  BMV: {
    name: 'Bolsa Mexicana de Valores',
    timeZone: 'America/Mexico_City',
    // 08:30-15:00 Mexico City, 07:30-14:00 while the US keeps summer time: always 09:30-16:00 New York.
    hoursZone: 'America/New_York',
    closures: 'BMV',
    weekends: true,
    sessions: [reg(h(9, 30), h(16))],
    settlement: [
      { from: '2000-01-01', days: 2 },
      { from: '2024-05-27', days: 1 },
    ],
    source: 'BMV notices of trading hours: aligned with New York, 09:30-16:00 Eastern',
  },
  TSE: {
    name: 'Tokyo Stock Exchange',
    timeZone: 'Asia/Tokyo',
    closures: 'TSE',
    weekends: true,
    sessions: [reg(h(9), h(11, 30)), reg(h(12, 30), h(15, 30))],
    settlement: [{ from: '2000-01-01', days: 2 }],
    source: 'JPX trading hours since 5 Nov 2024: 09:00-11:30, 12:30-15:30 (closing auction included)',
  },
  LSE: {
    name: 'London Stock Exchange',
    timeZone: 'Europe/London',
    closures: 'LSE',
    weekends: true,
    sessions: [reg(h(8), h(16, 30))],
    halfDay: [reg(h(8), h(12, 30))],
    closingAuction: 5,
    settlement: EU_SETTLEMENT,
    source: 'LSE trading hours: 08:00-16:30 and the closing auction; 12:30 on the last days before Christmas and New Year',
  },
  // The trading day D of CME Globex opens at 18:00 New York (17:00 Chicago) on the evening before.
  GLOBEX: {
    name: 'CME Globex',
    timeZone: 'America/New_York',
    closures: 'NYSE',
    weekends: true,
    sessions: [reg(h(18) - h(24), h(17))],
    settlement: [{ from: '2000-01-01', days: 1 }],
    source: 'CME Globex hours: Sunday 17:00 to Friday 16:00 Chicago, a daily halt 16:00-17:00 Chicago; US exchange holidays simplified to closures',
  },
  FX: {
    name: 'Interbank FX',
    timeZone: 'America/New_York',
    closures: 'FX',
    weekends: true,
    sessions: [reg(h(17) - h(24), h(17))],
    settlement: [{ from: '2000-01-01', days: 2 }],
    source: 'FX trades Sunday 17:00 to Friday 17:00 New York; spot settles T+2',
  },
  BONDS: {
    name: 'US Treasuries (SIFMA)',
    timeZone: 'America/New_York',
    closures: 'SIFMA',
    weekends: true,
    sessions: [reg(h(8), h(17))],
    halfDay: [reg(h(8), h(14))],
    settlement: [{ from: '2000-01-01', days: 1 }],
    source: 'SIFMA recommended hours for US Treasuries; early closes at 14:00',
  },
  CRYPTO: {
    name: 'Crypto',
    timeZone: 'UTC',
    closures: null,
    weekends: false,
    sessions: [reg(0, h(24))],
    settlement: [{ from: '2000-01-01', days: 0 }],
    source: 'Trades around the clock; days in UTC',
  },
};

// ---- dates -------------------------------------------------------------------------------

export function isoToDay(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number);
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0-99 as 1900-1999.
  date.setUTCFullYear(y ?? 1970, (m ?? 1) - 1, d ?? 1);
  return Math.floor(date.getTime() / DAY);
}

export function dayToIso(day: number): string {
  return new Date(day * DAY).toISOString().slice(0, 10);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** Whether `at` is an instant of the calendar's years. */
export const inCalendarYears = (at: number) => Number.isFinite(at) && at >= CALENDAR_FROM && at < CALENDAR_TO;

// ---- time zones --------------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, Map<number, number>>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * Offset of local time from UTC in ms at instant `at`. Every zone used here changes offset on a
 * whole UTC hour, so the answer is cached per UTC hour (Intl formatting is the slow part).
 */
export function zoneOffset(timeZone: string, at: number): number {
  const hourStart = Math.floor(at / HOUR) * HOUR;
  let zone = offsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  const cached = zone.get(hourStart);
  if (cached !== undefined) return cached;
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(hourStart)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const asUtc = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0);
  const offset = asUtc - hourStart;
  if (zone.size > 200_000) zone.clear();
  zone.set(hourStart, offset);
  return offset;
}

/** The local date (as a day number) of instant `at` in `timeZone`. */
export function localDay(timeZone: string, at: number): number {
  return Math.floor((at + zoneOffset(timeZone, at)) / DAY);
}

/** Minutes since local midnight of instant `at` in `timeZone`. */
export function localMinute(timeZone: string, at: number): number {
  const local = at + zoneOffset(timeZone, at);
  return Math.floor((local - Math.floor(local / DAY) * DAY) / MINUTE);
}

/**
 * The instant of local wall time `minute` (minutes from midnight, may exceed a day either way) on
 * `day`. Read twice because the offset of the guess may differ from the offset at the answer (a
 * daylight-saving change between them); a time a spring-forward skips reads with the offset after it.
 */
export function localToUtc(timeZone: string, day: number, minute: number): number {
  const wall = day * DAY + minute * MINUTE;
  const first = wall - zoneOffset(timeZone, wall);
  return wall - zoneOffset(timeZone, first);
}

// ---- trading and settlement days --------------------------------------------------------

const daySets = new Map<string, ReadonlySet<number>>();
function daysOf(set: ClosureSet, kind: 'closed' | 'half' | 'noSettlement' | 'settlementOnly'): ReadonlySet<number> {
  const key = `${set}/${kind}`;
  let days = daySets.get(key);
  if (!days) {
    days = new Set((CLOSURES[set][kind] ?? []).map(isoToDay));
    daySets.set(key, days);
  }
  return days;
}

const isWeekend = (day: number) => {
  const wd = weekdayOf(day);
  return wd === 0 || wd === 6;
};

export function isTradingDay(calendar: CalendarId, day: number): boolean {
  const spec = VENUES[calendar];
  if (spec.weekends && isWeekend(day)) return false;
  return spec.closures === null || !daysOf(spec.closures, 'closed').has(day);
}

/** A trading day the venue closes early on. */
export function isHalfDay(calendar: CalendarId, day: number): boolean {
  const set = VENUES[calendar].closures;
  return set !== null && isTradingDay(calendar, day) && daysOf(set, 'half').has(day);
}

/** A day trades settle on: a trading day that settles, or a closed day that still settles (XETRA's 24 and 31 December). */
export function isSettlementDay(calendar: CalendarId, day: number): boolean {
  const set = VENUES[calendar].closures;
  if (set === null) return true;
  if (VENUES[calendar].weekends && isWeekend(day)) return false;
  if (daysOf(set, 'settlementOnly').has(day)) return true;
  return isTradingDay(calendar, day) && !daysOf(set, 'noSettlement').has(day);
}

export function previousTradingDay(calendar: CalendarId, day: number): number {
  let d = day - 1;
  while (!isTradingDay(calendar, d)) d -= 1;
  return d;
}

export function nextTradingDay(calendar: CalendarId, day: number): number {
  let d = day + 1;
  while (!isTradingDay(calendar, d)) d += 1;
  return d;
}

/** `day` itself when it trades, else the next trading day. */
export const tradingDayOnOrAfter = (calendar: CalendarId, day: number) => (isTradingDay(calendar, day) ? day : nextTradingDay(calendar, day));

/**
 * `n` settlement days after `day`, counted from the day itself whether or not it settles (a trade on
 * an HKEX half day settles T+2 from that day); n = 0: `day` when it settles, else the next that does.
 */
export function addSettlementDays(calendar: CalendarId, day: number, n: number): number {
  let d = day;
  if (n === 0) {
    while (!isSettlementDay(calendar, d)) d += 1;
    return d;
  }
  for (let k = 0; k < n; k++) {
    d += 1;
    while (!isSettlementDay(calendar, d)) d += 1;
  }
  return d;
}

/** The settlement cycle (T+n) of a trade on `tradeDay`. */
export function settlementCycle(calendar: CalendarId, tradeDay: number): number {
  let days = 0;
  for (const c of VENUES[calendar].settlement) if (isoToDay(c.from) <= tradeDay) days = c.days;
  return days;
}

/** When a trade of `tradeDay` settles: T+n settlement days. */
export const settlementDay = (calendar: CalendarId, tradeDay: number) => addSettlementDays(calendar, tradeDay, settlementCycle(calendar, tradeDay));

/**
 * ISDA 2006 s.4.12 business-day conventions on the venue's settlement days: Following (the next
 * business day), Modified Following (the next, unless it falls in the next month: then the one
 * before), Preceding (the one before). Coupons, maturities and instalments that fall on a day off.
 */
export type BusinessDayConvention = 'following' | 'modifiedFollowing' | 'preceding';

export function adjustDay(calendar: CalendarId, day: number, convention: BusinessDayConvention): number {
  if (isSettlementDay(calendar, day)) return day;
  const back = () => {
    let d = day - 1;
    while (!isSettlementDay(calendar, d)) d -= 1;
    return d;
  };
  if (convention === 'preceding') return back();
  let d = day + 1;
  while (!isSettlementDay(calendar, d)) d += 1;
  if (convention === 'modifiedFollowing' && dayToIso(d).slice(0, 7) !== dayToIso(day).slice(0, 7)) return back();
  return d;
}

// ---- sessions -----------------------------------------------------------------------------

export interface Segment {
  phase: Exclude<SessionPhase, 'closed'>;
  tradable: boolean;
  priced: boolean;
  extended: boolean;
  /** Epoch ms, [start, end). */
  start: number;
  end: number;
}

export interface SessionState {
  phase: SessionPhase;
  /** Whether orders may fill now (regular session, or pre/post where the market has them). */
  tradable: boolean;
  /** The trading day this moment belongs to, in the market's time zone (YYYY-MM-DD). */
  tradingDay: string;
  timeZone: string;
  /** Epoch ms of the next phase change. */
  nextChange: number;
}

/** The local minute a half day closes at, when its set names one (SIFMA's 12:00 Good Friday). */
function closeOverride(calendar: CalendarId, day: number): number | null {
  const set = VENUES[calendar].closures;
  const at = set === null ? undefined : CLOSURES[set].closeAt?.[dayToIso(day)];
  if (!at) return null;
  const [hh, mm] = at.split(':').map(Number);
  return h(hh ?? 0, mm ?? 0);
}

/** A day's session specs: the half day's on a half day, clipped to a named close. */
function specsOf(calendar: CalendarId, day: number): readonly SessionSpec[] {
  const spec = VENUES[calendar];
  if (!isHalfDay(calendar, day)) return spec.sessions;
  const half = spec.halfDay ?? spec.sessions;
  const close = closeOverride(calendar, day);
  return close === null ? half : half.filter((s) => s.from < close).map((s) => ({ ...s, to: Math.min(s.to, close) }));
}

const segmentCache = new Map<string, readonly Segment[]>();

/** The sessions of trading day `day` as instants; empty when the day is not a trading day. */
export function daySegments(calendar: CalendarId, day: number, extendedHours = true): readonly Segment[] {
  const key = `${calendar}|${day}|${extendedHours ? 1 : 0}`;
  const cached = segmentCache.get(key);
  if (cached) return cached;
  const spec = VENUES[calendar];
  const zone = spec.hoursZone ?? spec.timeZone;
  const segments: Segment[] = isTradingDay(calendar, day)
    ? specsOf(calendar, day)
        .filter((s) => extendedHours || !s.extended)
        .map((s) => ({
          phase: s.phase,
          tradable: s.tradable,
          priced: s.priced,
          extended: s.extended,
          start: localToUtc(zone, day, s.from),
          end: localToUtc(zone, day, s.to),
        }))
    : [];
  if (segmentCache.size > 100_000) segmentCache.clear();
  segmentCache.set(key, segments);
  return segments;
}

/** The regular-session segments of a trading day (what candles are made of, and the business hours). */
export function regularSegments(calendar: CalendarId, day: number): readonly Segment[] {
  return daySegments(calendar, day, false).filter((s) => s.phase === 'regular');
}

/**
 * When trading day `day` closes for an order: the end of its last regular session and its closing
 * auction, or with `extendedHours` the end of its late session. Null on a day it does not trade.
 */
export function dayClose(calendar: CalendarId, day: number, extendedHours = false): number | null {
  if (extendedHours) {
    const last = daySegments(calendar, day, true)
      .filter((s) => s.tradable)
      .at(-1);
    if (last && last.phase !== 'regular') return last.end;
  }
  const last = regularSegments(calendar, day).at(-1);
  return last ? last.end + (VENUES[calendar].closingAuction ?? 0) * MINUTE : null;
}

/** Whether `at` falls inside a regular session of a trading day: the exchange's business hours. */
export function inBusinessHours(calendar: CalendarId, at: number): boolean {
  const today = localDay(VENUES[calendar].timeZone, at);
  for (let d = today - 1; d <= today + 1; d += 1) for (const s of regularSegments(calendar, d)) if (s.start <= at && at < s.end) return true;
  return false;
}

/** `at` when it falls in business hours, else the start of the next regular session. */
export function nextBusinessTime(calendar: CalendarId, at: number): number {
  if (inBusinessHours(calendar, at)) return at;
  const today = localDay(VENUES[calendar].timeZone, at);
  for (let d = today - 1; d < today + 40; d += 1) for (const s of regularSegments(calendar, d)) if (s.start > at) return s.start;
  return at;
}

export interface SessionOptions {
  /** Whether the instrument trades the calendar's extended hours (US stocks do, US indices do not). */
  extendedHours?: boolean;
}

/**
 * The session state of `calendar` at instant `at`. While closed, `tradingDay` is the latest trading
 * day whose session has begun, so quote screens keep showing that day's figures until the next opens.
 */
export function session(calendar: CalendarId, at: number, options: SessionOptions = {}): SessionState {
  const extended = options.extendedHours ?? true;
  const timeZone = VENUES[calendar].timeZone;
  const today = localDay(timeZone, at);
  for (let d = today - 1; d <= today + 1; d += 1) {
    for (const s of daySegments(calendar, d, extended)) {
      if (s.start <= at && at < s.end) return { phase: s.phase, tradable: s.tradable, tradingDay: dayToIso(d), timeZone, nextChange: s.end };
    }
  }
  return {
    phase: 'closed',
    tradable: false,
    tradingDay: dayToIso(latestStartedDay(calendar, at, today, extended)),
    timeZone,
    nextChange: nextStart(calendar, at, today, extended),
  };
}

/** The latest trading day whose first session started at or before `at`. */
export function latestStartedDay(calendar: CalendarId, at: number, today: number, extended: boolean): number {
  for (let d = today + 1; d > today - 40; d -= 1) {
    const first = daySegments(calendar, d, extended)[0];
    if (first && first.start <= at) return d;
  }
  return previousTradingDay(calendar, today);
}

function nextStart(calendar: CalendarId, at: number, today: number, extended: boolean): number {
  for (let d = today - 1; d < today + 40; d += 1) {
    for (const s of daySegments(calendar, d, extended)) if (s.start > at) return s.start;
  }
  return at + DAY;
}

/**
 * When the last trade at or before `at` was: `at` itself while a priced session of the calendar is
 * on, else the end of the last priced session before it (the HK pre-open auction is not priced, so
 * it counts as closed). What a closed market's quote is stamped with: the time of its price.
 */
export function lastTradeAt(calendar: CalendarId, at: number, extendedHours = true): number {
  const today = localDay(VENUES[calendar].timeZone, at);
  for (let d = today + 1; d > today - 40; d -= 1) {
    const priced = daySegments(calendar, d, extendedHours).filter((s) => s.priced);
    for (let k = priced.length - 1; k >= 0; k -= 1) {
      const s = priced[k]!;
      if (s.start <= at) return Math.min(at, s.end);
    }
  }
  return at;
}

/** The trading day (day number) a moment belongs to, as `session` reports it. */
export function tradingDayAt(calendar: CalendarId, at: number, extended = true): number {
  return isoToDay(session(calendar, at, { extendedHours: extended }).tradingDay);
}
