import { lazy } from 'react';

// What other features use of funds and deposit terms (decision 0022): its query keys (the wallet's
// pull to refresh and the notices ask for them again), and the financial wallet's summary, loaded
// when first shown so the wallet page does not carry the fund screens' code.
export { fundKeys } from './keys';

/** The caller's funds and deposit terms, for the financial wallet's tab. */
export const FinancialFunds = lazy(() => import('./FinancialFunds'));
