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
  /** An IPO subscription holds its money (fee included) and pays the handling fee (decision 0019). */
  DealSubscribe: 'deal.subscribe',
  /** A changed or reconfirmed offer gives back its earlier hold, then holds again (`deal.hold`). */
  DealRelease: 'deal.release',
  DealHold: 'deal.hold',
  /** The allotment: the allotted shares' money and fee are taken from the hold, the rest returned. */
  DealAllot: 'deal.allot',
  /** Nothing allotted, or an offer not reconfirmed: the whole hold returned. */
  DealRefund: 'deal.refund',
  /** A cancelled deal gives back every hold and the handling fee. */
  DealCancel: 'deal.cancel',
  /** An agency's starting capital, from the house (decision 0020). */
  AgencyCapital: 'agency.capital',
  /** A follow's money set aside from the follow wallet: the first amount, and each addition. */
  FollowStart: 'follow.start',
  FollowAdd: 'follow.add',
  /** A copy opens: its margin and fee leave the follow's money for the wallet's side that trading books from. */
  FollowCopy: 'follow.copy',
  /** A copy closed: what it paid out returns to the follow's money. */
  FollowReturn: 'follow.return',
  /** A follow ended: what it holds returns to the follow wallet. */
  FollowStop: 'follow.stop',
  /** The follow wallet became a dollar wallet: a euro balance left in it went back to the funding account. */
  FollowMigrate: 'follow.migrate',
  /** A robot order's amount set aside in the financial wallet (decision 0021), and its rent or price paid to the house. */
  RobotStart: 'robot.start',
  RobotRent: 'robot.rent',
  RobotBuy: 'robot.buy',
  /** A robot fill's margin and fee leave the robot's money for the side trading books from; a close's payout comes back. */
  RobotFund: 'robot.fund',
  RobotReturn: 'robot.return',
  /** Redeemed: what the robot order holds returns to the financial wallet. */
  RobotStop: 'robot.stop',
  /** A pool's seed capital from the house (decision 0021, "AI quantify"). */
  PoolCapital: 'pool.capital',
  /** A subscription's amount set aside in the financial wallet until its NAV prices it, or returned when it is withdrawn. */
  PoolHold: 'pool.hold',
  PoolRelease: 'pool.release',
  /** Priced: a subscription's amount goes to the pool; a redemption's payout comes from it. */
  PoolSubscribe: 'pool.subscribe',
  PoolRedeem: 'pool.redeem',
  /** The day's management fee, from the pool to the house. */
  PoolFee: 'pool.fee',
  /** A fund purchase's amount held in the financial wallet until its NAV allots it (decision 0022). */
  FundHold: 'fund.hold',
  /** Allotted: the held amount goes to the house's funds account (the release of the hold); a deposit term's purchase goes there at once. */
  FundBuy: 'fund.buy',
  /** A redemption paid from the funds account (a fund's on its payout day, a deposit's at once). */
  FundRedeem: 'fund.redeem',
  /** The exit load of a fund redemption, to the house's fund fees. */
  FundExitLoad: 'fund.exitLoad',
  /** A Current term's daily income, from the house's deposit interest. */
  DepositIncome: 'deposit.income',
  /** A Regular term's interest, paid at its end. */
  DepositInterest: 'deposit.interest',
  /** An early Regular redemption's penalty, from the principal to the house. */
  DepositPenalty: 'deposit.penalty',
  /** A bond bought at the dirty ask plus the markup (clean, accrued and markup on their own lines), or sold at the dirty bid. */
  BondBuy: 'bond.buy',
  BondSell: 'bond.sell',
  /** A coupon, and the redemption at par at maturity, from the house book. */
  BondCoupon: 'bond.coupon',
  BondRedeem: 'bond.redeem',
  /** A loan's amount, from the house's loans receivable to the funding account. */
  LoanDisburse: 'loan.disburse',
  /** A repayment: principal back to the loans receivable, interest and penalty to the house's loan income. */
  LoanRepay: 'loan.repay',
} as const;
export type JournalKind = (typeof JournalKind)[keyof typeof JournalKind];

export const JOURNAL_KINDS = Object.values(JournalKind) as [JournalKind, ...JournalKind[]];
