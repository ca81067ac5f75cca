// A decision on a deposit or a withdrawal moves money: the review marks the ledger check stale.
export { ledgerKeys } from './api';
