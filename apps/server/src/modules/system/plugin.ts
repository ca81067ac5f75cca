import { defineModule } from '../../http/host';
import { systemHandlers } from './routes';
import { createHealth } from './service';

export const systemModule = defineModule('system', [], async (app) => {
  const { db, hub, warming } = app.host;
  app.host.routes(systemHandlers(createHealth(db, hub, warming)));
});
