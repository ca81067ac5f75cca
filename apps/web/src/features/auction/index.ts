// What other features use of the auction: its query keys (a pushed notice of a match refreshes the page).
export { auctionKeys } from './api';
