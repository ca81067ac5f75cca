import { defineModule } from '../../http/host';
import { withdrawalsHandlers } from './routes';
import { createWithdrawalService } from './service';

export const withdrawalsModule = defineModule('withdrawals', ['notices'], async (app) => {
  const { db, config } = app.host;
  app.host.routes(withdrawalsHandlers(createWithdrawalService({ db, notices: app.notices, dualApprovalEur: config.WITHDRAWAL_DUAL_APPROVAL_EUR })));
});
