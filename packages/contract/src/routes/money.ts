import { z } from 'zod';
import { FundsReviewStatus, KycStatus, TransactionStatus, WalletCode } from '../enums';
import { pageOf, requiredText, zAmount, zCountry, zImageUrl, zPayPassword } from '../fields';
import { route } from '../route';
import { zDecimal } from './market';

// Wallets, the ledger's view for users, transfers, deposits, withdrawals, bank cards, crypto
// withdrawal addresses and the inbox. Amounts are decimal strings; money never lives in a float.

export const zWalletCode = z.enum(WalletCode, { error: 'v.invalidValue' });

/** The specification's currency rule: the US stock wallet holds dollars, every other wallet euros. */
export const walletCurrency = (code: WalletCode): 'USD' | 'EUR' => (code === WalletCode.UsStock ? 'USD' : 'EUR');

export const zWallet = z.object({
  code: zWalletCode,
  currency: z.enum(['EUR', 'USD']),
  symbol: z.enum(['€', '$']),
  /** Spendable now. */
  balance: zDecimal,
  /** Held: pending withdrawals, transfers in progress. */
  usedBalance: zDecimal,
  total: zDecimal,
});

export const BILL_TYPES = [
  'deposit',
  'withdrawal',
  'withdrawal.hold',
  'withdrawal.release',
  'transfer',
  'transfer.hold',
  'transfer.settle',
  'transfer.cancel',
  'reversal',
  'order.hold',
  'order.release',
  'order.open',
  'position.close',
  'position.margin',
  'position.liquidate',
] as const;

export const zBill = z.object({
  id: z.number().int(),
  journalId: z.number().int(),
  walletCode: zWalletCode,
  currency: z.string(),
  /** Signed: credits positive, debits negative. */
  amount: zDecimal,
  /** `available` or `held`: which part of the wallet moved. */
  part: z.enum(['available', 'held']),
  balanceAfter: zDecimal,
  type: z.enum(BILL_TYPES),
  memo: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
});

/** A numeric status that may arrive as a query string ("1") or a JSON number. */
const zStatusOf = <E extends Record<string, number>>(e: E) => z.coerce.number().pipe(z.enum(e)).optional();

const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'v.invalidValue' });
const zPaging = {
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
};

export const zTransfer = z.object({
  id: z.number().int(),
  from: zWalletCode,
  to: zWalletCode,
  amount: zDecimal,
  currency: z.string(),
  toAmount: zDecimal,
  toCurrency: z.string(),
  /** Units of `toCurrency` per unit of `currency`, fixed when the transfer was made. */
  rate: zDecimal,
  status: z.enum(TransactionStatus),
  createTimeTimestamp: z.number().int(),
  /** When an in-progress transfer settles at the latest; null once settled or cancelled. */
  settleAfterTimestamp: z.number().int().nullable(),
});
export type Transfer = z.infer<typeof zTransfer>;

export const DEPOSIT_NETWORKS = ['TRC20', 'ERC20', 'BTC', 'ETH'] as const;
export const zDepositMethod = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('crypto'),
    currency: z.string(),
    network: z.enum(DEPOSIT_NETWORKS),
    /** The caller's own deposit address on the simulated chain. */
    address: z.string(),
    minAmount: zDecimal,
    confirmations: z.number().int(),
    simulated: z.literal(true),
  }),
  z.object({
    method: z.literal('fiat'),
    currency: z.string(),
    bankName: z.string(),
    accountName: z.string(),
    iban: z.string(),
    bic: z.string(),
    /** Put this on the payment so the operator can match it. */
    reference: z.string(),
    minAmount: zDecimal,
  }),
]);

export const zDeposit = z.object({
  id: z.number().int(),
  method: z.enum(['crypto', 'fiat']),
  currency: z.string(),
  network: z.string().nullable(),
  amount: zDecimal,
  /** What reaches the funding wallet, in euros, at the rate of the moment it is credited. */
  creditedAmount: zDecimal.nullable(),
  txHash: z.string().nullable(),
  proofUrl: z.string().nullable(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  status: z.enum(FundsReviewStatus),
  reason: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
  reviewTimeTimestamp: z.number().int().nullable(),
});
export type Deposit = z.infer<typeof zDeposit>;

export const zWithdrawal = z.object({
  id: z.number().int(),
  amount: zDecimal,
  currency: z.string(),
  target: z.enum(['bank', 'crypto']),
  /** The card or address, masked. */
  destination: z.string(),
  status: z.enum(FundsReviewStatus),
  reason: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
  reviewTimeTimestamp: z.number().int().nullable(),
});
export type Withdrawal = z.infer<typeof zWithdrawal>;

const zOptionalText = z.string().trim().max(100, { error: 'v.textTooLong' }).optional();
export const CARD_NUMBER_PATTERN = /^[A-Z0-9]{8,34}$/;
export const BIC_PATTERN = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

export const zBankCardInput = z.object({
  bankName: requiredText('v.enterBankName').max(100, { error: 'v.textTooLong' }),
  accountName: requiredText('v.enterBankAccountName').max(100, { error: 'v.textTooLong' }),
  /** IBAN or account number: letters and digits, spaces ignored. */
  cardNumber: requiredText('v.fillRequired')
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(CARD_NUMBER_PATTERN, { error: 'e.cardNumberFormat' })),
  swiftCode: requiredText('v.enterBic')
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(BIC_PATTERN, { error: 'e.bicFormat' })),
  branchCode: zOptionalText,
  abaRouting: z
    .string()
    .trim()
    .regex(/^(\d{9})?$/, { error: 'e.abaFormat' })
    .optional(),
  bankAddress: zOptionalText,
  /** The bank's country or region, from `/areaInfo/list`. */
  country: z
    .literal('')
    .transform(() => undefined)
    .or(zCountry)
    .optional(),
  personalAddress: zOptionalText,
  city: zOptionalText,
  region: zOptionalText,
  postalCode: z.string().trim().max(20, { error: 'v.textTooLong' }).optional(),
  frontImage: zImageUrl.optional(),
  backImage: zImageUrl.optional(),
});

export const zBankCard = z.object({
  id: z.number().int(),
  bankName: z.string(),
  accountName: z.string(),
  cardNumber: z.string(),
  /** The number with all but its last four characters hidden. */
  cardNumberMasked: z.string(),
  swiftCode: z.string(),
  branchCode: z.string().nullable(),
  abaRouting: z.string().nullable(),
  bankAddress: z.string().nullable(),
  country: z.string().nullable(),
  personalAddress: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  postalCode: z.string().nullable(),
  frontImage: z.string().nullable(),
  backImage: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
});

/** Currency types of crypto withdrawal addresses, and the address form of each network. */
export const ADDRESS_TYPES = {
  'USDT-TRC20': /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  'USDT-ERC20': /^0x[0-9a-fA-F]{40}$/,
  ETH: /^0x[0-9a-fA-F]{40}$/,
  BTC: /^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
} as const;
export type AddressType = keyof typeof ADDRESS_TYPES;
export const ADDRESS_TYPE_NAMES = Object.keys(ADDRESS_TYPES) as AddressType[];

export const zAddressInput = z
  .object({
    currencyType: z.enum(ADDRESS_TYPE_NAMES as [AddressType, ...AddressType[]], { error: 'v.selectCurrencyType' }),
    address: requiredText('v.enterWalletAddress').max(100, { error: 'e.addressFormat' }),
    label: z.string().trim().max(50, { error: 'v.textTooLong' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (!ADDRESS_TYPES[v.currencyType].test(v.address)) ctx.addIssue({ code: 'custom', path: ['address'], message: 'e.addressFormat' });
  });

export const zAddress = z.object({
  id: z.number().int(),
  currencyType: z.enum(ADDRESS_TYPE_NAMES as [AddressType, ...AddressType[]]),
  address: z.string(),
  label: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
});

export const NOTICE_KINDS = [
  'kyc.approved',
  'kyc.rejected',
  'deposit.completed',
  'deposit.rejected',
  'withdrawal.completed',
  'withdrawal.rejected',
  'transfer.completed',
  'service.received',
  'order.filled',
  'position.liquidated',
  /** Written by an operator (a broadcast or a note to one user); its texts are in the params per language. */
  'operator.message',
] as const;

export const zNotice = z.object({
  id: z.number().int(),
  kind: z.enum(NOTICE_KINDS),
  /** In the caller's language. */
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  createTimestamp: z.number().int(),
});

const zId = z.object({ id: z.coerce.number().int().positive() });

export const moneyRoutes = {
  walletBalance: route({
    method: 'POST',
    path: '/wallet/getWalletBalance',
    auth: 'user',
    tag: 'wallet',
    summary: 'Every wallet of the caller: available (`balance`) and held (`usedBalance`), from the ledger',
    request: z.object({}),
    response: z.array(zWallet),
  }),
  walletBill: route({
    method: 'POST',
    path: '/wallet/getWalletBill',
    auth: 'user',
    tag: 'wallet',
    summary: "The caller's ledger entries, newest first, filtered by wallet, type and day",
    request: z.object({
      ...zPaging,
      walletCode: zWalletCode.optional(),
      type: z.enum(BILL_TYPES).optional(),
      from: zDay.optional(),
      to: zDay.optional(),
    }),
    response: pageOf(zBill),
  }),
  fundingOverview: route({
    method: 'POST',
    path: '/userCenter/getFundingOverview',
    auth: 'user',
    tag: 'wallet',
    summary: 'Totals across every wallet in one currency, at live forex rates',
    request: z.object({ currency: z.enum(['EUR', 'USD']).default('EUR') }),
    response: z.object({
      currency: z.enum(['EUR', 'USD']),
      total: zDecimal,
      available: zDecimal,
      held: zDecimal,
      /** USD per EUR used for the totals. */
      eurUsd: zDecimal,
      wallets: z.array(zWallet.extend({ value: zDecimal })),
    }),
  }),
  transfer: route({
    method: 'POST',
    path: '/wallet/transfer',
    auth: 'user',
    tag: 'wallet',
    summary:
      'Move money between the funding wallet and a trading wallet. Same currency: done at once. Another currency: converted at the live rate, in progress until the next settlement run',
    request: z.object({ from: zWalletCode, to: zWalletCode, amount: zAmount }),
    response: zTransfer,
    idempotency: 'required',
    rateLimit: { max: 60, windowSeconds: 60 },
  }),
  cancelTransfer: route({
    method: 'POST',
    path: '/wallet/cancelTransfer',
    auth: 'user',
    tag: 'wallet',
    summary: 'Cancel a transfer still in progress; the money returns',
    request: z.object({ id: z.coerce.number().int().positive({ error: 'v.fillRequired' }) }),
    response: zTransfer,
    idempotency: 'required',
  }),
  transferList: route({
    method: 'POST',
    path: '/wallet/transferList',
    auth: 'user',
    tag: 'wallet',
    summary: "The caller's transfers, newest first",
    request: z.object({ ...zPaging, status: zStatusOf(TransactionStatus) }),
    response: pageOf(zTransfer),
  }),
  depositMethods: route({
    method: 'POST',
    path: '/recharge/currency/selectList',
    auth: 'user',
    tag: 'deposit',
    summary: 'Deposit methods: crypto with network and the caller’s address, fiat with the bank details to pay to',
    request: z.object({}),
    response: z.array(zDepositMethod),
  }),
  depositCreate: route({
    method: 'POST',
    path: '/recharge/create',
    auth: 'user',
    tag: 'deposit',
    summary: 'Report a deposit: crypto with network and transaction hash, fiat with the uploaded proof. Minimum 1',
    request: z.discriminatedUnion(
      'method',
      [
        z.object({
          method: z.literal('crypto'),
          currency: requiredText('v.selectCurrencyType').max(10),
          network: z.enum(DEPOSIT_NETWORKS, { error: 'v.selectCurrencyType' }),
          amount: zAmount,
          txHash: requiredText('v.fillRequired').max(100, { error: 'e.txHashFormat' }),
        }),
        z.object({
          method: z.literal('fiat'),
          currency: requiredText('v.selectCurrencyType').max(10),
          amount: zAmount,
          proofUrl: z.string({ error: 'v.uploadCredentials' }).trim().min(1, { error: 'v.uploadCredentials' }).max(200),
        }),
      ],
      { error: 'v.fillRequired' },
    ),
    response: zDeposit,
    idempotency: 'required',
    rateLimit: { max: 20, windowSeconds: 600 },
  }),
  depositList: route({
    method: 'POST',
    path: '/recharge/listPage',
    auth: 'user',
    tag: 'deposit',
    summary: "The caller's deposits, newest first",
    request: z.object({ ...zPaging, status: zStatusOf(FundsReviewStatus) }),
    response: pageOf(zDeposit),
  }),
  usableWithdrawal: route({
    method: 'GET',
    path: '/withdrawal/getUsableWithdrawalAmount',
    auth: 'user',
    tag: 'withdrawal',
    summary: 'What the caller can withdraw now from the funding wallet, and what a withdrawal still needs',
    request: z.object({}),
    response: z.object({
      amount: zDecimal,
      currency: z.literal('EUR'),
      minAmount: zDecimal,
      kycVerified: z.boolean(),
      hasPayPassword: z.boolean(),
    }),
  }),
  withdrawalApply: route({
    method: 'POST',
    path: '/withdrawal/withdrawal-apply',
    auth: 'user',
    tag: 'withdrawal',
    summary: 'Withdraw from the funding wallet to a bank card or a crypto address; the amount is held until an operator reviews it',
    request: z
      .object({
        amount: zAmount,
        target: z.enum(['bank', 'crypto'], { error: 'v.selectBankCardFirst' }),
        cardId: z.coerce.number().int().positive().optional(),
        addressId: z.coerce.number().int().positive().optional(),
        payPassword: zPayPassword,
      })
      .superRefine((v, ctx) => {
        if (v.target === 'bank' && !v.cardId) ctx.addIssue({ code: 'custom', path: ['cardId'], message: 'v.selectBankCardFirst' });
        if (v.target === 'crypto' && !v.addressId) ctx.addIssue({ code: 'custom', path: ['addressId'], message: 'v.enterWalletAddress' });
      }),
    response: zWithdrawal,
    idempotency: 'required',
    rateLimit: { max: 20, windowSeconds: 600 },
  }),
  withdrawalList: route({
    method: 'POST',
    path: '/withdrawal/listPage',
    auth: 'user',
    tag: 'withdrawal',
    summary: "The caller's withdrawals, newest first",
    request: z.object({ ...zPaging, status: zStatusOf(FundsReviewStatus) }),
    response: pageOf(zWithdrawal),
  }),
  cardList: route({
    method: 'POST',
    path: '/UserAccount/SelectCardNo',
    auth: 'user',
    tag: 'bank card',
    summary: "The caller's bank cards",
    request: z.object({}),
    response: z.array(zBankCard),
  }),
  cardAdd: route({
    method: 'POST',
    path: '/UserAccount/addCardNo',
    auth: 'user',
    tag: 'bank card',
    summary: 'Add a bank card',
    request: zBankCardInput,
    response: zBankCard,
  }),
  cardUpdate: route({
    method: 'POST',
    path: '/UserAccount/UpdateCardNo',
    auth: 'user',
    tag: 'bank card',
    summary: 'Change one of the caller’s bank cards',
    request: zBankCardInput.extend({ id: z.coerce.number().int().positive() }),
    response: zBankCard,
  }),
  cardDelete: route({
    method: 'POST',
    path: '/UserAccount/delete-card',
    auth: 'user',
    tag: 'bank card',
    summary: 'Remove one of the caller’s bank cards',
    request: zId,
    response: z.object({ removed: z.number().int() }),
  }),
  addressList: route({
    method: 'POST',
    path: '/walletAddress/list',
    auth: 'user',
    tag: 'crypto address',
    summary: "The caller's crypto withdrawal addresses",
    request: z.object({}),
    response: z.array(zAddress),
  }),
  addressSave: route({
    method: 'POST',
    path: '/walletAddress/save',
    auth: 'user',
    tag: 'crypto address',
    summary: 'Add an address (no id) or change one (id), checked against its network’s address form',
    request: zAddressInput.and(z.object({ id: z.coerce.number().int().positive().optional() })),
    response: zAddress,
  }),
  addressDelete: route({
    method: 'POST',
    path: '/walletAddress/delete',
    auth: 'user',
    tag: 'crypto address',
    summary: 'Remove one of the caller’s addresses',
    request: zId,
    response: z.object({ removed: z.number().int() }),
  }),
  notices: route({
    method: 'GET',
    path: '/userMessage/getMessage',
    auth: 'user',
    tag: 'inbox',
    summary: "The caller's notices, newest first, with the unread count",
    request: z.object(zPaging),
    response: pageOf(zNotice).extend({ unread: z.number().int() }),
  }),
  notice: route({
    method: 'GET',
    path: '/userMessage/:id',
    auth: 'user',
    tag: 'inbox',
    summary: 'One notice; reading it marks it read',
    params: zId,
    request: z.object({}),
    response: zNotice,
  }),
  noticesRead: route({
    method: 'POST',
    path: '/userMessage/updateRead',
    auth: 'user',
    tag: 'inbox',
    summary: 'Mark the given notices read, or all of them',
    request: z.object({ ids: z.array(z.number().int().positive()).max(500).optional(), all: z.boolean().optional() }),
    response: z.object({ updated: z.number().int(), unread: z.number().int() }),
  }),
  serviceApply: route({
    method: 'POST',
    path: '/userCenter/apply/service',
    auth: 'user',
    tag: 'service',
    summary: 'Ask customer service for help; operators see the request',
    request: z.object({
      type: z.enum(['account', 'deposit', 'withdrawal', 'trading', 'other']).default('other'),
      content: requiredText('v.fillRequired').max(1000, { error: 'v.textTooLong' }),
    }),
    response: z.object({ id: z.number().int(), status: z.enum(['open', 'closed']), createTimeTimestamp: z.number().int() }),
    rateLimit: { max: 10, windowSeconds: 600 },
  }),
};

// ---- back office ----

const zStatusPage = z.object({ ...zPaging, status: zStatusOf(FundsReviewStatus) });
const zReason = z.object({
  reason: z.string({ error: 'e.reasonRequired' }).trim().min(1, { error: 'e.reasonRequired' }).max(500),
});

export const zKycReview = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  email: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  country: z.string(),
  idType: z.string(),
  idNumber: z.string(),
  frontUrl: z.string().nullable(),
  backUrl: z.string().nullable(),
  status: z.enum(KycStatus),
  reason: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
  reviewTimeTimestamp: z.number().int().nullable(),
});

const userRef = { userId: z.number().int(), userName: z.string(), email: z.string().nullable() };
export const zDepositReview = zDeposit.extend(userRef);
export const zWithdrawalReview = zWithdrawal.extend({
  ...userRef,
  /** Everything the operator pays to: bank card fields or the crypto address. */
  details: z.record(z.string(), z.string().nullable()),
});

export const zLedgerCheck = z.object({
  ok: z.boolean(),
  accounts: z.number().int(),
  journals: z.number().int(),
  /** Accounts whose stored balance differs from the sum of their entries. */
  differences: z.array(z.object({ accountId: z.number().int(), name: z.string(), stored: zDecimal, fromEntries: zDecimal })),
  /** Journals whose entries do not sum to zero in some currency. */
  unbalancedJournals: z.array(z.object({ journalId: z.number().int(), currency: z.string(), sum: zDecimal })),
  /** User accounts below zero. */
  negativeUserAccounts: z.array(z.object({ accountId: z.number().int(), name: z.string(), balance: zDecimal })),
});

function review<R extends z.ZodType>(name: string, item: R) {
  return {
    list: route({
      method: 'GET',
      path: `/operator/${name}`,
      auth: 'operator',
      tag: 'admin',
      summary: `The ${name} queue, oldest pending first`,
      request: zStatusPage,
      response: pageOf(item),
    }),
    approve: route({
      method: 'POST',
      path: `/operator/${name}/:id/approve`,
      auth: 'operator',
      tag: 'admin',
      summary: `Approve one of the ${name}`,
      params: zId,
      request: z.object({}),
      response: item,
    }),
    reject: route({
      method: 'POST',
      path: `/operator/${name}/:id/reject`,
      auth: 'operator',
      tag: 'admin',
      summary: `Refuse one of the ${name}, with a reason the user sees`,
      params: zId,
      request: zReason,
      response: item,
    }),
  };
}

const kyc = review('kyc', zKycReview);
const deposits = review('deposits', zDepositReview);
const withdrawals = review('withdrawals', zWithdrawalReview);

export const moneyOperatorRoutes = {
  operatorKyc: route({ ...kyc.list, request: z.object({ ...zPaging, status: zStatusOf(KycStatus) }) }),
  operatorKycApprove: kyc.approve,
  operatorKycReject: kyc.reject,
  operatorDeposits: deposits.list,
  operatorDepositApprove: deposits.approve,
  operatorDepositReject: deposits.reject,
  operatorWithdrawals: withdrawals.list,
  operatorWithdrawalApprove: withdrawals.approve,
  operatorWithdrawalReject: withdrawals.reject,
  operatorLedgerCheck: route({
    method: 'GET',
    path: '/operator/ledger/check',
    auth: 'operator',
    tag: 'admin',
    summary: 'Recompute every balance from the ledger entries and list any difference',
    request: z.object({}),
    response: zLedgerCheck,
  }),
  operatorServiceRequests: route({
    method: 'GET',
    path: '/operator/service-requests',
    auth: 'operator',
    tag: 'admin',
    summary: 'Customer service requests, newest first',
    request: z.object(zPaging),
    response: pageOf(
      z.object({ id: z.number().int(), ...userRef, type: z.string(), content: z.string(), status: z.enum(['open', 'closed']), createTimeTimestamp: z.number().int() }),
    ),
  }),
};
