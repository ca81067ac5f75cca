// The blockTrades module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { createBlockQuoteService } from './quotes';
export { blockTradesHandlers } from './routes';
export { createBlockTradeService } from './service';
