// The robots module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { createRobotEngine, type RobotEngine } from './engine';
export { createRobotsPortfolioSource } from './portfolio';
export { robotHandlers } from './routes';
export { createRobotService } from './service';
export { registerRobotTestRoutes } from './testRoutes';
