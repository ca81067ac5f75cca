import type { FastifyBaseLogger } from 'fastify';
import type { MarketProvider } from '../market/types';
import type { MarketService } from '../modules/market/service';
import type { TradingService } from '../modules/trading/service';

/**
 * Watches the ticks of the market feed for the symbols that have resting orders or open
 * positions, and asks the trading service to fill or liquidate. One check per symbol runs at a
 * time; a tick arriving meanwhile is remembered and checked right after, so the last price is
 * always looked at. It runs where the feed runs (one node), and the service's row locks make a
 * second runner harmless.
 */
export function startTriggerEngine(opts: { provider: MarketProvider; market: MarketService; trading: TradingService; log: FastifyBaseLogger; refreshMs?: number }) {
  const { provider, market, trading, log } = opts;
  let active = new Set<string>();
  const running = new Set<string>();
  const again = new Set<string>();
  let stopped = false;

  const refresh = async () => {
    active = await trading.activeSymbols().catch(() => active);
  };
  void refresh();
  const timer = setInterval(() => void refresh(), opts.refreshMs ?? 2000);
  timer.unref();

  const check = async (symbol: string, at: number) => {
    if (running.has(symbol)) {
      again.add(symbol);
      return;
    }
    running.add(symbol);
    try {
      await trading.onQuote(symbol, market.snapshot(symbol, at));
    } catch (err) {
      log.error({ err, symbol }, 'trigger check failed');
    } finally {
      running.delete(symbol);
      if (again.delete(symbol) && !stopped) void check(symbol, Date.now());
    }
  };

  const off = provider.onTick((tick) => {
    if (!stopped && active.has(tick.symbol)) void check(tick.symbol, tick.time);
  });

  return {
    /** A new resting order or position: watch its symbol from the next tick on. */
    watch: (symbol: string) => active.add(symbol),
    /** Check a symbol now, without waiting for a tick (tests, and orders placed mid-tick). */
    check: (symbol: string) => check(symbol, Date.now()),
    async stop() {
      stopped = true;
      off();
      clearInterval(timer);
      while (running.size) await new Promise((r) => setTimeout(r, 20));
    },
  };
}
