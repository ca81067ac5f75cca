// The trading module's door (issue 35's rule, applied to the code of issue 32 on): what other modules may use.
export { createTradingPortfolioSource } from './portfolio';
export { postHeldOrder, postHeldOrderFill, postHeldOrderRelease, postOrderHold, type HeldOrder } from './postings';
export { createPricing, entryPrice, exitPrice, isBuy, onGrid } from './pricing';
export { availableBalance, insertAllotted, insertEvent, insertPosition, leverageRiskOf, markCancelled, openAllotted, type PositionRow } from './repository';
export { RULES } from './rules';
export { lockupEndText, type TradingService } from './service';
export { closedPnlOf } from './view';
export { tradingModule } from './plugin';
