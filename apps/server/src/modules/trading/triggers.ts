import type { FastifyBaseLogger } from 'fastify';
import type { MarketProvider } from '../../market/types';
import type { MarketService } from '../market';
import type { TradingService } from './service';

/**
 * The trigger engine: fills entrusted orders, closes positions at their stops (moving trailing
 * stops along) and liquidates positions as the quote moves; on its refresh beat it expires day
 * orders past their session end.
 *
 * Why a run is idempotent: a run decides nothing from what it saw before. For each entrusted
 * order or open position of the symbol, the trading service claims the row (`for update skip
 * locked`, only while it is still entrusted or open) and rechecks it against the snapshot under
 * that lock, in the transaction that also posts its journal. A row already filled, closed or
 * liquidated is no longer claimable, and a row another runner holds is skipped, so running the
 * same check twice, or on two nodes at once, fills or liquidates each row exactly once.
 *
 * Why it runs on one node: it acts on ticks, and ticks come only from a started market provider.
 * With Redis, the market feed (modules/market/feed.ts) starts the provider on the one node holding
 * the `marketFeed` leader lock, so only that node's engine hears ticks; a node taking over the lock
 * takes over the engine with it. Without Redis each node runs its own feed and engine, and the row
 * claims above keep them from acting on a row twice.
 *
 * One check per symbol runs at a time; a tick arriving meanwhile is remembered and checked right
 * after, so the last price is always looked at.
 */
export function startTriggerEngine(opts: {
  provider: MarketProvider;
  market: MarketService;
  trading: TradingService;
  log: FastifyBaseLogger;
  refreshMs?: number;
}) {
  const { provider, market, trading, log } = opts;
  let active = new Set<string>();
  const running = new Set<string>();
  const again = new Set<string>();
  let stopped = false;

  // Day orders past their session end expire on the same beat (the market may be shut, with no ticks).
  const refresh = async () => {
    active = await trading.activeSymbols().catch(() => active);
    await trading.expireDue().catch((err: unknown) => log.error({ err }, 'order expiry failed'));
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
    /** A new entrusted order or position: watch its symbol from the next tick on. */
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
