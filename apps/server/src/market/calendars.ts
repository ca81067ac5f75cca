// Trading calendars: hours per exchange in its own time zone, holidays from holidays.ts.
// Time zones come from the runtime's IANA data through Intl, so daylight saving needs no code.
// A "day" below is a local calendar date written as days since 1970-01-01 (the date's number,
// not an instant), which makes trading-day arithmetic plain integer arithmetic.

import { HOLIDAYS, type HolidaySet } from './holidays';
import type { CalendarId, SessionPhase, SessionState } from './types';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

interface SegmentSpec {
  phase: Exclude<SessionPhase, 'closed'>;
  /** Minutes from local midnight of the trading day; negative means the evening before. */
  from: number;
  to: number;
  tradable: boolean;
  /** Extended hours: only instruments that trade them (US stocks) see this segment. */
  extended: boolean;
  /** Whether the price moves in this segment (the HK pre-open auction is shown but does not move). */
  priced: boolean;
}

interface CalendarSpec {
  timeZone: string;
  holidays: HolidaySet | null;
  weekends: boolean;
  segments: readonly SegmentSpec[];
}

const reg = (from: number, to: number): SegmentSpec => ({ phase: 'regular', from, to, tradable: true, extended: false, priced: true });
const h = (hours: number, minutes = 0): number => hours * 60 + minutes;

export const CALENDARS: Readonly<Record<CalendarId, CalendarSpec>> = {
  US: {
    timeZone: 'America/New_York',
    holidays: 'NYSE',
    weekends: true,
    segments: [
      { phase: 'pre', from: h(4), to: h(9, 30), tradable: true, extended: true, priced: true },
      reg(h(9, 30), h(16)),
      { phase: 'post', from: h(16), to: h(20), tradable: true, extended: true, priced: true },
    ],
  },
  HK: {
    timeZone: 'Asia/Hong_Kong',
    holidays: 'HKEX',
    weekends: true,
    segments: [
      { phase: 'pre', from: h(9), to: h(9, 30), tradable: false, extended: false, priced: false },
      reg(h(9, 30), h(12)),
      reg(h(13), h(16)),
    ],
  },
  XETRA: { timeZone: 'Europe/Berlin', holidays: 'XETRA', weekends: true, segments: [reg(h(9), h(17, 30))] },
  'EURONEXT-AMS': { timeZone: 'Europe/Amsterdam', holidays: 'EURONEXT', weekends: true, segments: [reg(h(9), h(17, 30))] },
  'EURONEXT-BRU': { timeZone: 'Europe/Brussels', holidays: 'EURONEXT', weekends: true, segments: [reg(h(9), h(17, 30))] },
  BMV: { timeZone: 'America/Mexico_City', holidays: 'BMV', weekends: true, segments: [reg(h(8, 30), h(15))] },
  TSE: { timeZone: 'Asia/Tokyo', holidays: 'TSE', weekends: true, segments: [reg(h(9), h(11, 30)), reg(h(12, 30), h(15, 30))] },
  LSE: { timeZone: 'Europe/London', holidays: 'LSE', weekends: true, segments: [reg(h(8), h(16, 30))] },
  // The trading day D of CME Globex opens at 18:00 on the evening before.
  GLOBEX: { timeZone: 'America/New_York', holidays: 'NYSE', weekends: true, segments: [reg(h(18) - h(24), h(17))] },
  FX: { timeZone: 'America/New_York', holidays: 'FX', weekends: true, segments: [reg(h(17) - h(24), h(17))] },
  BONDS: { timeZone: 'America/New_York', holidays: 'NYSE', weekends: true, segments: [reg(h(8), h(17))] },
  CRYPTO: { timeZone: 'UTC', holidays: null, weekends: false, segments: [reg(0, h(24))] },
};

// ---- dates -------------------------------------------------------------------------------

export function isoToDay(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / DAY;
}

export function dayToIso(day: number): string {
  return new Date(day * DAY).toISOString().slice(0, 10);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

// ---- time zones --------------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, Map<number, number>>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
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

/** The instant of local wall time `minute` (minutes from midnight, may exceed a day either way) on `day`. */
export function localToUtc(timeZone: string, day: number, minute: number): number {
  const wall = day * DAY + minute * MINUTE;
  const first = wall - zoneOffset(timeZone, wall);
  const second = wall - zoneOffset(timeZone, first);
  return second;
}

// ---- trading days and segments ----------------------------------------------------------

const holidaySets = new Map<HolidaySet, ReadonlySet<number>>();

function holidaysOf(set: HolidaySet): ReadonlySet<number> {
  let days = holidaySets.get(set);
  if (!days) {
    days = new Set(HOLIDAYS[set].map(isoToDay));
    holidaySets.set(set, days);
  }
  return days;
}

export function isTradingDay(calendar: CalendarId, day: number): boolean {
  const spec = CALENDARS[calendar];
  if (spec.weekends) {
    const wd = weekdayOf(day);
    if (wd === 0 || wd === 6) return false;
  }
  return spec.holidays === null || !holidaysOf(spec.holidays).has(day);
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

export interface Segment {
  phase: Exclude<SessionPhase, 'closed'>;
  tradable: boolean;
  priced: boolean;
  /** Epoch ms, [start, end). */
  start: number;
  end: number;
}

const segmentCache = new Map<string, readonly Segment[]>();

/** The sessions of trading day `day` as instants; empty when the day is not a trading day. */
export function daySegments(calendar: CalendarId, day: number, extendedHours = true): readonly Segment[] {
  const key = `${calendar}|${day}|${extendedHours ? 1 : 0}`;
  const cached = segmentCache.get(key);
  if (cached) return cached;
  const spec = CALENDARS[calendar];
  const segments: Segment[] = isTradingDay(calendar, day)
    ? spec.segments
        .filter((s) => extendedHours || !s.extended)
        .map((s) => ({
          phase: s.phase,
          tradable: s.tradable,
          priced: s.priced,
          start: localToUtc(spec.timeZone, day, s.from),
          end: localToUtc(spec.timeZone, day, s.to),
        }))
    : [];
  if (segmentCache.size > 100_000) segmentCache.clear();
  segmentCache.set(key, segments);
  return segments;
}

/** The regular-session segments of a trading day (what candles are made of). */
export function regularSegments(calendar: CalendarId, day: number): readonly Segment[] {
  return daySegments(calendar, day, false).filter((s) => s.phase === 'regular');
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
  const timeZone = CALENDARS[calendar].timeZone;
  const today = localDay(timeZone, at);
  for (let d = today - 1; d <= today + 1; d += 1) {
    for (const s of daySegments(calendar, d, extended)) {
      if (s.start <= at && at < s.end) {
        return { phase: s.phase, tradable: s.tradable, tradingDay: dayToIso(d), timeZone, nextChange: s.end };
      }
    }
  }
  return { phase: 'closed', tradable: false, tradingDay: dayToIso(latestStartedDay(calendar, at, today, extended)), timeZone, nextChange: nextStart(calendar, at, today, extended) };
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

/** The trading day (day number) a moment belongs to, as `session` reports it. */
export function tradingDayAt(calendar: CalendarId, at: number, extended = true): number {
  return isoToDay(session(calendar, at, { extendedHours: extended }).tradingDay);
}
