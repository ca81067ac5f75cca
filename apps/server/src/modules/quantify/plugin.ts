import { defineModule } from '../../http/host';
import { createPoolEngine } from './engine';
import { poolTrade } from './jobs';
import { quantifyHandlers } from './routes';
import { createQuantifyService } from './service';
import { registerQuantifyTestRoutes } from './testRoutes';

export const quantifyModule = defineModule('quantify', ['market', 'wallet', 'notices', 'trading'], async (app) => {
  const { db, config, provider } = app.host;
  const now = app.host.deskClock('quantify');
  const engine = createPoolEngine({
    db,
    market: app.market,
    provider,
    trading: app.trading,
    exchangeRates: app.exchangeRates,
    now,
    ...(config.AGENCY_START ? { start: Date.parse(`${config.AGENCY_START}T00:00:00Z`) } : {}),
  });
  await engine.ensurePools();
  app.host.step('pools');
  const quantify = createQuantifyService({ db, engine, notices: app.notices, now });
  if (config.AGENCIES) app.host.jobs(poolTrade(engine));
  if (config.TEST_CLOCKS) registerQuantifyTestRoutes(app, db, engine);
  app.host.routes(quantifyHandlers(quantify));
});
