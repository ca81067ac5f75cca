import { defineModule } from '../../http/host';
import { addressesHandlers } from './routes';
import { createAddressService } from './service';

export const addressesModule = defineModule('addresses', [], async (app) => {
  app.host.routes(addressesHandlers(createAddressService(app.host.db)));
});
