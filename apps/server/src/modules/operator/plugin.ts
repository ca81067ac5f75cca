import { defineModule } from '../../http/host';
import { operatorHandlers } from './routes';
import { createOperatorService } from './service';

/** The operators' accounts; a new database gets its first operator here (decision 0011). */
export const operatorModule = defineModule('operator', ['auth'], async (app) => {
  const operators = createOperatorService(app.host, app.host.ends);
  await operators.ensureFirstOperator();
  app.host.routes(operatorHandlers(operators, app.auth));
});
