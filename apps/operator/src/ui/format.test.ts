import { describe, expect, it } from 'vitest';
import {
  formatCountdown,
  formatDate,
  formatDateTime,
  formatDateTimeIn,
  formatRecent,
  formatRelative,
  formatTime,
  formatUtcDay,
  isoDayOf,
  utcMonthOf,
} from './format';

// The back office's one style: ISO-like 24-hour times in English, whatever the browser's locale.
// Tests run with TZ=UTC (vitest.config.ts), so the browser's clock is UTC here.

describe('dates in the back office', () => {
  // 2026-12-07 21:00:05 UTC: New York is on EST (UTC-5), 16:00 there; Hong Kong (UTC+8) 05:00 on the 8th.
  const at = Date.UTC(2026, 11, 7, 21, 0, 5);
  const MIN = 60_000;

  it('writes instants, days and months in one form, seconds and milliseconds alike', () => {
    expect(formatDateTime(at)).toBe('2026-12-07 21:00:05');
    expect(formatDateTime(Math.floor(at / 1000))).toBe('2026-12-07 21:00:05');
    expect(formatDate(at)).toBe('2026-12-07');
    expect(formatTime(at)).toBe('21:00');
    expect(formatUtcDay(Date.UTC(2026, 11, 7, 23, 59))).toBe('2026-12-07');
    expect(isoDayOf(at)).toBe('2026-12-07');
    expect(utcMonthOf(at)).toBe('2026-12');
    expect(formatDateTime(null)).toBe('—');
    expect(formatRecent(at - 30 * MIN, at)).toBe('20:30');
    expect(formatRecent(at - 22 * 60 * MIN, at)).toBe('2026-12-06');
  });

  it('names an exchange’s clock by its city', () => {
    expect(formatDateTimeIn(at, 'America/New_York', 'time')).toBe('16:00 New York time');
    expect(formatDateTimeIn(at, 'Asia/Hong_Kong')).toBe('2026-12-08 05:00 Hong Kong time');
    expect(formatDateTimeIn(at, 'UTC')).toBe('2026-12-07 21:00 UTC');
  });

  it('writes spans as Intl does in English', () => {
    // 2 h 10 min 59 s ahead rounds down to the minute; 5 min ago; 1 h 2 min 5 s left; 42 s left.
    expect(formatRelative(at + 130 * MIN + 59_000, at)).toBe('in 2 hr, 10 min');
    expect(formatRelative(at - 5 * MIN, at)).toBe('5 min ago');
    expect(formatCountdown(62 * MIN + 5000)).toBe('1 hr, 2 min');
    expect(formatCountdown(42_000)).toBe('42 sec');
    expect(formatCountdown(-1)).toBe('0 sec');
  });
});
