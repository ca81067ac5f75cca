// The quantify module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { createPoolEngine, type PoolEngine } from './engine';
export { createQuantifyPortfolioSource } from './portfolio';
export { quantifyHandlers } from './routes';
export { createQuantifyService } from './service';
export { registerQuantifyTestRoutes } from './testRoutes';
