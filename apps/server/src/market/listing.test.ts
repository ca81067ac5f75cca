import { compareDecimal, MarketSource } from '@tradeapp/contract';
import { describe, expect, it } from 'vitest';
import { FIRST_DAY, firstDayMean, firstSession, listingDayAt } from './listing';
import { createSimulatedMarket } from './simulated';
import type { Instrument } from './types';
import { UNIVERSE } from './universe';

const at = (iso: string) => Date.parse(iso);
const DAY = 86_400_000;
// Wednesday 18 November 2026: Hong Kong opens 09:30 (01:30 UTC), closes 16:00 (08:00 UTC); New York 09:30-16:00 (14:30-21:00 UTC).
const HK_OPEN = at('2026-11-18T01:30:00Z');
const HK_CLOSE = at('2026-11-18T08:00:00Z');
const US_OPEN = at('2026-11-18T14:30:00Z');

function listing(over: Partial<Instrument> = {}): Instrument {
  return {
    symbol: '8001.HK',
    code: '08001',
    name: 'Listing Test Ltd.',
    market: 'HK',
    exchange: 'HKEX',
    assetClass: 'stock',
    calendar: 'HK',
    source: MarketSource.HKStock,
    currency: 'HKD',
    tickSize: '0.01',
    lotSize: '500',
    minQuantity: '500',
    basePrice: '7.50',
    volatility: '0.60',
    averageDailyVolume: '2600000',
    profile: '',
    classify: 'IPO',
    listedOn: '2026-11-18',
    oversubscription: '1.25',
    ...over,
  };
}

const US_LISTING = listing({
  symbol: 'NEWCO',
  code: 'NEWCO',
  market: 'US',
  exchange: 'NASDAQ',
  calendar: 'US',
  source: MarketSource.Stock,
  currency: 'USD',
  lotSize: '1',
  minQuantity: '1',
  basePrice: '18.00',
});

function marketWith(instruments: Instrument[], now: number, seed = 'listing') {
  const m = createSimulatedMarket({ seed, now: () => now });
  m.addListings!(instruments);
  return m;
}

describe('a listing on the simulated market', () => {
  it('has no session, candles or book before its first open, and opens at its drawn first price', () => {
    const m = marketWith([listing()], HK_CLOSE + DAY * 7);
    for (const t of [HK_OPEN - 3 * DAY, HK_OPEN - 60_000, HK_OPEN - 1]) {
      const s = m.snapshot('8001.HK', t);
      expect(s.session, new Date(t).toISOString()).toMatchObject({ phase: 'closed', tradable: false, tradingDay: '2026-11-18', nextChange: HK_OPEN });
      // The offer price, and nobody bids or offers.
      expect([s.last, s.open, s.high, s.low, s.previousClose, s.bid, s.ask, s.volume]).toEqual(['7.50', '7.50', '7.50', '7.50', '7.50', '7.50', '7.50', '0']);
      expect([s.high52w, s.low52w]).toEqual(['7.50', '7.50']);
    }
    // Nothing before the first day, whatever the interval.
    for (const interval of ['1m', '15m', '1h', '1d', '1w'] as const) {
      const candles = m.candles('8001.HK', interval, HK_OPEN - 30 * DAY, HK_CLOSE + 2 * DAY);
      expect(candles.length, interval).toBeGreaterThan(0);
      expect(candles[0]!.time, interval).toBeGreaterThanOrEqual(interval === '1w' ? HK_OPEN - 3 * DAY : HK_OPEN);
    }
    expect(m.candles('8001.HK', '1d', HK_OPEN - 30 * DAY, HK_OPEN)).toEqual([]);
    const [first] = m.candles('8001.HK', '1d', HK_OPEN, HK_CLOSE + 1);
    const opened = m.snapshot('8001.HK', HK_OPEN);
    expect(opened.session).toMatchObject({ phase: 'regular', tradable: true });
    expect(opened.open).toBe(first!.open);
    expect(opened.previousClose).toBe('7.50');
    // The last instant of the first session shows the first close; the next day starts from it.
    expect(m.snapshot('8001.HK', HK_CLOSE - 1).last).toBe(first!.close);
    expect(m.snapshot('8001.HK', HK_OPEN + DAY).previousClose).toBe(first!.close);
    expect(first!.open).not.toBe('7.50');
  });

  it('keeps the pre-market of a United States listing shut on its first day, not after', () => {
    const m = marketWith([US_LISTING], US_OPEN + 3 * DAY);
    expect(m.snapshot('NEWCO', US_OPEN - 3_600_000).session).toMatchObject({ phase: 'closed', tradable: false });
    expect(m.snapshot('NEWCO', US_OPEN - 3_600_000).preMarketPrice).toBeNull();
    expect(m.snapshot('NEWCO', US_OPEN + 3_600_000).session.phase).toBe('regular');
    expect(m.snapshot('NEWCO', US_OPEN + 7 * 3_600_000).session.phase).toBe('post');
    expect(m.snapshot('NEWCO', US_OPEN + DAY - 3_600_000).session).toMatchObject({ phase: 'pre', tradable: true });
    const minutes = m.candles('NEWCO', '1m', US_OPEN - 6 * 3_600_000, US_OPEN + 60_000);
    expect(minutes.map((c) => c.time)).toEqual([US_OPEN]);
  });

  it('is a pure function of the seed, the listing and time, and leaves every other instrument as it was', () => {
    const now = HK_OPEN + 2 * 3_600_000;
    const plain = createSimulatedMarket({ seed: 'listing', now: () => now });
    const before = ['AAPL', '0700.HK', 'EURUSD', 'BTCUSDT'].map((s) => plain.snapshot(s, now));
    const a = marketWith([listing(), US_LISTING], now);
    const b = marketWith([US_LISTING], now);
    b.addListings!([listing()]);
    b.addListings!([listing({ basePrice: '99.00' })]); // a symbol already known keeps its listing
    expect(['AAPL', '0700.HK', 'EURUSD', 'BTCUSDT'].map((s) => a.snapshot(s, now))).toEqual(before);
    for (const t of [HK_OPEN, now, HK_CLOSE - 1, HK_CLOSE + 5 * DAY]) expect(b.snapshot('8001.HK', t)).toEqual(a.snapshot('8001.HK', t));
    expect(b.candles('8001.HK', '1m', HK_OPEN, now)).toEqual(a.candles('8001.HK', '1m', HK_OPEN, now));
    expect(a.instruments().length).toBe(UNIVERSE.length + 2);
    // Another seed, another first day.
    expect(marketWith([listing()], now, 'other').snapshot('8001.HK', HK_OPEN).open).not.toBe(a.snapshot('8001.HK', HK_OPEN).open);
  });

  it('ticks a listing only from its first open', () => {
    let now = HK_OPEN - 5_000;
    const m = createSimulatedMarket({ seed: 'listing', now: () => now, tickLoopMs: 5 });
    m.addListings!([listing()]);
    const seen: number[] = [];
    const off = m.onTick((t) => t.symbol === '8001.HK' && seen.push(t.time));
    m.start();
    return new Promise<void>((resolve) => {
      setTimeout(() => {
        expect(seen).toEqual([]);
        now = HK_OPEN + 60_000;
        setTimeout(() => {
          m.stop();
          off();
          expect(seen.length).toBeGreaterThan(0);
          resolve();
        }, 2500);
      }, 1200);
    });
  });

  it('breaks on its first day about as often as decision 0019 says', () => {
    // The first close against the offer over many symbols: Phi(-mean / sd) at each oversubscription.
    const sd = Math.hypot(FIRST_DAY.OPEN_SD, FIRST_DAY.DAY_SD);
    const rate = (oversubscription: string, n: number) => {
      const m = createSimulatedMarket({ seed: 'breaks', now: () => HK_CLOSE + DAY });
      m.addListings!(Array.from({ length: n }, (_, k) => listing({ symbol: `${9000 + k}.HK`, code: `0${9000 + k}`, oversubscription })));
      let broken = 0;
      const offer = listing().basePrice;
      for (let k = 0; k < n; k += 1) if (compareDecimal(m.snapshot(`${9000 + k}.HK`, HK_CLOSE - 1).last, offer) === -1) broken += 1;
      return broken / n;
    };
    const phi = (z: number) => 0.5 * (1 + erf(z / Math.SQRT2));
    for (const [o, percent] of [
      ['0.05', '45'],
      ['1', '31'],
      ['10', '18'],
      ['100', '9'],
    ] as const) {
      // The decision's figures are the model's probabilities to the whole per cent.
      const p = phi(-firstDayMean(Number(o)) / sd);
      expect((p * 100).toFixed(0), `o = ${o}`).toBe(percent);
      // 600 seeded symbols draw the break rate with a standard error of at most 0.02 (p = 0.45):
      // three of them is the bound a sampled rate keeps to.
      expect(Math.abs(rate(o, 600) - p), `o = ${o}`).toBeLessThan(3 * Math.sqrt((p * (1 - p)) / 600));
    }
    // Deals spread evenly in ln(o) over 0.1 .. 100: about a quarter break.
    let sum = 0;
    const steps = 200;
    for (let k = 0; k <= steps; k += 1) sum += phi(-firstDayMean(Math.exp(Math.log(0.1) + (k / steps) * Math.log(1000))) / sd);
    const mix = sum / (steps + 1);
    expect(mix).toBeGreaterThan(0.2);
    expect(mix).toBeLessThan(0.3);
  });
});

describe('the day a listing trades first', () => {
  it('is its listing date from that day’s open, else the next open', () => {
    expect(firstSession('HK', '2026-11-21')).toMatchObject({ day: '2026-11-23' }); // a Saturday lists on Monday
    expect(listingDayAt('HK', '2026-11-18', HK_OPEN)).toBe('2026-11-18');
    expect(listingDayAt('HK', '2026-11-18', HK_OPEN + 3 * DAY)).toBe('2026-11-18');
    // Early, before an open: that open; early during a session: the next one, never a session already under way.
    expect(listingDayAt('HK', '2026-11-20', HK_OPEN - 3_600_000)).toBe('2026-11-18');
    expect(listingDayAt('HK', '2026-11-20', HK_OPEN + 3_600_000)).toBe('2026-11-19');
    expect(listingDayAt('HK', '2026-11-20', at('2026-11-14T03:00:00Z'))).toBe('2026-11-16');
    expect(listingDayAt('US', '2026-11-20', US_OPEN + 60_000)).toBe('2026-11-19');
  });
});

/** Abramowitz and Stegun 7.1.26, to 1.5e-7: enough for a rate in percent. */
function erf(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return x >= 0 ? y : -y;
}
