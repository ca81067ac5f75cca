import { defineModule } from '../../http/host';
import { placementsHandlers } from './routes';
import { createPlacementService } from './service';

export const placementsModule = defineModule('placements', ['market', 'wallet', 'notices', 'trading'], async (app) => {
  const { db, provider, pinned } = app.host;
  const placements = createPlacementService({
    db,
    market: app.market,
    provider,
    exchangeRates: app.exchangeRates,
    trading: app.trading,
    notices: app.notices,
    ...pinned,
    watch: app.triggers.watch,
  });
  app.host.routes(placementsHandlers(placements));
});
