import { defineModule } from '../../http/host';
import { referralHandlers } from './routes';
import { createReferrals } from './service';

export const referralModule = defineModule('referral', [], async (app) => {
  app.host.routes(referralHandlers(createReferrals(app.host.db)));
});
