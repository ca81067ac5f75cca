// The robots module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { createRobotsPortfolioSource } from './portfolio';
export { robotsModule } from './plugin';
