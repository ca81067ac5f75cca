// What other features use of placements: its query keys (a pushed notice refreshes the pages).
export { placementKeys } from './api';
