import { defineModule } from '../../http/host';
import { createBlockQuoteService } from './quotes';
import { blockTradesHandlers } from './routes';
import { createBlockTradeService } from './service';

export const blockTradesModule = defineModule('blockTrades', ['market', 'wallet', 'notices', 'trading'], async (app) => {
  const { db } = app.host;
  const quotes = createBlockQuoteService({
    db,
    market: app.market,
    exchangeRates: app.exchangeRates,
    trading: app.trading,
    now: app.host.deskClock('blockTrade'),
    watch: app.triggers.watch,
  });
  app.host.routes(blockTradesHandlers(createBlockTradeService(db, app.notices), quotes));
});
