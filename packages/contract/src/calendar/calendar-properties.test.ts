import { describe, expect, it } from 'vitest';
import {
  addSettlementDays,
  adjustDay,
  CALENDAR_IDS,
  CALENDAR_YEARS,
  dayClose,
  daySegments,
  dayToIso,
  inBusinessHours,
  isHalfDay,
  isoToDay,
  isSettlementDay,
  isTradingDay,
  localDay,
  localMinute,
  nextBusinessTime,
  regularSegments,
  session,
  settlementDay,
  VENUES,
  weekdayOf,
  type CalendarId,
} from './calendar';
import { CLOSURES } from './closures';

// The calendar's invariants (issue 33), over every venue and every day of the calendar's years.

const FIRST = isoToDay(`${CALENDAR_YEARS.first}-01-01`);
const LAST = isoToDay(`${CALENDAR_YEARS.last}-12-31`);
const days = Array.from({ length: LAST - FIRST + 1 }, (_, k) => FIRST + k);
const at = (iso: string) => Date.parse(iso);
const MIN = 60_000;

describe('the exchange calendar, every venue, every day of 2025-2028', () => {
  it('has sessions exactly on trading days, each as long as its venue says, daylight-saving days included', () => {
    for (const cal of CALENDAR_IDS) {
      const v = VENUES[cal];
      for (const d of days) {
        const segments = daySegments(cal, d, true);
        expect(segments.length > 0, `${cal} ${dayToIso(d)}`).toBe(isTradingDay(cal, d));
        if (!isTradingDay(cal, d)) continue;
        const specs = isHalfDay(cal, d) ? (v.halfDay ?? v.sessions) : v.sessions;
        // A half day with a named close (SIFMA's Good Friday 2026) is clipped: its own test below.
        if (isHalfDay(cal, d) && v.closures && CLOSURES[v.closures].closeAt?.[dayToIso(d)]) continue;
        expect(
          segments.map((s) => (s.end - s.start) / MIN),
          `${cal} ${dayToIso(d)}`,
        ).toEqual(specs.map((s) => s.to - s.from));
        for (let k = 1; k < segments.length; k++) expect(segments[k]!.start).toBeGreaterThanOrEqual(segments[k - 1]!.end);
      }
    }
  });

  it('reads every session start back as the same local date and minute', () => {
    for (const cal of CALENDAR_IDS) {
      const v = VENUES[cal];
      const zone = v.hoursZone ?? v.timeZone;
      for (const d of days) {
        if (!isTradingDay(cal, d)) continue;
        const specs = isHalfDay(cal, d) ? (v.halfDay ?? v.sessions) : v.sessions;
        daySegments(cal, d, true).forEach((s, k) => {
          const from = specs[k]!.from;
          // A session that opens the evening before (futures, FX) starts on the previous local date.
          expect(localDay(zone, s.start), `${cal} ${dayToIso(d)}`).toBe(from < 0 ? d - 1 : d);
          expect(localMinute(zone, s.start)).toBe(((from % 1440) + 1440) % 1440);
        });
      }
    }
  });

  it('lists no closure on a weekend of a venue closed at weekends, and no day twice', () => {
    for (const [set, c] of Object.entries(CLOSURES)) {
      for (const iso of [...c.closed, ...c.half]) expect([0, 6], `${set} ${iso}`).not.toContain(weekdayOf(isoToDay(iso)));
      expect(new Set(c.closed).size, set).toBe(c.closed.length);
    }
  });

  it('gives every trading day a close after its last session starts, the closing auction included', () => {
    for (const cal of CALENDAR_IDS) {
      for (const d of days) {
        const close = dayClose(cal, d);
        if (!isTradingDay(cal, d)) {
          expect(close).toBeNull();
          continue;
        }
        const last = regularSegments(cal, d).at(-1)!;
        expect(close).toBe(last.end + (VENUES[cal].closingAuction ?? 0) * MIN);
      }
    }
  });

  it('settles T+n on settlement days only, and Modified Following never leaves the month', () => {
    for (const cal of CALENDAR_IDS) {
      for (const d of days) {
        const s = settlementDay(cal, d);
        expect(isSettlementDay(cal, s), `${cal} ${dayToIso(d)}`).toBe(true);
        expect(s).toBeGreaterThanOrEqual(d);
        const mf = adjustDay(cal, d, 'modifiedFollowing');
        expect(isSettlementDay(cal, mf)).toBe(true);
        expect(dayToIso(mf).slice(0, 7)).toBe(dayToIso(d).slice(0, 7));
        const f = adjustDay(cal, d, 'following');
        expect(f).toBeGreaterThanOrEqual(d);
        for (let x = d; x < f; x++) expect(isSettlementDay(cal, x)).toBe(false);
      }
    }
  });

  it('moves the next business time forward only, and lands it inside business hours', () => {
    for (const cal of ['US', 'HK', 'XETRA', 'BONDS'] as CalendarId[]) {
      let previous = 0;
      for (let t = at('2026-01-01T00:00:00Z'); t < at('2026-03-01T00:00:00Z'); t += 37 * MIN) {
        const next = nextBusinessTime(cal, t);
        expect(next).toBeGreaterThanOrEqual(t);
        expect(next).toBeGreaterThanOrEqual(previous);
        expect(inBusinessHours(cal, next)).toBe(true);
        previous = next;
      }
    }
  });
});

describe('the exchange calendar, worked by hand', () => {
  it('follows New York across the US daylight-saving changes (8 March and 1 November 2026)', () => {
    // Friday 6 March: EST (UTC-5), 09:30 is 14:30Z. Monday 9 March: EDT (UTC-4), 13:30Z.
    expect(regularSegments('US', isoToDay('2026-03-06'))[0]!.start).toBe(at('2026-03-06T14:30:00Z'));
    expect(regularSegments('US', isoToDay('2026-03-09'))[0]!.start).toBe(at('2026-03-09T13:30:00Z'));
    // Friday 30 October: EDT, 16:00 is 20:00Z; Monday 2 November: EST, 21:00Z.
    expect(regularSegments('US', isoToDay('2026-10-30'))[0]!.end).toBe(at('2026-10-30T20:00:00Z'));
    expect(regularSegments('US', isoToDay('2026-11-02'))[0]!.end).toBe(at('2026-11-02T21:00:00Z'));
  });

  it('follows Frankfurt across the EU changes (29 March and 25 October 2026), and the three weeks New York is five hours behind', () => {
    // Friday 27 March: CET (UTC+1), 09:00 is 08:00Z; Monday 30 March: CEST (UTC+2), 07:00Z.
    expect(regularSegments('XETRA', isoToDay('2026-03-27'))[0]!.start).toBe(at('2026-03-27T08:00:00Z'));
    expect(regularSegments('XETRA', isoToDay('2026-03-30'))[0]!.start).toBe(at('2026-03-30T07:00:00Z'));
    expect(regularSegments('XETRA', isoToDay('2026-10-23'))[0]!.start).toBe(at('2026-10-23T07:00:00Z'));
    expect(regularSegments('XETRA', isoToDay('2026-10-26'))[0]!.start).toBe(at('2026-10-26T08:00:00Z'));
    // Wednesday 18 March 2026: New York on EDT, Frankfurt still on CET: NYSE opens 13:30Z = 14:30 CET,
    // three hours before Xetra closes at 17:30 CET (16:30Z).
    const ny = regularSegments('US', isoToDay('2026-03-18'))[0]!;
    const fra = regularSegments('XETRA', isoToDay('2026-03-18'))[0]!;
    expect((fra.end - ny.start) / 3_600_000).toBe(3);
  });

  it('keeps BMV on New York hours all year: 08:30 Mexico City in winter, 07:30 in summer', () => {
    expect(regularSegments('BMV', isoToDay('2026-01-15'))[0]!.start).toBe(at('2026-01-15T14:30:00Z'));
    expect(localMinute('America/Mexico_City', at('2026-01-15T14:30:00Z'))).toBe(8 * 60 + 30);
    expect(regularSegments('BMV', isoToDay('2026-07-15'))[0]!.start).toBe(at('2026-07-15T13:30:00Z'));
    expect(localMinute('America/Mexico_City', at('2026-07-15T13:30:00Z'))).toBe(7 * 60 + 30);
  });

  it('closes half days early: NYSE 13:00 (late trading to 17:00), HKEX 12:10 with the auction, Euronext 14:05, SIFMA 12:00 on Good Friday 2026', () => {
    const fri = isoToDay('2026-11-27');
    expect(isHalfDay('US', fri)).toBe(true);
    expect(dayClose('US', fri)).toBe(at('2026-11-27T18:00:00Z'));
    expect(dayClose('US', fri, true)).toBe(at('2026-11-27T22:00:00Z'));
    expect(dayClose('US', isoToDay('2026-11-25'))).toBe(at('2026-11-25T21:00:00Z'));
    expect(dayClose('US', isoToDay('2026-11-25'), true)).toBe(at('2026-11-26T01:00:00Z'));
    expect(dayClose('HK', isoToDay('2026-12-24'))).toBe(at('2026-12-24T04:10:00Z'));
    expect(dayClose('HK', isoToDay('2026-12-23'))).toBe(at('2026-12-23T08:10:00Z'));
    expect(session('HK', at('2026-12-24T05:30:00Z')).phase).toBe('closed');
    expect(dayClose('EURONEXT-AMS', isoToDay('2026-12-24'))).toBe(at('2026-12-24T13:05:00Z'));
    expect(dayClose('BONDS', isoToDay('2026-04-03'))).toBe(at('2026-04-03T16:00:00Z'));
    expect(dayClose('BONDS', isoToDay('2026-04-02'))).toBe(at('2026-04-02T18:00:00Z'));
  });

  it('settles by each venue’s cycle and its own settlement days', () => {
    // US T+1: Wednesday 25 Nov 2026 -> Friday 27 (Thanksgiving 26 closed).
    expect(dayToIso(settlementDay('US', isoToDay('2026-11-25')))).toBe('2026-11-27');
    // HK T+2 counts from the trade day even when it does not settle: a trade on the half day Thursday
    // 24 Dec 2026 -> 25 closed, 26-27 weekend, Monday 28 (1), Tuesday 29 (2).
    expect(dayToIso(settlementDay('HK', isoToDay('2026-12-24')))).toBe('2026-12-29');
    // HK T+2: Tuesday 22 Dec 2026 -> 24 Dec is a half day without settlement, 25 closed, 26-27 weekend: Monday 28.
    expect(dayToIso(settlementDay('HK', isoToDay('2026-12-22')))).toBe('2026-12-28');
    // Xetra T+2: Wednesday 23 Dec 2026 -> 24 Dec settles though it does not trade; 25 closed: Monday 28.
    expect(dayToIso(settlementDay('XETRA', isoToDay('2026-12-23')))).toBe('2026-12-28');
    expect(isTradingDay('XETRA', isoToDay('2026-12-24'))).toBe(false);
    expect(isSettlementDay('XETRA', isoToDay('2026-12-24'))).toBe(true);
    // EU T+1 from Monday 11 Oct 2027: Friday 8 Oct settles T+2 on Tuesday 12, Monday 11 T+1 on Tuesday 12.
    expect(dayToIso(settlementDay('XETRA', isoToDay('2027-10-08')))).toBe('2027-10-12');
    expect(dayToIso(settlementDay('XETRA', isoToDay('2027-10-11')))).toBe('2027-10-12');
    // SIFMA: Good Friday 3 April 2026 trades to noon but does not settle: Thursday 2 April T+1 is Monday 6.
    expect(dayToIso(settlementDay('BONDS', isoToDay('2026-04-02')))).toBe('2026-04-06');
    expect(dayToIso(addSettlementDays('BONDS', isoToDay('2026-10-09'), 1))).toBe('2026-10-13');
  });

  it('moves a day off by Following, Modified Following and Preceding (ISDA 2006 s.4.12)', () => {
    // Saturday 15 August 2026: Following and Modified Following -> Monday 17; Preceding -> Friday 14.
    const sat = isoToDay('2026-08-15');
    expect(dayToIso(adjustDay('BONDS', sat, 'following'))).toBe('2026-08-17');
    expect(dayToIso(adjustDay('BONDS', sat, 'modifiedFollowing'))).toBe('2026-08-17');
    expect(dayToIso(adjustDay('BONDS', sat, 'preceding'))).toBe('2026-08-14');
    // Sunday 31 January 2027: Following -> Monday 1 February; Modified Following stays in January: Friday 29.
    const sun = isoToDay('2027-01-31');
    expect(dayToIso(adjustDay('XETRA', sun, 'following'))).toBe('2027-02-01');
    expect(dayToIso(adjustDay('XETRA', sun, 'modifiedFollowing'))).toBe('2027-01-29');
  });

  it('names business hours and the next valid time: a Sunday in Hong Kong waits for Monday 09:30, lunch for 13:00', () => {
    // Sunday 6 Dec 2026 15:17 HK (07:17Z) -> Monday 7 Dec 09:30 HK (01:30Z).
    expect(nextBusinessTime('HK', at('2026-12-06T07:17:00Z'))).toBe(at('2026-12-07T01:30:00Z'));
    // Monday 12:30 HK (04:30Z), lunch -> 13:00 HK (05:00Z).
    expect(nextBusinessTime('HK', at('2026-12-07T04:30:00Z'))).toBe(at('2026-12-07T05:00:00Z'));
    expect(inBusinessHours('HK', at('2026-12-07T02:00:00Z'))).toBe(true);
    // The pre-opening auction is not business hours for an order to fill.
    expect(inBusinessHours('HK', at('2026-12-07T01:15:00Z'))).toBe(false);
  });
});
