// The deposits module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { createSimulatedChain } from './chain';
export { createDepositsPortfolioSource } from './portfolio';
export { depositsHandlers } from './routes';
export { createDepositService, type DepositService } from './service';
