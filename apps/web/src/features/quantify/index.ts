import { lazy } from 'react';

// What other features use of AI quantify (decision 0021): its query keys (the wallet's pull to
// refresh asks for them again), and the financial wallet's pools, loaded when first shown so the
// wallet page does not carry the pool screens' code.
export { quantifyKeys } from './keys';

/** The pools holding the financial wallet's money, for its tab. */
export const FinancialPools = lazy(() => import('./FinancialPools'));
