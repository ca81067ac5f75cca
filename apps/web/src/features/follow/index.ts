import { lazy } from 'react';

// What other features use of copy-following (decision 0020): its query keys (a pushed order or
// notice refreshes the follows), and three pieces loaded when first shown so the pages around them
// do not carry the follow screens' code: the trade tab's "follow" list, the follow wallet's running
// follows, and a copy's note on its position page.
export { followKeys } from './keys';

/** The caller's follows, for the trade tab's "follow". */
export const FollowList = lazy(() => import('./FollowList'));

/** The running follows with their equity, for the follow wallet's tab. */
export const RunningFollows = lazy(() => import('./RunningFollows'));

/** "Copy of <agency>" with the way to its follow, for a copy's position page. */
export const CopyNote = lazy(() => import('./CopyNote'));

/** The NAV chart of the agency page, fetched with its chart library when first shown; the funds' NAV uses it too. */
export const loadCurveChart = () => import('./curveEngine');
export type { CurveChartHandle } from './curveEngine';
