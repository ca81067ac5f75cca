import { addressRoutes } from './addresses';
import { analyticsRoutes } from './analytics';
import { alertRoutes } from './alerts';
import { articleOperatorRoutes, articleRoutes } from './articles';
import { auctionRoutes } from './auction';
import { authRoutes } from './auth';
import { bankCardRoutes } from './bankCards';
import { blockTradeOperatorRoutes, blockTradeRoutes } from './blockTrades';
import { chatOperatorRoutes, chatRoutes } from './chat';
import { dealOperatorRoutes, dealRoutes } from './deals';
import { contentOperatorRoutes, contentRoutes } from './content';
import { depositOperatorRoutes, depositRoutes } from './deposits';
import { followOperatorRoutes, followRoutes } from './follow';
import { robotOperatorRoutes, robotRoutes } from './robots';
import { quantifyOperatorRoutes, quantifyRoutes } from './quantify';
import { fundOperatorRoutes, fundRoutes } from './funds';
import { bondOperatorRoutes, bondRoutes } from './bonds';
import { loanOperatorRoutes, loanRoutes } from './loans';
import { marginLadderRoutes } from './marginLadder';
import { kycOperatorRoutes, kycRoutes } from './kyc';
import { marketRoutes, watchlistRoutes } from './market';
import { noticeOperatorRoutes, noticeRoutes } from './notices';
import { operatorRoutes } from './operator';
import { placementOperatorRoutes, placementRoutes } from './placements';
import { portfolioOperatorRoutes, portfolioRoutes } from './portfolio';
import { referralRoutes } from './referral';
import { serviceRequestOperatorRoutes, serviceRequestRoutes } from './serviceRequests';
import { statementOperatorRoutes, statementRoutes, timelineRoutes } from './statements';
import { systemRoutes } from './system';
import { tradingRoutes } from './trading';
import { walletOperatorRoutes, walletRoutes } from './wallet';
import { withdrawalOperatorRoutes, withdrawalRoutes } from './withdrawals';

/** Every call of the API, one module after another (docs/architecture.md's glossary names them). */
export const routes = {
  ...systemRoutes,
  ...authRoutes,
  ...kycRoutes,
  ...operatorRoutes,
  ...marketRoutes,
  ...watchlistRoutes,
  ...alertRoutes,
  ...walletRoutes,
  ...depositRoutes,
  ...withdrawalRoutes,
  ...bankCardRoutes,
  ...addressRoutes,
  ...noticeRoutes,
  ...serviceRequestRoutes,
  ...tradingRoutes,
  ...marginLadderRoutes,
  ...articleRoutes,
  ...contentRoutes,
  ...chatRoutes,
  ...referralRoutes,
  ...dealRoutes,
  ...blockTradeRoutes,
  ...auctionRoutes,
  ...placementRoutes,
  ...followRoutes,
  ...robotRoutes,
  ...quantifyRoutes,
  ...fundRoutes,
  ...bondRoutes,
  ...loanRoutes,
  ...statementRoutes,
  ...timelineRoutes,
  ...analyticsRoutes,
  ...portfolioRoutes,
  ...kycOperatorRoutes,
  ...walletOperatorRoutes,
  ...portfolioOperatorRoutes,
  ...depositOperatorRoutes,
  ...withdrawalOperatorRoutes,
  ...noticeOperatorRoutes,
  ...serviceRequestOperatorRoutes,
  ...articleOperatorRoutes,
  ...chatOperatorRoutes,
  ...contentOperatorRoutes,
  ...dealOperatorRoutes,
  ...blockTradeOperatorRoutes,
  ...placementOperatorRoutes,
  ...followOperatorRoutes,
  ...robotOperatorRoutes,
  ...quantifyOperatorRoutes,
  ...fundOperatorRoutes,
  ...bondOperatorRoutes,
  ...loanOperatorRoutes,
  ...statementOperatorRoutes,
};
export type Routes = typeof routes;
export type RouteId = keyof Routes;
