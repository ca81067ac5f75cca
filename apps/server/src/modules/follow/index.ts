// The follow module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { createFollowPortfolioSource } from './portfolio';
export { followModule } from './plugin';
