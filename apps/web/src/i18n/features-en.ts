// English strings of the feature screens, spread into en.ts's `en`. Kept apart from its core so the
// first screen does not load them: they come with the first page that needs them (i18n/index.ts).
import { auctionEn } from './auction/en';
import { blockTradesEn } from './blockTrades/en';
import { dealsEn } from './deals/en';
import { followEn } from './follow/en';
import { contentEn } from './content/en';
import { moneyEn } from './money/en';
import { placementsEn } from './placements/en';
import { quantifyEn } from './quantify/en';
// funds (issue 15)
import { fundsEn } from './funds/en';
// end of funds
// bonds and loans (issue 15)
import { bondsEn } from './bonds/en';
import { loansEn } from './loans/en';
// end of bonds and loans
import { robotsEn } from './robots/en';
import { statementsEn } from './statements/en';
import { analyticsEn } from './analytics/en';
// account security (issue 18)
import { securityEn } from './security/en';
import { alertsEn } from './alerts/en';
import { depthEn } from './depth/en';
import { tradingEn } from './trading/en';

export const enFeatures = {
  ...moneyEn,
  ...tradingEn,
  ...contentEn,
  ...auctionEn,
  ...blockTradesEn,
  ...dealsEn,
  ...placementsEn,
  ...followEn,
  ...robotsEn,
  ...statementsEn,
  ...analyticsEn,
  // account security (issue 18)
  ...securityEn,
  ...alertsEn,
  ...depthEn,
  ...quantifyEn,
  // funds (issue 15)
  ...fundsEn,
  // end of funds
  // bonds and loans (issue 15)
  ...bondsEn,
  ...loansEn,
  // end of bonds and loans
} as const;
