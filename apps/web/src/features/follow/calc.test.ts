import { COPY_STOP_LOSS, RISK_STEPS } from '@tradeapp/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { dayToSeconds, formatFraction, formatReturn, NO_VALUE, riskRows, splitCurve, stopLossLevel, stopLossPercentOf } from './calc';

afterAll(() => setLanguage('en'));

describe('the copy stop-loss equity level', () => {
  // amount × (100 − percent) ÷ 100, to the cent, half away from zero, by hand:
  it('is what is put in less the stop-loss share, exactly', () => {
    expect(stopLossLevel('500', 40)).toBe('300.00'); // 500 × 60 ÷ 100
    expect(stopLossLevel('500', '40')).toBe('300.00');
    expect(stopLossLevel('100', 5)).toBe('95.00');
    expect(stopLossLevel('1000000', 95)).toBe('50000.00');
    expect(stopLossLevel('333.33', 60)).toBe('133.33'); // 333.33 × 40 = 13,333.20 ÷ 100 = 133.332
    expect(stopLossLevel('0.05', 50)).toBe('0.03'); // 0.025 rounds away from zero
    expect(stopLossLevel('123456.78', 37)).toBe('77777.77'); // 123,456.78 × 63 = 7,777,777.14 ÷ 100 = 77,777.7714
  });

  it('has no level until the amount and the percentage are valid', () => {
    expect(stopLossLevel('', 40)).toBeNull();
    expect(stopLossLevel('abc', 40)).toBeNull();
    expect(stopLossLevel('100.005', 40)).toBeNull();
    expect(stopLossLevel('500', '')).toBeNull();
    expect(stopLossLevel('500', COPY_STOP_LOSS.min - 1)).toBeNull();
    expect(stopLossLevel('500', COPY_STOP_LOSS.max + 1)).toBeNull();
    expect(stopLossLevel('500', '40.5')).toBeNull();
    expect(stopLossLevel('500', '-40')).toBeNull();
  });

  it('reads the percentage as typed: whole numbers from 5 to 95', () => {
    expect(stopLossPercentOf(' 40 ')).toBe(40);
    expect(stopLossPercentOf('05')).toBe(5);
    expect(stopLossPercentOf(95)).toBe(95);
    expect(stopLossPercentOf('100')).toBeNull();
    expect(stopLossPercentOf(null)).toBeNull();
  });
});

describe('figures as the server gave them', () => {
  it('shows a return in percent with its sign, and none as a dash', async () => {
    await setLanguage('en');
    expect(formatReturn('12.34')).toBe('+12.34%');
    expect(formatReturn('-3.5')).toBe('-3.50%');
    expect(formatReturn('0.00')).toBe('0.00%');
    expect(formatReturn(null)).toBe(NO_VALUE);
    await setLanguage('nl');
    expect(formatReturn('1234.5')).toBe('+1234,50%');
  });

  it('shows a fraction (drawdown, win rate, volatility) as a percentage', async () => {
    await setLanguage('en');
    expect(formatFraction('0.1234')).toBe('12.34%');
    expect(formatFraction('0.25')).toBe('25.00%');
    expect(formatFraction('0.00005')).toBe('0.01%');
    expect(formatFraction('1')).toBe('100.00%');
    expect(formatFraction(null)).toBe(NO_VALUE);
    expect(formatFraction('x')).toBe(NO_VALUE);
    await setLanguage('zh-Hans');
    expect(formatFraction('0.5833')).toBe('58.33%');
    await setLanguage('nl');
    expect(formatFraction('0.5833')).toBe('58,33%');
  });
});

describe('the risk score table', () => {
  it('has a row per step, then one above the last', () => {
    const rows = riskRows();
    expect(rows).toHaveLength(RISK_STEPS.length + 1);
    expect(rows[0]).toEqual({ score: 1, upTo: '0.02', above: null });
    expect(rows[8]).toEqual({ score: 9, upTo: '0.55', above: null });
    expect(rows[9]).toEqual({ score: 10, upTo: null, above: '0.55' });
    expect(riskRows([])).toEqual([]);
  });
});

describe('the equity curve', () => {
  const point = (day: string, nav: string, backfilled: boolean) => ({ day, nav, equity: nav, backfilled });
  const at = (day: string) => dayToSeconds(day)!;

  it('reads a day as its UTC midnight', () => {
    expect(dayToSeconds('2026-03-04')).toBe(Date.UTC(2026, 2, 4) / 1000);
    expect(dayToSeconds('04/03/2026')).toBeNull();
  });

  it('splits the backfilled days from the live ones and joins them where live trading began', () => {
    const { backfilled, live } = splitCurve([
      point('2026-01-01', '1.0000', true),
      point('2026-01-02', '1.0100', true),
      point('2026-01-03', '1.0050', false),
      point('2026-01-04', '1.0200', false),
    ]);
    expect(backfilled).toEqual([
      { time: at('2026-01-01'), value: 1 },
      { time: at('2026-01-02'), value: 1.01 },
    ]);
    expect(live).toEqual([
      { time: at('2026-01-02'), value: 1.01 },
      { time: at('2026-01-03'), value: 1.005 },
      { time: at('2026-01-04'), value: 1.02 },
    ]);
  });

  it('keeps one line when the record is all backfilled or all live, and leaves out repeated or unreadable days', () => {
    expect(splitCurve([point('2026-01-01', '1', true), point('2026-01-02', '1.1', true)]).live).toEqual([]);
    const onlyLive = splitCurve([
      point('2026-01-02', '1', false),
      point('2026-01-01', '0.9', false),
      point('bad', '1', false),
      point('2026-01-03', 'x', false),
    ]);
    expect(onlyLive).toEqual({ backfilled: [], live: [{ time: at('2026-01-02'), value: 1 }] });
  });
});
