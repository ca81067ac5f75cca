import { DEPTH_LEVELS } from '@tradeapp/contract';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../lib/decimal';
import { createSimulatedMarket } from '../../market/simulated';
import type { MarketProvider } from '../../market/types';
import { bookOf, sideOf, splitSecond, tapeOf } from './depth';

// Friday 20 November 2026, 15:47:23 UTC: US, Europe, futures, FX, bonds and crypto all trading.
const NOW = Date.parse('2026-11-20T15:47:23.456Z');
// Saturday 21 November: every stock market shut since Friday's close.
const WEEKEND = Date.parse('2026-11-21T15:30:00Z');
const SAMPLE = ['AAPL', 'TSLA', '0700.HK', 'SAP.DE', 'ASML.AS', 'ES', 'GC', 'EURUSD', 'US10Y', 'BTCUSDT', 'DOGEUSDT'];
const market = (now: number, seed = 'depth-test'): MarketProvider => createSimulatedMarket({ seed, now: () => now });

const onGrid = (value: string, step: string) => new Dec(value).mod(step).isZero();

describe('the simulated book', () => {
  it('starts at the quote exactly, steps strictly outward on the tick and lot grid, and is the same for the same moment', () => {
    const a = market(NOW);
    const b = market(NOW);
    for (const symbol of SAMPLE) {
      const s = a.snapshot(symbol, NOW);
      const book = bookOf(s);
      const { tickSize, lotSize } = s.instrument;
      expect(book.bids[0], symbol).toEqual({ price: s.bid, size: s.bidVolume });
      expect(book.asks[0], symbol).toEqual({ price: s.ask, size: s.askVolume });
      expect(book.asks, symbol).toHaveLength(DEPTH_LEVELS);
      expect(book.bids.length, symbol).toBeGreaterThan(1);
      expect(book.bids.length, symbol).toBeLessThanOrEqual(DEPTH_LEVELS);
      for (const side of [book.bids, book.asks]) {
        for (const level of side) {
          expect(onGrid(level.price, tickSize), `${symbol} ${level.price}`).toBe(true);
          expect(onGrid(level.size, lotSize), `${symbol} ${level.size}`).toBe(true);
          expect(new Dec(level.price).gt(0) && new Dec(level.size).gt(0), symbol).toBe(true);
        }
      }
      for (let i = 1; i < book.bids.length; i += 1) expect(new Dec(book.bids[i]!.price).lt(book.bids[i - 1]!.price), symbol).toBe(true);
      for (let i = 1; i < book.asks.length; i += 1) expect(new Dec(book.asks[i]!.price).gt(book.asks[i - 1]!.price), symbol).toBe(true);
      // Another market of the same seed, the same moment: the same book; a second later, another.
      expect(bookOf(b.snapshot(symbol, NOW)), symbol).toEqual(book);
      expect(bookOf(b.snapshot(symbol, Math.floor(NOW / 1000) * 1000 + 999)), symbol).toEqual(book);
    }
    expect(bookOf(a.snapshot('AAPL', NOW + 1000))).not.toEqual(bookOf(a.snapshot('AAPL', NOW)));
    // Both sides over a liquid name's thirty prints.
    expect(new Set(tapeOf(a, 'AAPL', NOW, 30).map((p) => p.side))).toEqual(new Set(['buy', 'sell']));
  });

  it('judges a side by the quote that stood: at or through the ask a buy, the bid a sell, inside by the tick test', () => {
    expect(sideOf(105, 100, 104, 103)).toBe('buy');
    expect(sideOf(104, 100, 104, 105)).toBe('buy');
    expect(sideOf(100, 100, 104, 99)).toBe('sell');
    expect(sideOf(99, 100, 104, 99)).toBe('sell');
    expect(sideOf(102, 100, 104, 101)).toBe('buy');
    expect(sideOf(102, 100, 104, 103)).toBe('sell');
    expect(sideOf(102, 100, 104, 102)).toBeNull();
  });

  it('splits a second into one to three prints of whole lots that add up to it, at rising times within it', () => {
    const counts = new Set<number>();
    for (let s = 0; s < 200; s += 1) {
      const second = NOW - (NOW % 1000) - s * 1000;
      for (const lots of [1, 2, 7, 1234]) {
        const parts = splitSecond('AAPL', second, lots);
        counts.add(parts.length);
        expect(parts.reduce((sum, p) => sum + p.lots, 0)).toBe(lots);
        expect(parts.every((p) => Number.isInteger(p.lots) && p.lots >= 1)).toBe(true);
        parts.forEach((p, i) => {
          expect(p.time >= second && p.time < second + 1000).toBe(true);
          if (i > 0) expect(p.time).toBeGreaterThan(parts[i - 1]!.time);
        });
        expect(splitSecond('AAPL', second, lots)).toEqual(parts);
      }
    }
    expect(counts).toEqual(new Set([1, 2, 3]));
  });
});

describe('the time and sales', () => {
  it('adds up to the growth of the day volume, ends at the quote, and sides each print by the quote the second before', () => {
    const m = market(NOW);
    for (const symbol of ['AAPL', 'SAP.DE', 'ES', 'EURUSD', 'BTCUSDT']) {
      const tape = tapeOf(m, symbol, NOW, 30);
      const quote = m.snapshot(symbol, NOW);
      expect(tape, symbol).toHaveLength(30);
      const second = (p: { time: number }) => Math.floor(p.time / 1000) * 1000;
      // Newest first.
      for (let i = 1; i < tape.length; i += 1) expect(tape[i]!.time, symbol).toBeLessThan(tape[i - 1]!.time);
      const newest = tape[0]!;
      if (second(newest) === Math.floor(NOW / 1000) * 1000) expect(newest.price, symbol).toBe(quote.last);
      // Every second but the oldest (whose earlier prints may fall past the thirtieth) adds up to its growth of the day volume.
      const seconds = [...new Set(tape.map(second))];
      seconds.forEach((t, i) => {
        const sum = tape.filter((p) => second(p) === t).reduce((total, p) => total.add(p.size), new Dec(0));
        const grown = new Dec(m.snapshot(symbol, t).volume).sub(m.snapshot(symbol, t - 1000).volume);
        expect(i === seconds.length - 1 ? sum.lte(grown) : sum.eq(grown), `${symbol} ${t}`).toBe(true);
      });
      tape.forEach((p, i) => {
        const standing = m.snapshot(symbol, second(p) - 1000);
        const at = m.snapshot(symbol, p.time);
        expect({ bid: p.bid, ask: p.ask, price: p.price }, symbol).toEqual({ bid: standing.bid, ask: standing.ask, price: at.last });
        expect(new Dec(p.size).gt(0) && new Dec(p.size).mod(at.instrument.lotSize).isZero(), symbol).toBe(true);
        const price = new Dec(p.price);
        const older = tape[i + 1];
        if (price.gte(p.ask)) expect(p.side, symbol).toBe('buy');
        else if (price.lte(p.bid)) expect(p.side, symbol).toBe('sell');
        else if (older && price.gt(older.price)) expect(p.side, symbol).toBe('buy');
        else if (older && price.lt(older.price)) expect(p.side, symbol).toBe('sell');
        else if (older) expect(p.side, symbol).toBe(older.side);
      });
      expect(tapeOf(market(NOW), symbol, NOW, 30), symbol).toEqual(tape);
    }
  });

  it('shows the last session’s prints while the market is shut, ending at its close and its volume', () => {
    const m = market(WEEKEND);
    const tape = tapeOf(m, 'AAPL', WEEKEND, 10);
    const quote = m.snapshot('AAPL', WEEKEND);
    expect(tape).toHaveLength(10);
    // Friday 20 November, the regular session's last minute (15:59 in New York).
    expect(new Date(tape[0]!.time).toISOString().slice(0, 19)).toBe('2026-11-20T20:59:59');
    const close = m.snapshot('AAPL', tape[0]!.time);
    expect(close.volume).toBe(quote.volume);
    expect(tape[0]!.price).toBe(quote.last);
  });
});
