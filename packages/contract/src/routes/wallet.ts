import { z } from 'zod';
import { TransactionStatus, WalletCode } from '../enums';
import { pageOf, zAmount } from '../fields';
import { JOURNAL_KINDS } from '../ledger';
import { route } from '../route';
import { zDay, zPaging, zStatusOf } from './common';
import { zDecimal } from './market';
import { zReportingCurrency } from './portfolio';

// The user's wallets as the ledger sees them, bills, transfers between wallets, and the ledger
// check of the back office. Amounts are decimal strings; money never lives in a float.

export const zWalletCode = z.enum(WalletCode, { error: 'v.invalidValue' });

/**
 * The specification's currency rule: the US stock wallet holds dollars, and so does the follow wallet,
 * whose amounts the specification states in dollars (decision 0020); every other wallet euros.
 */
export const walletCurrency = (code: WalletCode): 'USD' | 'EUR' => (code === WalletCode.UsStock || code === WalletCode.Follow ? 'USD' : 'EUR');

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

/** A bill's type is the kind of the journal that moved the money. */
export const BILL_TYPES = JOURNAL_KINDS;

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

/** One wallet's side of a bill event: the net change of its two parts and where each part stood after it. */
export const zBillWallet = z.object({
  walletCode: zWalletCode,
  currency: z.string(),
  /** Net signed change to the available part. */
  available: zDecimal,
  /** Net signed change to the held part. */
  held: zDecimal,
  /** The available part after this event (every earlier journal counted). */
  availableAfter: zDecimal,
  heldAfter: zDecimal,
});

/**
 * One line of the statement: one journal, one event, named by the journal's kind. `wallets` holds
 * the selected wallet (or, unfiltered, every wallet of the caller the journal moved); `entries`
 * the ledger entries folded under it, in the shape of a bill.
 */
export const zBillEvent = z.object({
  journalId: z.number().int(),
  type: z.enum(BILL_TYPES),
  memo: z.string().nullable(),
  /** A release names the journal of its hold. */
  holdJournalId: z.number().int().nullable(),
  createTimeTimestamp: z.number().int(),
  wallets: z.array(zBillWallet),
  /** The trading fee this journal paid (its entries to the house's fees), in the wallet's currency; null without one. */
  fee: zDecimal.nullable(),
  /** A closed or liquidated position's profit (negative: loss), what the house book paid or took; null for other events. */
  profit: zDecimal.nullable(),
  entries: z.array(zBill),
});

export type BillEvent = z.infer<typeof zBillEvent>;

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

export const walletRoutes = {
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
    summary:
      "The caller's ledger entries, newest first, filtered by wallet, type and day. With `groupBy: 'journal'` the page counts events (one journal each): `list` holds the entries of the page's events and `events` the events with their net changes and running balances",
    request: z.object({
      ...zPaging,
      walletCode: zWalletCode.optional(),
      type: z.enum(BILL_TYPES).optional(),
      from: zDay.optional(),
      to: zDay.optional(),
      /** `entry` (the default): one row per ledger entry; `journal`: paged by event. */
      groupBy: z.enum(['entry', 'journal'], { error: 'v.invalidValue' }).optional(),
    }),
    response: pageOf(zBill).extend({ events: z.array(zBillEvent).optional() }),
  }),
  fundingOverview: route({
    method: 'POST',
    path: '/userCenter/getFundingOverview',
    auth: 'user',
    tag: 'wallet',
    summary:
      "The caller's total assets in one currency, the portfolio's figures (`/portfolio`): `total` everything held (wallets, open positions' margin and floating profit, orders, IPO shares, funds, deposit terms, bonds, pool units, robots, follows, money in flight), `liabilities` everything owed (loans), `netAssets` their difference; with the wallets' sides and the day change of net assets",
    request: z.object({ currency: zReportingCurrency.default('EUR') }),
    response: z.object({
      currency: z.enum(['EUR', 'USD']),
      /** Everything held, as the portfolio's `total`. */
      total: zDecimal,
      /** Everything owed, as the portfolio's `liabilities`. */
      liabilities: zDecimal,
      /** total − liabilities, as the portfolio's `netAssets`. */
      netAssets: zDecimal,
      available: zDecimal,
      held: zDecimal,
      /** Floating profit of the open positions at the live exit price (each to the cent in its wallet's currency, as the position shows it). */
      floating: zDecimal,
      /** Today's change of net assets, as the portfolio's `dayChange`. */
      dayChange: zDecimal,
      /** dayChange as a percentage of (netAssets − dayChange), two places; null when that is not above zero. */
      dayChangePercent: zDecimal.nullable(),
      /** USD per EUR at which the other currency was counted (the live EURUSD price). */
      eurUsd: zDecimal,
      /** When that EURUSD price was quoted (epoch ms). */
      rateTimestamp: z.number().int(),
      /** Each wallet with its ledger total counted in `currency` (`value`) and its open positions' floating profit in its own currency. */
      wallets: z.array(zWallet.extend({ value: zDecimal, floating: zDecimal })),
    }),
  }),
  transfer: route({
    method: 'POST',
    path: '/wallet/transfer',
    auth: 'user',
    tag: 'wallet',
    summary:
      'Move money between the funding account and a trading wallet. Same currency: done at once. Another currency: converted at the live rate, in progress until the next settlement run',
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
};

export const walletOperatorRoutes = {
  operatorLedgerCheck: route({
    method: 'GET',
    path: '/operator/ledger/check',
    auth: 'operator',
    tag: 'admin',
    summary: 'Recompute every balance from the ledger entries and list any difference',
    request: z.object({}),
    response: zLedgerCheck,
  }),
};
