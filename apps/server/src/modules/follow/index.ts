// The follow module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { createFollowEngine, type FollowEngine } from './engine';
export { createFollowPortfolioSource } from './portfolio';
export { followHandlers } from './routes';
export { createFollowService } from './service';
export { registerFollowTestRoutes } from './testRoutes';
