import type { PushQuote } from '@tradeapp/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db';
import { LOCKS, runAsLeader } from '../../schedule/leader';
import type { MarketProvider } from '../../market/types';
import type { PushHub } from '../../push/hub';
import type { MarketService } from './service';

/** A pushed quote: the wire quote without the per-user watchlist flag. */
export function pushQuoteOf(market: MarketService, symbol: string, at?: number): PushQuote {
  const { selfSelectStatus: _, ...quote } = market.quoteOf(symbol, false, at);
  return quote;
}

/**
 * Ticks from the market engine to the push hub. Alone, a node publishes what its own sockets
 * watch. With Redis, one node (the holder of an advisory lock) publishes every tick for all
 * nodes, so each tick reaches every socket exactly once.
 */
export function startMarketFeed(opts: {
  provider: MarketProvider;
  market: MarketService;
  hub: PushHub;
  db: Db;
  shared: boolean;
  log: FastifyBaseLogger;
}): () => Promise<void> {
  const { provider, market, hub } = opts;
  const run = () => {
    const off = provider.onTick((tick) => {
      if (!opts.shared && !hub.subscribedSymbols().has(tick.symbol)) return;
      hub.publishQuote(tick.symbol, pushQuoteOf(market, tick.symbol, tick.time));
    });
    provider.start();
    return () => {
      off();
      provider.stop();
    };
  };
  if (!opts.shared) {
    const stop = run();
    return async () => stop();
  }
  return runAsLeader({ db: opts.db, key: LOCKS.marketFeed, name: 'market-feed', log: opts.log, start: run });
}
