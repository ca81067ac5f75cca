import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n';
import { storeUiLanguage } from '../i18n/locale';
import {
  formatChartPrice,
  formatChartTick,
  formatChartTime,
  formatChartVolume,
  formatDateText,
  formatInCurrency,
  formatNumber,
  formatQuantity,
  formatCompact,
  formatPrice,
  formatAmount,
  formatDate,
  formatCountdown,
  formatDateTime,
  formatDateTimeIn,
  formatDuration,
  formatMonthName,
  formatRelative,
  formatUtcDay,
  formatPercent,
  formatTime,
  riseFallColor,
  roundDecimal,
  toMillis,
} from './format';
import { currencySymbol, formatMoney } from './money';

describe('dates', () => {
  // 2026-03-04 15:06:07 UTC; tests run with TZ=UTC
  const seconds = 1772636767;
  const millis = seconds * 1000;

  it('reads 10-digit timestamps as seconds and 13-digit as milliseconds', () => {
    expect(toMillis(seconds)).toBe(millis);
    expect(toMillis(millis)).toBe(millis);
    expect(toMillis(String(seconds))).toBe(millis);
    expect(toMillis('abc')).toBeNull();
    expect(toMillis(null)).toBeNull();
  });

  it('formats English by the specification’s date-time, its date and time read the same way', () => {
    expect(formatDateTime(seconds)).toBe('04/03/2026 03:06:07 PM');
    expect(formatDateTime(millis)).toBe('04/03/2026 03:06:07 PM');
    expect(formatDate(millis)).toBe('04/03/2026');
    expect(formatTime(seconds)).toBe('03:06 PM');
    expect(formatDate(undefined)).toBe('--');
  });
});

describe('dates in the language of the screen', () => {
  // 2026-03-04 15:06:07 UTC; tests run with TZ=UTC
  const seconds = 1772636767;
  afterEach(() => storeUiLanguage('en'));

  it.each([
    ['en', '04/03/2026', '04/03/2026 03:06:07 PM', '03:06 PM', '04/03', '03/2026', '04/03 03:06 PM'],
    ['nl', '04-03-2026', '04-03-2026 15:06:07', '15:06', '04-03', '03-2026', '04-03 15:06'],
    ['zh-Hans', '2026-03-04', '2026-03-04 15:06:07', '15:06', '03-04', '2026-03', '03-04 15:06'],
  ] as const)('%s: one form for dates, date-times, times and chart labels', (language, date, dateTime, time, day, month, crosshair) => {
    storeUiLanguage(language);
    expect(formatDate(seconds)).toBe(date);
    expect(formatDateTime(seconds)).toBe(dateTime);
    expect(formatTime(seconds)).toBe(time);
    expect(formatChartTick(seconds, 'day')).toBe(day);
    expect(formatChartTick(seconds, 'month')).toBe(month);
    expect(formatChartTick(seconds, 'year')).toBe('2026');
    expect(formatChartTick(seconds, 'time')).toBe(time);
    expect(formatChartTime(seconds, true)).toBe(crosshair);
    expect(formatChartTime(seconds, false)).toBe(date);
  });

  it.each([
    ['en', '04/03/2026 10:06:07 AM', '30/06/2027'],
    ['nl', '04-03-2026 10:06:07', '30-06-2027'],
    ['zh-Hans', '2026-03-04 10:06:07', '2027-06-30'],
  ] as const)('%s: wall-clock texts from the server in the same forms, not moved to this zone', (language, dateTime, date) => {
    storeUiLanguage(language);
    expect(formatDateText('2026-03-04 10:06:07')).toBe(dateTime);
    expect(formatDateText('2027-06-30')).toBe(date);
    expect(formatDateText('next week')).toBe('next week');
    expect(formatDateText(null)).toBe('--');
  });
});

describe('one style per language: exchange clocks, spans, relative times', () => {
  // 2026-12-07 21:00 UTC. New York is on EST then (UTC-5): 16:00 there; Hong Kong (UTC+8): 05:00 on
  // the 8th; Amsterdam (CET, UTC+1): 22:00. Intl's unit names and lists are Node 20's ICU (no
  // Intl.DurationFormat there, so the fallback built from NumberFormat and ListFormat runs); its
  // output has no narrow no-break spaces for these units, and the strings are compared exactly.
  const at = Date.UTC(2026, 11, 7, 21, 0);
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  afterEach(() => setLanguage('en'));

  it.each([
    ['en', '04:00 PM New York time', '08/12/2026 05:00 AM Hong Kong time', '07/12/2026 10:00:00 PM Amsterdam time', '07/12/2026 09:00 PM UTC'],
    ['nl', '16:00 New Yorkse tijd', '08-12-2026 05:00 Hongkongse tijd', '07-12-2026 22:00:00 Amsterdamse tijd', '07-12-2026 21:00 UTC'],
    ['zh-Hans', '纽约时间 16:00', '香港时间 2026-12-08 05:00', '阿姆斯特丹时间 2026-12-07 22:00:00', 'UTC 2026-12-07 21:00'],
  ] as const)('%s: a time on an exchange’s clock, named by its city', async (language, ny, hk, ams, utc) => {
    await setLanguage(language);
    expect(formatDateTimeIn(at, 'America/New_York', 'time')).toBe(ny);
    expect(formatDateTimeIn(at, 'Asia/Hong_Kong')).toBe(hk);
    expect(formatDateTimeIn(at, 'Europe/Amsterdam', 'dateTime')).toBe(ams);
    expect(formatDateTimeIn(at, 'UTC')).toBe(utc);
    expect(formatDateTimeIn(null, 'UTC')).toBe('--');
  });

  it.each([
    // 2 h 10 min ahead; 5 min ago; 1 day 3 h ahead; 59 s ahead rounds down to 0 min; a month heading.
    ['en', 'in 2 hr, 10 min', '5 min ago', 'in 1 day, 3 hr', 'in 0 min', 'December 2026', '07/12/2026'],
    ['nl', 'over 2 uur, 10 min', '5 min geleden', 'over 1 dag, 3 uur', 'over 0 min', 'december 2026', '07-12-2026'],
    ['zh-Hans', '2小时10分钟后', '5分钟前', '1天3小时后', '0分钟后', '2026年12月', '2026-12-07'],
  ] as const)('%s: relative times, month names, UTC days', async (language, ahead, ago, days, soon, month, day) => {
    await setLanguage(language);
    expect(formatRelative(at + 2 * HOUR + 10 * MIN, at)).toBe(ahead);
    expect(formatRelative(at - 5 * MIN, at)).toBe(ago);
    expect(formatRelative(at + 27 * HOUR + 30_000, at)).toBe(days);
    expect(formatRelative(at + 59_000, at)).toBe(soon);
    expect(formatMonthName('2026-12')).toBe(month);
    // 23:30 UTC on the 7th is still the 7th whatever the device's zone.
    expect(formatUtcDay(Date.UTC(2026, 11, 7, 23, 30))).toBe(day);
  });

  it.each([
    // 1 h 2 min 5 s; 9 min 51 s; 42 s; 2 h exactly (no "0 min"); passed.
    ['en', '1 hr, 2 min', '9 min, 51 sec', '42 sec', '2 hr', '0 sec'],
    ['nl', '1 uur, 2 min', '9 min, 51 sec', '42 sec', '2 uur', '0 sec'],
    ['zh-Hans', '1小时2分钟', '9分钟51秒', '42秒', '2小时', '0秒'],
  ] as const)('%s: countdowns in units, never read as a time of day', async (language, hours, minutes, seconds, whole, passed) => {
    await setLanguage(language);
    expect(formatCountdown(HOUR + 2 * MIN + 5000)).toBe(hours);
    expect(formatCountdown(9 * MIN + 51_999)).toBe(minutes);
    expect(formatCountdown(42_000)).toBe(seconds);
    expect(formatCountdown(2 * HOUR + 30_000)).toBe(whole);
    expect(formatCountdown(-5000)).toBe(passed);
    expect(formatDuration(2 * HOUR + 10 * MIN + 59_000)).toBe(formatCountdown(2 * HOUR + 10 * MIN));
  });
});

describe('amounts', () => {
  it('rounds decimal strings half up to 2 decimals without floats', () => {
    expect(roundDecimal('1.005')).toBe('1.01');
    expect(roundDecimal('1.004')).toBe('1.00');
    expect(roundDecimal('2.345')).toBe('2.35');
    expect(roundDecimal('0.125')).toBe('0.13');
    expect(roundDecimal('9.995')).toBe('10.00');
    expect(roundDecimal('999.999')).toBe('1000.00');
    expect(roundDecimal('-1.005')).toBe('-1.01');
    expect(roundDecimal('-0.001')).toBe('0.00');
    expect(roundDecimal('12')).toBe('12.00');
    expect(roundDecimal('.5')).toBe('0.50');
    expect(roundDecimal('007.1')).toBe('7.10');
    expect(roundDecimal('123456789012345678901.235')).toBe('123456789012345678901.24');
    expect(roundDecimal('1.5', 0)).toBe('2');
    expect(roundDecimal('abc')).toBeNull();
    expect(roundDecimal('1.2.3')).toBeNull();
    expect(roundDecimal(0.1)).toBeNull();
    expect(roundDecimal(42)).toBe('42.00');
  });

  it('formats amounts with grouping and sign', () => {
    expect(formatAmount('1234567.891')).toBe('1234567.89');
    expect(formatAmount('1234567.891', { grouping: true })).toBe('1,234,567.89');
    expect(formatAmount('-1234.5', { grouping: true })).toBe('-1,234.50');
    expect(formatAmount('3.1', { signed: true })).toBe('+3.10');
    expect(formatAmount('0', { signed: true })).toBe('0.00');
    expect(formatAmount(null)).toBe('--');
    expect(formatAmount('')).toBe('--');
  });

  it('uses $ for the US stock wallet and € otherwise', () => {
    expect(currencySymbol('US_STOCK')).toBe('$');
    expect(currencySymbol('FOLLOW')).toBe('$');
    expect(currencySymbol('BALANCE')).toBe('€');
    expect(currencySymbol(undefined)).toBe('€');
    expect(formatMoney('1234.5', 'US_STOCK')).toBe('$1,234.50');
    expect(formatMoney('500', 'FOLLOW')).toBe('$500.00');
    expect(formatMoney('-12', 'BALANCE')).toBe('-€12.00');
  });

  it('colours rise and fall', () => {
    expect(riseFallColor('0.01')).toBe('var(--mm-rise-text)');
    expect(riseFallColor('-0.5')).toBe('var(--mm-fall-text)');
    expect(riseFallColor('0.00')).toBe('var(--mm-flat-text)');
    expect(formatPercent('1.234')).toBe('+1.23%');
    expect(formatPercent('-0.5')).toBe('-0.50%');
  });
});

describe('market numbers', () => {
  it('reads the precision of a tick size', async () => {
    const { decimalsOf } = await import('./format');
    expect(decimalsOf('0.01')).toBe(2);
    expect(decimalsOf('0.00001')).toBe(5);
    expect(decimalsOf('1')).toBe(0);
    expect(decimalsOf('0.50')).toBe(1);
    expect(decimalsOf(undefined)).toBe(2);
  });

  it('formats prices and changes at tick precision without floats', async () => {
    const { formatPrice, formatChange } = await import('./format');
    expect(formatPrice('65012.5', '0.01')).toBe('65,012.50');
    expect(formatPrice('1.085234', '0.00001')).toBe('1.08523');
    expect(formatChange('-0.00031', '0.00001')).toBe('-0.00031');
    expect(formatChange('1.2', '0.01')).toBe('+1.20');
    expect(formatChange('0', '0.01')).toBe('0.00');
    expect(formatPrice('531.5', '0.5')).toBe('531.50');
    expect(formatPrice('38250', '1')).toBe('38,250.00');
  });

  it('shortens large quantities', async () => {
    const { formatCompact } = await import('./format');
    expect(formatCompact('987')).toBe('987');
    expect(formatCompact('1234')).toBe('1.23K');
    expect(formatCompact('1234567')).toBe('1.23M');
    expect(formatCompact('999999')).toBe('1.00M');
    expect(formatCompact('12500000000')).toBe('12.50B');
    expect(formatCompact('3100000000000')).toBe('3.10T');
    expect(formatCompact('12.345')).toBe('12.35');
    expect(formatCompact('-2500000')).toBe('-2.50M');
    expect(formatCompact(null)).toBe('--');
  });
});

describe('numbers in the language of the screen', () => {
  afterEach(() => storeUiLanguage('en'));

  it('writes Dutch amounts with a decimal comma and dots between thousands', () => {
    storeUiLanguage('nl');
    expect(formatMoney('2500', 'BALANCE')).toBe('€2.500,00');
    expect(formatPrice('65012.5', '0.01')).toBe('65.012,50');
    expect(formatPercent('-1.234')).toBe('-1,23%');
    expect(formatCompact('35180000')).toBe('35,18M');
  });

  it.each([
    ['en', '1,000.5', '0.045', '1.08523', '1,234,567.891', '65,012.50', '1.23K', '-1,000'],
    ['nl', '1.000,5', '0,045', '1,08523', '1.234.567,891', '65.012,50', '1,23K', '-1.000'],
    ['zh-Hans', '1,000.5', '0.045', '1.08523', '1,234,567.891', '65,012.50', '1.23K', '-1,000'],
  ] as const)(
    '%s: quantities, rates and chart labels use the same separators as prices',
    (language, quantity, small, rate, grouped, chartPrice, chartVolume, negative) => {
      storeUiLanguage(language);
      expect(formatQuantity('1000.50000000')).toBe(quantity);
      expect(formatQuantity('0.04500000')).toBe(small);
      expect(formatQuantity('-1000')).toBe(negative);
      expect(formatNumber('1.08523')).toBe(rate);
      expect(formatNumber('1234567.891', { grouping: true })).toBe(grouped);
      expect(formatChartPrice(65012.5, 2)).toBe(chartPrice);
      expect(formatChartVolume(1234.4)).toBe(chartVolume);
      expect(formatQuantity(null)).toBe('--');
    },
  );

  it.each([
    ['en', '€1,234.50', '$1,234.50', '12.50 USDT'],
    ['nl', '€1.234,50', '$1.234,50', '12,50 USDT'],
    ['zh-Hans', '€1,234.50', '$1,234.50', '12.50 USDT'],
  ] as const)('%s: an amount in its currency', (language, eur, usd, other) => {
    storeUiLanguage(language);
    expect(formatInCurrency('1234.5', 'EUR')).toBe(eur);
    expect(formatInCurrency('1234.5', 'USD')).toBe(usd);
    expect(formatInCurrency('12.5', 'USDT')).toBe(other);
  });

  it('keeps the English form for English and Chinese', () => {
    storeUiLanguage('zh-Hans');
    expect(formatMoney('2500', 'US_STOCK')).toBe('$2,500.00');
    expect(formatCompact('35180000')).toBe('35.18M');
  });
});
