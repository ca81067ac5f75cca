import { defineModule } from '../../http/host';
import { loanAccrual } from './jobs';
import { loanHandlers } from './routes';
import { createLoanService } from './service';
import { registerLoanTestRoutes } from './testRoutes';

export const loansModule = defineModule('loans', ['notices'], async (app) => {
  const { db, config } = app.host;
  const loans = createLoanService({ db, notices: app.notices, now: app.host.deskClock('loans') });
  app.host.jobs(loanAccrual(loans));
  if (config.TEST_CLOCKS) registerLoanTestRoutes(app, db, loans);
  app.host.routes(loanHandlers(loans));
});
