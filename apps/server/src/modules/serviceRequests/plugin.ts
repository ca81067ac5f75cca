import { defineModule } from '../../http/host';
import { serviceRequestsHandlers } from './routes';
import { createServiceRequests } from './service';

export const serviceRequestsModule = defineModule('serviceRequests', ['notices', 'chat'], async (app) => {
  app.host.routes(serviceRequestsHandlers(createServiceRequests(app.host.db, app.notices, app.chat)));
});
