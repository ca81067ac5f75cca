// The portfolio's door: the service that values an investor, its routes, and the interface every
// product module implements to be counted (docs/architecture.md, "Portfolio").
export { type PortfolioService } from './service';
export type { OffLedgerValue, PortfolioDeps, PortfolioSource, SourceLine } from './source';
export { portfolioModule } from './plugin';
