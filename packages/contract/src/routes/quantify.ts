import { z } from 'zod';
import { pageOf, requiredText } from '../fields';
import { route } from '../route';
import { zId, zPaging, zReason } from './common';
import { zDecimal } from './market';
import { zPlacementKey, zPlacementKeyInput } from './placements';

// AI quantify (decision 0021): a pool is a house strategy over a basket of the market, run from its
// start day on the market's history (backtested) and then live, trading from its own financial
// account. Investors buy units at the pool's daily NAV and redeem them at it. Every figure is a
// recomputation of the pool's journals, positions and daily NAVs; every return is simulated.

/** The pools' rules: market-neutral pairs on two US stocks, momentum across the US index futures, volatility-targeted crypto. */
export const POOL_RULES = ['pairs', 'momentum', 'volTarget'] as const;
export type PoolRule = (typeof POOL_RULES)[number];

/** The ranking orders pools by their NAV's return over this many days (after fees). */
export const POOL_RANKING_DAYS = 30;
/** Units and NAVs are kept to this many decimals; units are rounded down, payouts down to the cent. */
export const POOL_UNIT_DECIMALS = 6;
/** The highest management fee an operator may declare, percent a year. */
export const POOL_MAX_FEE_PERCENT = 5;

export const POOL_ORDER_KINDS = ['subscribe', 'redeem'] as const;
export type PoolOrderKind = (typeof POOL_ORDER_KINDS)[number];
/**
 * pending: waiting for its day's NAV (a redemption is paid from cash, or from positions the pool sells then);
 * done: priced and settled; cancelled: withdrawn by the investor before it was priced.
 */
export const POOL_ORDER_STATUSES = ['pending', 'done', 'cancelled'] as const;
export type PoolOrderStatus = (typeof POOL_ORDER_STATUSES)[number];

/** A pool as an investor sees it: its rule, declared fee, its NAV and the returns of that NAV, and the caller's units. Every return is simulated. */
export const zPool = z.object({
  id: z.number().int(),
  rule: z.enum(POOL_RULES),
  /** The instruments it trades; its benchmark holds them in equal parts from its start. */
  symbols: z.array(z.string()),
  /** Needs a key from an operator; listed only to whom a key unlocked it. */
  private: z.boolean(),
  /** No new subscriptions; redemptions go on. */
  paused: z.boolean(),
  /** The management fee, percent a year, taken daily from the pool; there is no performance fee. */
  feePercent: zDecimal,
  /** The least one subscription, in euros. */
  minAmount: zDecimal,
  /** The latest NAV (euros per unit) and the day it is of (UTC day's start); null before the first. */
  nav: zDecimal.nullable(),
  navDay: z.number().int().nullable(),
  /** Its first day (NAV 1), and the moment a node first ran it: the days before are backtested. */
  startTimestamp: z.number().int(),
  liveTimestamp: z.number().int(),
  /** Percent, after fees, from the daily NAVs: since its start (backtested and live), since it went live, over POOL_RANKING_DAYS; null without the days. */
  totalReturn: zDecimal.nullable(),
  liveReturn: zDecimal.nullable(),
  rankingReturn: zDecimal.nullable(),
  /** Buy and hold of its basket, percent: since its start, and over POOL_RANKING_DAYS. */
  benchmarkReturn: zDecimal.nullable(),
  benchmarkRankingReturn: zDecimal.nullable(),
  /** The deepest fall of the NAV from a previous high, percent (positive). */
  maxDrawdown: zDecimal.nullable(),
  /** The caller's units, their value at the latest NAV, and pending subscriptions in euros. */
  units: zDecimal,
  value: zDecimal,
  pending: zDecimal,
});
export type Pool = z.infer<typeof zPool>;

/** One day of a pool: its NAV after that day's fee, its benchmark (1 at the start), whether it was backtested. */
export const zPoolDay = z.object({
  day: z.number().int(),
  nav: zDecimal,
  benchmark: zDecimal,
  /** The management fee taken that day, in euros. */
  fee: zDecimal,
  backtested: z.boolean(),
});
export type PoolDay = z.infer<typeof zPoolDay>;

export const zPoolDetail = zPool.extend({
  /** Every day from its start, oldest first. */
  days: z.array(zPoolDay),
  /** Every management fee taken, in euros (from the fee journals). */
  fees: zDecimal,
  /** The pool's value at the latest NAV, and its units outstanding (the house's seed units included). */
  equity: zDecimal.nullable(),
  unitsOutstanding: zDecimal,
});
export type PoolDetail = z.infer<typeof zPoolDetail>;

/** One row of the ranking; the rule is stated beside it (the return of the NAV over POOL_RANKING_DAYS, after fees). */
export const zPoolRank = z.object({
  rank: z.number().int(),
  poolId: z.number().int(),
  rule: z.enum(POOL_RULES),
  private: z.boolean(),
  rankingReturn: zDecimal,
  benchmarkRankingReturn: zDecimal,
  maxDrawdown: zDecimal,
});

/** A subscription or redemption: its amount (subscription: put in; redemption: paid out once priced), its units and the NAV that priced it. */
export const zPoolOrder = z.object({
  id: z.number().int(),
  poolId: z.number().int(),
  rule: z.enum(POOL_RULES),
  kind: z.enum(POOL_ORDER_KINDS),
  status: z.enum(POOL_ORDER_STATUSES),
  amount: zDecimal.nullable(),
  units: zDecimal.nullable(),
  nav: zDecimal.nullable(),
  /** The day whose NAV prices it (UTC day's start). */
  navDay: z.number().int(),
  createTimeTimestamp: z.number().int(),
  doneTimestamp: z.number().int().nullable(),
});
export type PoolOrder = z.infer<typeof zPoolOrder>;

/** One day of the caller's profit in one pool: the units held through the day × the day's change of NAV. */
export const zPoolProfit = z.object({
  day: z.number().int(),
  poolId: z.number().int(),
  rule: z.enum(POOL_RULES),
  units: zDecimal,
  nav: zDecimal,
  previousNav: zDecimal,
  profit: zDecimal,
  backtested: z.boolean(),
});
export type PoolProfit = z.infer<typeof zPoolProfit>;

export const zPoolStat = z.object({
  /** The value of the caller's units at the latest NAVs, in euros. */
  total: zDecimal,
  /** The latest NAV day's profit. */
  today: zDecimal,
  /** Value + redeemed − subscribed (priced orders only): after every fee. */
  earnings: zDecimal,
  /** Subscriptions waiting for their NAV. */
  pending: zDecimal,
  navDay: z.number().int().nullable(),
});
export type PoolStat = z.infer<typeof zPoolStat>;

/** Units as typed: at most POOL_UNIT_DECIMALS decimals, more than 0. */
const UNITS_PATTERN = /^(?:0|[1-9]\d{0,14})(?:\.\d{1,6})?$/;
const AMOUNT_PATTERN = /^(?:0|[1-9]\d{0,14})(?:\.\d{1,2})?$/;

/**
 * `order/save` is form encoded (the specification), so every field arrives as text. A subscription
 * names an amount in euros (the specification's amount rule), a redemption a number of units or `all`.
 */
export const zPoolOrderInput = z
  .object({
    poolId: z.coerce.number({ error: 'v.fillRequired' }).int({ error: 'v.fillRequired' }).positive({ error: 'v.fillRequired' }),
    kind: z.enum(POOL_ORDER_KINDS, { error: 'v.fillRequired' }),
    amount: z.string().trim().optional(),
    units: z.string().trim().optional(),
  })
  .superRefine((o, ctx) => {
    if (o.kind === 'subscribe') {
      if (!o.amount) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'v.enterPurchaseAmount' });
      else if (!AMOUNT_PATTERN.test(o.amount) || !/[1-9]/.test(o.amount)) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'v.amountRule' });
    } else if (o.units !== 'all' && (!o.units || !UNITS_PATTERN.test(o.units) || !/[1-9]/.test(o.units))) {
      ctx.addIssue({ code: 'custom', path: ['units'], message: 'v.poolUnits' });
    }
  });
export type PoolOrderInput = z.input<typeof zPoolOrderInput>;

export const zPoolCreate = z.object({
  rule: z.enum(POOL_RULES),
  private: z.boolean(),
  feePercent: z.string().regex(/^\d(\.\d{1,2})?$/, { error: 'v.poolFee' }),
  minAmount: z
    .string()
    .regex(AMOUNT_PATTERN, { error: 'v.amountRule' })
    .refine((v) => /[1-9]/.test(v), { error: 'v.amountRule' }),
  reason: zReason.shape.reason,
});

export const zPoolAdmin = zPool.omit({ units: true, value: true, pending: true }).extend({
  investors: z.number().int(),
  unitsOutstanding: zDecimal,
  equity: zDecimal.nullable(),
  fees: zDecimal,
  pendingOrders: z.number().int(),
  pausedReason: z.string().nullable(),
  keys: z.array(zPlacementKey),
});
export type PoolAdmin = z.infer<typeof zPoolAdmin>;

const zPoolFilter = z.object({ ...zPaging, poolId: z.coerce.number().int().positive().optional() });

export const quantifyRoutes = {
  quantPools: route({
    method: 'GET',
    path: '/quantization/list',
    auth: 'public',
    tag: 'quantify',
    summary:
      'The pools: public ones, and private ones a key unlocked for the caller; each with its rule, fee, NAV, returns (simulated), benchmark, drawdown and the caller’s units',
    request: z.object(zPaging),
    response: pageOf(zPool),
  }),
  quantPool: route({
    method: 'GET',
    path: '/quantization/detail',
    auth: 'public',
    tag: 'quantify',
    summary: 'One pool with every daily NAV beside its benchmark, backtested days marked. Not in the specification',
    request: zId,
    response: zPoolDetail,
  }),
  quantRanking: route({
    method: 'GET',
    path: '/quantization/getRanking',
    auth: 'public',
    tag: 'quantify',
    summary: `The pools the caller may see ranked by the return of their NAV over ${POOL_RANKING_DAYS} days after fees, beside their benchmark and drawdown; a pool younger than that is not ranked`,
    request: z.object({}),
    response: z.object({ days: z.number().int(), list: z.array(zPoolRank) }),
  }),
  quantProfits: route({
    method: 'GET',
    path: '/quantization/profit/list',
    auth: 'user',
    tag: 'quantify',
    summary: "The caller's daily profit, newest first: per pool and day, the units held through the day × the day's change of NAV",
    request: zPoolFilter,
    response: pageOf(zPoolProfit),
  }),
  quantProfitStat: route({
    method: 'GET',
    path: '/quantization/getProfitStat',
    auth: 'user',
    tag: 'quantify',
    summary: "The caller's total (value at the latest NAVs), today's profit and total earnings after fees",
    request: z.object({}),
    response: zPoolStat,
  }),
  quantOrders: route({
    method: 'POST',
    path: '/quantization/order/pageList',
    auth: 'user',
    tag: 'quantify',
    summary: "The caller's subscriptions and redemptions, newest first",
    request: zPoolFilter,
    response: pageOf(zPoolOrder),
  }),
  quantOrderSave: route({
    method: 'POST',
    path: '/quantization/order/save',
    auth: 'user',
    tag: 'quantify',
    summary:
      "Subscribe an amount from the financial wallet (held until the day's NAV prices it) or redeem units (paid at the day's NAV); form encoded, as the specification says",
    request: zPoolOrderInput,
    response: zPoolOrder,
    body: 'form',
    idempotency: 'required',
    rateLimit: { max: 30, windowSeconds: 60 },
  }),
  quantOrderCancel: route({
    method: 'POST',
    path: '/quantization/order/cancel',
    auth: 'user',
    tag: 'quantify',
    summary: 'Withdraw a pending order before its NAV prices it: a subscription’s amount returns to the financial wallet. Not in the specification',
    request: zId,
    response: zPoolOrder,
    idempotency: 'required',
  }),
  quantCheckSecret: route({
    method: 'POST',
    path: '/quantization/checkSecret',
    auth: 'user',
    tag: 'quantify',
    summary: 'Enter a key from a pool notice: the private pool it unlocks for the caller. Any other key is refused with one message and changes nothing',
    request: zPlacementKeyInput,
    response: zPool,
    rateLimit: { max: 10, windowSeconds: 60 },
  }),
};

export const quantifyOperatorRoutes = {
  operatorPools: route({
    method: 'GET',
    path: '/operator/pools',
    auth: 'operator',
    tag: 'admin',
    summary: 'The pools with their investors, units, value, fees and keys; a pool’s NAV cannot be edited',
    request: z.object({}),
    response: z.array(zPoolAdmin),
  }),
  operatorPoolCreate: route({
    method: 'POST',
    path: '/operator/pools',
    auth: 'operator',
    tag: 'admin',
    summary:
      'Open a pool on a rule, public or private, with its declared yearly fee and least subscription, with a reason; it is backtested from the house strategies’ first day',
    request: zPoolCreate,
    response: zPoolAdmin,
  }),
  operatorPoolPause: route({
    method: 'POST',
    path: '/operator/pools/:id/pause',
    auth: 'operator',
    tag: 'admin',
    summary: 'Pause a pool, with a reason: no new subscriptions; it keeps trading and redemptions go on',
    params: zId,
    request: zReason,
    response: zPoolAdmin,
  }),
  operatorPoolResume: route({
    method: 'POST',
    path: '/operator/pools/:id/resume',
    auth: 'operator',
    tag: 'admin',
    summary: 'Open a paused pool to subscriptions again, with a reason',
    params: zId,
    request: zReason,
    response: zPoolAdmin,
  }),
  operatorPoolIssueKey: route({
    method: 'POST',
    path: '/operator/pools/:id/keys',
    auth: 'operator',
    tag: 'admin',
    summary: "Issue a key for a private pool to one investor (by user number or account name): sent to the investor's notices, never to the operator",
    params: zId,
    request: z.object({ investor: requiredText('v.enterUserId').max(100, { error: 'v.textTooLong' }) }),
    response: zPoolAdmin,
  }),
  operatorPoolRevokeKey: route({
    method: 'POST',
    path: '/operator/poolKeys/:id/revoke',
    auth: 'operator',
    tag: 'admin',
    summary: 'Revoke a pool key, with a reason the investor sees: no new subscriptions with it; units bought stay, and can be redeemed',
    params: zId,
    request: zReason,
    response: zPoolAdmin,
  }),
};
