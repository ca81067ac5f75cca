import { z } from 'zod';
import { FOLLOW_MAX_AMOUNT, FOLLOW_MIN_AMOUNT } from '../constants';
import { compareDecimal } from '../decimal';
import { OrderDirection } from '../enums';
import { pageOf, zAmount } from '../fields';
import { route } from '../route';
import { zId, zPaging, zReason } from './common';
import { zDecimal } from './market';
import { zPosition } from './trading';

// Copy-following (decision 0020): agencies are strategy accounts that trade the simulated market
// through trading's order path; an investor follows one with dollars from the follow wallet, and
// each agency trade is copied in proportion. Every figure about an agency is computed from its own
// positions and journals; nothing here is set by hand.

/** The agencies' strategies: each a rule over the market's daily candles, named on the screens by this key. */
export const AGENCY_STRATEGIES = ['trend', 'reversion', 'rotation', 'breakout'] as const;
export type AgencyStrategy = (typeof AGENCY_STRATEGIES)[number];

/** The windows an agency's returns are read over, in calendar days. */
export const RECORD_WINDOWS = [7, 30, 90, 180, 365] as const;
export type RecordWindow = (typeof RECORD_WINDOWS)[number];

/** The ranking's rule, shown beside it: the 90-day return among agencies whose 90-day maximum drawdown is at most 25 %, ties by the smaller drawdown. */
export const RANKING_RULE = { windowDays: 90, maxDrawdown: '0.25', size: 3 } as const;

/**
 * The risk score's table, 1 (calm) to 10: the higher of the step the annualised volatility (calendar-day
 * returns × √365) and the 365-day drawdown are at most. One table for both: on a year of the agencies'
 * history each's volatility and drawdown fall on the same or neighbouring steps.
 */
export const RISK_STEPS = ['0.02', '0.05', '0.08', '0.12', '0.16', '0.22', '0.30', '0.40', '0.55'] as const;

/** The copy stop-loss, in percent of what was put in (eToro's default: 40 %). */
export const COPY_STOP_LOSS = { min: 5, max: 95, default: 40 } as const;

export const FollowStatus = { Following: 'following', Stopping: 'stopping', Stopped: 'stopped' } as const;
export type FollowStatus = (typeof FollowStatus)[keyof typeof FollowStatus];
export const FOLLOW_STOP_REASONS = ['user', 'stopLoss'] as const;

/** Why an agency trade was not copied: the proportional size under the minimum, more than the follow's cash pays for, or (copying open trades at the start) its market closed. */
export const SKIP_REASONS = ['belowMinimum', 'insufficientFunds', 'marketClosed'] as const;

/** The follow amount: an amount (at most two decimals) from 100 to 1,000,000 dollars, the specification's bounds. */
export const zFollowAmount = zAmount.refine((v) => (compareDecimal(v, FOLLOW_MIN_AMOUNT) ?? -1) >= 0 && (compareDecimal(v, FOLLOW_MAX_AMOUNT) ?? 1) <= 0, {
  error: 'v.followAmount',
});

/** An agency's record, from its daily equity (cash + margin + floating P&L at each UTC day's end) and its closed positions. */
export const zAgencyRecord = z.object({
  /** Equity now, in dollars, and the starting capital; NAV = equity ÷ capital. */
  equity: zDecimal,
  capital: zDecimal,
  nav: zDecimal,
  /** Percent, two decimals, by window (7, 30, 90, 180, 365 days); null for a record younger than the window. */
  returns: z.object({ d7: zDecimal.nullable(), d30: zDecimal.nullable(), d90: zDecimal.nullable(), d180: zDecimal.nullable(), d365: zDecimal.nullable() }),
  /** Fractions, four decimals. */
  maxDrawdown90: zDecimal,
  maxDrawdown365: zDecimal,
  /** Closed positions with a positive net result ÷ closed positions; null before the first close. */
  winRate: zDecimal.nullable(),
  closedTrades: z.number().int(),
  /** Annualised volatility of the daily (calendar-day) NAV returns over 365 days: their sample deviation × √365; null with fewer than two days. */
  volatility: zDecimal.nullable(),
  riskScore: z.number().int().min(1).max(10),
  /** The first day of the record and the first day it traded live (before it: backfilled from the market's history). */
  startDay: z.string(),
  liveDay: z.string(),
});
export type AgencyRecord = z.infer<typeof zAgencyRecord>;

export const zAgency = z.object({
  id: z.number().int(),
  strategy: z.enum(AGENCY_STRATEGIES),
  /** The symbols its rule trades, and the leverage it trades them at. */
  symbols: z.array(z.string()),
  leverage: z.number().int(),
  currency: z.literal('USD'),
  /** Paused by an operator: it opens nothing new (its open positions still close by its rule). */
  paused: z.boolean(),
  record: zAgencyRecord,
  followers: z.number().int(),
  /** The money put into its running follows, in dollars. */
  followingAmount: zDecimal,
  /** 1-3 in the ranking, null when not ranked. */
  rank: z.number().int().nullable(),
});
export type Agency = z.infer<typeof zAgency>;

export const zAgencyList = z.object({
  list: z.array(zAgency),
  /** The ids of the top three, in order, by RANKING_RULE. */
  ranking: z.array(z.number().int()),
});
export type AgencyList = z.infer<typeof zAgencyList>;

export const zCurvePoint = z.object({
  day: z.string(),
  equity: zDecimal,
  nav: zDecimal,
  backfilled: z.boolean(),
});

/** One of an agency's positions, as its page lists it. */
export const zAgencyTrade = z.object({
  id: z.number().int(),
  symbol: z.string(),
  stockName: z.string(),
  direction: z.enum(OrderDirection),
  quantity: zDecimal,
  leverage: z.number().int(),
  openPrice: zDecimal,
  /** Open: the live exit price and floating P&L; closed: the close price and the net result after both fees. */
  price: zDecimal.nullable(),
  profit: zDecimal,
  fees: zDecimal,
  openTimestamp: z.number().int(),
  closeTimestamp: z.number().int().nullable(),
  backfilled: z.boolean(),
});
export type AgencyTrade = z.infer<typeof zAgencyTrade>;

export const zAgencyDetail = zAgency.extend({
  curve: z.array(zCurvePoint),
  open: z.array(zAgencyTrade),
  /** The caller's running follow of it, if any. */
  followId: z.number().int().nullable(),
});
export type AgencyDetail = z.infer<typeof zAgencyDetail>;

/** An agency's closed positions (whole or parts), newest first, a page at a time: `total` is `record.closedTrades`. */
export const zAgencyClosedPage = pageOf(zAgencyTrade);
export type AgencyClosedPage = z.infer<typeof zAgencyClosedPage>;

/** A follow as its follower sees it, every figure from its journals and its copies. */
export const zFollow = z.object({
  id: z.number().int(),
  agencyId: z.number().int(),
  strategy: z.enum(AGENCY_STRATEGIES),
  status: z.enum(FollowStatus),
  stopReason: z.enum(FOLLOW_STOP_REASONS).nullable(),
  /** Put in: the first amount and every addition, in dollars. */
  amount: zDecimal,
  stopLossPercent: z.number().int(),
  /** The equity at which the copy stop-loss stops the follow: amount × (1 − stop-loss). */
  stopLossEquity: zDecimal,
  copyOpen: z.boolean(),
  /** Not in a copy; what copies (margin, fee) can be opened from. */
  cash: zDecimal,
  /** Margin of the open copies, and their floating P&L at the live exit prices. */
  margin: zDecimal,
  floating: zDecimal,
  /** cash + margin + floating. */
  equity: zDecimal,
  /** Net result of the closed copies (after both fees), and every fee the copies paid. */
  realised: zDecimal,
  fees: zDecimal,
  /** (equity − amount) ÷ amount, percent; the agency's NAV change since the follow began, beside it. */
  returnPercent: zDecimal,
  agencyReturnPercent: zDecimal.nullable(),
  openCopies: z.number().int(),
  skippedCopies: z.number().int(),
  createTimeTimestamp: z.number().int(),
  stoppedTimestamp: z.number().int().nullable(),
});
export type Follow = z.infer<typeof zFollow>;

export const zSkippedCopy = z.object({
  id: z.number().int(),
  symbol: z.string(),
  stockName: z.string(),
  direction: z.enum(OrderDirection),
  /** The agency's quantity, and the proportional quantity the follow would have taken. */
  agencyQuantity: zDecimal,
  quantity: zDecimal,
  minQuantity: zDecimal,
  reason: z.enum(SKIP_REASONS),
  timestamp: z.number().int(),
});

export const zFollowDetail = zFollow.extend({
  /** Its copies, open first, then the closed ones, newest first. */
  copies: z.array(zPosition),
  skipped: z.array(zSkippedCopy),
  additions: z.array(z.object({ amount: zDecimal, timestamp: z.number().int() })),
});
export type FollowDetail = z.infer<typeof zFollowDetail>;

const zPositiveId = (message: string) => z.coerce.number({ error: message }).int({ error: message }).positive({ error: message });

export const zFollowInput = z.object({
  agencyId: zPositiveId('v.fillRequired'),
  amount: zFollowAmount,
  stopLossPercent: z.coerce
    .number({ error: 'v.copyStopLoss' })
    .int({ error: 'v.copyStopLoss' })
    .min(COPY_STOP_LOSS.min, { error: 'v.copyStopLoss' })
    .max(COPY_STOP_LOSS.max, { error: 'v.copyStopLoss' })
    .default(COPY_STOP_LOSS.default),
  copyOpen: z.boolean().default(false),
});
export type FollowInput = z.input<typeof zFollowInput>;

/** `/orders/additions`: the specification names the follow `orderId`. */
export const zFollowAddition = z.object({ orderId: zPositiveId('v.fillRequired'), amount: zAmount });

export const zAgencyAdmin = zAgency.extend({
  userId: z.number().int(),
  pausedReason: z.string().nullable(),
  pausedTimestamp: z.number().int().nullable(),
});

export const followRoutes = {
  agencies: route({
    method: 'GET',
    path: '/userFollowInvest/getInvestAgencyList',
    auth: 'public',
    tag: 'follow',
    summary: 'The agencies with their records (computed from their positions and journals) and the top three by the stated ranking rule',
    request: z.object({}),
    response: zAgencyList,
  }),
  agency: route({
    method: 'GET',
    path: '/userFollowInvest/agency/:id',
    auth: 'public',
    tag: 'follow',
    summary:
      'One agency: its record, daily equity curve (backfilled and live days marked) and open positions; with a caller, their running follow of it. Its closed positions are paged by agencyClosed. Not in the specification',
    params: zId,
    request: z.object({}),
    response: zAgencyDetail,
  }),
  agencyClosed: route({
    method: 'GET',
    path: '/userFollowInvest/agency/:id/closed',
    auth: 'public',
    tag: 'follow',
    summary:
      "One agency's closed positions (whole or parts), newest first, a page at a time (page, size up to 100), with their total. Not in the specification",
    params: zId,
    request: z.object(zPaging),
    response: zAgencyClosedPage,
  }),
  follows: route({
    method: 'POST',
    path: '/userFollowInvest/pageList',
    auth: 'user',
    tag: 'follow',
    summary: "The caller's follows, running ones first, each with its equity, result and the agency's return over the same time",
    request: z.object(zPaging),
    response: pageOf(zFollow),
  }),
  follow: route({
    method: 'POST',
    path: '/userFollowInvest/detail',
    auth: 'user',
    tag: 'follow',
    summary: "One of the caller's follows with its copies, skipped copies and additions. Not in the specification",
    request: zId,
    response: zFollowDetail,
  }),
  followAdd: route({
    method: 'POST',
    path: '/userFollowInvest/add',
    auth: 'user',
    tag: 'follow',
    summary:
      'Follow an agency with 100 to 1,000,000 dollars from the follow wallet, with a copy stop-loss (5-95 %, 40 % by default) and, if asked, copies of its open positions at the live price',
    request: zFollowInput,
    response: zFollowDetail,
    idempotency: 'required',
    rateLimit: { max: 30, windowSeconds: 60 },
  }),
  followAddition: route({
    method: 'POST',
    path: '/orders/additions',
    auth: 'user',
    tag: 'follow',
    summary: "Add money from the follow wallet to a running follow (orderId): copies are sized from the follow's larger equity from the next agency trade on",
    request: zFollowAddition,
    response: zFollowDetail,
    idempotency: 'required',
    rateLimit: { max: 30, windowSeconds: 60 },
  }),
  followStop: route({
    method: 'POST',
    path: '/userFollowInvest/stop',
    auth: 'user',
    tag: 'follow',
    summary:
      'Stop following: every copy is closed at market (a copy whose market is closed, at its next open) and what the follow holds returns to the follow wallet. Not in the specification',
    request: zId,
    response: zFollowDetail,
    idempotency: 'required',
  }),
};

export const followOperatorRoutes = {
  operatorAgencies: route({
    method: 'GET',
    path: '/operator/agencies',
    auth: 'operator',
    tag: 'admin',
    summary: 'The agencies with their records, followers and pause state; a record cannot be edited',
    request: z.object({}),
    response: z.array(zAgencyAdmin),
  }),
  operatorAgencyPause: route({
    method: 'POST',
    path: '/operator/agencies/:id/pause',
    auth: 'operator',
    tag: 'admin',
    summary: 'Pause an agency, with a reason: it opens nothing new and so copies nothing new; its open positions still close by its rule',
    params: zId,
    request: zReason,
    response: zAgencyAdmin,
  }),
  operatorAgencyResume: route({
    method: 'POST',
    path: '/operator/agencies/:id/resume',
    auth: 'operator',
    tag: 'admin',
    summary: 'Resume a paused agency, with a reason',
    params: zId,
    request: zReason,
    response: zAgencyAdmin,
  }),
};
