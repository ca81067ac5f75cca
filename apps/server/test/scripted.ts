import { Dec } from '../src/lib/decimal';
import { createSimulatedMarket } from '../src/market/simulated';
import type { MarketProvider, Snapshot, Tick } from '../src/market/types';

/**
 * The simulated market, except that the test sets the price of chosen symbols: each `set` is a
 * tick the trigger engine sees, and every snapshot of the symbol answers that price (bid one
 * tick under, ask one tick over). The scripted price path tests need for fills and liquidations.
 */
export function scriptedMarket(seed = 'scripted') {
  const base = createSimulatedMarket({ seed });
  const prices = new Map<string, { last: string; tradable: boolean }>();
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
      prices.set(symbol, { last, tradable });
      const s = provider.snapshot(symbol, Date.now());
      for (const l of listeners) l({ symbol, time: s.time, price: s.last, bid: s.bid, ask: s.ask, bidVolume: s.bidVolume, askVolume: s.askVolume, dayVolume: s.volume });
    },
  };
}
