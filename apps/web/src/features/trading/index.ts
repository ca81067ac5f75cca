import { lazy } from 'react';

export { tradingKeys } from './keys';

/**
 * The order form as a bottom sheet over a quote (the market feature's quote page opens it). Loaded
 * when first shown, so the pages that only need the query keys do not carry the form.
 */
export const loadOrderSheet = () => import('./OrderSheet');
export const OrderSheet = lazy(loadOrderSheet);

/** The pre-opening auction's order form in a bottom sheet (the auction feature's page opens it), loaded the same way. */
export const AuctionOrderSheet = lazy(() => import('./AuctionOrderSheet'));

/** The leverage risk warning, for the block-trading desk's requests (features/blockTrades), loaded the same way. */
export const LeverageRiskDialog = lazy(() => import('./LeverageRiskDialog').then((m) => ({ default: m.LeverageRiskDialog })));

/**
 * How a position's figures read (direction and leverage, a signed amount, a price) and an open
 * position's row: the follow screens list copies and agency trades with them, a robot order its fills.
 */
export { CloseReasonText, DirectionTag, PositionRow, positionPrice, Profit } from './components';
