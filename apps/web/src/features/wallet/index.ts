// What other features use of the wallet: balances, the exchange rate, the money query keys (the
// deposit and withdrawal records live under them) and the funding account's card on the profile.
export { balancesQuery, exchangeRateQuery, refreshWallet, type Wallet } from './api';
export { rateBetween } from './exchange';
export { FundingCard } from './FundingCard';
export { walletKeys } from './keys';
export { WALLET_LABEL } from './labels';
