import { lazy } from 'react';

// What other features use of the bonds (decision 0022): their query keys (a pushed coupon or
// redemption asks for them again), the links to the bond pages (the quote page's Buy, the home's
// products), and the trade tab's holdings, loaded when first shown so the trade tab does not carry
// the bond screens' code.
export { bondKeys } from './keys';
export { bondLinks } from './links';

/** The caller's bonds with their totals per currency, for the trade tab's "bonds". */
export const BondHoldings = lazy(() => import('./BondHoldings'));

/** A bond's clean and dirty price, labelled, for its market quote page (the same clean price as the quote's). */
export const BondQuotePrices = lazy(() => import('./BondQuotePrices'));
