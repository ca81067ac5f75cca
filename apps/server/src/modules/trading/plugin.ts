import { defineModule } from '../../http/host';
import { tradingHandlers } from './routes';
import { createTradingService, type TradingService } from './service';
import { startTriggerEngine } from './triggers';

declare module 'fastify' {
  interface FastifyInstance {
    trading: TradingService;
    /** The trigger engine: a desk that opens an order or a position has its symbol watched from the next tick. */
    triggers: { watch: (symbol: string) => void };
  }
}

export const tradingModule = defineModule('trading', ['market', 'wallet', 'notices', 'deals'], async (app) => {
  const { db, hub, provider, log, pinned } = app.host;
  const trading = createTradingService({
    db,
    market: app.market,
    exchangeRates: app.exchangeRates,
    notices: app.notices,
    hub,
    unlisted: app.unlistedInstrument,
    ...pinned,
  });
  const engine = startTriggerEngine({ provider, market: app.market, trading, log });
  app.addHook('onClose', () => engine.stop());
  app.decorate('trading', trading);
  app.decorate('triggers', { watch: engine.watch });
  app.host.routes(tradingHandlers(trading, app.wallets, engine.watch, app.deals.subscribe));
});
