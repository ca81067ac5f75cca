import { DEPTH_LEVELS, TAPE_PRINTS } from '@tradeapp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../src/lib/decimal';
import { call, drivers, startServer, type Harness } from './harness';

// Wednesday 18 November 2026, 10:30:15.250 in New York: the US regular session.
const PINNED = Date.parse('2026-11-18T15:30:15.250Z');
// Saturday 21 November: the US market shut since Friday's close (16:00 New York, 21:00 UTC).
const WEEKEND = Date.parse('2026-11-21T15:30:00Z');
const SEED = 'depth-seed-1';

const onGrid = (value: string, step: string) => new Dec(value).mod(step).isZero();

describe.each(await drivers())('depth and time and sales on %s', (driver) => {
  let h: Harness;
  let clock = PINNED;
  const quoteAt = async (symbol: string, at: number) => {
    clock = at;
    const r = await call(h, 'GET', `/web/m_ft/stock_detail_ft?symbol=${symbol}`);
    expect(r.code).toBe(200);
    return r.data;
  };
  const depthAt = async (symbol: string, at: number) => {
    clock = at;
    const r = await call(h, 'GET', `/web/m_ft/depth?symbol=${encodeURIComponent(symbol)}`);
    expect(r.code, JSON.stringify(r)).toBe(200);
    return r.data;
  };
  beforeAll(async () => {
    h = await startServer(driver, { MARKET_SEED: SEED }, { now: () => clock });
  });
  afterAll(() => h.close());

  it('starts the book at the quote exactly and steps strictly outward on the tick and lot grid, the same for the same moment', async () => {
    for (const symbol of ['AAPL', '0700.HK', 'GC', 'EURUSD', 'BTCUSDT']) {
      const quote = await quoteAt(symbol, PINNED);
      const depth = await depthAt(symbol, PINNED);
      expect(depth.timestamp, symbol).toBe(quote.timestamp);
      expect(depth.simulated).toBe(true);
      expect({ last: depth.last, volume: depth.volume, tradable: depth.tradable }).toEqual({
        last: quote.price_nominal,
        volume: quote.volume,
        tradable: quote.tradable,
      });
      expect(depth.bids[0], symbol).toEqual({ price: quote.bid, size: quote.bidVolume });
      expect(depth.asks[0], symbol).toEqual({ price: quote.ask, size: quote.askVolume });
      expect(depth.bids, symbol).toHaveLength(DEPTH_LEVELS);
      expect(depth.asks, symbol).toHaveLength(DEPTH_LEVELS);
      for (const level of [...depth.bids, ...depth.asks]) {
        expect(onGrid(level.price, quote.tickSize), `${symbol} price ${level.price}`).toBe(true);
        expect(onGrid(level.size, quote.lotSize), `${symbol} size ${level.size}`).toBe(true);
        expect(new Dec(level.size).gt(0), symbol).toBe(true);
      }
      for (let i = 1; i < DEPTH_LEVELS; i += 1) {
        expect(new Dec(depth.bids[i].price).lt(depth.bids[i - 1].price), symbol).toBe(true);
        expect(new Dec(depth.asks[i].price).gt(depth.asks[i - 1].price), symbol).toBe(true);
      }
      // Elsewhere in time and back: the same moment gives the same book and prints. A closed market's
      // (Hong Kong at 23:30) is its last trade's, stamped then: a minute on it has not moved.
      const later = await depthAt(symbol, PINNED + 60_000);
      if (quote.tradable) expect(later.bids, symbol).not.toEqual(depth.bids);
      else expect(later, symbol).toEqual(depth);
      expect(await depthAt(symbol, PINNED), symbol).toEqual(depth);
    }
  });

  it('gives the last prints, newest at the quote, adding up to the day volume, each sided by the quote that stood', async () => {
    const quote = await quoteAt('AAPL', PINNED);
    const { trades } = await depthAt('AAPL', PINNED);
    expect(trades).toHaveLength(TAPE_PRINTS);
    const second = (p: { time: number }) => Math.floor(p.time / 1000) * 1000;
    // A liquid name trades every second: the newest print is in the quote's own second, at its last price.
    expect(second(trades[0])).toBe(Math.floor(PINNED / 1000) * 1000);
    expect(trades[0].price).toBe(quote.price_nominal);
    // Each second's prints add up to its growth of the day volume (the oldest second's may be cut by the thirty).
    const seconds = [...new Set<number>(trades.map(second))];
    for (const [i, t] of seconds.entries()) {
      const sum = trades.filter((p: { time: number }) => second(p) === t).reduce((total: Dec, p: { size: string }) => total.add(p.size), new Dec(0));
      const grown = new Dec((await quoteAt('AAPL', t)).volume).sub((await quoteAt('AAPL', t - 1000)).volume);
      expect(i === seconds.length - 1 ? sum.lte(grown) : sum.eq(grown), `the prints of ${t}`).toBe(true);
    }
    const complete = trades.filter((p: { time: number }) => second(p) > seconds[seconds.length - 1]!);
    const before = await quoteAt('AAPL', seconds[seconds.length - 2]! - 1000);
    expect(complete.reduce((total: Dec, p: { size: string }) => total.add(p.size), new Dec(0)).eq(new Dec(quote.volume).sub(before.volume))).toBe(true);
    const sides = new Set<string>();
    for (const [i, p] of trades.entries()) {
      if (i > 0) expect(p.time).toBeLessThan(trades[i - 1].time);
      expect(onGrid(p.size, quote.lotSize) && new Dec(p.size).gt(0)).toBe(true);
      const standing = await quoteAt('AAPL', second(p) - 1000);
      const at = await quoteAt('AAPL', p.time);
      expect({ bid: p.bid, ask: p.ask }).toEqual({ bid: standing.bid, ask: standing.ask });
      expect(p.price).toBe(at.price_nominal);
      const price = new Dec(p.price);
      const older = trades[i + 1];
      if (price.gte(p.ask)) expect(p.side).toBe('buy');
      else if (price.lte(p.bid)) expect(p.side).toBe('sell');
      else if (older && price.gt(older.price)) expect(p.side).toBe('buy');
      else if (older && price.lt(older.price)) expect(p.side).toBe('sell');
      else if (older) expect(p.side).toBe(older.side);
      sides.add(p.side);
    }
    expect(sides).toEqual(new Set(['buy', 'sell']));
  });

  it('keeps the standing book and the last session’s prints while the market is shut', async () => {
    const quote = await quoteAt('AAPL', WEEKEND);
    const depth = await depthAt('AAPL', WEEKEND);
    expect({ tradable: depth.tradable, status: depth.marketStatus }).toEqual({ tradable: false, status: 'closed' });
    expect(depth.bids[0]).toEqual({ price: quote.bid, size: quote.bidVolume });
    expect(depth.asks[0]).toEqual({ price: quote.ask, size: quote.askVolume });
    // Friday's regular session ended at 16:00 in New York: its last second traded at the close.
    expect(Math.floor(depth.trades[0].time / 1000) * 1000).toBe(Date.parse('2026-11-20T20:59:59Z'));
    expect(depth.trades[0].price).toBe(quote.price_nominal);
    const close = await quoteAt('AAPL', depth.trades[0].time);
    expect(close.volume).toBe(quote.volume);
  });

  it('refuses an unknown or missing symbol with a message', async () => {
    clock = PINNED;
    const unknown = await call(h, 'GET', '/web/m_ft/depth?symbol=NOPE');
    expect(unknown.status).toBe(404);
    expect(unknown.msg).toBeTruthy();
    const missing = await call(h, 'GET', '/web/m_ft/depth');
    expect(missing.status).toBe(400);
    expect(missing.data.fields.symbol).toBeTruthy();
  });
});
