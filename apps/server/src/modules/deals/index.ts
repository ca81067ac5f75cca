// The deals module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { createDealsPortfolioSource } from './portfolio';
export { type DealRef } from './service';
export { dealsModule } from './plugin';
