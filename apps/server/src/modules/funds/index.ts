// The funds module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { createFundEngine, type FundEngine } from './engine';
export { createFundsPortfolioSource } from './portfolio';
export { fundHandlers } from './routes';
export { createFundService } from './service';
export { registerFundTestRoutes } from './testRoutes';
