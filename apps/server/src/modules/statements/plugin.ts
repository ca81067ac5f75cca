import { defineModule } from '../../http/host';
import { registerStatementDownloads, statementHandlers } from './routes';
import { createStatementService } from './service';

/** After the portfolio and analytics, whose net assets at a month's end the statements state. */
export const statementsModule = defineModule('statements', ['portfolio', 'analytics'], async (app) => {
  const { db, config, now } = app.host;
  const statements = createStatementService({ db, now, portfolio: app.portfolio, analytics: app.analytics });
  app.host.routes(statementHandlers(statements));
  registerStatementDownloads(app, db, statements, config.STATEMENT_FONT);
});
