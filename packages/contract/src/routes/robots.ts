import { z } from 'zod';
import { compareDecimal } from '../decimal';
import { pageOf, zAmount } from '../fields';
import { route } from '../route';
import { zId, zPaging, zReason } from './common';
import { KLINE_RANGES, zDecimal, zKline } from './market';
import { zPosition } from './trading';

// AI robots (decision 0021): a robot is a strategy template on one crypto pair that an investor rents
// for a cycle, or buys; a robot order is one investor's running robot, trading from the financial
// wallet through trading's order path. Every figure of a robot order is computed from its positions
// and journals; nothing is set by hand, and a return is said to be simulated.

export const ROBOT_KINDS = ['grid', 'dca'] as const;
export type RobotKind = (typeof ROBOT_KINDS)[number];
export const GRID_MODES = ['arithmetic', 'geometric'] as const;

/**
 * The specification's mining statuses, each a real phase of a robot order: choosing its levels around
 * the price; its first orders placed; its first fill; trading; its energy spent (nothing new is
 * bought, what it holds is kept until redeemed); its cycle over. 1-4 are shown yellow, 5-6 red.
 */
export const RobotStatus = { Searching: 1, Locating: 2, Started: 3, Mining: 4, NoEnergy: 5, Expired: 6 } as const;
export type RobotStatus = (typeof RobotStatus)[keyof typeof RobotStatus];
export const ROBOT_STATUSES = Object.values(RobotStatus) as [RobotStatus, ...RobotStatus[]];
/** The statuses in which the robot still trades. */
export const isRobotWorking = (s: number) => s >= RobotStatus.Searching && s <= RobotStatus.Mining;

/** How an investor got a robot: rented for one cycle, or bought (further cycles without rent). */
export const ROBOT_MODES = ['rent', 'buy'] as const;

/** A yearly rate is shown only once a robot order has run this long: a rate from a few hours is noise. */
export const ROBOT_YEARLY_AFTER_DAYS = 7;
/** The smallest step of a robot's percentages on the screens (the specification's "income increase note 0.001 percent"). */
export const ROBOT_PERCENT_DECIMALS = 3;
/** The detail lists the newest messages, this many (the specification's "first 20"). */
export const ROBOT_MESSAGES = 20;

const zPercentText = zDecimal;

/** A grid's parameters: its range around the price at the start (± percent), its cells and their spacing. */
export const zGridParams = z.object({
  kind: z.literal('grid'),
  rangePercent: zPercentText,
  cells: z.number().int().min(2).max(100),
  mode: z.enum(GRID_MODES),
});
/** A DCA robot's parameters: the first and each safety order as a percent of the capital, how many safety orders, how far apart, and the take-profit. */
export const zDcaParams = z.object({
  kind: z.literal('dca'),
  firstOrderPercent: zPercentText,
  safetyOrderPercent: zPercentText,
  safetyOrders: z.number().int().min(0).max(20),
  deviationPercent: zPercentText,
  takeProfitPercent: zPercentText,
});
export const zRobotParams = z.discriminatedUnion('kind', [zGridParams, zDcaParams]);
export type RobotParams = z.infer<typeof zRobotParams>;

export const zRobot = z.object({
  id: z.number().int(),
  kind: z.enum(ROBOT_KINDS),
  symbol: z.string(),
  stockName: z.string(),
  params: zRobotParams,
  /** The working cycle, in days. */
  cycleDays: z.number().int(),
  /** In euros, from the financial wallet: the rent of one cycle, and the price to buy it. */
  rent: zDecimal,
  price: zDecimal,
  /** The fills one cycle includes (each fill spends one). */
  energy: z.number().int(),
  minAmount: zDecimal,
  maxAmount: zDecimal,
  paused: z.boolean(),
  /** The caller bought it: a new order of it pays no rent. */
  owned: z.boolean(),
  /** The caller's robot orders of it that still trade. */
  running: z.number().int(),
});
export type Robot = z.infer<typeof zRobot>;

/** A robot order as its owner sees it: every figure from its positions and journals, in euros. */
export const zRobotOrder = z.object({
  id: z.number().int(),
  robotId: z.number().int(),
  kind: z.enum(ROBOT_KINDS),
  symbol: z.string(),
  stockName: z.string(),
  mode: z.enum(ROBOT_MODES),
  /** 1-6, RobotStatus. */
  status: z.number().int().min(RobotStatus.Searching).max(RobotStatus.Expired),
  redeemed: z.boolean(),
  /** Put in, and the rent paid for it (0 for a bought robot). */
  amount: zDecimal,
  rent: zDecimal,
  energy: z.number().int(),
  energyLeft: z.number().int(),
  cycleDays: z.number().int(),
  /** The grid chosen at the start, in the pair's currency (null for DCA, and before the start). */
  lower: zDecimal.nullable(),
  upper: zDecimal.nullable(),
  /** Not in a position, in euros. */
  cash: zDecimal,
  /** What it holds: quantity of the coin, its margin and floating P&L at the live bid. */
  held: zDecimal,
  margin: zDecimal,
  floating: zDecimal,
  /** The completed pairs' (grid) or deals' (DCA) results before fees, and how many. */
  realised: zDecimal,
  completed: z.number().int(),
  /** Every fee its fills paid (open and close). */
  fees: zDecimal,
  /** realised + floating − fees − rent, and as a percent of the amount (3 decimals). */
  total: zDecimal,
  totalPercent: zDecimal,
  /** total over the days run, a year's worth; null before ROBOT_YEARLY_AFTER_DAYS. Simulated. */
  yearlyPercent: zDecimal.nullable(),
  /** The price left the grid: under it the robot holds only the coin, over it only cash. */
  outOfRange: z.enum(['below', 'above']).nullable(),
  /** floating ÷ margin of what it holds, percent (3 decimals); null when it holds nothing. */
  floatingPercent: zDecimal.nullable(),
  fills: z.number().int(),
  createTimeTimestamp: z.number().int(),
  expiresTimestamp: z.number().int(),
  redeemedTimestamp: z.number().int().nullable(),
  /** What redeem returned to the financial wallet. */
  returned: zDecimal.nullable(),
});
export type RobotOrder = z.infer<typeof zRobotOrder>;

export const ROBOT_MESSAGE_KINDS = ['levels', 'placed', 'bought', 'sold', 'noCash', 'energyOut', 'expired', 'redeemed'] as const;
export type RobotMessageKind = (typeof ROBOT_MESSAGE_KINDS)[number];

/** One line of a robot order's log; the screen words it from its kind and values. */
export const zRobotMessage = z.object({
  id: z.number().int(),
  kind: z.enum(ROBOT_MESSAGE_KINDS),
  /**
   * Prices and quantities as decimal strings, counts as numbers; which ones depends on the kind. Prices and
   * a `sold` message's `profit` (the pair's or deal's result before fees) are in the pair's currency; `returned` is in euros.
   */
  values: z.record(z.string(), z.union([z.string(), z.number()])),
  status: z.number().int(),
  timestamp: z.number().int(),
});
export type RobotMessage = z.infer<typeof zRobotMessage>;

export const zRobotCell = z.object({ buy: zDecimal, sell: zDecimal, quantity: zDecimal, state: z.enum(['idle', 'buying', 'holding']) });

export const zRobotOrderDetail = zRobotOrder.extend({
  robot: zRobot,
  /** The grid's cells (empty for DCA); the DCA deal's next safety price and take-profit price (null for a grid). */
  cells: z.array(zRobotCell),
  nextBuy: zDecimal.nullable(),
  takeProfit: zDecimal.nullable(),
  /** Its positions, open first, then the latest closed (at most 50). */
  positions: z.array(zPosition),
  messages: z.array(zRobotMessage),
});
export type RobotOrderDetail = z.infer<typeof zRobotOrderDetail>;

export const zRobotMark = z.object({ time: z.number().int(), side: z.enum(['buy', 'sell']), price: zDecimal, quantity: zDecimal });

const zPositiveId = (message: string) => z.coerce.number({ error: message }).int({ error: message }).positive({ error: message });

export const zRobotOrderInput = z.object({
  robotId: zPositiveId('v.fillRequired'),
  amount: zAmount,
  mode: z.enum(ROBOT_MODES).default('rent'),
});
export type RobotOrderInput = z.input<typeof zRobotOrderInput>;

/** Whether an amount is within a robot's bounds: shared by the order form and the server. */
export const robotAmountFits = (robot: Pick<Robot, 'minAmount' | 'maxAmount'>, amount: string) =>
  (compareDecimal(amount, robot.minAmount) ?? -1) >= 0 && (compareDecimal(amount, robot.maxAmount) ?? 1) <= 0;

const zDecimalInput = z.string().regex(/^\d{1,9}(\.\d{1,8})?$/, { error: 'v.robotParams' });

/** A new robot, as an operator writes it: its parameters are checked again by the server against the pair's tick. */
export const zRobotCreate = z.object({
  symbol: z.string().min(1),
  params: z.discriminatedUnion('kind', [
    zGridParams.extend({ rangePercent: zDecimalInput }),
    zDcaParams.extend({
      firstOrderPercent: zDecimalInput,
      safetyOrderPercent: zDecimalInput,
      deviationPercent: zDecimalInput,
      takeProfitPercent: zDecimalInput,
    }),
  ]),
  cycleDays: z.number().int().min(1).max(365),
  rent: zAmount,
  price: zAmount,
  energy: z.number().int().min(1).max(100_000),
  minAmount: zAmount,
  maxAmount: zAmount,
  reason: zReason.shape.reason,
});

export const zRobotAdmin = zRobot.omit({ owned: true, running: true }).extend({
  orders: z.number().int(),
  runningOrders: z.number().int(),
  owners: z.number().int(),
  pausedReason: z.string().nullable(),
  createTimestamp: z.number().int(),
});

export const robotRoutes = {
  robots: route({
    method: 'POST',
    path: '/robot/pageList',
    auth: 'public',
    tag: 'robots',
    summary: 'The robots on offer: pair, strategy and parameters, cycle, rent and price, energy, bounds; with a caller, whether they own it',
    request: z.object(zPaging),
    response: pageOf(zRobot),
  }),
  robotQuota: route({
    method: 'POST',
    path: '/robot/getMiningQuota',
    auth: 'user',
    tag: 'robots',
    summary:
      "A robot's energy (the fills one cycle includes), what starting it costs the caller now (its rent, or nothing when owned) and the financial wallet's available euros",
    request: z.object({ robotId: zPositiveId('v.fillRequired') }),
    response: z.object({
      robotId: z.number().int(),
      energy: z.number().int(),
      cycleDays: z.number().int(),
      owned: z.boolean(),
      cost: zDecimal,
      available: zDecimal,
    }),
  }),
  robotOrderCreate: route({
    method: 'POST',
    path: '/robotOrder/create',
    auth: 'user',
    tag: 'robots',
    summary:
      'Start a robot with an amount from the financial wallet, renting it for a cycle or buying it (an owned robot pays neither); it chooses its grid around the live price and trades from the next second',
    request: zRobotOrderInput,
    response: zRobotOrderDetail,
    idempotency: 'required',
    rateLimit: { max: 30, windowSeconds: 60 },
  }),
  robotOrders: route({
    method: 'POST',
    path: '/robotOrder/pageList',
    auth: 'user',
    tag: 'robots',
    summary: "The caller's robot orders, working ones first, each with its figures from its positions and journals",
    request: z.object(zPaging),
    response: pageOf(zRobotOrder),
  }),
  robotOrder: route({
    method: 'POST',
    path: '/robotOrder/detail',
    auth: 'user',
    tag: 'robots',
    summary: "One of the caller's robot orders with its cells, positions and newest messages",
    request: zId,
    response: zRobotOrderDetail,
  }),
  robotOrderRedeem: route({
    method: 'POST',
    path: '/robotOrder/redeem',
    auth: 'user',
    tag: 'robots',
    summary: 'Stop a robot: what it holds is sold at the live bid and its money returns to the financial wallet; the rent is not refunded',
    request: zId,
    response: zRobotOrderDetail,
    idempotency: 'required',
  }),
  robotMessages: route({
    method: 'GET',
    path: '/robotMessage/:orderId',
    auth: 'user',
    tag: 'robots',
    summary: "A robot order's newest messages (20), newest first",
    params: z.object({ orderId: z.coerce.number().int().positive() }),
    request: z.object({}),
    response: z.array(zRobotMessage),
  }),
  robotKline: route({
    method: 'GET',
    path: '/crypto/robotKline',
    auth: 'user',
    tag: 'robots',
    summary: "A robot order's pair on the chosen range, with the robot's buys and sells as marks and its grid's levels",
    request: z.object({ orderId: z.coerce.number().int().positive(), range: z.enum(KLINE_RANGES).default('intraday') }),
    response: z.object({ kline: zKline, marks: z.array(zRobotMark), levels: z.array(zDecimal) }),
  }),
};

export const robotOperatorRoutes = {
  operatorRobots: route({
    method: 'GET',
    path: '/operator/robots',
    auth: 'operator',
    tag: 'admin',
    summary: 'The robots with their orders and owners; a robot order’s result cannot be edited',
    request: z.object({}),
    response: z.array(zRobotAdmin),
  }),
  operatorRobotCreate: route({
    method: 'POST',
    path: '/operator/robots',
    auth: 'operator',
    tag: 'admin',
    summary: 'Offer a new robot: a crypto pair, grid or DCA parameters, cycle, rent, price, energy and bounds, with a reason',
    request: zRobotCreate,
    response: zRobotAdmin,
  }),
  operatorRobotPause: route({
    method: 'POST',
    path: '/operator/robots/:id/pause',
    auth: 'operator',
    tag: 'admin',
    summary: 'Pause a robot, with a reason: nobody can start it; orders already working carry on',
    params: zId,
    request: zReason,
    response: zRobotAdmin,
  }),
  operatorRobotResume: route({
    method: 'POST',
    path: '/operator/robots/:id/resume',
    auth: 'operator',
    tag: 'admin',
    summary: 'Offer a paused robot again, with a reason',
    params: zId,
    request: zReason,
    response: zRobotAdmin,
  }),
};
