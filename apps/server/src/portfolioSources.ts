import { createAuctionPortfolioSource } from './modules/auction/portfolio';
import { createBondsPortfolioSource } from './modules/bonds/portfolio';
import { createDealsPortfolioSource } from './modules/deals/portfolio';
import { createDepositsPortfolioSource } from './modules/deposits/portfolio';
import { createFollowPortfolioSource } from './modules/follow/portfolio';
import { createFundsPortfolioSource } from './modules/funds/portfolio';
import { createLoansPortfolioSource } from './modules/loans/portfolio';
import type { PortfolioDeps, PortfolioSource } from './modules/portfolio';
import { createQuantifyPortfolioSource } from './modules/quantify/portfolio';
import { createRobotsPortfolioSource } from './modules/robots/portfolio';
import { createTradingPortfolioSource } from './modules/trading/portfolio';
import { createTransfersPortfolioSource } from './modules/wallet/portfolio';
import { createWithdrawalsPortfolioSource } from './modules/withdrawals/portfolio';

/**
 * Every product module's portfolio source (issue 32), in the order their lines are listed. A module
 * that posts to the ledger and is missing here fails test/portfolio-sources.test.ts.
 */
export function portfolioSources(deps: PortfolioDeps): PortfolioSource[] {
  return [
    createTradingPortfolioSource(deps),
    createAuctionPortfolioSource(deps),
    createDealsPortfolioSource(deps),
    createFundsPortfolioSource(deps),
    createBondsPortfolioSource(deps),
    createQuantifyPortfolioSource(deps),
    createRobotsPortfolioSource(deps),
    createFollowPortfolioSource(deps),
    createTransfersPortfolioSource(deps),
    createWithdrawalsPortfolioSource(deps),
    createDepositsPortfolioSource(deps),
    createLoansPortfolioSource(deps),
  ];
}
