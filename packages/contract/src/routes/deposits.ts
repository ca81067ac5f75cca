import { z } from 'zod';
import { FundsReviewStatus } from '../enums';
import { pageOf, requiredText, zAmount } from '../fields';
import { route } from '../route';
import { review, userRef, zPaging, zStatusOf } from './common';
import { zDecimal } from './market';

// Deposits: crypto sent from the investor's simulated wallet, reported with the transaction's hash
// and confirmed by the chain watcher (above a threshold then reviewed by an operator), or fiat with
// a proof an operator reviews.

export const DEPOSIT_NETWORKS = ['TRC20', 'ERC20', 'BTC', 'ETH'] as const;

/**
 * Crypto the site takes, each on its networks, with the least deposit in the coin:
 * `/recharge/currency/selectList` offers exactly these. A whole bitcoin or ether is far above what
 * the simulated faucet gives in a day, so those two take 0.01.
 */
export const DEPOSIT_CRYPTO = [
  { currency: 'USDT', network: 'TRC20', minAmount: '1' },
  { currency: 'USDT', network: 'ERC20', minAmount: '1' },
  { currency: 'BTC', network: 'BTC', minAmount: '0.01' },
  { currency: 'ETH', network: 'ETH', minAmount: '0.01' },
] as const satisfies ReadonlyArray<{ currency: string; network: (typeof DEPOSIT_NETWORKS)[number]; minAmount: string }>;

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
  /**
   * Crypto above `CRYPTO_REVIEW_ABOVE_EUR` (in euros at the rate when reported): after its
   * confirmations it waits for an operator's review, like a bank transfer, instead of being credited.
   */
  reviewRequired: z.boolean(),
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

/**
 * The investor's simulated external wallet, one balance per crypto currency and network: where a
 * crypto deposit comes from on the simulated chain. Filled by a demo faucet with a daily limit in
 * USDT (dollars); sending from it to the deposit address makes the transaction a deposit reports.
 * No real coins exist anywhere: every screen says "simulated".
 */
export const zSimWallet = z.object({
  simulated: z.literal(true),
  wallets: z.array(
    z.object({
      currency: z.string(),
      network: z.enum(DEPOSIT_NETWORKS),
      balance: zDecimal,
      /** The most the faucet still gives today in this coin (the day's limit left, at the live rate, to the cent below). */
      faucetMax: zDecimal,
    }),
  ),
  faucet: z.object({
    /** What the faucet gives one investor per UTC day, in USDT (dollars) of value at the time of each call. */
    dailyLimit: zDecimal,
    usedToday: zDecimal,
    leftToday: zDecimal,
    unit: z.literal('USDT'),
    /** When the day's limit starts again: the next UTC midnight. */
    resetTimestamp: z.number().int(),
  }),
  /** A crypto deposit above this many euros (at the rate when reported) waits for an operator's review after its confirmations. */
  reviewAboveEur: zDecimal,
});
export type SimWallet = z.infer<typeof zSimWallet>;

/** A transaction of the simulated chain from the investor's simulated wallet to their deposit address. */
export const zSimSend = z.object({
  simulated: z.literal(true),
  currency: z.string(),
  network: z.enum(DEPOSIT_NETWORKS),
  amount: zDecimal,
  /** The hash the server gave the transaction: the one a deposit report must carry. */
  txHash: z.string(),
  address: z.string(),
  /** The simulated wallet's balance after the send. */
  balance: zDecimal,
  sentTimestamp: z.number().int(),
});
export type SimSend = z.infer<typeof zSimSend>;

const zSimCoin = {
  currency: requiredText('v.selectCurrencyType').max(10),
  network: z.enum(DEPOSIT_NETWORKS, { error: 'v.selectCurrencyType' }),
  amount: zAmount,
};

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
    summary:
      'Report a deposit: crypto with network and the hash of a transaction of the simulated chain to the caller’s address for exactly this amount, fiat with the uploaded proof. Minimum 1',
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
  depositSimWallet: route({
    method: 'POST',
    path: '/recharge/simulated/wallet',
    auth: 'user',
    tag: 'deposit',
    summary: "The caller's simulated external wallet (simulated chain): its balance per currency and network, and the demo faucet's daily limit left",
    request: z.object({}),
    response: zSimWallet,
  }),
  depositSimFaucet: route({
    method: 'POST',
    path: '/recharge/simulated/faucet',
    auth: 'user',
    tag: 'deposit',
    summary: 'Demo coins from the simulated faucet into the caller’s simulated wallet, within the daily limit (SIM_FAUCET_DAILY USDT of value per UTC day)',
    request: z.object(zSimCoin),
    response: zSimWallet,
    idempotency: 'required',
    rateLimit: { max: 30, windowSeconds: 600 },
  }),
  depositSimSend: route({
    method: 'POST',
    path: '/recharge/simulated/send',
    auth: 'user',
    tag: 'deposit',
    summary:
      'Send from the caller’s simulated wallet to their deposit address on the simulated chain: debits it (never below zero) and answers the transaction hash to report',
    request: z.object(zSimCoin),
    response: zSimSend,
    idempotency: 'required',
    rateLimit: { max: 30, windowSeconds: 600 },
  }),
};

const queue = review('deposits', zDepositReview);

export const depositOperatorRoutes = {
  operatorDeposits: queue.list,
  operatorDepositApprove: queue.approve,
  operatorDepositReject: queue.reject,
};
