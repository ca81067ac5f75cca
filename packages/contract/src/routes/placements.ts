import { z } from 'zod';
import { MarketSource } from '../enums';
import { pageOf, requiredText, zTimestamp } from '../fields';
import { route } from '../route';
import { MARKET_CODES } from '../trading/assets';
import { MAX_LOCKUP_DAYS, PLACEMENT_KINDS, PLACEMENT_STATES } from '../trading/placements';
import { userRef, zId, zPaging, zReason } from './common';
import { zDecimal } from './market';
import { zPrice, zQuantity } from './trading';
import { zWalletCode } from './wallet';

// Placements (decision 0019, "Placements, keys"): private sales (SPO, QIP) of a listed stock's
// shares at a price fixed at creation, within a window, with a lock-up. An operator issues a key
// to chosen investors (sent in a notice); the investor enters it (`/placing_order/checkSecret`),
// sees the placement it unlocks and buys (`/placing_order/create`); the shares become a leverage-1
// position that cannot be closed before its lock-up ends.

/** Longer than any key we issue: a longer text is a wrong key, answered with the same message. */
const KEY_MAX_LENGTH = 100;

export const zPlacementKeyInput = z.object({
  key: requiredText('v.enterKey').max(KEY_MAX_LENGTH, { error: 'e.keyInvalid' }),
});
export type PlacementKeyInput = z.input<typeof zPlacementKeyInput>;

/** A placement as a buyer sees it, with what the estimate needs (fee rate, wallet, live rate). */
export const zPlacement = z.object({
  id: z.number().int(),
  symbol: z.string(),
  stockCode: z.string(),
  name: z.string(),
  market: z.enum(MARKET_CODES),
  source: z.enum(MarketSource),
  kind: z.enum(PLACEMENT_KINDS),
  state: z.enum(PLACEMENT_STATES),
  /** The instrument's price currency: price, floor and last close are in it. */
  currency: z.string(),
  tickSize: zDecimal,
  lotSize: zDecimal,
  price: zDecimal,
  /** The close of the last regular session completed when the placement was created (on a Monday, Friday's); the discount is to it. */
  lastClose: zDecimal,
  /** (last close − price) ÷ last close, in percent to two places; negative for a premium. */
  discountPercent: zDecimal,
  /** QIP: the average close of the ten trading days before the creation's; null for an SPO. */
  floorPrice: zDecimal.nullable(),
  /** QIP: the lowest price the floor allows (5 % below it); null for an SPO. */
  minPrice: zDecimal.nullable(),
  quantityOffered: zDecimal,
  quantityRemaining: zDecimal,
  minQuantity: zDecimal,
  lockupDays: z.number().int(),
  opensAtTimestamp: z.number().int(),
  closesAtTimestamp: z.number().int(),
  /** The trading wallet a purchase is paid from, and its currency. */
  walletCode: zWalletCode,
  walletCurrency: z.string(),
  /** Units of the wallet's currency per unit of the instrument's, now: an estimate converts at it, the purchase at the rate of its moment. */
  rate: zDecimal,
  /** The stock rule's opening fee rate, a fraction of the amount. */
  feeRate: zDecimal,
});
export type Placement = z.infer<typeof zPlacement>;

export const zPlacementBuy = z.object({
  placementId: z.coerce.number({ error: 'v.fillRequired' }).int({ error: 'v.fillRequired' }).positive({ error: 'v.fillRequired' }),
  quantity: zQuantity,
});
export type PlacementBuyInput = z.input<typeof zPlacementBuy>;

/** One of the caller's purchases, with its position's lock-up and what of it can be sold now. */
export const zPlacementOrder = z.object({
  id: z.number().int(),
  placementId: z.number().int(),
  kind: z.enum(PLACEMENT_KINDS),
  symbol: z.string(),
  stockCode: z.string(),
  name: z.string(),
  currency: z.string(),
  price: zDecimal,
  quantity: zDecimal,
  /** The shares' money and the fee, in the wallet's currency, and their sum: what the purchase took. */
  amount: zDecimal,
  fee: zDecimal,
  total: zDecimal,
  walletCode: zWalletCode,
  walletCurrency: z.string(),
  positionId: z.number().int(),
  /** Of the purchase's position: still open (some of it), or closed. */
  positionOpen: z.boolean(),
  /** What of the position is still held, and what of that may be sold now (all once the lock-up ends, none before). */
  openQuantity: zDecimal,
  sellableQuantity: zDecimal,
  locked: z.boolean(),
  lockedUntilTimestamp: z.number().int(),
  createTimeTimestamp: z.number().int(),
});
export type PlacementOrder = z.infer<typeof zPlacementOrder>;

export const zPlacingFlatCount = z.object({
  /** Summed over the caller's open placement positions asked for. */
  quantity: zDecimal,
  sellable: zDecimal,
  locked: zDecimal,
  /** When the next locked position may be sold; null when none is locked. */
  nextUnlockTimestamp: z.number().int().nullable(),
  positions: z.array(
    z.object({
      positionId: z.number().int(),
      symbol: z.string(),
      quantity: zDecimal,
      sellable: zDecimal,
      lockedUntilTimestamp: z.number().int(),
    }),
  ),
});

/** A key issued for a placement, as operators see it: never the key itself. */
export const PlacementKeyStatus = { Sent: 'sent', Used: 'used', Revoked: 'revoked' } as const;
export type PlacementKeyStatus = (typeof PlacementKeyStatus)[keyof typeof PlacementKeyStatus];

export const zPlacementKey = z.object({
  id: z.number().int(),
  ...userRef,
  status: z.enum(PlacementKeyStatus),
  issuedAtTimestamp: z.number().int(),
  /** When the investor entered it (the placement unlocked for them). */
  usedAtTimestamp: z.number().int().nullable(),
  revokedAtTimestamp: z.number().int().nullable(),
});
export type PlacementKey = z.infer<typeof zPlacementKey>;

/** A placement in the back office: the buyer's view with what was sold and who decided what. */
export const zPlacementAdmin = zPlacement.omit({ rate: true }).extend({
  status: z.enum(['open', 'closed']),
  quantitySold: zDecimal,
  orderCount: z.number().int(),
  keyCount: z.number().int(),
  closeReason: z.string().nullable(),
  closedAtTimestamp: z.number().int().nullable(),
  createdBy: z.number().int(),
  createTimeTimestamp: z.number().int(),
});
export type PlacementAdmin = z.infer<typeof zPlacementAdmin>;

export const zPlacementAdminOrder = z.object({
  id: z.number().int(),
  ...userRef,
  quantity: zDecimal,
  price: zDecimal,
  amount: zDecimal,
  fee: zDecimal,
  walletCurrency: z.string(),
  positionId: z.number().int(),
  lockedUntilTimestamp: z.number().int(),
  createTimeTimestamp: z.number().int(),
});

export const zPlacementDetail = zPlacementAdmin.extend({
  orders: z.array(zPlacementAdminOrder),
  keys: z.array(zPlacementKey),
});
export type PlacementDetail = z.infer<typeof zPlacementDetail>;

/** The floor a QIP on `symbol` would have if created now, and the closes it is the average of. */
export const zPlacementFloor = z.object({
  symbol: z.string(),
  name: z.string(),
  currency: z.string(),
  tickSize: zDecimal,
  lotSize: zDecimal,
  lastClose: zDecimal,
  floorPrice: zDecimal,
  minPrice: zDecimal,
  closes: z.array(z.object({ tradingDay: z.string(), close: zDecimal })),
});
export type PlacementFloor = z.infer<typeof zPlacementFloor>;

const zSymbol = requiredText('v.fillRequired').max(30, { error: 'v.invalidValue' });

export const zPlacementInput = z
  .object({
    symbol: zSymbol,
    kind: z.enum(PLACEMENT_KINDS, { error: 'v.invalidValue' }),
    price: zPrice,
    quantity: zQuantity,
    minQuantity: zQuantity,
    opensAtTimestamp: zTimestamp,
    closesAtTimestamp: zTimestamp,
    lockupDays: z.coerce
      .number({ error: 'v.invalidValue' })
      .int({ error: 'v.invalidValue' })
      .min(0, { error: 'v.invalidValue' })
      .max(MAX_LOCKUP_DAYS, { error: 'v.invalidValue' }),
  })
  .superRefine((p, ctx) => {
    if (p.closesAtTimestamp <= p.opensAtTimestamp) ctx.addIssue({ code: 'custom', path: ['closesAtTimestamp'], message: 'e.placementWindow' });
  });
export type PlacementInput = z.input<typeof zPlacementInput>;

/** The investor a key goes to: their user number or account name. */
export const zPlacementKeyIssue = z.object({ investor: requiredText('v.enterUserId').max(100, { error: 'v.textTooLong' }) });

export const placementRoutes = {
  placementCheckSecret: route({
    method: 'POST',
    path: '/placing_order/checkSecret',
    auth: 'user',
    tag: 'placement',
    summary:
      "Enter a key from a placement notice: the placement it unlocks for the caller. Any other key (mistyped, revoked, another investor's) is refused with one message and changes nothing",
    request: zPlacementKeyInput,
    response: zPlacement,
    rateLimit: { max: 10, windowSeconds: 600 },
  }),
  placementsUnlocked: route({
    method: 'GET',
    path: '/placing_order/unlocked',
    auth: 'user',
    tag: 'placement',
    summary: "The placements the caller's keys have unlocked and not been revoked, open ones first. Not in the specification",
    request: z.object({}),
    response: z.array(zPlacement),
  }),
  placementBuy: route({
    method: 'POST',
    path: '/placing_order/create',
    auth: 'user',
    tag: 'placement',
    summary:
      "Buy shares of a placement the caller unlocked, while its window is open: quantity x price plus the stock fee from the instrument's trading wallet; the shares become a leverage-1 position locked up for the placement's lock-up",
    request: zPlacementBuy,
    response: zPlacementOrder,
    idempotency: 'required',
    rateLimit: { max: 60, windowSeconds: 60 },
  }),
  placementOrders: route({
    method: 'POST',
    path: '/position/placing_subscription',
    auth: 'user',
    tag: 'placement',
    summary: "The caller's placement purchases, newest first, with each position's lock-up and what can be sold now",
    request: z.object(zPaging),
    response: pageOf(zPlacementOrder),
  }),
  placingFlatCount: route({
    method: 'POST',
    path: '/position/getPlacingFlatCount',
    auth: 'user',
    tag: 'placement',
    summary: "What of the caller's open placement positions can be sold now (the lock-up over), of one symbol, of one position, or of all",
    request: z.object({ stockCode: z.string().trim().max(30).optional(), positionId: z.coerce.number().int().positive().optional() }),
    response: zPlacingFlatCount,
  }),
};

export const placementOperatorRoutes = {
  operatorPlacementFloor: route({
    method: 'GET',
    path: '/operator/placements/floor',
    auth: 'operator',
    tag: 'admin',
    summary: "A stock's last close and the QIP floor it would have now (the average close of the ten trading days before today's), with those closes",
    request: z.object({ symbol: zSymbol }),
    response: zPlacementFloor,
  }),
  operatorPlacements: route({
    method: 'GET',
    path: '/operator/placements',
    auth: 'operator',
    tag: 'admin',
    summary: 'Placements, newest first',
    request: z.object({ ...zPaging, state: z.enum(PLACEMENT_STATES, { error: 'v.invalidValue' }).optional() }),
    response: pageOf(zPlacementAdmin),
  }),
  operatorPlacementCreate: route({
    method: 'POST',
    path: '/operator/placements',
    auth: 'operator',
    tag: 'admin',
    summary: 'Create a placement of a listed stock: a QIP at most 5 % below its floor (computed now), an SPO at any price',
    request: zPlacementInput,
    response: zPlacementDetail,
  }),
  operatorPlacement: route({
    method: 'GET',
    path: '/operator/placements/:id',
    auth: 'operator',
    tag: 'admin',
    summary: 'One placement with its purchases and the keys issued for it',
    params: zId,
    request: z.object({}),
    response: zPlacementDetail,
  }),
  operatorPlacementClose: route({
    method: 'POST',
    path: '/operator/placements/:id/close',
    auth: 'operator',
    tag: 'admin',
    summary: 'Close a placement before its window ends, with a reason: no purchase after it; shares bought stay bought',
    params: zId,
    request: zReason,
    response: zPlacementDetail,
  }),
  operatorPlacementIssueKey: route({
    method: 'POST',
    path: '/operator/placements/:id/keys',
    auth: 'operator',
    tag: 'admin',
    summary: "Issue a key for the placement to one investor (by user number or account name): sent to the investor's notices, never to the operator",
    params: zId,
    request: zPlacementKeyIssue,
    response: zPlacementDetail,
  }),
  operatorPlacementRevokeKey: route({
    method: 'POST',
    path: '/operator/placementKeys/:id/revoke',
    auth: 'operator',
    tag: 'admin',
    summary: 'Revoke a placement key, with a reason the investor sees: it stops unlocking the placement; shares bought with it stay bought',
    params: zId,
    request: zReason,
    response: zPlacementDetail,
  }),
};
