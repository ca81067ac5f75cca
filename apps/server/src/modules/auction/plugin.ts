import { defineModule } from '../../http/host';
import { auctionMatch } from './jobs';
import { auctionHandlers } from './routes';
import { createAuctionService } from './service';

export const auctionModule = defineModule('auction', ['market', 'wallet', 'notices', 'trading'], async (app) => {
  const { db, hub, provider } = app.host;
  const auction = createAuctionService({
    db,
    market: app.market,
    provider,
    exchangeRates: app.exchangeRates,
    notices: app.notices,
    hub,
    now: app.host.deskClock('auction'),
    watch: app.triggers.watch,
  });
  app.host.jobs(auctionMatch(auction));
  app.host.routes(auctionHandlers(auction));
});
