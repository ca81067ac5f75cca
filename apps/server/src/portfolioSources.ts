import { createAuctionPortfolioSource } from './modules/auction';
import { createBondsPortfolioSource } from './modules/bonds';
import { createDealsPortfolioSource } from './modules/deals';
import { createDepositsPortfolioSource } from './modules/deposits';
import { createFollowPortfolioSource } from './modules/follow';
import { createFundsPortfolioSource } from './modules/funds';
import { createLoansPortfolioSource } from './modules/loans';
import type { PortfolioDeps, PortfolioSource } from './modules/portfolio';
import { createQuantifyPortfolioSource } from './modules/quantify';
import { createRobotsPortfolioSource } from './modules/robots';
import { createTradingPortfolioSource } from './modules/trading';
import { createTransfersPortfolioSource } from './modules/wallet';
import { createWithdrawalsPortfolioSource } from './modules/withdrawals';

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
