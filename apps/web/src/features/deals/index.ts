import { lazy } from 'react';

// What other features use of the IPO deals: their query keys (a pushed allotment refreshes them),
// the trade tab's subscriptions and the Hong Kong stock page's IPO section, each loaded when first
// shown so the pages around them do not carry the deals' code.
export { dealKeys } from './keys';

/** The caller's subscriptions, for the trade tab's "subscriptions". */
export const SubscriptionList = lazy(() => import('./SubscriptionList'));

/** Hong Kong deals open or announced, for /pages/hkstock/index. */
export const HkDealsSection = lazy(() => import('./HkDealsSection'));
