// The wallet module's door (issue 35's rule, applied to the code of issue 32 on): what other modules may use.
export { type ExchangeRates } from './exchangeRates';
export { createTransfersPortfolioSource } from './portfolio';
export { type WalletService } from './service';
export { walletModule } from './plugin';
