// The portfolio's door: the service that values an investor, its routes, and the interface every
// product module implements to be counted (docs/architecture.md, "Portfolio").
export { createPortfolioService, type PortfolioService, type PortfolioRates } from './service';
export { portfolioHandlers } from './routes';
export type { OffLedgerValue, PortfolioDeps, PortfolioContext, PortfolioSource, SourceLine } from './source';
