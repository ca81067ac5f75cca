// The review frame the kyc, deposits and withdrawals queues are built from.
export type { DepositItem, KycItem, WithdrawalItem } from './api';
export { AmountCell, ReviewPanel, UserCell } from './ReviewPanel';
export { ReviewQueuePage } from './ReviewQueuePage';
export { Detail, FUNDS_STATUS_OPTIONS, NothingSelected, When } from './shared';
