import { afterEach, describe, expect, it } from 'vitest';
import { storeUiLanguage } from '../../i18n/locale';
import { formatChartTick, formatChartTime, formatExchangeDateTime, formatTimeZoneName, toWallClockSeconds } from '../../lib/format';

// Wednesday 18 November 2026 15:30 UTC: 23:30 in Hong Kong, 16:30 in Frankfurt, 10:30 in New York.
// Tests run with TZ=UTC: every string below differs from the device's clock.
const AT = Date.parse('2026-11-18T15:30:00Z');
const SECONDS = AT / 1000;

describe('the quote and the chart on the exchange clock', () => {
  afterEach(() => storeUiLanguage('en'));

  it.each([
    ['en', '18/11/2026 11:30:00 PM', '18/11/2026 04:30:00 PM', '11:30 PM', '18/11 11:30 PM', '19/11', '18/11/2026', 'Hong Kong time'],
    ['nl', '18-11-2026 23:30:00', '18-11-2026 16:30:00', '23:30', '18-11 23:30', '19-11', '18-11-2026', 'Hongkongse tijd'],
    ['zh-Hans', '2026-11-18 23:30:00', '2026-11-18 16:30:00', '23:30', '11-18 23:30', '11-19', '2026-11-18', '香港时间'],
  ] as const)('%s: the exchange time, the axis and the crosshair', (language, hongKong, frankfurt, tick, crosshair, nextDay, date, zone) => {
    storeUiLanguage(language);
    expect(formatExchangeDateTime(AT, 'Asia/Hong_Kong')).toBe(hongKong);
    expect(formatExchangeDateTime(SECONDS, 'Europe/Berlin')).toBe(frankfurt);
    expect(formatChartTick(SECONDS, 'time', 'Asia/Hong_Kong')).toBe(tick);
    expect(formatChartTime(SECONDS, true, 'Asia/Hong_Kong')).toBe(crosshair);
    expect(formatChartTime(SECONDS, false, 'Asia/Hong_Kong')).toBe(date);
    // 17:00 UTC is already the next day in Hong Kong.
    expect(formatChartTick(SECONDS + 90 * 60, 'day', 'Asia/Hong_Kong')).toBe(nextDay);
    expect(formatChartTick(SECONDS, 'year', 'Asia/Hong_Kong')).toBe('2026');
    // An exchange's clock is named by its city, as every message names it.
    expect(formatTimeZoneName('Asia/Hong_Kong')).toBe(zone);
    // Crypto trades on UTC: named so in every language, not "GMT+00:00".
    expect(formatTimeZoneName('UTC')).toBe('UTC');
    // The chart is given wall-clock seconds and formats them as UTC: the same labels.
    const wall = toWallClockSeconds(SECONDS, 'Asia/Hong_Kong');
    expect(formatChartTick(wall, 'time', 'UTC')).toBe(tick);
    expect(formatChartTime(wall, true, 'UTC')).toBe(crosshair);
    expect(formatExchangeDateTime(null, 'Asia/Hong_Kong')).toBe('--');
  });

  it('moves the chart to the exchange clock, summer time included', () => {
    expect(toWallClockSeconds(SECONDS, 'Asia/Hong_Kong') - SECONDS).toBe(8 * 3600);
    expect(toWallClockSeconds(SECONDS, 'America/New_York') - SECONDS).toBe(-5 * 3600);
    const july = Date.parse('2026-07-01T14:30:00Z') / 1000;
    expect(toWallClockSeconds(july, 'America/New_York') - july).toBe(-4 * 3600);
    expect(toWallClockSeconds(july, 'Europe/Berlin') - july).toBe(2 * 3600);
  });
});
