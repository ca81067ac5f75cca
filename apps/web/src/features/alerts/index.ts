import { lazy } from 'react';

// What other features use of the price alerts: the sheet that sets one (the quote page's bell).
export const AlertSheet = lazy(() => import('./AlertSheet'));
export { alertKeys } from './api';
