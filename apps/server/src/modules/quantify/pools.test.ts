import { OrderDirection } from '@tradeapp/contract';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../lib/decimal';
import type { DailyBar, Held } from '../strategy';
import { annualVolatility, POOL_STRATEGIES, stdev, zScore } from './pools';

// The pools' rules on worked candles, each figure by hand (the roots checked with Python's decimal module).

const DAY = 86_400_000;
/** Monday 5 January 2026. */
const MONDAY = Date.parse('2026-01-05T00:00:00Z');
const barsOf = (closes: Array<string | number>, start = MONDAY): DailyBar[] =>
  closes.map((c, k) => ({ time: start + k * DAY, open: new Dec(c), high: new Dec(c), low: new Dec(c), close: new Dec(c) }));
const d = (xs: number[]) => xs.map((x) => new Dec(x));
const { Buy, Sell } = OrderDirection;

describe('the pools’ rules', () => {
  it('measures spread by the sample deviation and the last value’s distance from the mean', () => {
    // [1, 2, 3, 4, 10]: mean 4, squares 9 + 4 + 1 + 0 + 36 = 50, ÷ 4 = 12.5, √12.5 = 3.5355...; z = 6 ÷ 3.5355... = 1.6970...
    expect(stdev(d([1, 2, 3, 4, 10]))!.toFixed(6)).toBe('3.535534');
    expect(zScore(d([1, 2, 3, 4, 10]))!.toFixed(6)).toBe('1.697056');
    expect(zScore(d([5, 5, 5]))).toBeNull();
    expect(stdev(d([5]))).toBeNull();
    // Closes 100, 110, 99, 108.9: changes +10 %, −10 %, +10 %; sample deviation 0.11547, × √365 = 2.20605.
    expect(annualVolatility(barsOf([100, 110, 99, '108.9']), 3)!.toFixed(5)).toBe('2.20605');
    expect(annualVolatility(barsOf([100, 110]), 3)).toBeNull();
  });

  it('pairs: sells Coca-Cola and buys PepsiCo when their ratio is two deviations high, and closes both when it comes back', () => {
    // Nineteen days alternating 100 and 101 against PepsiCo at 100, then 106: the ratio's z-score is well over 2.
    const ko = barsOf([...Array.from({ length: 19 }, (_, k) => (k % 2 ? 101 : 100)), 106]);
    const pep = barsOf(Array.from({ length: 20 }, () => 100));
    const open = POOL_STRATEGIES.pairs.decide(
      new Map([
        ['KO', ko],
        ['PEP', pep],
      ]),
      [],
    );
    expect(open.open.map((o) => [o.symbol, o.direction, o.weight.toFixed()])).toEqual([
      ['KO', Sell, '0.5'],
      ['PEP', Buy, '0.5'],
    ]);
    // Below: the reverse.
    const low = barsOf([...Array.from({ length: 19 }, (_, k) => (k % 2 ? 101 : 100)), 95]);
    expect(
      POOL_STRATEGIES.pairs
        .decide(
          new Map([
            ['KO', low],
            ['PEP', pep],
          ]),
          [],
        )
        .open.map((o) => [o.symbol, o.direction]),
    ).toEqual([
      ['KO', Buy],
      ['PEP', Sell],
    ]);
    // Held, and the ratio back at its mean: both legs close; still far: nothing.
    const held: Held[] = [
      { id: 1, symbol: 'KO', direction: Sell, openedAt: MONDAY + 19 * DAY },
      { id: 2, symbol: 'PEP', direction: Buy, openedAt: MONDAY + 19 * DAY },
    ];
    const back = barsOf([...Array.from({ length: 20 }, (_, k) => (k % 2 ? 101 : 100)), '100.5']);
    expect(
      POOL_STRATEGIES.pairs.decide(
        new Map([
          ['KO', back],
          ['PEP', barsOf(Array.from({ length: 21 }, () => 100))],
        ]),
        held,
      ),
    ).toEqual({ close: [1, 2], open: [] });
    expect(
      POOL_STRATEGIES.pairs.decide(
        new Map([
          ['KO', ko],
          ['PEP', pep],
        ]),
        held,
      ),
    ).toEqual({ close: [], open: [] });
  });

  it('momentum: at a week’s first close, long each future up over 60 days, nothing of one that is not', () => {
    // 62 days from a Monday: the last bar is a Monday (day 63 of the calendar is day 0 of week 10).
    const start = MONDAY - 62 * DAY + 7 * DAY * 9;
    const up = barsOf(
      Array.from({ length: 63 }, (_, k) => 100 + k),
      start,
    );
    const down = barsOf(
      Array.from({ length: 63 }, (_, k) => 200 - k),
      start,
    );
    expect(new Date(up[62]!.time).getUTCDay()).toBe(1);
    const bars = new Map([
      ['ES', up],
      ['NQ', down],
      ['YM', up],
    ]);
    const held: Held[] = [{ id: 7, symbol: 'NQ', direction: Buy, openedAt: start }];
    const r = POOL_STRATEGIES.momentum.decide(bars, held);
    expect(r.close).toEqual([7]);
    expect(r.open.map((o) => [o.symbol, o.direction, o.weight.toFixed()])).toEqual([
      ['ES', Buy, '0.3'],
      ['YM', Buy, '0.3'],
    ]);
    // Mid-week nothing changes.
    const tuesday = new Map(
      [...bars].map(([s, b]) => [
        s,
        barsOf(
          b.map((x) => x.close.toFixed()),
          start + DAY,
        ),
      ]),
    );
    expect(POOL_STRATEGIES.momentum.decide(tuesday, held)).toEqual({ close: [], open: [] });
  });

  it('volatility target: each week closes what it holds and buys each coin at 0.15 ÷ its volatility, at most half', () => {
    // Closes cycling 100, 110, 99, 108.9: twenty changes of +10 %, −10 %, +10 %, −8.17 %; volatility 1.87486 a year, so 0.15 ÷ 1.87486 = 0.08000..., to four places 0.0800.
    // A coin moving 0.01 % a day would take far more than half: it is capped there.
    const start = MONDAY - 20 * DAY + 7 * DAY * 3;
    const wild = barsOf(
      Array.from({ length: 21 }, (_, k) => ['100', '110', '99', '108.9'][k % 4]!),
      start,
    );
    const calm = barsOf(
      Array.from({ length: 21 }, (_, k) => (k % 2 ? '100.01' : '100')),
      start,
    );
    expect(new Date(wild[20]!.time).getUTCDay()).toBe(1);
    const r = POOL_STRATEGIES.volTarget.decide(
      new Map([
        ['BTCUSDT', wild],
        ['ETHUSDT', calm],
      ]),
      [{ id: 3, symbol: 'BTCUSDT', direction: Buy, openedAt: start }],
    );
    expect(r.close).toEqual([3]);
    expect(r.open.map((o) => [o.symbol, o.weight.toFixed()])).toEqual([
      ['BTCUSDT', '0.08'],
      ['ETHUSDT', '0.5'],
    ]);
  });
});
