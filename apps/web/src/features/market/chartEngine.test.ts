import { describe, expect, it } from 'vitest';
import { bollinger, kdj, macd, movingAverage, rsi, snapMarks, type Bar } from './chartEngine';

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

describe('indicators from trading-signals', () => {
  const closes = (values: number[]): Bar[] => values.map((close, i) => ({ time: T + i * 60, open: close, high: close + 1, low: close - 1, close, volume: 0 }));
  const rising = closes(Array.from({ length: 60 }, (_, i) => 100 + i));

  it('draws Bollinger bands around the 20-bar average, two standard deviations (of the population) either side', () => {
    const bars = closes(Array.from({ length: 30 }, (_, i) => 100 + (i % 4)));
    const b = bollinger(bars);
    expect(b.middle).toHaveLength(11);
    expect(b.middle[0]!.time).toBe(bars[19]!.time);
    b.middle.forEach((p, i) => expect(p.value).toBeCloseTo(movingAverage(bars, 20)[i]!.value, 9));
    // The last 20 closes are 100, 101, 102, 103 five times each: mean 101.5, variance 1.25.
    const last = b.upper.length - 1;
    expect(b.upper[last]!.value - b.middle[last]!.value).toBeCloseTo(2 * Math.sqrt(1.25), 9);
    expect(b.middle[last]!.value - b.lower[last]!.value).toBeCloseTo(2 * Math.sqrt(1.25), 9);
  });

  it('gives RSI 100 on closes that only rise and 0 on closes that only fall, from the 15th bar', () => {
    const up = rsi(rising);
    expect(up[0]!.time).toBe(rising[14]!.time);
    expect(up.every((p) => p.value === 100)).toBe(true);
    expect(rsi(closes(Array.from({ length: 30 }, (_, i) => 200 - i))).every((p) => p.value === 0)).toBe(true);
  });

  it('gives MACD, its signal and their difference 0 on a flat price, and a positive MACD on a rising one', () => {
    const flat = macd(closes(Array.from({ length: 60 }, () => 100)));
    expect(flat.macd.length).toBeGreaterThan(0);
    expect([...flat.macd, ...flat.signal, ...flat.histogram].every((p) => Math.abs(p.value) < 1e-9)).toBe(true);
    const up = macd(rising);
    expect(up.macd.every((p) => p.value > 0)).toBe(true);
    up.histogram.forEach((p, i) => expect(p.value).toBeCloseTo(up.macd[i]!.value - up.signal[i]!.value, 9));
  });

  it('gives KDJ with J = 3K − 2D, and K near the top of the range on closes that keep making new highs', () => {
    const x = kdj(rising);
    expect(x.k.length).toBeGreaterThan(0);
    x.j.forEach((p, i) => expect(p.value).toBeCloseTo(3 * x.k[i]!.value - 2 * x.d[i]!.value, 9));
    // Each close is 1 under its bar's high, the 9-bar range 10 wide from the low 9 bars back: K = (close − low) ÷ range = 90 %.
    expect(x.k[x.k.length - 1]!.value).toBeCloseTo(90, 9);
  });
});
