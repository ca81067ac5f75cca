import { defineModule } from '../../http/host';
import { createYieldCurves } from '../../market/curve';
import { createFundEngine } from './engine';
import { depositTerms, fundNav, fundPayout } from './jobs';
import { fundHandlers } from './routes';
import { createFundService } from './service';
import { registerFundTestRoutes } from './testRoutes';

export const fundsModule = defineModule('funds', ['notices'], async (app) => {
  const { db, config, provider } = app.host;
  const now = app.host.deskClock('funds');
  const engine = createFundEngine({ db, provider, curves: createYieldCurves(config.MARKET_SEED), notices: app.notices, now });
  await engine.ensureProducts();
  app.host.step('funds');
  app.host.jobs(fundNav(engine), fundPayout(engine), depositTerms(engine));
  if (config.TEST_CLOCKS) registerFundTestRoutes(app, db, engine);
  app.host.routes(fundHandlers(createFundService({ db, engine, provider, now })));
});
