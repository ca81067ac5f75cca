import { defineModule } from '../../http/host';
import { bondCoupon } from './jobs';
import { bondHandlers } from './routes';
import { createBondService } from './service';
import { registerBondTestRoutes } from './testRoutes';

export const bondsModule = defineModule('bonds', ['wallet', 'notices'], async (app) => {
  const { db, config, provider, log } = app.host;
  const bonds = createBondService({
    db,
    seed: config.MARKET_SEED,
    exchangeRates: app.exchangeRates,
    notices: app.notices,
    provider,
    now: app.host.deskClock('bonds'),
  });
  await bonds.ensureListings();
  const stopSpreads = bonds.startRefresh(log);
  app.addHook('onClose', () => stopSpreads());
  app.host.step('bonds');
  app.host.jobs(bondCoupon(bonds));
  if (config.TEST_CLOCKS) registerBondTestRoutes(app, db, bonds);
  app.host.routes(bondHandlers(bonds));
});
