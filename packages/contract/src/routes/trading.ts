// Over 400 lines: the order, position and history calls share the order form's rules, written once here for the server and both apps.
import { z } from 'zod';
import { CALENDAR_IDS } from '../calendar/calendar';
import { MarketSource, OrderDirection, OrderStatus, OrderType, SESSION_PHASES } from '../enums';
import { pageOf, requiredText, zAmount } from '../fields';
import { route } from '../route';
import { ASSET_CLASSES, MARKET_CODES } from '../trading/assets';
import { LEVERAGE_RISK_VERSION } from '../trading/leverage';
import { zHkIpoPayment, zSubscription } from './deals';
import { zDecimal } from './market';
import { zBill, zWalletCode } from './wallet';

// Orders and positions. One row is both: an entrusted order waiting for its price, then an open
// position once filled, then settled when closed. Every number is a decimal string.

/** A positive decimal with up to 8 places: quantities and limit prices. */
export const zQuantity = requiredText('v.addQuantity')
  .regex(/^(?:0|[1-9]\d{0,14})(?:\.\d{1,8})?$/, { error: 'v.addQuantity' })
  .refine((v) => /[1-9]/.test(v), { error: 'v.addQuantity' });
export const zPrice = requiredText('v.enterCorrectAmount')
  .regex(/^(?:0|[1-9]\d{0,14})(?:\.\d{1,8})?$/, { error: 'v.enterCorrectAmount' })
  .refine((v) => /[1-9]/.test(v), { error: 'v.enterCorrectAmount' });

export const CLOSE_REASONS = [
  'user',
  'liquidation',
  'agency',
  'copyStop',
  'unfollow',
  'robot',
  'robotRedeem',
  'pool',
  'stopLoss',
  'takeProfit',
  'trailingStop',
] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

/** How long a limit order waits: until its trading day's close (`dayOrderExpiry`), or until cancelled (the default). */
export const TIME_IN_FORCE = ['gtc', 'day'] as const;
export type TimeInForce = (typeof TIME_IN_FORCE)[number];
/** A trailing stop's distance from its mark: a price in the instrument's currency, or a percent of the mark. */
export const TRAILING_KINDS = ['price', 'percent'] as const;
export type TrailingKind = (typeof TRAILING_KINDS)[number];

/**
 * The stops a position closes by (issue 18), each checked on every tick against its exit side (a
 * long's bid, a short's ask) and closed at that live price: a gap through a stop closes at the gap.
 * The trailing stop follows its mark (the best exit price since it was set) at its distance.
 */
export const zStops = z.object({
  stopLoss: zDecimal.nullable(),
  takeProfit: zDecimal.nullable(),
  trailing: z
    .object({
      kind: z.enum(TRAILING_KINDS),
      distance: zDecimal,
      /** The best exit price seen since it was set (a long's highest bid, a short's lowest ask); null until an order fills. */
      mark: zDecimal.nullable(),
      /** Where it closes now; null until an order fills. */
      stop: zDecimal.nullable(),
    })
    .nullable(),
});
export type Stops = z.infer<typeof zStops>;

export const zPosition = z.object({
  id: z.number().int(),
  positionNum: z.string(),
  symbol: z.string(),
  stockCode: z.string(),
  stockName: z.string(),
  source: z.enum(MarketSource),
  market: z.enum(MARKET_CODES),
  assetClass: z.enum(ASSET_CLASSES),
  /** The instrument's price currency. */
  currency: z.string(),
  walletCode: zWalletCode,
  /** The trading wallet's currency: margin, fees and profit are in it. */
  walletCurrency: z.string(),
  direction: z.enum(OrderDirection),
  type: z.enum(OrderType),
  status: z.enum(OrderStatus),
  /** The limit price of a limit order; the fill price of a market order. */
  price: zDecimal,
  openPrice: zDecimal.nullable(),
  quantity: zDecimal,
  /** Notional at the open price, in the instrument's currency. */
  totalAmount: zDecimal,
  /** The opening fee, in the wallet's currency; a closed part carries its share of it, the open rest the remainder. */
  handlingFee: zDecimal,
  closeFee: zDecimal.nullable(),
  leverage: z.number().int(),
  margin: zDecimal,
  isolatedPosition: z.literal(true),
  currentPrice: zDecimal.nullable(),
  /** Floating profit or loss of an open position, in the wallet's currency. */
  profit: zDecimal,
  /** Profit or loss as a percentage of the margin. */
  zdf: zDecimal,
  /** Realised profit or loss of a closed position, after the closing fee. */
  sellProfit: zDecimal.nullable(),
  /** A closed position's profit or loss before both fees (sellProfit + closeFee; a loss stops at the margin). */
  grossProfit: zDecimal.nullable(),
  /** A closed position's result after both fees (grossProfit − handlingFee − closeFee): what its wallet moved. */
  netProfit: zDecimal.nullable(),
  /**
   * The unrounded profit and closing fee of the parts already closed off this position: the next
   * close rounds on top of them (closeSettlement's `parts`), so closing in pieces books what one
   * close would. Zero for a position never partly closed.
   */
  closedParts: z.object({ profit: zDecimal, fee: zDecimal }),
  closePrice: zDecimal.nullable(),
  /** The price at which the position would be liquidated. */
  liquidationPrice: zDecimal.nullable(),
  /** Closed by its owner, by liquidation; a copy by its agency's close, by the copy stop-loss or by the end of its follow. */
  closeReason: z.enum(CLOSE_REASONS).nullable(),
  largeOrder: z.boolean(),
  createTimeTimestamp: z.number().int(),
  marketDateTimestamp: z.number().int().nullable(),
  modifyTimeTimestamp: z.number().int(),
  closeTimeTimestamp: z.number().int().nullable(),
  expiredDateTimestamp: z.number().int().nullable(),
  /** The end of its lock-up (a placement's, epoch ms), before which it cannot be closed; null without one. */
  lockedUntilTimestamp: z.number().int().nullable(),
  /** A copy's follow (decision 0020): it closes with its agency's position, never by its owner; null for any other position. */
  followId: z.number().int().nullable(),
  /** A robot's fill (decision 0021): it closes by its robot's rule or when the robot is redeemed, never by its owner; null for any other position. */
  robotOrderId: z.number().int().nullable(),
  // Issue 18's orders and risk; optional only so that positions written by hand (screen fixtures) still type: the server always sends them.
  stops: zStops.optional(),
  timeInForce: z.enum(TIME_IN_FORCE).optional(),
  /** The session phase the order was placed in and filled in (null before a fill, and on rows from before they were kept). */
  placedSession: z.enum(SESSION_PHASES).nullable().optional(),
  filledSession: z.enum(SESSION_PHASES).nullable().optional(),
  /** Whether the order may fill in extended hours (pre-market, after-hours); without, only in the regular session. */
  extendedHours: z.boolean().optional(),
  /** The exchange's IANA time zone: its expiry and times are shown on that clock. */
  timeZone: z.string().optional(),
});
export type Position = z.infer<typeof zPosition>;

export const POSITION_EVENTS = [
  'placed',
  'filled',
  'closed',
  'partially_closed',
  'margin_added',
  'cancelled',
  'liquidated',
  'stop_loss',
  'take_profit',
  'trailing_stop',
  'expired',
  'stops_changed',
] as const;

/** What a fill or a close was made at: the tick the engine used, the spread (ask − bid) and the fee booked. */
export const zFillExplanation = z.object({
  bid: zDecimal,
  ask: zDecimal,
  spread: zDecimal,
  /** The tick's time, epoch ms. */
  quoteTimestamp: z.number().int(),
  /** In the wallet's currency. */
  fee: zDecimal.nullable(),
  session: z.enum(SESSION_PHASES).nullable(),
});
export type FillExplanation = z.infer<typeof zFillExplanation>;

export const zPositionEvent = z.object({
  event: z.enum(POSITION_EVENTS),
  status: z.enum(OrderStatus),
  price: zDecimal.nullable(),
  quantity: zDecimal.nullable(),
  timestamp: z.number().int(),
  /** A fill's or a close's tick and fee; null on other events and where no tick was used (a block trade's agreed price). */
  fill: zFillExplanation.nullable().optional(),
});
/** One position with the history of every state change of its order. */
export const zPositionDetail = zPosition.extend({ history: z.array(zPositionEvent) });
export type PositionDetail = z.infer<typeof zPositionDetail>;

/** What every order names: the instrument, the side, market or limit (with its price), the quantity and the leverage; an auction order names no more. */
export const orderBasics = {
  stockCode: requiredText('v.fillRequired').max(30),
  stockName: z.string().trim().max(100).optional(),
  direction: z.coerce.number().pipe(z.enum(OrderDirection, { error: 'v.invalidValue' })),
  source: z.coerce
    .number()
    .pipe(z.enum(MarketSource, { error: 'v.invalidValue' }))
    .optional(),
  type: z.coerce
    .number()
    .pipe(z.enum(OrderType, { error: 'v.invalidValue' }))
    .default(OrderType.Market),
  price: zPrice.optional(),
  quantity: zQuantity,
  leverage: z.coerce.number().int({ error: 'v.invalidValue' }).min(1, { error: 'v.invalidValue' }).max(500, { error: 'v.invalidValue' }).default(1),
};
const orderShape = {
  ...orderBasics,
  goldCode: z.string().trim().max(30).optional(),
  goldName: z.string().trim().max(100).optional(),
  stopLoss: zPrice.optional(),
  takeProfit: zPrice.optional(),
  trailingKind: z.enum(TRAILING_KINDS, { error: 'v.invalidValue' }).optional(),
  trailingDistance: zPrice.optional(),
  timeInForce: z.enum(TIME_IN_FORCE, { error: 'v.invalidValue' }).default('gtc'),
  /** Fill in the pre-market and after-hours sessions too, and (a day order) live to the late close: only instruments that trade them (`tradesExtendedHours`). */
  extendedHours: z.boolean({ error: 'v.invalidValue' }).default(false),
};
/** A trailing stop is its kind and its distance together. */
const trailingPair = (v: { trailingKind?: TrailingKind | null | undefined; trailingDistance?: string | null | undefined }, ctx: z.RefinementCtx) => {
  if (!v.trailingKind !== !v.trailingDistance) ctx.addIssue({ code: 'custom', path: ['trailingDistance'], message: 'v.trailingPair' });
};
/** A limit order names its price. */
export const limitPriced = (v: { type: OrderType; price?: string | undefined }, ctx: z.RefinementCtx) => {
  if (v.type === OrderType.Limit && !v.price) ctx.addIssue({ code: 'custom', path: ['price'], message: 'v.enterCorrectAmount' });
};
const limitHasPrice = (
  v: { type: OrderType; price?: string | undefined; timeInForce: TimeInForce; trailingKind?: TrailingKind | undefined; trailingDistance?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  limitPriced(v, ctx);
  // A market order fills at once: only a waiting limit order can expire.
  if (v.type === OrderType.Market && v.timeInForce === 'day') ctx.addIssue({ code: 'custom', path: ['timeInForce'], message: 'v.dayLimitOnly' });
  trailingPair(v, ctx);
};
export const zOrderCreate = z.object(orderShape).superRefine(limitHasPrice);

/** Every source but NewStock, which makes `/hk/create` an IPO payment. */
const ORDER_SOURCES = Object.values(MarketSource).filter((s): s is MarketSource => typeof s === 'number' && s !== MarketSource.NewStock);

/**
 * `/hk/create`: a Hong Kong stock order, or with `source` NewStock the payment of a Hong Kong IPO
 * application (zHkIpoPayment). `source` tells them apart, so each is refused with its own fields' messages.
 */
export const zHkCreate = z.discriminatedUnion('source', [
  zHkIpoPayment,
  z
    .object({
      ...orderShape,
      source: z
        .literal([...ORDER_SOURCES, ...ORDER_SOURCES.map(String)], { error: 'v.invalidValue' })
        .transform((s) => Number(s) as MarketSource)
        .optional(),
    })
    .superRefine(limitHasPrice),
]);

export const zTradingRule = z.object({
  assetClass: z.enum(ASSET_CLASSES),
  /** Fee rates as fractions of the notional, e.g. "0.0005" = 0.05 %. */
  buyRate: zDecimal,
  sellRate: zDecimal,
  leverages: z.array(z.number().int()),
  /** Liquidation when equity falls to this fraction of the margin. */
  maintenanceRatio: zDecimal,
});

/**
 * Whether the caller acknowledged the risk of leverage above the retail caps (`leverageCapFor`):
 * an order above its instrument's cap is refused until they have, for the current text version.
 */
export const zLeverageRisk = z.object({
  acknowledged: z.boolean(),
  /** The version of the warning's text now shown (LEVERAGE_RISK_VERSION). */
  version: z.number().int(),
  /** The version the caller acknowledged, and when; null if never. */
  acknowledgedVersion: z.number().int().nullable(),
  acknowledgedAtTimestamp: z.number().int().nullable(),
});
export type LeverageRisk = z.infer<typeof zLeverageRisk>;

const zPaging = {
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
};
const zStock = z.object({ stockCode: requiredText('v.fillRequired').max(30) });
const zId = z.object({ id: z.coerce.number().int().positive({ error: 'v.fillRequired' }) });

function create(path: string, summary: string) {
  return route({
    method: 'POST',
    path,
    auth: 'user',
    tag: 'trading',
    summary,
    request: zOrderCreate,
    response: zPosition,
    idempotency: 'required',
    rateLimit: { max: 120, windowSeconds: 60 },
  });
}

/** An open position's stops as a whole: a field left out or null removes that stop. */
export const zSetStops = z
  .object({
    id: z.coerce.number().int().positive({ error: 'v.fillRequired' }),
    stopLoss: zPrice.nullable().optional(),
    takeProfit: zPrice.nullable().optional(),
    trailingKind: z.enum(TRAILING_KINDS, { error: 'v.invalidValue' }).nullable().optional(),
    trailingDistance: zPrice.nullable().optional(),
  })
  .superRefine(trailingPair);

export const tradingRoutes = {
  orderStock: create('/stock/create', 'Order a stock of any market but Hong Kong'),
  orderHk: route({
    method: 'POST',
    path: '/hk/create',
    auth: 'user',
    tag: 'trading',
    summary:
      'Order a Hong Kong stock (answers the position), or with source 5 (NewStock) pay a Hong Kong IPO application for `lots` as /NewShares/create does (answers the subscription)',
    request: zHkCreate,
    response: z.union([zPosition, zSubscription]),
    idempotency: 'required',
    rateLimit: { max: 120, windowSeconds: 60 },
  }),
  orderGold: create('/gold/create', 'Order a future, a currency pair, a metal or a virtual currency (goldCode, goldName)'),
  orderCrude: create('/crude/create', 'Order an energy or agricultural contract'),
  rates: route({
    method: 'GET',
    path: '/stock_rate/site/get',
    auth: 'public',
    tag: 'trading',
    summary: 'Fee rates (buyRate, sellRate), allowed leverage and maintenance level per asset class, or of one instrument',
    request: z.object({ stockCode: z.string().trim().max(30).optional() }),
    response: z.array(zTradingRule),
  }),
  minCount: route({
    method: 'POST',
    path: '/stocka_config/getMinCount',
    auth: 'public',
    tag: 'trading',
    summary: "An instrument's minimum quantity, lot size and allowed leverage, its exchange calendar and whether it trades extended hours",
    request: zStock,
    response: z.object({
      stockCode: z.string(),
      minQuantity: zDecimal,
      lotSize: zDecimal,
      tickSize: zDecimal,
      leverages: z.array(z.number().int()),
      walletCode: zWalletCode,
      /** The exchange calendar it trades on: what a day order's expiry is worked out from (`dayOrderExpiry`). */
      calendar: z.enum(CALENDAR_IDS),
      /** Whether an order may ask for extended hours (`tradesExtendedHours`). */
      extendedHours: z.boolean(),
    }),
  }),
  halfOrFull: route({
    method: 'POST',
    path: '/position/getHalfOrFullNum',
    auth: 'user',
    tag: 'trading',
    summary: 'The quantity that half or all of the free balance buys at the current price and leverage',
    request: zStock.extend({
      direction: z.coerce.number().pipe(z.enum(OrderDirection)).default(OrderDirection.Buy),
      leverage: z.coerce.number().int().min(1).max(500).default(1),
      price: zPrice.optional(),
    }),
    response: z.object({ half: zDecimal, full: zDecimal, price: zDecimal, available: zDecimal, walletCode: zWalletCode, walletCurrency: z.string() }),
  }),
  positions: route({
    method: 'POST',
    path: '/position/me',
    auth: 'user',
    tag: 'trading',
    summary: "The caller's open positions with live floating profit or loss",
    request: z.object(zPaging),
    response: pageOf(zPosition).extend({ totalProfit: zDecimal, totalMargin: zDecimal }),
  }),
  positionsByStock: route({
    method: 'POST',
    path: '/position/getByStock',
    auth: 'user',
    tag: 'trading',
    summary: "The caller's open positions in one instrument",
    request: zStock,
    response: z.array(zPosition),
  }),
  position: route({
    method: 'POST',
    path: '/position/detail',
    auth: 'user',
    tag: 'trading',
    summary: 'One of the caller’s orders or positions, in any state, with the history of its state changes',
    request: zId,
    response: zPositionDetail,
  }),
  closePosition: route({
    method: 'POST',
    path: '/position/flatPosition',
    auth: 'user',
    tag: 'trading',
    summary: 'Close a position at the live price, all of it or `quantity` of it; the profit or loss goes to the wallet',
    request: zId.extend({ quantity: zQuantity.optional() }),
    response: zPosition,
    idempotency: 'required',
  }),
  closedPositions: route({
    method: 'POST',
    path: '/position/flatList',
    auth: 'user',
    tag: 'trading',
    summary: "The caller's closed positions, newest first",
    request: z.object(zPaging),
    response: pageOf(zPosition),
  }),
  entrustedOrders: route({
    method: 'POST',
    path: '/position/consignList',
    auth: 'user',
    tag: 'trading',
    summary: "The caller's entrusted orders: limit orders waiting for the quote to cross their price",
    request: z.object(zPaging),
    response: pageOf(zPosition),
  }),
  cancelOrder: route({
    method: 'POST',
    path: '/position/cancelConsign',
    auth: 'user',
    tag: 'trading',
    summary: 'Cancel an entrusted order; its hold returns',
    request: zId,
    response: zPosition,
    idempotency: 'required',
  }),
  addMargin: route({
    method: 'POST',
    path: '/position/addPositionMargin',
    auth: 'user',
    tag: 'trading',
    summary: 'Add margin to an open position from its wallet, moving its liquidation price away',
    request: zId.extend({ amount: zAmount }),
    response: zPosition,
    idempotency: 'required',
  }),
  setStops: route({
    method: 'POST',
    path: '/position/setStops',
    auth: 'user',
    tag: 'trading',
    summary:
      "Set, change or remove an open position's stop-loss, take-profit and trailing stop (all three at once; one left out is removed); the trigger engine closes the position at the live exit price when one is reached (not in the specification)",
    request: zSetStops,
    response: zPosition,
    rateLimit: { max: 60, windowSeconds: 60 },
  }),
  largeOrders: route({
    method: 'GET',
    path: '/position/largeOrders',
    auth: 'public',
    tag: 'trading',
    summary: 'Recent large fills (10,000 shares or more in one order) of an instrument, newest first, without who placed them',
    request: z.object({ stockCode: requiredText('v.fillRequired').max(30), size: z.coerce.number().int().min(1).max(50).default(20) }),
    response: z.array(z.object({ direction: z.enum(OrderDirection), quantity: zDecimal, price: zDecimal, timestamp: z.number().int() })),
  }),
  leverageRisk: route({
    method: 'GET',
    path: '/trading/leverageRisk',
    auth: 'user',
    tag: 'trading',
    summary: 'Whether the caller acknowledged the risk of leverage above the retail caps (not in the specification)',
    request: z.object({}),
    response: zLeverageRisk,
  }),
  acknowledgeLeverageRisk: route({
    method: 'POST',
    path: '/trading/leverageRisk/acknowledge',
    auth: 'user',
    tag: 'trading',
    summary: 'Acknowledge the risk warning of leverage above the retail caps, once (a repeat changes nothing); not in the specification',
    request: z.object({ version: z.coerce.number().pipe(z.literal(LEVERAGE_RISK_VERSION, { error: 'v.invalidValue' })) }),
    response: zLeverageRisk,
    rateLimit: { max: 30, windowSeconds: 60 },
  }),
  tradingWater: route({
    method: 'POST',
    path: '/position/water/pageList',
    auth: 'user',
    tag: 'trading',
    summary: 'The money movements of trading: margins, fees, profits and losses',
    request: z.object(zPaging),
    response: pageOf(zBill),
  }),
};
