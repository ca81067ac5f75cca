// The quantify module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { createQuantifyPortfolioSource } from './portfolio';
export { quantifyModule } from './plugin';
