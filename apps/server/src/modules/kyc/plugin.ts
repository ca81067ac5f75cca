import { defineModule } from '../../http/host';
import { kycHandlers } from './routes';
import { createKycService } from './service';

export const kycModule = defineModule('kyc', ['notices'], async (app) => {
  app.host.routes(kycHandlers(createKycService(app.host.db, app.notices)));
});
