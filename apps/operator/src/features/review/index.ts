// The review frame the kyc, deposits and withdrawals queues are built from; the block-trading queue uses its parts.
export type { DepositItem, KycItem, WithdrawalItem } from './api';
export { AmountCell, ItemPanel, ReviewPanel, UserCell } from './ReviewPanel';
export { QueueView, ReviewQueuePage } from './ReviewQueuePage';
export { ApproveDialog, AuditLink, FUNDS_STATUS_OPTIONS, NothingSelected, QueueRow, StatusFilter, useQueueParams, When } from './shared';
