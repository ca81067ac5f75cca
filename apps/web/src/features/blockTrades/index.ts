// What other features use of block trading: its query keys (a pushed notice refreshes the page).
export { blockTradeKeys } from './api';
