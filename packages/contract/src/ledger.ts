// The kind of every journal the server posts (ledger_journals.kind). A bill's `type` is its
// journal's kind, so these strings are on the wire too and never change once written.

export const JournalKind = {
  Deposit: 'deposit',
  Withdrawal: 'withdrawal',
  /** A withdrawal request holds its amount until an operator reviews it. */
  WithdrawalHold: 'withdrawal.hold',
  WithdrawalRelease: 'withdrawal.release',
  /** Between two wallets of one currency, settled at once. */
  Transfer: 'transfer',
  /** Across currencies: held now, settled or cancelled later. */
  TransferHold: 'transfer.hold',
  TransferSettle: 'transfer.settle',
  TransferCancel: 'transfer.cancel',
  /** Undoes an earlier journal, which it names. */
  Reversal: 'reversal',
  /** An entrusted order holds its margin and fee until it fills or is cancelled. */
  OrderHold: 'order.hold',
  OrderRelease: 'order.release',
  OrderOpen: 'order.open',
  PositionClose: 'position.close',
  PositionMargin: 'position.margin',
  PositionLiquidate: 'position.liquidate',
} as const;
export type JournalKind = (typeof JournalKind)[keyof typeof JournalKind];

export const JOURNAL_KINDS = Object.values(JournalKind) as [JournalKind, ...JournalKind[]];
