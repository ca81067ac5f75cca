import { defineModule } from '../../http/host';
import { startMarketFeed } from './feed';
import { KEPT_ROUTES, marketHandlers, watchlistHandlers } from './routes';
import { createMarketService, type MarketService } from './service';
import { createWatchlist } from './watchlist';

declare module 'fastify' {
  interface FastifyInstance {
    market: MarketService;
  }
}

export const marketModule = defineModule('market', [], async (app) => {
  const { db, hub, provider, log, pinned } = app.host;
  const market = createMarketService({ provider, db, ...pinned });
  app.decorate('market', market);
  app.host.routes(marketHandlers(market), { selfCompressed: KEPT_ROUTES });
  app.host.routes(watchlistHandlers(createWatchlist(db, market)));
  // The market ticks once the node listens: a symbol's first tick builds its day and its year's
  // range, which in the start was a third of the wait for the node's readiness (decision 0024).
  // Its prices are a function of the time, so nothing is lost by starting them then.
  let stopFeed: (() => Promise<void>) | undefined;
  app.addHook('onListen', () => {
    stopFeed ??= startMarketFeed({ provider, market, hub, db, shared: hub.driver === 'redis', log });
  });
  app.addHook('onClose', async () => stopFeed?.());
  app.host.step('market service and feed');
});
