// The blockTrades module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { blockTradesModule } from './plugin';
