// The addresses module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { addressesHandlers } from './routes';
export { createAddressService, findAddress } from './service';
