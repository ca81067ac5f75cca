import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMarketProvider, REPLAY_SAMPLE_DIR } from './index';
import { createReplayMarket } from './replay';
import type { Tick } from './types';

function closes(symbol: string): string[] {
  const lines = readFileSync(join(REPLAY_SAMPLE_DIR, `${symbol}.csv`), 'utf8')
    .trim()
    .split('\n')
    .slice(1);
  return lines.map((l) => l.split(',')[4] ?? '');
}

describe('replay market', () => {
  it('loads the sample: instruments from instruments.json and from the universe', () => {
    const m = createReplayMarket({ dir: REPLAY_SAMPLE_DIR, now: () => 0 });
    expect(m.instruments().map((i) => i.symbol)).toEqual(['AAPL', 'BTCUSDT', 'EURUSD']);
    expect(m.instrument('EURUSD')?.tickSize).toBe('0.00001');
    expect(m.name).toBe('replay');
  });

  it('plays the recorded closes in order and loops', () => {
    let clock = 1_000_000;
    const m = createReplayMarket({ dir: REPLAY_SAMPLE_DIR, speed: 10, now: () => clock });
    const expected = closes('BTCUSDT');
    const n = expected.length;
    expect(n).toBeGreaterThan(200);
    for (let k = 0; k < 2 * n + 5; k += 1) {
      clock = 1_000_000 + k * 100;
      const s = m.snapshot('BTCUSDT', clock);
      expect(s.last, `candle ${k}`).toBe(expected[k % n]);
      expect(Number(s.bid)).toBeLessThan(Number(s.ask));
    }
  });

  it('answers candles only from what has been played', () => {
    let clock = 5_000;
    const m = createReplayMarket({ dir: REPLAY_SAMPLE_DIR, speed: 1, now: () => clock });
    expect(m.candles('AAPL', '1m', 0, Number.MAX_SAFE_INTEGER)).toHaveLength(1);
    clock += 9_000;
    const played = m.candles('AAPL', '1m', 0, Number.MAX_SAFE_INTEGER);
    expect(played).toHaveLength(10);
    expect(played.at(-1)?.close).toBe(m.snapshot('AAPL', clock).last);
    expect(played.map((c) => c.close)).toEqual(closes('AAPL').slice(0, 10));
    const hourly = m.candles('AAPL', '1h', 0, Number.MAX_SAFE_INTEGER);
    expect(hourly).toHaveLength(1);
    expect(hourly[0]?.close).toBe(played.at(-1)?.close);
    expect(Number(hourly[0]?.high)).toBe(Math.max(...played.map((c) => Number(c.high))));
  });

  it('emits ticks on a timer, in recorded order, wrapping around', async () => {
    const m = createReplayMarket({ dir: REPLAY_SAMPLE_DIR, speed: 400 });
    const ticks: Tick[] = [];
    m.onTick((t) => {
      if (t.symbol === 'EURUSD') ticks.push(t);
    });
    m.start();
    await new Promise((r) => setTimeout(r, 1000));
    m.stop();
    const expected = closes('EURUSD');
    expect(ticks.length).toBeGreaterThan(expected.length); // looped at least once
    ticks.forEach((t, k) => expect(t.price, `tick ${k}`).toBe(expected[k % expected.length]));
  });

  it('is what createMarketProvider builds for provider "replay"', () => {
    const m = createMarketProvider({ provider: 'replay', seed: 'unused' });
    expect(m.name).toBe('replay');
    expect(createMarketProvider({ provider: 'simulated', seed: 'x' }).name).toBe('simulated');
  });
});
