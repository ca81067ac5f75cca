import type { FastifyBaseLogger } from 'fastify';
import type { MarketProvider } from '../../market/types';
import type { MarketService } from '../market';
import type { MarginLadder } from './service';

/**
 * The margin warning ladder's job: on each tick of a symbol with watched open positions, warns
 * those whose equity has fallen to a level of the ladder (modules/marginLadder).
 *
 * Why a run is idempotent: each warning is a row keyed by position and level, inserted with `on
 * conflict do nothing` in the transaction that writes its notice; a second look at the same
 * price, or another node looking at it, conflicts and sends nothing.
 *
 * Why it runs where the feed runs: like the trigger engine (modules/trading/triggers.ts) it acts on
 * ticks, and with Redis only the node holding the `marketFeed` leader lock has a started provider;
 * a node taking over the lock takes this job with it. Without Redis each node hears its own ticks,
 * and the row above keeps a level from warning twice.
 *
 * One check per symbol runs at a time; a tick arriving meanwhile is remembered and the symbol is
 * checked again right after at the latest price: a level is a state the position is in, so the
 * latest price says all (a tick skipped between two others cannot skip a warning that matters).
 */
export function startMarginLadder(opts: { provider: MarketProvider; market: MarketService; ladder: MarginLadder; log: FastifyBaseLogger; refreshMs?: number }) {
  const { provider, market, ladder, log } = opts;
  let active = new Set<string>();
  const running = new Set<string>();
  const again = new Set<string>();
  let stopped = false;

  const refresh = async () => {
    active = await ladder.activeSymbols().catch(() => active);
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
      await ladder.onQuote(symbol, market.snapshot(symbol, at));
    } catch (err) {
      log.error({ err, symbol }, 'margin warning check failed');
    } finally {
      running.delete(symbol);
      if (again.delete(symbol) && !stopped) void check(symbol, Date.now());
    }
  };

  const off = provider.onTick((tick) => {
    if (!stopped && active.has(tick.symbol)) void check(tick.symbol, tick.time);
  });

  return {
    /** A new position: watch its symbol from the next tick on. */
    watch: (symbol: string) => void active.add(symbol),
    async stop() {
      stopped = true;
      off();
      clearInterval(timer);
      while (running.size) await new Promise((r) => setTimeout(r, 20));
    },
  };
}
