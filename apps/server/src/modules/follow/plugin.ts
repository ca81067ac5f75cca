import { defineModule } from '../../http/host';
import { createFollowEngine } from './engine';
import { agencyTrade } from './jobs';
import { followHandlers } from './routes';
import { createFollowService } from './service';
import { registerFollowTestRoutes } from './testRoutes';

export const followModule = defineModule('follow', ['market', 'wallet', 'notices', 'trading'], async (app) => {
  const { db, config, provider, now } = app.host;
  const engine = createFollowEngine({
    db,
    market: app.market,
    provider,
    trading: app.trading,
    exchangeRates: app.exchangeRates,
    notices: app.notices,
    now,
    ...(config.AGENCY_START ? { start: Date.parse(`${config.AGENCY_START}T00:00:00Z`) } : {}),
  });
  const follows = createFollowService({ db, market: app.market, trading: app.trading, engine, now });
  if (config.AGENCIES) app.host.jobs(agencyTrade(engine));
  if (config.TEST_CLOCKS) registerFollowTestRoutes(app, db, engine);
  app.host.routes(followHandlers(follows));
});
