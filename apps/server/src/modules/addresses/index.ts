// The addresses module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { findAddress } from './service';
export { addressesModule } from './plugin';
