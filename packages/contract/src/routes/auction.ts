import { z } from 'zod';
import { OrderDirection, OrderType } from '../enums';
import { pageOf } from '../fields';
import { route } from '../route';
import { zDecimal, zListQuery, zQuoteRow } from './market';
import { limitPriced, orderBasics } from './trading';
import { zWalletCode } from './wallet';

// The pre-opening auction of the auction stocks, the Hong Kong stocks of the universe (decision
// 0019, "The auction"), on HKEX's schedule in Hong Kong time: 09:00-09:15 orders in and cancels,
// 09:15-09:20 orders in but no cancels, the match at 09:20, continuous trading from 09:30. An order
// is at-auction (no price: it takes the auction price) or at-auction limit (a price within 15 % of
// the previous close), on the wire `type` 0 and 1 as /stock/create's market and limit.

/**
 * Where the auction stands now: `input` (orders and cancels), `noCancel` (orders only), `matching`
 * (09:20 to the open: the match has run or is running, orders refused), `closed` (any other time).
 */
export const AUCTION_PHASES = ['closed', 'input', 'noCancel', 'matching'] as const;
export type AuctionPhase = (typeof AUCTION_PHASES)[number];

/**
 * An auction order's life: collected until the match, then filled, partly filled (the rest
 * cancelled or passed on), cancelled (by the investor, or an unfilled at-auction order) or passed
 * on (an unfilled limit, entrusted to continuous trading).
 */
export const AuctionOrderStatus = {
  Collected: 'collected',
  Filled: 'filled',
  PartlyFilled: 'partlyFilled',
  Cancelled: 'cancelled',
  PassedOn: 'passedOn',
} as const;
export type AuctionOrderStatus = (typeof AuctionOrderStatus)[keyof typeof AuctionOrderStatus];

export const zAuctionSession = z.object({
  phase: z.enum(AUCTION_PHASES),
  /** The auction shown: the one in progress, or while closed the latest one (its results). YYYY-MM-DD in Hong Kong. */
  tradingDay: z.string(),
  timeZone: z.string(),
  /** The schedule of the auction in progress, or of the next one while closed (epoch ms): for the countdown. */
  inputFromTimestamp: z.number().int(),
  noCancelFromTimestamp: z.number().int(),
  matchTimestamp: z.number().int(),
  openTimestamp: z.number().int(),
  nextChangeTimestamp: z.number().int(),
  /** The server's clock when it answered: countdowns run on it, not on the device's. */
  timestamp: z.number().int(),
});
export type AuctionSession = z.infer<typeof zAuctionSession>;

/** One auction stock's book for the day shown: the band, and what the auction would give now (or gave). */
export const zAuctionIndicative = z.object({
  symbol: z.string(),
  stockCode: z.string(),
  name: z.string(),
  currency: z.string(),
  tickSize: zDecimal,
  lotSize: zDecimal,
  minQuantity: zDecimal,
  previousClose: zDecimal,
  /** The prices an at-auction limit may carry: within 15 % of the previous close, on the tick grid. */
  bandLow: zDecimal,
  bandHigh: zDecimal,
  /**
   * The indicative equilibrium price of the collected orders and the house's depth, or after the
   * match the auction price; null while nothing crosses.
   */
  price: zDecimal.nullable(),
  /** Shares that would match (or matched) at `price`. */
  volume: zDecimal,
  /** Investor orders in the book. */
  orders: z.number().int(),
  /** The day's match has run: `price` and `volume` are final. */
  matched: z.boolean(),
});
export type AuctionIndicative = z.infer<typeof zAuctionIndicative>;

export const zAuctionOrder = z.object({
  id: z.number().int(),
  symbol: z.string(),
  stockCode: z.string(),
  stockName: z.string(),
  /** The instrument's price currency. */
  currency: z.string(),
  walletCode: zWalletCode,
  walletCurrency: z.string(),
  tradingDay: z.string(),
  direction: z.enum(OrderDirection),
  /** 0 at-auction, 1 at-auction limit. */
  type: z.enum(OrderType),
  /** The limit; null for an at-auction order. */
  price: zDecimal.nullable(),
  quantity: zDecimal,
  leverage: z.number().int(),
  status: z.enum(AuctionOrderStatus),
  /** The price its margin and fee were held at: the limit of a buy, the band's top otherwise (the most it can cost). */
  holdPrice: zDecimal,
  /** Margin and fee held while collected, in the wallet's currency. */
  held: zDecimal,
  filledQuantity: zDecimal,
  fillPrice: zDecimal.nullable(),
  /** The position the fill became. */
  positionId: z.number().int().nullable(),
  /** The entrusted order an unfilled limit became. */
  entrustedId: z.number().int().nullable(),
  /** Collected and before 09:15: the investor may still cancel it. */
  cancellable: z.boolean(),
  createTimeTimestamp: z.number().int(),
  modifyTimeTimestamp: z.number().int(),
});
export type AuctionOrder = z.infer<typeof zAuctionOrder>;

/** The body of /stock/auctionStockCreate: /stock/create's, `type` being at-auction (0) or at-auction limit (1). */
export const zAuctionOrderCreate = z.object(orderBasics).superRefine(limitPriced);
export type AuctionOrderInput = z.input<typeof zAuctionOrderCreate>;

const zStockFilter = z.object({ stockCode: z.string().trim().max(30).optional() });

export const auctionRoutes = {
  auctionCreate: route({
    method: 'POST',
    path: '/stock/auctionStockCreate',
    auth: 'user',
    tag: 'auction',
    summary:
      'Place an at-auction or at-auction limit order on a Hong Kong stock in the pre-opening session (09:00-09:20 Hong Kong time); its margin and fee are held until the match at 09:20',
    request: zAuctionOrderCreate,
    response: zAuctionOrder,
    idempotency: 'required',
    rateLimit: { max: 120, windowSeconds: 60 },
  }),
  auctionCancel: route({
    method: 'POST',
    path: '/auction/cancel',
    auth: 'user',
    tag: 'auction',
    summary: 'Cancel a collected auction order before 09:15 Hong Kong time; its hold returns (not in the specification)',
    request: z.object({ id: z.coerce.number().int().positive({ error: 'v.fillRequired' }) }),
    response: zAuctionOrder,
    idempotency: 'required',
  }),
  auctionOrders: route({
    method: 'GET',
    path: '/auction/orders',
    auth: 'user',
    tag: 'auction',
    summary: "The caller's auction orders of the auction shown (in progress, else the latest), newest first, with their results (not in the specification)",
    request: zStockFilter,
    response: z.object({ session: zAuctionSession, list: z.array(zAuctionOrder) }),
  }),
  auctionIndicative: route({
    method: 'GET',
    path: '/auction/indicative',
    auth: 'public',
    tag: 'auction',
    summary:
      'The indicative price and volume of each auction stock, recomputed from the collected orders on every call, or its auction price after the match (not in the specification)',
    request: zStockFilter,
    response: z.object({ session: zAuctionSession, list: z.array(zAuctionIndicative) }),
  }),
  preMarketList: route({
    method: 'POST',
    path: '/m_ft/preMarketList',
    auth: 'public',
    tag: 'market',
    summary: 'Auction stocks (the Hong Kong stocks, source 7) with their indicative auction price and volume, and the pre-opening session',
    request: zListQuery,
    response: pageOf(zQuoteRow.extend({ auction: zAuctionIndicative })).extend({ session: zAuctionSession }),
  }),
};
