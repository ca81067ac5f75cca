import { defineModule } from '../../http/host';
import { startAlertEngine } from './engine';
import { alertHandlers } from './routes';
import { createMovingAverages } from './rules';
import { createAlertService } from './service';

export const alertsModule = defineModule('alerts', ['market', 'notices'], async (app) => {
  const { db, hub, provider, log, now } = app.host;
  const averages = createMovingAverages(provider);
  const engine = startAlertEngine({ db, provider, market: app.market, notices: app.notices, hub, averages, log });
  app.addHook('onClose', () => engine.stop());
  app.host.routes(alertHandlers(createAlertService({ db, market: app.market, averages, now, watch: engine.watch })));
});
