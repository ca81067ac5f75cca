// The market module's door (issue 35's rule, applied to the code of issue 32 on): what other modules may use.
export { pushQuoteOf, startMarketFeed } from './feed';
export { exchangeTime } from './quote';
export { KEPT_ROUTES, marketHandlers, watchlistHandlers } from './routes';
export { createMarketService, type MarketService } from './service';
export { createWatchlist } from './watchlist';
