// The market module's door (issue 35's rule, applied to the code of issue 32 on): what other modules may use.
export { pushQuoteOf } from './feed';
export { exchangeTime } from './quote';
export { type MarketService } from './service';
export { marketModule } from './plugin';
