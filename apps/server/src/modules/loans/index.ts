// The loans module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { createLoansPortfolioSource } from './portfolio';
export { loanHandlers } from './routes';
export { createLoanService, type LoanService } from './service';
export { registerLoanTestRoutes } from './testRoutes';
