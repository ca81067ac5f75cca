import { z } from 'zod';
import { LARGE_ORDER_SHARES } from '../constants';
import { BlockTradeStatus, OrderDirection } from '../enums';
import { pageOf, requiredText } from '../fields';
import { route } from '../route';
import { MARKET_CODES } from '../trading/assets';
import { BLOCK_QUOTE_TTL_SECONDS } from '../trading/blockQuotes';
import { userRef, zId, zPaging, zReason } from './common';
import { zDecimal, zListQuery, zQuoteRow } from './market';
import { zPosition, zQuantity } from './trading';
import { zWalletCode } from './wallet';

// Block trading (decision 0019). First the activation: the investor applies, an operator approves
// (a key goes to the investor's notices) or refuses with a reason, and the investor enters the key
// (`/blockTrade/checkSecret`) to make block trading active. Then the request for quote: an active
// block trader asks for a block (`/blockTrade/create`), the house quotes at once within the band
// (trading/blockQuotes.ts), and the investor accepts before the quote expires (`/blockTrade/accept`).

/** Where the investor stands, as their block-trading page shows it. */
export const BlockTradeState = {
  /** The identity is not verified yet: KYC comes first. */
  NotOpened: 'notOpened',
  CanApply: 'canApply',
  UnderReview: 'underReview',
  /** Approved: the key is in the investor's notices and has not been entered yet. */
  Approved: 'approved',
  /** Refused (or the key revoked), with the reason; the investor may apply again. */
  Refused: 'refused',
  Active: 'active',
} as const;
export type BlockTradeState = (typeof BlockTradeState)[keyof typeof BlockTradeState];

/** One application in the operators' queue. An investor has at most one that is not refused. */
export const BlockTradeActivationStatus = { Applied: 'applied', Approved: 'approved', Refused: 'refused', Active: 'active' } as const;
export type BlockTradeActivationStatus = (typeof BlockTradeActivationStatus)[keyof typeof BlockTradeActivationStatus];

/** The key an approval issued: none yet (or refused on review), sent, entered, revoked. */
export const BlockTradeKeyStatus = { None: 'none', Sent: 'sent', Used: 'used', Revoked: 'revoked' } as const;
export type BlockTradeKeyStatus = (typeof BlockTradeKeyStatus)[keyof typeof BlockTradeKeyStatus];

/**
 * The specification's code of each state. It names three states and open; it opens block trading
 * with a key from its "can apply" state, which is where an approved investor enters theirs.
 */
export const BLOCK_TRADE_STATUS_OF: Record<BlockTradeState, BlockTradeStatus> = {
  notOpened: BlockTradeStatus.NotOpened,
  canApply: BlockTradeStatus.CanApply,
  refused: BlockTradeStatus.CanApply,
  approved: BlockTradeStatus.CanApply,
  underReview: BlockTradeStatus.UnderReview,
  active: BlockTradeStatus.Opened,
};

export const zBlockTradeActivation = z.object({
  status: z.enum(BlockTradeState),
  /** The same state in the specification's code (`BLOCK_TRADE_STATUS_OF`). */
  blockTradeStatus: z.enum(BlockTradeStatus),
  /** Why the last application was refused or its key revoked. */
  reason: z.string().nullable(),
  applyTimestamp: z.number().int().nullable(),
  reviewTimestamp: z.number().int().nullable(),
  activeTimestamp: z.number().int().nullable(),
});
export type BlockTradeActivation = z.infer<typeof zBlockTradeActivation>;

/** Longer than any key we issue: a longer text is a wrong key, answered with the same message. */
const KEY_MAX_LENGTH = 100;

export const zBlockTradeKey = z.object({
  key: requiredText('v.enterKey').max(KEY_MAX_LENGTH, { error: 'e.keyInvalid' }),
});
export type BlockTradeKeyInput = z.input<typeof zBlockTradeKey>;

export const zBlockTradeActivationReview = z.object({
  id: z.number().int(),
  ...userRef,
  /** The investor's name from their verified identity. */
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  status: z.enum(BlockTradeActivationStatus),
  reason: z.string().nullable(),
  keyStatus: z.enum(BlockTradeKeyStatus),
  createTimeTimestamp: z.number().int(),
  reviewTimeTimestamp: z.number().int().nullable(),
  activeTimeTimestamp: z.number().int().nullable(),
});
export type BlockTradeActivationReview = z.infer<typeof zBlockTradeActivationReview>;

/**
 * A quote's life: `requested` (recorded, not priced: the house prices within the request, so a
 * quote is answered `quoted`), `quoted` (firm until it expires), `accepted` (executed as a
 * position), `expired` (not accepted in time), `refused` (the house declined to quote it: the
 * wallet could not pay the margin and fee at the quoted price).
 */
export const BlockQuoteStatus = { Requested: 'requested', Quoted: 'quoted', Accepted: 'accepted', Expired: 'expired', Refused: 'refused' } as const;
export type BlockQuoteStatus = (typeof BlockQuoteStatus)[keyof typeof BlockQuoteStatus];

/** The terms a block-list stock is quoted on now: its reference price and the band's prices on the tick grid. */
export const zBlockTerms = z.object({
  referencePrice: zDecimal,
  bandLow: zDecimal,
  bandHigh: zDecimal,
});
export type BlockTerms = z.infer<typeof zBlockTerms>;

export const zBlockQuoteRequest = z.object({
  stockCode: requiredText('v.fillRequired').max(30),
  direction: z.coerce.number().pipe(z.enum(OrderDirection, { error: 'v.invalidValue' })),
  quantity: zQuantity,
  leverage: z.coerce.number().int({ error: 'v.invalidValue' }).min(1, { error: 'v.invalidValue' }).max(500, { error: 'v.invalidValue' }).default(1),
});
export type BlockQuoteRequest = z.input<typeof zBlockQuoteRequest>;

export const zBlockQuote = z.object({
  id: z.number().int(),
  symbol: z.string(),
  stockCode: z.string(),
  stockName: z.string(),
  market: z.enum(MARKET_CODES),
  /** The stock's price currency. */
  currency: z.string(),
  tickSize: zDecimal,
  walletCode: zWalletCode,
  /** Margin and fee are in the trading wallet's currency. */
  walletCurrency: z.string(),
  direction: z.enum(OrderDirection),
  quantity: zDecimal,
  leverage: z.number().int(),
  /** The live mid when the quote was made. */
  referencePrice: zDecimal,
  /** The block spread applied, a fraction of the reference price ("0.001" = 0.10 %). */
  spread: zDecimal,
  /** The quoted price, on the tick grid, within the band. */
  price: zDecimal,
  /** The band in percent either way of the reference price (BLOCK_BAND), and its prices. */
  bandPercent: zDecimal,
  bandLow: zDecimal,
  bandHigh: zDecimal,
  /** price − reference, and as a percentage of the reference (two places). */
  difference: zDecimal,
  differencePercent: zDecimal,
  /** price × quantity in the stock's currency, to the cent. */
  notional: zDecimal,
  /** What accepting holds and pays, in the wallet's currency, to the cent: the figures the ledger books. */
  margin: zDecimal,
  fee: zDecimal,
  total: zDecimal,
  status: z.enum(BlockQuoteStatus),
  createTimeTimestamp: z.number().int(),
  expiresAtTimestamp: z.number().int(),
  acceptTimeTimestamp: z.number().int().nullable(),
  /** The position an accepted quote became. */
  positionId: z.number().int().nullable(),
  /** The server's clock when it answered: a countdown runs on it, not on the device's clock. */
  timestamp: z.number().int(),
});
export type BlockQuote = z.infer<typeof zBlockQuote>;

/** A quote in the back office: whose it is, and why the house refused it. */
export const zBlockQuoteReview = zBlockQuote.extend({ ...userRef, refusal: z.string().nullable() });
export type BlockQuoteReview = z.infer<typeof zBlockQuoteReview>;

export const blockTradeRoutes = {
  blockTradeActivation: route({
    method: 'GET',
    path: '/blockTrade/activation',
    auth: 'user',
    tag: 'blockTrade',
    summary:
      "The caller's block-trading activation: not opened (KYC first), can apply, under review, approved (enter the key), refused (with the reason), active. Not in the specification",
    request: z.object({}),
    response: zBlockTradeActivation,
  }),
  blockTradeApply: route({
    method: 'POST',
    path: '/blockTrade/apply',
    auth: 'user',
    tag: 'blockTrade',
    summary: 'Apply for block trading; needs a verified identity; one application at a time. Not in the specification, which only names the key check',
    request: z.object({}),
    response: zBlockTradeActivation,
  }),
  blockTradeCheckSecret: route({
    method: 'POST',
    path: '/blockTrade/checkSecret',
    auth: 'user',
    tag: 'blockTrade',
    summary:
      "Enter the key an operator's approval sent: the right key makes block trading active; any other key is refused with one message and changes nothing",
    request: zBlockTradeKey,
    response: zBlockTradeActivation,
    rateLimit: { max: 10, windowSeconds: 600 },
  }),
  blockList: route({
    method: 'POST',
    path: '/m_ft/block_list',
    auth: 'public',
    tag: 'market',
    summary: 'Stocks open to block trading (source 4), each with its reference price (the live mid) and the band a block price stays within',
    request: zListQuery,
    response: pageOf(zQuoteRow.extend({ block: zBlockTerms })).extend({ bandPercent: zDecimal, minQuantity: zDecimal, quoteSeconds: z.number().int() }),
  }),
  blockTradeCreate: route({
    method: 'POST',
    path: '/blockTrade/create',
    auth: 'user',
    tag: 'blockTrade',
    summary: `Request a quote for a block of at least ${String(LARGE_ORDER_SHARES)} shares of a block-list stock: the house answers a firm price within the band, valid for ${String(BLOCK_QUOTE_TTL_SECONDS)} seconds; nothing is ordered until it is accepted`,
    request: zBlockQuoteRequest,
    response: zBlockQuote,
    idempotency: 'optional',
    rateLimit: { max: 30, windowSeconds: 60 },
  }),
  blockTradeAccept: route({
    method: 'POST',
    path: '/blockTrade/accept',
    auth: 'user',
    tag: 'blockTrade',
    summary:
      'Accept one of the caller’s quotes before it expires: it executes at the quoted price as a position (source 4). An expired or already accepted quote is refused and nothing changes. Not in the specification, which names only the request',
    request: zId,
    response: z.object({ quote: zBlockQuote, position: zPosition }),
    idempotency: 'required',
    rateLimit: { max: 30, windowSeconds: 60 },
  }),
  blockTradeQuotes: route({
    method: 'GET',
    path: '/blockTrade/quotes',
    auth: 'user',
    tag: 'blockTrade',
    summary: "The caller's block quotes, newest first: live, accepted (with the position), expired or refused. Not in the specification",
    request: z.object(zPaging),
    response: pageOf(zBlockQuote),
  }),
};

export const blockTradeOperatorRoutes = {
  operatorBlockTrades: route({
    method: 'GET',
    path: '/operator/blockTrades',
    auth: 'operator',
    tag: 'admin',
    summary: 'Block-trading applications, those waiting first (oldest first), then the others, newest first',
    request: z.object({ ...zPaging, status: z.enum(BlockTradeActivationStatus, { error: 'v.invalidValue' }).optional() }),
    response: pageOf(zBlockTradeActivationReview),
  }),
  operatorBlockTradeApprove: route({
    method: 'POST',
    path: '/operator/blockTrades/:id/approve',
    auth: 'operator',
    tag: 'admin',
    summary: "Approve an application: a key is issued and sent to the investor's notices (never to the operator)",
    params: zId,
    request: z.object({}),
    response: zBlockTradeActivationReview,
  }),
  operatorBlockTradeRefuse: route({
    method: 'POST',
    path: '/operator/blockTrades/:id/refuse',
    auth: 'operator',
    tag: 'admin',
    summary: 'Refuse an application, with a reason the investor sees; they may apply again',
    params: zId,
    request: zReason,
    response: zBlockTradeActivationReview,
  }),
  operatorBlockTradeRevoke: route({
    method: 'POST',
    path: '/operator/blockTrades/:id/revoke',
    auth: 'operator',
    tag: 'admin',
    summary: 'Revoke the key of an approved or active application, with a reason the investor sees: block trading closes; they may apply again',
    params: zId,
    request: zReason,
    response: zBlockTradeActivationReview,
  }),
  operatorBlockQuotes: route({
    method: 'GET',
    path: '/operator/blockQuotes',
    auth: 'operator',
    tag: 'admin',
    summary: 'Block quotes of every investor, newest first, by status (the house quotes by itself: this is to read)',
    request: z.object({ ...zPaging, status: z.enum(BlockQuoteStatus, { error: 'v.invalidValue' }).optional() }),
    response: pageOf(zBlockQuoteReview),
  }),
};
