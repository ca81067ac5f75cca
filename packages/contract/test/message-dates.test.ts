import { describe, expect, it } from 'vitest';
import { dayParam, instantParam, translate } from '../src/index';

// Dates and zones in messages are written in the reader's form (messages/index.ts, formatParam):
// DateParams, and what callers already send as text (ISO days and instants, exchanges' wall
// clocks, IANA zones), so that no message shows a raw ISO text or zone id.

describe('dates in messages', () => {
  // 2026-12-07 14:30 UTC is 09:30 in New York (EST, UTC-5) and 22:30 in Hong Kong (UTC+8).
  const at = Date.UTC(2026, 11, 7, 14, 30);

  it.each([
    ['en', 'The market is closed; it opens at 07/12/2026 09:30 AM (New York time)', 'Placement shares are locked up until 07/12/2026 10:30 PM Hong Kong time'],
    ['nl', 'De markt is gesloten; hij opent om 07-12-2026 09:30 (New Yorkse tijd)', 'Plaatsingsaandelen zijn geblokkeerd tot 07-12-2026 22:30 Hongkongse tijd'],
    ['zh_Hans_CN', '市场已休市，将于 2026-12-07 09:30（纽约时间）开市', '配售股票锁定至 香港时间 2026-12-07 22:30'],
  ] as const)('%s: an exchange’s wall clock and zone as sent today, and an instant on a zone’s clock', (locale, wall, instant) => {
    expect(translate(locale, 'e.marketClosedUntil', { opensAt: '2026-12-07 09:30', timeZone: 'America/New_York' })).toBe(wall);
    expect(translate(locale, 'e.positionLocked', { until: instantParam(at, 'Asia/Hong_Kong') })).toBe(instant);
  });

  it.each([
    [
      'en',
      'Placement shares are locked up until 04/05/2026 01:00 AM UTC',
      'Placement shares are locked up until 07/12/2026 02:30 PM UTC',
      'The income of 06/07/2026 is already declared and cannot be changed',
    ],
    [
      'nl',
      'Plaatsingsaandelen zijn geblokkeerd tot 04-05-2026 01:00 UTC',
      'Plaatsingsaandelen zijn geblokkeerd tot 07-12-2026 14:30 UTC',
      'De opbrengst van 06-07-2026 is al vastgesteld en kan niet worden gewijzigd',
    ],
    ['zh_Hans_CN', '配售股票锁定至 UTC 2026-05-04 01:00', '配售股票锁定至 UTC 2026-12-07 14:30', '2026-07-06 的收益已公布，不能更改'],
  ] as const)('%s: UTC instants labelled, calendar days as dates', (locale, lockup, instant, day) => {
    expect(translate(locale, 'e.positionLocked', { until: '2026-05-04 01:00 UTC' })).toBe(lockup);
    expect(translate(locale, 'e.positionLocked', { until: new Date(at).toISOString() })).toBe(instant);
    expect(translate(locale, 'e.depositIncomeDeclared', { day: '2026-07-06' })).toBe(day);
    expect(translate(locale, 'e.depositIncomeDeclared', { day: dayParam('2026-07-06') })).toBe(day);
  });

  it('leaves other texts and numbers as they are', () => {
    expect(translate('en', 'e.depositIncomeDeclared', { day: 'next week' })).toBe('The income of next week is already declared and cannot be changed');
    expect(translate('en', 'e.depositIncomeDeclared', { day: 20260706 })).toBe('The income of 20260706 is already declared and cannot be changed');
    expect(translate('en', 'e.depositIncomeDeclared', { day: '2026-07-06-1' })).toBe('The income of 2026-07-06-1 is already declared and cannot be changed');
  });
});
