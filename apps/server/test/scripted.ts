import { Dec } from '../src/lib/decimal';
import { createSimulatedMarket } from '../src/market/simulated';
import type { MarketProvider, Snapshot, Tick } from '../src/market/types';

/**
 * The exchange rates a test starts with, each on its pair's tick grid and chosen so that one
 * currency is worth a short decimal of another (1 USD = 0.8 EUR, 1 MXN = 0.05 USD): conversions
 * to the wallets' currencies come out in whole cents a test can write down by hand. Every pair the
 * server converts through (wallet/exchangeRates.ts) is here, so no figure follows the random walk.
 */
export const PINNED_RATES: Readonly<Record<string, string>> = {
  EURUSD: '1.25000',
  GBPUSD: '1.25000',
  AUDUSD: '0.64000',
  NZDUSD: '0.60000',
  USDJPY: '160.000',
  USDCHF: '0.80000',
  USDCAD: '1.25000',
  USDHKD: '7.80000',
  USDMXN: '20.00000',
  USDCNH: '8.00000',
};

/**
 * The simulated market, except that the test sets the price of chosen symbols: each `set` is a
 * tick the trigger engine sees, and every snapshot of the symbol answers that price (bid one
 * tick under, ask one tick over). The scripted price path tests need for fills and liquidations.
 * The exchange rates start pinned (`rates`, PINNED_RATES by default); `set` moves them like any price.
 * `now` is the market's clock (the forming candle), for a test that pins the server's clock too.
 */
export function scriptedMarket(seed = 'scripted', rates: Readonly<Record<string, string>> = PINNED_RATES, now?: () => number) {
  const base = createSimulatedMarket({ seed, ...(now ? { now } : {}) });
  const clock = now ?? (() => Date.now());
  /** `since`: when a closed symbol was set closed, its last trade (its snapshot's time). */
  const prices = new Map<string, { last: string; tradable: boolean; since: number }>(
    Object.entries(rates).map(([symbol, last]) => [symbol, { last, tradable: true, since: 0 }]),
  );
  const listeners = new Set<(tick: Tick) => void>();
  const step = (symbol: string) => base.instrument(symbol)!.tickSize;
  const shift = (price: string, ticks: number, tick: string) => {
    const dp = tick.includes('.') ? tick.split('.')[1]!.length : 0;
    return new Dec(price).add(new Dec(tick).mul(ticks)).toFixed(dp);
  };
  const provider: MarketProvider = {
    ...base,
    name: 'scripted',
    instruments: () => base.instruments(),
    instrument: (s) => base.instrument(s),
    session: (symbol, at) => {
      const p = prices.get(symbol);
      return p ? { ...base.session(symbol, at), phase: p.tradable ? 'regular' : 'closed', tradable: p.tradable } : base.session(symbol, at);
    },
    snapshot(symbol, at): Snapshot {
      const snap = base.snapshot(symbol, at);
      const p = prices.get(symbol);
      if (!p) return snap;
      const tick = step(symbol);
      return {
        ...snap,
        // Trading, at the moment asked; closed, at its last trade (when it was set closed), as the market stamps a closed quote.
        time: p.tradable ? at : Math.min(at, p.since),
        last: p.last,
        bid: shift(p.last, -1, tick),
        ask: shift(p.last, 1, tick),
        session: { ...snap.session, phase: p.tradable ? 'regular' : 'closed', tradable: p.tradable },
      };
    },
    candles: (...args) => base.candles(...args),
    onTick(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: () => undefined,
    stop: () => undefined,
  };
  return {
    provider,
    /** Move a symbol's price (a decimal string on its tick grid) and tell the listeners. */
    set(symbol: string, last: string, tradable = true) {
      const was = prices.get(symbol);
      // Closed again while closed, it keeps the time it closed at.
      prices.set(symbol, { last, tradable, since: !tradable && was && !was.tradable ? was.since : clock() });
      const s = provider.snapshot(symbol, Date.now());
      for (const l of listeners)
        l({ symbol, time: s.time, price: s.last, bid: s.bid, ask: s.ask, bidVolume: s.bidVolume, askVolume: s.askVolume, dayVolume: s.volume });
    },
  };
}
