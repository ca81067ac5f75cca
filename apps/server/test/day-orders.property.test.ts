import {
  CALENDAR_FROM,
  CALENDAR_IDS,
  dayClose,
  dayOrderExpiry,
  isHalfDay,
  isTradingDay,
  localDay,
  localMinute,
  localToUtc,
  VENUES,
  type CalendarId,
} from '@tradeapp/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// The day-order expiry rule against the calendar it reads: for any moment, the expiry is the first
// close after it of a trading day (the closing auction included; with extended hours the late
// close), and on a half day without extended hours New York's is 13:00 and Hong Kong's 12:10.

const DAY = 86_400_000;
// Orders are placed up to the end of 2028 less a fortnight: the expiry of the last ones is still in the calendar.
const moment = fc.integer({ min: CALENDAR_FROM, max: Date.UTC(2028, 11, 15) });

describe('dayOrderExpiry', () => {
  it('is the first trading-day close after the moment the order is placed', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CALENDAR_IDS), moment, fc.boolean(), (calendar: CalendarId, at: number, extended: boolean) => {
        const expiry = dayOrderExpiry(calendar, at, extended);
        expect(expiry).toBeGreaterThan(at);
        const zone = VENUES[calendar].timeZone;
        const day = localDay(zone, expiry - 1);
        // The expiry is the close of a trading day...
        const own = [day, day + 1].find((d) => dayClose(calendar, d, extended) === expiry);
        expect(own, `${calendar} ${new Date(at).toISOString()}`).toBeDefined();
        expect(isTradingDay(calendar, own!)).toBe(true);
        // ...and no trading day closes between the order and it.
        for (let d = localDay(zone, at) - 1; d < own!; d += 1) {
          const close = dayClose(calendar, d, extended);
          if (close !== null) expect(close <= at || close >= expiry).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('closes a half day at 13:00 in New York (17:00 with extended hours) and 12:10 in Hong Kong', () => {
    const halfDays = (calendar: CalendarId) => {
      const days: number[] = [];
      for (let d = CALENDAR_FROM / DAY; d < Date.UTC(2028, 11, 15) / DAY; d += 1) if (isHalfDay(calendar, d)) days.push(d);
      return days;
    };
    for (const [calendar, regular, extended] of [
      ['US', 13 * 60, 17 * 60],
      ['HK', 12 * 60 + 10, 12 * 60 + 10],
    ] as const) {
      const days = halfDays(calendar);
      expect(days.length).toBeGreaterThan(3);
      const zone = VENUES[calendar].timeZone;
      fc.assert(
        fc.property(fc.constantFrom(...days), fc.integer({ min: 0, max: 9 * 60 }), (day, minute) => {
          // Placed that morning, between local midnight and 09:00.
          const at = localToUtc(zone, day, minute);
          expect(localMinute(zone, dayOrderExpiry(calendar, at, false))).toBe(regular);
          if (calendar === 'US') expect(localMinute(zone, dayOrderExpiry(calendar, at, true))).toBe(extended);
        }),
      );
    }
  });
});
