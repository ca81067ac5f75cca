import { defineModule } from '../../http/host';
import { createRobotEngine } from './engine';
import { robotTrade } from './jobs';
import { robotHandlers } from './routes';
import { createRobotService } from './service';
import { registerRobotTestRoutes } from './testRoutes';

export const robotsModule = defineModule('robots', ['market', 'wallet', 'notices', 'trading'], async (app) => {
  const { db, config, now } = app.host;
  const shared = { db, market: app.market, trading: app.trading, exchangeRates: app.exchangeRates, now };
  const engine = createRobotEngine({ ...shared, notices: app.notices });
  const robots = createRobotService({ ...shared, engine });
  await robots.ensureRobots();
  app.host.step('follow and robots');
  app.host.jobs(robotTrade(engine));
  if (config.TEST_CLOCKS) registerRobotTestRoutes(app, db, engine);
  app.host.routes(robotHandlers(robots));
});
