// What other features use of the wallet: balances, the exchange rate, the money query keys (the
// deposit and withdrawal records live under them), the total assets with the rate they were counted
// at (the home screen shows them) and the funding account's card on the profile; the portfolio
// (issue 32: net assets, its lines and its breakdown by product) that home and the trade tab read.
export {
  balancesQuery,
  exchangeRateQuery,
  overviewQuery,
  portfolioQuery,
  refreshWallet,
  type FundingOverview,
  type Portfolio,
  type PortfolioLine,
  type Wallet,
} from './api';
export { CountedAt, formatSignedInCurrency } from './components';
export { rateBetween, rateFrom, useRateBetween } from './exchange';
export { FundingCard } from './FundingCard';
export { breakdownOf, DayChange, owesAnything, ProductBreakdown, SimulatedLine } from './portfolio';
export { walletKeys } from './keys';
export { BILL_TYPE_LABEL, WALLET_LABEL } from './labels';
export { WalletAmountSheet } from './WalletAmountSheet';
