import { TransactionStatus, WalletCode, type JournalKind } from '@tradeapp/contract';

// Words of the wallet screens: wallet names in the order of the specification's wallet tabs,
// bill types and statuses.

/** Wallet tabs of spec section 2 after "overview": balance, follow, future, stock, subscription, forex, HK, US, Mexico, financial. */
export const WALLET_TABS = [
  WalletCode.Funding,
  WalletCode.Follow,
  WalletCode.Future,
  WalletCode.Stock,
  WalletCode.Subscription,
  WalletCode.Forex,
  WalletCode.HkStock,
  WalletCode.UsStock,
  WalletCode.MexicoStock,
  WalletCode.Financial,
] as const;

export const WALLET_LABEL = {
  [WalletCode.Funding]: 'wallet.codes.BALANCE',
  [WalletCode.Follow]: 'wallet.codes.FOLLOW',
  [WalletCode.Future]: 'wallet.codes.FUTURE',
  [WalletCode.Stock]: 'wallet.codes.STOCK',
  [WalletCode.Subscription]: 'wallet.codes.SUBSCRIPTION',
  [WalletCode.Forex]: 'wallet.codes.FOREX',
  [WalletCode.HkStock]: 'wallet.codes.HK_STOCK',
  [WalletCode.UsStock]: 'wallet.codes.US_STOCK',
  [WalletCode.MexicoStock]: 'wallet.codes.MX_STOCK',
  [WalletCode.Financial]: 'wallet.codes.FINANCIAL',
} as const;

export function isWalletCode(value: string | null | undefined): value is WalletCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(WALLET_LABEL, value);
}

export const BILL_TYPE_LABEL = {
  deposit: 'wallet.billTypes.deposit',
  withdrawal: 'wallet.billTypes.withdrawal',
  'withdrawal.hold': 'wallet.billTypes.withdrawalHold',
  'withdrawal.release': 'wallet.billTypes.withdrawalRelease',
  transfer: 'wallet.billTypes.transfer',
  'transfer.hold': 'wallet.billTypes.transferHold',
  'transfer.settle': 'wallet.billTypes.transferSettle',
  'transfer.cancel': 'wallet.billTypes.transferCancel',
  reversal: 'wallet.billTypes.reversal',
  'order.hold': 'wallet.billTypes.orderHold',
  'order.release': 'wallet.billTypes.orderRelease',
  'order.open': 'wallet.billTypes.orderOpen',
  'position.close': 'wallet.billTypes.positionClose',
  'position.margin': 'wallet.billTypes.positionMargin',
  'position.liquidate': 'wallet.billTypes.positionLiquidate',
  'deal.subscribe': 'wallet.billTypes.dealSubscribe',
  'deal.release': 'wallet.billTypes.dealRelease',
  'deal.hold': 'wallet.billTypes.dealHold',
  'deal.allot': 'wallet.billTypes.dealAllot',
  'deal.refund': 'wallet.billTypes.dealRefund',
  'deal.cancel': 'wallet.billTypes.dealCancel',
  'agency.capital': 'wallet.billTypes.agencyCapital',
  'follow.start': 'wallet.billTypes.followStart',
  'follow.add': 'wallet.billTypes.followAdd',
  'follow.copy': 'wallet.billTypes.followCopy',
  'follow.return': 'wallet.billTypes.followReturn',
  'follow.stop': 'wallet.billTypes.followStop',
  'follow.migrate': 'wallet.billTypes.followMigrate',
  'robot.start': 'wallet.billTypes.robotStart',
  'robot.rent': 'wallet.billTypes.robotRent',
  'robot.buy': 'wallet.billTypes.robotBuy',
  'robot.fund': 'wallet.billTypes.robotFund',
  'robot.return': 'wallet.billTypes.robotReturn',
  'robot.stop': 'wallet.billTypes.robotStop',
  'pool.capital': 'wallet.billTypes.poolCapital',
  'pool.hold': 'wallet.billTypes.poolHold',
  'pool.release': 'wallet.billTypes.poolRelease',
  'pool.subscribe': 'wallet.billTypes.poolSubscribe',
  'pool.redeem': 'wallet.billTypes.poolRedeem',
  'pool.fee': 'wallet.billTypes.poolFee',
  'fund.hold': 'wallet.billTypes.fundHold',
  'fund.buy': 'wallet.billTypes.fundBuy',
  'fund.redeem': 'wallet.billTypes.fundRedeem',
  'fund.exitLoad': 'wallet.billTypes.fundExitLoad',
  'deposit.income': 'wallet.billTypes.depositIncome',
  'deposit.interest': 'wallet.billTypes.depositInterest',
  'deposit.penalty': 'wallet.billTypes.depositPenalty',
  'bond.buy': 'wallet.billTypes.bondBuy',
  'bond.sell': 'wallet.billTypes.bondSell',
  'bond.coupon': 'wallet.billTypes.bondCoupon',
  'bond.redeem': 'wallet.billTypes.bondRedeem',
  'loan.disburse': 'wallet.billTypes.loanDisburse',
  'loan.repay': 'wallet.billTypes.loanRepay',
} as const satisfies Record<JournalKind, string>;

export const TRANSFER_STATUS = {
  [TransactionStatus.InProgress]: { label: 'transfer.status.inProgress', tone: 'progress' },
  [TransactionStatus.Success]: { label: 'transfer.status.success', tone: 'done' },
  [TransactionStatus.Cancelled]: { label: 'transfer.status.cancelled', tone: 'muted' },
  [TransactionStatus.Processing]: { label: 'transfer.status.inProgress', tone: 'progress' },
} as const;

export const isTransferOpen = (status: number) => status === TransactionStatus.InProgress || status === TransactionStatus.Processing;
