import { defineModule } from '../../http/host';
import { marginLadderHandlers } from './routes';
import { createMarginLadder } from './service';
import { registerMarginLadderTestRoutes } from './testRoutes';
import { startMarginLadder } from './watch';

/** The margin warnings' ladder on the market's ticks, beside the trigger engine. */
export const marginLadderModule = defineModule('marginLadder', ['market', 'notices', 'trading'], async (app) => {
  const { db, config, provider, log } = app.host;
  const ladder = createMarginLadder({ db, market: app.market, trading: app.trading, notices: app.notices });
  const watching = startMarginLadder({ provider, market: app.market, ladder, log });
  app.addHook('onClose', () => watching.stop());
  if (config.TEST_CLOCKS) registerMarginLadderTestRoutes(app, db, app.market, ladder);
  app.host.routes(marginLadderHandlers(ladder));
});
