import { lazy } from 'react';

export { tradingKeys } from './keys';

/**
 * The order form as a bottom sheet over a quote (the market feature's quote page opens it). Loaded
 * when first shown, so the pages that only need the query keys do not carry the form.
 */
export const OrderSheet = lazy(() => import('./OrderSheet'));
