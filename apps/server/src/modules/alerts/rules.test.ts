import { describe, expect, it } from 'vitest';
import type { Candle } from '../../market/types';
import { createMovingAverages, crossing, dayChange, met, shownAverage } from './rules';

const MIN = 60_000;
const candle = (time: number, close: string): Candle => ({ time, open: close, high: close, low: close, close, volume: '1' });

describe('when an alert is met', () => {
  it('takes a level at or above / at or below it, exactly on the decimal', () => {
    const above = { kind: 'price' as const, direction: 'above' as const, level: '100.10', percent: null };
    expect([met(above, '100.09', '0'), met(above, '100.10', '0'), met(above, '100.1000001', '0')]).toEqual([false, true, true]);
    const below = { ...above, direction: 'below' as const };
    expect([met(below, '100.11', '0'), met(below, '100.10', '0')]).toEqual([false, true]);
  });

  it('takes the day’s change as the quote shows it, up or down by at least the percentage', () => {
    expect(dayChange('102.00', '100.00')).toBe('2.00');
    expect(dayChange('97.995', '100.00')).toBe('-2.01');
    const up = { kind: 'change' as const, direction: 'above' as const, level: null, percent: '2' };
    const down = { ...up, direction: 'below' as const };
    expect([met(up, '0', '1.99'), met(up, '0', '2.00'), met(down, '0', '-1.99'), met(down, '0', '-2.00'), met(down, '0', '2.50')]).toEqual([
      false,
      true,
      false,
      true,
      false,
    ]);
  });

  it('crosses a moving average only from the far side: armed first, then fired', () => {
    expect(crossing('above', '99', '100', false)).toBe('arm');
    expect(crossing('above', '100', '100', false)).toBeNull();
    expect(crossing('above', '100', '100', true)).toBe('fire');
    expect(crossing('above', '99', '100', true)).toBeNull();
    expect(crossing('below', '101', '100', false)).toBe('arm');
    expect(crossing('below', '100', '100', true)).toBe('fire');
  });
});

describe('moving averages', () => {
  it('is the mean close of the closed candles before the forming one, computed once per candle', () => {
    const start = 1_000 * MIN;
    const closes = ['10.00', '11.00', '12.00', '13.00', '99.00'];
    const candles = closes.map((c, n) => candle(start + n * MIN, c));
    let asked = 0;
    const average = createMovingAverages({
      candles: (_symbol, _interval, from, to) => {
        asked++;
        return candles.filter((c) => c.time >= from && c.time < to);
      },
    });
    // At the fifth minute the 99.00 candle is forming: the last three closed are 11, 12, 13.
    const at = start + 4 * MIN + 30_000;
    expect(average('X', '1m', 3, at)).toBe('12');
    expect(average('X', '1m', 3, at + 10_000)).toBe('12');
    expect(asked).toBe(1);
    // A minute on, the 99.00 candle has closed.
    expect(average('X', '1m', 3, at + MIN)).toBe('41.33333333333333333333333333333333333333');
    expect(average('X', '1m', 10, at)).toBeNull();
    expect(shownAverage('41.33333333333333333333333333333333333333', '0.01')).toBe('41.3333');
  });
});
