// Trading's SQL, one file per concern under repository/; the rest of the module imports it from here.
export type { CloseReason, EventRow, Explanation, OrderTerms, PositionEventName, PositionRow, SessionPhase } from './repository/rows';
export * from './repository/orders';
export * from './repository/changes';
export * from './repository/reads';
export * from './repository/due';
export * from './repository/leverageRisk';
