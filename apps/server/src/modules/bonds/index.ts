// The bonds module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { createBondsPortfolioSource } from './portfolio';
export { bondHandlers } from './routes';
export { createBondService, type BondService } from './service';
export { registerBondTestRoutes } from './testRoutes';
