import { describe, expect, it } from 'vitest';
import { isoToDay } from './calendars';
import { increment, parseSteps } from './decimal';
import { hashString, Rng } from './random';
import { carryOf, relationOf } from './relations';
import { createSimulatedMarket } from './simulated';
import type { Candle, MarketProvider, Snapshot } from './types';
import { UNIVERSE } from './universe';

// Decision 0018: crosses are the product (ratio) of the majors, USDHKD stays in its peg band, the
// index futures are their index times (1 + carry). Property tests over seeds and random instants of
// two years, deterministic (the instants come from a seeded generator).

const at = (iso: string): number => Date.parse(iso);
const DAY = 86_400_000;
const MIN = 60_000;
const FROM = at('2025-11-24T00:00:00Z');
const TO = at('2027-11-24T00:00:00Z');
const SEEDS = Array.from({ length: 20 }, (_, k) => `relations-${k}`);
const TIMES_PER_SEED = 200;

const market = (seed: string): MarketProvider => createSimulatedMarket({ seed, now: () => TO + 30 * DAY });
const instrument = (symbol: string) => {
  const i = UNIVERSE.find((x) => x.symbol === symbol);
  if (!i) throw new Error(symbol);
  return i;
};
const tickOf = (symbol: string): number => Number(instrument(symbol).tickSize);

/** Deterministic instants, whole milliseconds, spread over [FROM, TO). */
function instants(seed: string, count = TIMES_PER_SEED): number[] {
  const rng = new Rng(hashString(`instants\u0000${seed}`));
  return Array.from({ length: count }, () => FROM + Math.floor(rng.next() * (TO - FROM)));
}

const num = (s: Snapshot, f: 'last' | 'bid' | 'ask'): number => Number(s[f]);

interface Triangle {
  cross: string;
  base: string;
  quote: string;
  /** The implied cross from the legs' figures. */
  implied: (a: number, b: number) => number;
  /** The implied bid and ask: the side of each leg a dealer would trade on. */
  bidAsk: (a: Snapshot, b: Snapshot) => [number, number];
}

const TRIANGLES: Triangle[] = [
  {
    cross: 'EURJPY',
    base: 'EURUSD',
    quote: 'USDJPY',
    implied: (a, b) => a * b,
    bidAsk: (a, b) => [num(a, 'bid') * num(b, 'bid'), num(a, 'ask') * num(b, 'ask')],
  },
  {
    cross: 'EURGBP',
    base: 'EURUSD',
    quote: 'GBPUSD',
    implied: (a, b) => a / b,
    bidAsk: (a, b) => [num(a, 'bid') / num(b, 'ask'), num(a, 'ask') / num(b, 'bid')],
  },
];

const FUTURES = [
  ['ES', 'SPX'],
  ['NQ', 'NDX'],
  ['YM', 'DJI'],
] as const;

function carry(index: string, day: number): number {
  const relation = relationOf(index);
  if (relation?.kind !== 'index') throw new Error(index);
  return carryOf(relation, instrument(relation.future).expiry ?? '', day);
}

describe('relations: FX triangles', () => {
  it(`each cross is the product (ratio) of its legs and overlaps their implied bid/ask (${SEEDS.length} seeds x ${TIMES_PER_SEED} instants)`, () => {
    let worst = 0;
    for (const seed of SEEDS) {
      const m = market(seed);
      for (const t of instants(seed)) {
        for (const tri of TRIANGLES) {
          const c = m.snapshot(tri.cross, t);
          const a = m.snapshot(tri.base, t);
          const b = m.snapshot(tri.quote, t);
          const label = `${seed} ${new Date(t).toISOString()} ${tri.cross}`;
          const implied = tri.implied(num(a, 'last'), num(b, 'last'));
          // The cross is the legs' level at the same instant put on its own grid: within half its tick.
          expect(Math.abs(num(c, 'last') - implied), label).toBeLessThanOrEqual(tickOf(tri.cross) / 2 + 1e-9);
          // No arbitrage around the triangle: the cross's quote overlaps the implied quote.
          const [bid, ask] = tri.bidAsk(a, b);
          expect(num(c, 'bid'), label).toBeLessThanOrEqual(ask);
          expect(num(c, 'ask'), label).toBeGreaterThanOrEqual(bid);
          expect(Math.abs(Number(c.previousClose) - tri.implied(Number(a.previousClose), Number(b.previousClose))), label).toBeLessThanOrEqual(
            tickOf(tri.cross) / 2 + 1e-9,
          );
          worst = Math.max(worst, Math.abs(num(c, 'last') / implied - 1));
        }
      }
    }
    // Rounding to the cross's grid only: under a tenth of a basis point.
    expect(worst).toBeLessThan(0.1e-4);
  }, 240_000);

  it("1m and daily candles of a cross agree with its legs: open and close to the tick, high and low inside the legs' extremes", () => {
    for (const seed of SEEDS.slice(0, 4)) {
      const m = market(seed);
      // Noon UTC on the Wednesday of a random week: the FX market is open.
      const d = Math.floor((instants(seed, 1)[0] as number) / DAY);
      const t = (d - ((d + 4) % 7) + 3) * DAY + 12 * 3_600_000;
      for (const tri of TRIANGLES) {
        const check = (interval: '1m' | '1d', from: number, to: number): void => {
          const c = m.candles(tri.cross, interval, from, to);
          const a = new Map(m.candles(tri.base, interval, from, to).map((x) => [x.time, x] as const));
          const b = new Map(m.candles(tri.quote, interval, from, to).map((x) => [x.time, x] as const));
          expect(c.length, `${seed} ${tri.cross} ${interval}`).toBeGreaterThan(0);
          const half = tickOf(tri.cross) / 2 + 1e-9;
          const multiply = tri.cross === 'EURJPY';
          for (const k of c) {
            const ka = a.get(k.time);
            const kb = b.get(k.time);
            expect(ka && kb, `${tri.cross} ${k.time}`).toBeTruthy();
            if (!ka || !kb) continue;
            const label = `${seed} ${tri.cross} ${interval} ${new Date(k.time).toISOString()}`;
            expect(Math.abs(Number(k.open) - tri.implied(Number(ka.open), Number(kb.open))), label).toBeLessThanOrEqual(half);
            expect(Math.abs(Number(k.close) - tri.implied(Number(ka.close), Number(kb.close))), label).toBeLessThanOrEqual(half);
            expect(Number(k.high), label).toBeLessThanOrEqual(tri.implied(Number(ka.high), Number(multiply ? kb.high : kb.low)) + half);
            expect(Number(k.low), label).toBeGreaterThanOrEqual(tri.implied(Number(ka.low), Number(multiply ? kb.low : kb.high)) - half);
          }
        };
        check('1m', t - 6 * 3_600_000, t);
        check('1d', t - 120 * DAY, t);
      }
    }
  }, 120_000);
});

describe('relations: the HKD peg', () => {
  it(`USDHKD trades inside 7.75-7.85, quotes and candles (${SEEDS.length} seeds x ${TIMES_PER_SEED} instants, two years of daily candles)`, () => {
    let low = Number.POSITIVE_INFINITY;
    let high = 0;
    for (const seed of SEEDS) {
      const m = market(seed);
      for (const t of instants(seed)) {
        const s = m.snapshot('USDHKD', t);
        const label = `${seed} ${new Date(t).toISOString()}`;
        for (const f of ['last', 'bid', 'ask', 'high', 'low', 'open', 'previousClose', 'high52w', 'low52w'] as const) {
          expect(Number(s[f]), `${label} ${f}`).toBeGreaterThanOrEqual(7.75);
          expect(Number(s[f]), `${label} ${f}`).toBeLessThanOrEqual(7.85);
        }
        low = Math.min(low, num(s, 'last'));
        high = Math.max(high, num(s, 'last'));
      }
      const daily = m.candles('USDHKD', '1d', FROM, TO);
      expect(daily.length).toBeGreaterThan(500);
      for (const c of daily) {
        expect(Number(c.low), `${seed} ${c.time}`).toBeGreaterThanOrEqual(7.75);
        expect(Number(c.high), `${seed} ${c.time}`).toBeLessThanOrEqual(7.85);
      }
    }
    // It uses the band rather than sitting at one rate.
    expect(high - low).toBeGreaterThan(0.03);
  }, 240_000);
});

describe('relations: index futures', () => {
  it(`each future is its index x (1 + carry) within half an index tick, inside the future's quote (${SEEDS.length} seeds x ${TIMES_PER_SEED} instants in the index's session)`, () => {
    let worst = 0;
    let checked = 0;
    for (const seed of SEEDS) {
      const m = market(seed);
      const rng = new Rng(hashString(`session\u0000${seed}`));
      for (const t0 of instants(seed)) {
        // The same day, moved into the New York session (14:30-21:00 UTC covers it in summer and winter).
        const t = Math.floor(t0 / DAY) * DAY + 14.5 * 3_600_000 + Math.floor(rng.next() * 6.5 * 3_600_000);
        for (const [future, index] of FUTURES) {
          const i = m.snapshot(index, t);
          if (i.session.phase !== 'regular') continue;
          const f = m.snapshot(future, t);
          const c = carry(index, isoToDay(i.session.tradingDay));
          const fair = num(i, 'last') * (1 + c);
          const label = `${seed} ${new Date(t).toISOString()} ${future}/${index} carry ${c}`;
          expect(Math.abs(num(f, 'last') - fair), label).toBeLessThanOrEqual((tickOf(index) / 2) * (1 + c) + 1e-9);
          expect(fair, label).toBeGreaterThan(num(f, 'bid'));
          expect(fair, label).toBeLessThan(num(f, 'ask'));
          worst = Math.max(worst, Math.abs(num(f, 'last') / fair - 1));
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(SEEDS.length * TIMES_PER_SEED * 3 * 0.5);
    expect(worst).toBeLessThan(1e-6);
  }, 240_000);

  it('carry: (financing - dividend yield) x years to expiry, nothing after expiry', () => {
    expect(carry('SPX', isoToDay('2026-10-01'))).toBeCloseTo((0.027 * 78) / 365, 12);
    expect(carry('NDX', isoToDay('2026-12-17'))).toBeCloseTo(0.033 / 365, 12);
    expect(carry('DJI', isoToDay('2026-12-18'))).toBe(0);
    expect(carry('DJI', isoToDay('2027-06-01'))).toBe(0);
    // The universe's reference prices agree: the future at its index times (1 + carry) on the anchor day.
    for (const [future, index] of FUTURES) {
      const fair = Number(instrument(index).basePrice) * (1 + carry(index, isoToDay('2026-10-01')));
      expect(Math.abs(Number(instrument(future).basePrice) - fair), future).toBeLessThanOrEqual(Number(instrument(future).tickSize));
    }
  });

  it("the future's day closes where it stood at its index's close: when both rest, the future is the index x (1 + carry)", () => {
    // Each case: the trading day, its index close in UTC, and a moment after the future's 17:00 New York close when both rest.
    // Wednesday 18 Nov 2026 (EST, UTC−5): index close 16:00 = 21:00 UTC, the daily halt 17:00-18:00 (22:30 UTC).
    // Friday 20 Nov 2026: the weekend (Saturday 15:00 UTC). Friday 27 Nov 2026, the day after Thanksgiving:
    // the index closes at 13:00 = 18:00 UTC, the future trades to 17:00. Friday 10 Jul 2026 (EDT, UTC−4): 16:00 = 20:00 UTC.
    const cases = [
      ['2026-11-18', '2026-11-18T21:00:00Z', '2026-11-18T22:30:00Z'],
      ['2026-11-20', '2026-11-20T21:00:00Z', '2026-11-21T15:00:00Z'],
      ['2026-11-27', '2026-11-27T18:00:00Z', '2026-11-28T15:00:00Z'],
      ['2026-07-10', '2026-07-10T20:00:00Z', '2026-07-11T15:00:00Z'],
    ] as const;
    for (const seed of SEEDS.slice(0, 3)) {
      const m = market(seed);
      for (const [iso, indexClose, resting] of cases) {
        for (const [future, index] of FUTURES) {
          const label = `${seed} ${iso} ${future}`;
          const daily = m.candles(future, '1d', at(indexClose) - DAY, at(indexClose) + DAY).find((c) => m.session(future, c.time).tradingDay === iso);
          expect(daily, label).toBeDefined();
          // The minute ending at the index's close and the future's last minute both close at the day's close.
          const minutes = m
            .candles(future, '1m', at(indexClose) - 6 * 60 * MIN, at(indexClose) + 5 * 60 * MIN)
            .filter((c) => m.session(future, c.time).tradingDay === iso);
          expect(minutes.find((c) => c.time === at(indexClose) - MIN)?.close, label).toBe(daily?.close);
          expect(minutes.at(-1)?.close, label).toBe(daily?.close);
          // ...and the hour after it still moves.
          expect(new Set(minutes.filter((c) => c.time >= at(indexClose)).map((c) => c.close)).size, label).toBeGreaterThan(1);
          const f = m.snapshot(future, at(resting));
          const i = m.snapshot(index, at(resting));
          expect([f.session.tradable, i.session.tradable, f.session.tradingDay, i.session.tradingDay], label).toEqual([false, false, iso, iso]);
          expect(f.last, label).toBe(daily?.close);
          const c = carry(index, isoToDay(iso));
          expect(Math.abs(num(f, 'last') - num(i, 'last') * (1 + c)), label).toBeLessThanOrEqual((tickOf(index) / 2) * (1 + c) + 1e-9);
        }
      }
    }
  }, 60_000);

  it("the index's 1m candles are the future's divided by (1 + carry), to the tick", () => {
    for (const seed of SEEDS.slice(0, 3)) {
      const m = market(seed);
      for (const [future, index] of FUTURES) {
        const from = at('2026-11-19T14:30:00Z');
        const to = at('2026-11-19T21:00:00Z');
        const ic = m.candles(index, '1m', from, to);
        const fc = new Map(m.candles(future, '1m', from, to).map((x) => [x.time, x] as const));
        expect(ic.length).toBe(390);
        const c = carry(index, isoToDay('2026-11-19'));
        const half = tickOf(index) / 2 + 1e-9;
        for (const k of ic) {
          const f = fc.get(k.time);
          expect(f, `${index} ${k.time}`).toBeDefined();
          for (const field of ['open', 'high', 'low', 'close'] as const) {
            expect(Math.abs(Number(k[field]) - Number(f?.[field]) / (1 + c)), `${seed} ${index} ${field} ${k.time}`).toBeLessThanOrEqual(half);
          }
        }
      }
    }
  }, 60_000);
});

describe('relations: derived instruments agree with their own ticks', () => {
  /** Candles breaking high >= max(open, close), low <= min(open, close), low > 0 or volume > 0. */
  const malformed = (list: Candle[]): Candle[] =>
    list.filter((c) => {
      const [o, h, l, cl, v] = [c.open, c.high, c.low, c.close, c.volume].map(Number) as [number, number, number, number, number];
      return !(h >= Math.max(o, cl) && l <= Math.min(o, cl) && l > 0 && v > 0);
    });

  it('a complete day: the daily candle is its minutes, and the minutes close at the snapshots', () => {
    const m = market('derived-day');
    const cases: [string, string, number][] = [
      ['EURJPY', '2026-11-19', 1440],
      ['EURGBP', '2026-03-10', 1440],
      ['USDHKD', '2026-11-19', 1440],
      ['SPX', '2026-11-19', 390],
      ['NDX', '2026-07-15', 390],
      // Christmas Eve is a US half day: 09:30 to 13:00, 210 minutes.
      ['DJI', '2025-12-24', 210],
    ];
    for (const [symbol, iso, expectedMinutes] of cases) {
      const day = m
        .candles(symbol, '1d', at(`${iso}T00:00:00Z`) - DAY, at(`${iso}T00:00:00Z`) + 2 * DAY)
        .find((c) => m.session(symbol, c.time).tradingDay === iso);
      expect(day, symbol).toBeDefined();
      if (!day) continue;
      const minutes = m.candles(symbol, '1m', day.time, day.time + DAY).filter((c) => m.session(symbol, c.time).tradingDay === iso);
      expect(minutes.length, symbol).toBe(expectedMinutes);
      expect(minutes[0]?.open, symbol).toBe(day.open);
      expect(minutes.at(-1)?.close, symbol).toBe(day.close);
      expect(Math.max(...minutes.map((c) => Number(c.high))), symbol).toBe(Number(day.high));
      expect(Math.min(...minutes.map((c) => Number(c.low))), symbol).toBe(Number(day.low));
      const lot = increment(instrument(symbol).lotSize);
      expect(
        minutes.reduce((sum, c) => sum + parseSteps(c.volume, lot), 0),
        symbol,
      ).toBe(parseSteps(day.volume, lot));
      expect(malformed(minutes), symbol).toEqual([]);
      // The previous close of the next day is this close.
      const next = m.candles(symbol, '1d', day.time + 1, day.time + 6 * DAY)[0];
      if (next) expect(m.snapshot(symbol, next.time + 1000).previousClose, symbol).toBe(day.close);
    }
  }, 60_000);

  it("daily candles read from the blocks alone are the same as the days' minutes (3 seeds x 12 random days)", () => {
    for (const seed of SEEDS.slice(0, 3)) {
      const days = instants(`${seed}-days`, 12);
      for (const symbol of ['EURJPY', 'EURGBP', 'USDHKD', 'SPX', 'NDX', 'DJI']) {
        // A fresh market answers the daily candles first (block level), a second one the minutes (full paths).
        const daily = market(seed);
        const minutely = market(seed);
        for (const t of days) {
          const d = daily.candles(symbol, '1d', t, t + 5 * DAY)[0];
          if (!d) continue;
          const iso = daily.session(symbol, d.time).tradingDay;
          const minutes = minutely.candles(symbol, '1m', d.time, d.time + DAY).filter((c) => minutely.session(symbol, c.time).tradingDay === iso);
          const label = `${seed} ${symbol} ${iso}`;
          expect(minutes[0]?.open, label).toBe(d.open);
          expect(minutes.at(-1)?.close, label).toBe(d.close);
          expect(Math.max(...minutes.map((c) => Number(c.high))), label).toBe(Number(d.high));
          expect(Math.min(...minutes.map((c) => Number(c.low))), label).toBe(Number(d.low));
          const lot = increment(instrument(symbol).lotSize);
          expect(
            minutes.reduce((sum, c) => sum + parseSteps(c.volume, lot), 0),
            label,
          ).toBe(parseSteps(d.volume, lot));
        }
      }
    }
  }, 120_000);

  it('the live 1m candle of a derived instrument tracks every second of its minute', () => {
    for (const [symbol, iso] of [
      ['EURJPY', '2026-11-20T15:47:00Z'],
      ['EURGBP', '2026-11-20T08:13:00Z'],
      ['SPX', '2026-11-20T15:47:00Z'],
      ['USDHKD', '2026-11-20T03:21:00Z'],
    ] as const) {
      const m = createSimulatedMarket({ seed: 'derived-seconds', now: () => at(iso) + DAY });
      const minuteStart = at(iso);
      let high = 0;
      let low = Number.POSITIVE_INFINITY;
      for (let s = 0; s < 60; s += 1) {
        const t = minuteStart + s * 1000 + 500;
        const last = m.snapshot(symbol, t).last;
        high = Math.max(high, Number(last));
        low = Math.min(low, Number(last));
        expect(m.candles(symbol, '1m', minuteStart, t + 1)[0]?.close, `${symbol} ${s}`).toBe(last);
      }
      const full = m.candles(symbol, '1m', minuteStart, minuteStart + MIN)[0];
      // Every second is a tick; the minute's open is the one instant before them.
      expect(Number(full?.high), symbol).toBe(Math.max(high, Number(full?.open)));
      expect(Number(full?.low), symbol).toBe(Math.min(low, Number(full?.open)));
    }
  });

  it('answers do not depend on the order of questions', () => {
    const times = instants('order', 12);
    const symbols = ['EURJPY', 'EURGBP', 'USDHKD', 'SPX', 'NDX', 'DJI'];
    const a = market('order');
    const expected = symbols.flatMap((s) => times.map((t) => a.snapshot(s, t)));
    const b = market('order');
    b.candles('EURJPY', '1m', times[3] as number, (times[3] as number) + 3_600_000);
    b.candles('SPX', '1d', FROM, TO);
    const got = [...symbols].reverse().flatMap((s) => [...times].reverse().map((t) => b.snapshot(s, t)));
    expect(got.reverse()).toEqual(expected);
  }, 60_000);
});
