import { defineModule } from '../../http/host';
import { bankCardsHandlers } from './routes';
import { createBankCardService } from './service';

export const bankCardsModule = defineModule('bankCards', [], async (app) => {
  app.host.routes(bankCardsHandlers(createBankCardService(app.host.db)));
});
