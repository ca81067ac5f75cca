// The strategy module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { createDailyRunner, giveTurn } from './runner';
export { change, STRATEGIES, weekOf, type DailyBar, type Decision, type Held, type StrategyDef } from './strategies';
