import { z } from 'zod';
import { CALENDAR_YEARS } from '../calendar/calendar';
import { JOURNAL_KINDS } from '../ledger';
import { pageOf } from '../fields';
import { route } from '../route';
import { zId, zPaging } from './common';
import { zDecimal } from './market';
import { POSITION_EVENTS } from './trading';
import { zWalletCode } from './wallet';

// Monthly statements: what each wallet held at the month's start and end, every movement between
// them by the journal's kind, the trades and fees of the month and the positions open at its end.
// Months are UTC calendar months, in the JSON, the PDF (its dates are printed in UTC) and the CSV
// alike: an investor has no time zone of their own on file, and a month must hold the same journals
// whoever reads it. A statement reconciles: opening + the sum of its lines = closing, per wallet, to
// the cent, because all three are sums of the same ledger entries.

/** `YYYY-MM` of the calendar's years (2025-2028): the clock never leaves them, so no other month has a statement. */
export const zMonth = z
  .string({ error: 'v.invalidValue' })
  .regex(/^(20\d\d)-(0[1-9]|1[0-2])$/, { error: 'v.invalidValue' })
  .refine((m) => Number(m.slice(0, 4)) >= CALENDAR_YEARS.first && Number(m.slice(0, 4)) <= CALENDAR_YEARS.last, { error: 'v.monthRange' });

/** The month's first instant and the next month's, UTC, in milliseconds. */
export function monthBounds(month: string): { from: number; to: number } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: Date.UTC(y, m - 1, 1), to: Date.UTC(y, m, 1) };
}

/** The UTC month of an instant, `YYYY-MM`. */
export const monthOf = (t: number) => new Date(t).toISOString().slice(0, 7);

const zParts = z.object({ available: zDecimal, held: zDecimal, total: zDecimal });

export const zStatementWallet = z.object({
  walletCode: zWalletCode,
  currency: z.enum(['EUR', 'USD']),
  opening: zParts,
  closing: zParts,
  /** The month's movements of this wallet (both parts), one line per journal kind, signed, in the order of the contract's kinds. */
  lines: z.array(z.object({ type: z.enum(JOURNAL_KINDS), count: z.number().int(), amount: zDecimal })),
  /** Deposits credited in the month. */
  moneyIn: zDecimal,
  /** Withdrawals paid out in the month (negative or zero). */
  moneyOut: zDecimal,
  /** Trading fees this wallet paid in the month (already inside the lines; positive). */
  fees: zDecimal,
});

export const zStatementTrade = z.object({
  positionId: z.number().int(),
  symbol: z.string(),
  walletCode: zWalletCode,
  /** 0 buy (long), 1 sell (short). */
  direction: z.number().int(),
  event: z.enum(['filled', 'closed', 'partially_closed', 'liquidated']),
  quantity: zDecimal,
  price: zDecimal,
  /** The fee of this fill or close, in the wallet's currency. */
  fee: zDecimal,
  /**
   * A close's profit or loss, the position's own (`closedTradePnl`, the closed row's grossProfit and
   * netProfit): gross of every fee, the trade's fees (its share of the opening fee, the closing fee,
   * any financing or levy) and net of them, net = gross − fees. Null for a fill.
   */
  gross: zDecimal.nullable(),
  fees: zDecimal.nullable(),
  net: zDecimal.nullable(),
  timestamp: z.number().int(),
});

export const zStatementPosition = z.object({
  positionId: z.number().int(),
  symbol: z.string(),
  walletCode: zWalletCode,
  direction: z.number().int(),
  quantity: zDecimal,
  openPrice: zDecimal,
  margin: zDecimal,
  openedTimestamp: z.number().int(),
});

/**
 * The investor's net assets at the statement's end, in euros (issue 32, decision 0026). For the month
 * in progress: the portfolio's answer now (home's figure), with total assets and liabilities and the
 * time it was valued (`asOf`). For a past month: the value analytics states for the month's last day
 * (every product at that day's close, `asOf` the month's end), net assets alone (`total` and
 * `liabilities` null). Null for a month older than analytics reaches (ANALYTICS_MAX_DAYS).
 */
export const zStatementPortfolio = z.object({
  currency: z.literal('EUR'),
  netAssets: zDecimal,
  total: zDecimal.nullable(),
  liabilities: zDecimal.nullable(),
  asOf: z.number().int(),
});

export const zStatement = z.object({
  month: zMonth,
  fromTimestamp: z.number().int(),
  toTimestamp: z.number().int(),
  /** False for the month in progress: its closing is as of `generatedTimestamp`. */
  complete: z.boolean(),
  generatedTimestamp: z.number().int(),
  userName: z.string(),
  wallets: z.array(zStatementWallet),
  trades: z.array(zStatementTrade),
  /** Positions open at the month's end (or now, for the month in progress), at their opening price. */
  positions: z.array(zStatementPosition),
  portfolio: zStatementPortfolio.nullable(),
});

export type Statement = z.infer<typeof zStatement>;

export const zStatementMonths = z.object({
  /** Newest first: from the month in progress back to the month the account was opened. */
  months: z.array(z.object({ month: zMonth, complete: z.boolean() })),
});

const zMonthQuery = z.object({ month: zMonth });

/**
 * One entry of the account's timeline: a money movement (a journal that is not an order's), a step
 * of an order (placed, filled, closed...) with the journals it posted, or an operator's review of
 * something of the account (its identity, a deposit, a withdrawal, a loan, its status, a statement
 * produced), with that audit entry's place in the hash chain.
 */
export const zTimelineEntry = z.object({
  kind: z.enum(['money', 'order', 'review']),
  timestamp: z.number().int(),
  /** money: its journal; order: the journals of this step (none for a step that moved no money). */
  journalIds: z.array(z.number().int()),
  journalKind: z.enum(JOURNAL_KINDS).nullable(),
  /** money: each wallet's net change (available and held together). */
  wallets: z.array(z.object({ walletCode: zWalletCode, currency: z.string(), amount: zDecimal })),
  positionId: z.number().int().nullable(),
  symbol: z.string().nullable(),
  event: z.enum(POSITION_EVENTS).nullable(),
  quantity: zDecimal.nullable(),
  price: zDecimal.nullable(),
  review: z
    .object({
      /** What the operator did: `kyc.approve`, `deposit.reject`, `withdrawal.approve`, `user.status`, `statement.produce`... */
      action: z.string(),
      reason: z.string().nullable(),
      auditId: z.number().int(),
      /** The audit entry's hash: sha256 of the entry before it and its own content (decision 0023). */
      hash: z.string().nullable(),
    })
    .nullable(),
});

export type TimelineEntry = z.infer<typeof zTimelineEntry>;

export const statementRoutes = {
  statementMonths: route({
    method: 'GET',
    path: '/statement/months',
    auth: 'user',
    tag: 'statements',
    summary: "The months the caller's account has statements for, newest first",
    request: z.object({}),
    response: zStatementMonths,
  }),
  statement: route({
    method: 'GET',
    path: '/statement/month',
    auth: 'user',
    tag: 'statements',
    summary: "The caller's statement of one month (as JSON; the same as PDF at /web/statement/{month}/pdf)",
    request: zMonthQuery,
    response: zStatement,
  }),
};

// Appended to the investor's routes below (a separate object keeps the statement routes together).
export const timelineRoutes = {
  timeline: route({
    method: 'GET',
    path: '/account/timeline',
    auth: 'user',
    tag: 'statements',
    summary:
      "The caller's account, newest first: money movements, order steps and operators' reviews, each linked to its journals or audit entry, with the audit chain's check",
    request: z.object({ ...zPaging }),
    response: pageOf(zTimelineEntry).extend({
      /** The whole audit log recomputed: `ok` when no entry was edited, removed or inserted since it was written. */
      auditChain: z.object({ ok: z.boolean(), checked: z.number().int() }),
    }),
  }),
};

export const statementOperatorRoutes = {
  operatorStatement: route({
    method: 'POST',
    path: '/operator/users/:id/statement',
    auth: 'operator',
    tag: 'admin',
    summary: "One user's statement of one month, produced with a reason (audited); the PDF is at /web/operator/users/{id}/statement/{month}/pdf",
    params: zId,
    request: zMonthQuery.extend({
      reason: z.string({ error: 'e.reasonRequired' }).trim().min(1, { error: 'e.reasonRequired' }).max(500),
    }),
    response: zStatement,
  }),
};
