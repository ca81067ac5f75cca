// The deals module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { unlistedInstrument } from './instrument';
export { createDealLifecycle, type DealLifecycle } from './lifecycle';
export { createListing } from './listing';
export { createDealsPortfolioSource } from './portfolio';
export { dealsHandlers } from './routes';
export { ensureSeedDeals } from './seed';
export { createDealService, type DealRef } from './service';
