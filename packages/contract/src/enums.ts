// Every enumeration of the specification with its numeric code. Names are the domain's words;
// the numbers are the wire values and never change once published.

export const AccountType = { Individual: 2, Company: 4 } as const;
export type AccountType = (typeof AccountType)[keyof typeof AccountType];

/** Market source of an instrument or an order (spec section 3). */
export const MarketSource = {
  Stock: 0,
  Forex: 2,
  Future: 3,
  BlockTrade: 4,
  NewStock: 5,
  AuctionStock: 7,
  PlacingStock: 8,
  HKStock: 11,
  GlobalIndex: 99,
  RobotCrypto: 100,
  Bonds: 101,
  AiQuantify: 9999,
} as const;
export type MarketSource = (typeof MarketSource)[keyof typeof MarketSource];

export const OrderDirection = { Buy: 0, Sell: 1 } as const;
export type OrderDirection = (typeof OrderDirection)[keyof typeof OrderDirection];

export const OrderType = { Market: 0, Limit: 1 } as const;
export type OrderType = (typeof OrderType)[keyof typeof OrderType];

export const OpenClose = { Open: 0, Close: 1 } as const;
export type OpenClose = (typeof OpenClose)[keyof typeof OpenClose];

/** Transaction status. The spec gives both 0 and 3 as "in progress"; both are kept as read. */
export const TransactionStatus = { InProgress: 0, Success: 1, Cancelled: 2, Processing: 3 } as const;
export type TransactionStatus = (typeof TransactionStatus)[keyof typeof TransactionStatus];

export const ReviewStatus = { Pending: 1, Failed: 2, Passed: 3 } as const;
export type ReviewStatus = (typeof ReviewStatus)[keyof typeof ReviewStatus];

export const RobotMiningStatus = {
  FindingPool: 1,
  LocatingPool: 2,
  StartMining: 3,
  Mining: 4,
  EnergyInsufficient: 5,
  Expired: 6,
} as const;
export type RobotMiningStatus = (typeof RobotMiningStatus)[keyof typeof RobotMiningStatus];

/** KYC: not yet submitted, under review (up to 24 hours), verified, unsuccessful (can retry). */
export const KycStatus = { NotSubmitted: 0, UnderReview: 1, Unsuccessful: 2, Verified: 3 } as const;
export type KycStatus = (typeof KycStatus)[keyof typeof KycStatus];

/** Deposit or withdrawal: pending review, audit failure (with reason), completed. */
export const FundsReviewStatus = { PendingReview: 1, AuditFailure: 2, Completed: 3 } as const;
export type FundsReviewStatus = (typeof FundsReviewStatus)[keyof typeof FundsReviewStatus];

export const OrderStatus = {
  WaitingConfirmation: 0,
  InProgress: 1,
  ToBeSettled: 2,
  Settled: 3,
  Cancelled: 4,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

export const IpoStatus = {
  AvailableToSubscribe: 0,
  Subscribed: 1,
  WaitingAllotment: 2,
  Allotted: 3,
  NotAllotted: 4,
} as const;
export type IpoStatus = (typeof IpoStatus)[keyof typeof IpoStatus];

export const BlockTradeStatus = { NotOpened: 0, CanApply: 1, UnderReview: 2, Opened: 3 } as const;
export type BlockTradeStatus = (typeof BlockTradeStatus)[keyof typeof BlockTradeStatus];

export const PositionSize = { Half: 'half', Full: 'full' } as const;
export type PositionSize = (typeof PositionSize)[keyof typeof PositionSize];

/** What an e-mail code is for; a code issued for one purpose is refused for another. */
export const EmailCodeType = { Register: 1, ResetPassword: 2, PayPassword: 3 } as const;
export type EmailCodeType = (typeof EmailCodeType)[keyof typeof EmailCodeType];

export const IdDocumentType = { IdCard: 'idCard', Passport: 'passport', DriverLicense: 'DL' } as const;
export type IdDocumentType = (typeof IdDocumentType)[keyof typeof IdDocumentType];

/** The user's wallets: the funding account (wire value `BALANCE`) and the trading wallets. */
export const WalletCode = {
  Funding: 'BALANCE',
  UsStock: 'US_STOCK',
  Stock: 'STOCK',
  Future: 'FUTURE',
  Forex: 'FOREX',
  HkStock: 'HK_STOCK',
  MexicoStock: 'MX_STOCK',
  Follow: 'FOLLOW',
  Subscription: 'SUBSCRIPTION',
  Financial: 'FINANCIAL',
} as const;
export type WalletCode = (typeof WalletCode)[keyof typeof WalletCode];

export const UserRole = { Investor: 'investor', Operator: 'operator' } as const;
export type UserRole = (typeof UserRole)[keyof typeof UserRole];

export const UserStatus = { Active: 'active', Disabled: 'disabled' } as const;
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus];

export const Exchange = { NASDAQ: 'NASDAQ', NYSE: 'NYSE', AMEX: 'AMEX' } as const;
export type Exchange = (typeof Exchange)[keyof typeof Exchange];

/** A market's session phase: before the open, the regular session, after hours, closed (a quote's `marketStatus`). */
export const SESSION_PHASES = ['pre', 'regular', 'post', 'closed'] as const;
