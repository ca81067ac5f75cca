// The alerts module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { startAlertEngine } from './engine';
export { alertHandlers } from './routes';
export { createMovingAverages } from './rules';
export { createAlertService } from './service';
