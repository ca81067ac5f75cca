import { lazy } from 'react';

// What other features use of the price alerts: the sheet that sets one (the quote page's bell).
export const loadAlertSheet = () => import('./AlertSheet');
export const AlertSheet = lazy(loadAlertSheet);
export { alertKeys } from './api';
