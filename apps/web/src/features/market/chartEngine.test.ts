import { describe, expect, it } from 'vitest';
import { snapMarks, type Bar } from './chartEngine';

// Fills over the chart (the robot K-line): each on the bar it happened in.

const T = 1_800_000_000;
const bar = (minute: number): Bar => ({ time: T + minute * 60, open: 1, high: 1, low: 1, close: 1, volume: 0 });
/** A fill's time as the server sends it, in milliseconds, `seconds` after the first bar. */
const at = (seconds: number) => (T + seconds) * 1000;

describe('fills drawn over the bars', () => {
  const bars = [bar(0), bar(1), bar(2)];

  it('go on the last bar at or before them, ascending; after the last bar on the last, before the first not at all', () => {
    expect(
      snapMarks(bars, [
        { time: at(119), side: 'sell', price: 2 },
        { time: at(0), side: 'buy', price: 1 },
        { time: at(-30), side: 'buy', price: 1 },
        { time: at(65) + 500, side: 'buy', price: 1.5 },
        { time: at(900), side: 'sell', price: 3 },
        { time: at(90), side: 'buy', price: Number.NaN },
      ]),
    ).toEqual([
      { time: T, side: 'buy', price: 1 },
      { time: T + 60, side: 'buy', price: 1.5 },
      { time: T + 60, side: 'sell', price: 2 },
      { time: T + 120, side: 'sell', price: 3 },
    ]);
  });

  it('are none on an empty chart', () => {
    expect(snapMarks([], [{ time: at(0), side: 'buy', price: 1 }])).toEqual([]);
  });
});
