import { z } from 'zod';
import { FundsReviewStatus } from '../enums';
import { pageOf, requiredText, zAmount } from '../fields';
import { route } from '../route';
import { review, userRef, zPaging, zStatusOf } from './common';
import { zDecimal } from './market';

// Deposits: crypto reported with its transaction hash and confirmed by the chain watcher, or
// fiat with a proof an operator reviews.

export const DEPOSIT_NETWORKS = ['TRC20', 'ERC20', 'BTC', 'ETH'] as const;

/** Crypto the site takes, each on its networks: `/recharge/currency/selectList` offers exactly these. */
export const DEPOSIT_CRYPTO = [
  { currency: 'USDT', network: 'TRC20' },
  { currency: 'USDT', network: 'ERC20' },
  { currency: 'BTC', network: 'BTC' },
  { currency: 'ETH', network: 'ETH' },
] as const satisfies ReadonlyArray<{ currency: string; network: (typeof DEPOSIT_NETWORKS)[number] }>;

/**
 * Currencies a bank transfer may be paid in, the one list the deposit pages and the server read:
 * the methods offer one fiat method per currency, the fiat page lets the investor pick among them,
 * and the server takes no other. A deposit in dollars is credited in euros at the live rate.
 */
export const DEPOSIT_FIAT_CURRENCIES = ['EUR', 'USD'] as const;
export type DepositFiatCurrency = (typeof DEPOSIT_FIAT_CURRENCIES)[number];

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
  /** What reaches the funding account, in euros, at the rate of the moment it is credited. */
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

/**
 * A deposit in the operators' queue, with whose it is and the reference to match the payment by:
 * for a bank transfer the reference the investor was told to put on it (`reference` of the fiat
 * method), for crypto the reported transaction hash.
 */
export const zDepositReview = zDeposit.extend({ ...userRef, paymentReference: z.string().nullable() });

export const depositRoutes = {
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
};

const queue = review('deposits', zDepositReview);

export const depositOperatorRoutes = {
  operatorDeposits: queue.list,
  operatorDepositApprove: queue.approve,
  operatorDepositReject: queue.reject,
};
