import { z } from 'zod';
import { pageOf } from '../fields';
import { route } from '../route';
import { zDay, zId, zPaging, zReason } from './common';
import { zDecimal } from './market';

// Bonds (decision 0022): every bond's clean price comes from its currency's yield curve (Nelson–Siegel
// on a seeded walk) plus the bond's spread. An investor buys face amounts at the ask's dirty price
// (clean + accrued interest, Actual/Actual ICMA) plus the markup, is paid coupons on their dates,
// is redeemed at par at maturity, or sells earlier at the bid's dirty price. A holding is kept in
// the wallet of the bond's currency, as a stock is; it is never margin-traded. A trade settles T+n
// on the bond's calendar after the bond market's trading day (New York's): Treasuries and bills
// T+1 on SIFMA's settlement days, euro government bonds T+2 on TARGET's (T+1 from 11 October 2027),
// Mbonos T+2 on the Mexican market's. The price, accrued interest and yields are to that settlement
// day, and a coupon due on or before it is the seller's.

/** Coupons a year; a bill (zero-coupon) has 0. */
export const BOND_FREQUENCIES = [0, 1, 2] as const;

/**
 * The markup per 100 face, in the bond's currency (Public.com's table): 0.10 up to one year to
 * maturity, 0.25 beyond. It is the fee, shown beside the price and included in the yield after fees.
 */
export function bondMarkup(daysToMaturity: number): string {
  return daysToMaturity <= 365 ? '0.10' : '0.25';
}

/** The bond and its terms, the same on a quote and on a holding. */
const bondTerms = {
  symbol: z.string(),
  name: z.string(),
  currency: z.string(),
  /** Percent a year; 0 for a bill. */
  couponRate: zDecimal,
  /** Coupons a year. */
  frequency: z.number().int(),
  /** Maturity (the UTC day's start). */
  maturity: z.number().int(),
};

/** A bond as the order page shows it: clean bid and ask, accrued interest, dirty ask, yields before and after the markup. */
export const zBondQuote = z.object({
  ...bondTerms,
  /** The coupon dates still ahead, oldest first. */
  couponDates: z.array(z.number().int()),
  /** Buy in multiples of this face amount; the least purchase is one increment. */
  faceIncrement: zDecimal,
  /**
   * The bond's price per 100 face, clean (without accrued interest): the mid, the same price the
   * market's quote of the bond shows (`price_nominal` on Markets and the quote page) at the same
   * moment; and dirty, the clean price plus accrued interest. Both are of `timestamp`.
   */
  price: zDecimal,
  dirtyPrice: zDecimal,
  /** When the price was made: now while the bond market trades, its last trade (its session's end) while it is closed. */
  timestamp: z.number().int(),
  /**
   * The settlement day (YYYY-MM-DD) of a purchase or a sale at this quote: T+n settlement days of the
   * bond's calendar after the bond market's trading day of `timestamp`. Accrued interest, the dirty
   * price and the yields are to it, and a buyer receives only the coupons after it.
   */
  settlementDate: zDay,
  /** Per 100 face: clean bid and ask, accrued interest to the settlement day, dirty ask (clean ask + accrued: what a purchase pays before the markup). */
  bid: zDecimal,
  ask: zDecimal,
  accrued: zDecimal,
  dirty: zDecimal,
  /** The markup per 100 face (`bondMarkup`). */
  markup: zDecimal,
  /** Yield to maturity at the dirty ask, percent, before the markup and after it. */
  ytm: zDecimal,
  ytmAfterFees: zDecimal,
  /** The curve's zero rate at the bond's maturity, percent, and the bond's spread over it, basis points. */
  curveRate: zDecimal,
  spreadBp: zDecimal,
  /** No new purchases (an operator paused it, or it matures on or before the settlement day); sales go on until then. */
  paused: z.boolean(),
  /** The caller's face held. */
  held: zDecimal,
});
export type BondQuote = z.infer<typeof zBondQuote>;

/** holding: face still held; sold: sold before maturity (`flatPosition`); redeemed: paid at par at maturity. */
export const BOND_HOLDING_STATUSES = ['holding', 'sold', 'redeemed'] as const;
export type BondHoldingStatus = (typeof BOND_HOLDING_STATUSES)[number];

/** A purchase of a bond: its face, what was paid, coupons received, and how it ended. */
export const zBondHolding = z.object({
  id: z.number().int(),
  ...bondTerms,
  status: z.enum(BOND_HOLDING_STATUSES),
  /** Face bought, and face still held. */
  face: zDecimal,
  remaining: zDecimal,
  /** The day the purchase settled or settles (YYYY-MM-DD): its accrued interest is to it, and the coupons after it are the holding's. */
  settlementDate: zDay,
  /** Per 100 face at purchase: clean ask, accrued, and the markup. */
  price: zDecimal,
  accrued: zDecimal,
  markup: zDecimal,
  /** What was paid in all: (clean + accrued + markup) × face ÷ 100, in the bond's currency. */
  cost: zDecimal,
  /** Of which the fee (the markup). */
  fee: zDecimal,
  /** Yield to maturity at purchase after the markup, percent. */
  ytm: zDecimal,
  /** Coupons paid so far, and what sales and redemption paid. */
  coupons: zDecimal,
  proceeds: zDecimal,
  /** What remains is worth at the bid now, with accrued interest (0 once sold or redeemed). */
  value: zDecimal,
  /** value + coupons + proceeds − cost: after the markup. */
  profit: zDecimal,
  /** The bid clean price's change today, per 100 face (the specification's `zde`). */
  zde: zDecimal,
  nextCouponTimestamp: z.number().int().nullable(),
  createTimeTimestamp: z.number().int(),
  closeTimeTimestamp: z.number().int().nullable(),
});
export type BondHolding = z.infer<typeof zBondHolding>;

/** One cash flow a holding received: a coupon, a sale or the redemption at par. */
export const zBondPayment = z.object({
  holdingId: z.number().int(),
  kind: z.enum(['coupon', 'sale', 'redemption']),
  amount: zDecimal,
  /** The coupon date, the maturity, or the day the sale settles (the UTC day's start). */
  day: z.number().int(),
});

const FACE_PATTERN = /^[1-9]\d{0,11}$/;

export const zBondOrderInput = z.object({
  stockCode: z.string({ error: 'v.fillRequired' }).trim().min(1, { error: 'v.fillRequired' }),
  /** Face amount, a whole multiple of the bond's increment. */
  face: z.string({ error: 'v.enterPurchaseAmount' }).trim().min(1, { error: 'v.enterPurchaseAmount' }).regex(FACE_PATTERN, { error: 'v.bondFace' }),
  /** The dirty ask the investor saw, per 100 face: the order is refused if the price moved against them by more than 0.50. */
  seenDirty: zDecimal.optional(),
});
export type BondOrderInput = z.input<typeof zBondOrderInput>;

export const zBondSellInput = z.object({
  id: z.coerce.number().int().positive(),
  /** Face to sell, a multiple of the increment; all of what remains when absent. */
  face: z.string().trim().regex(FACE_PATTERN, { error: 'v.bondFace' }).optional(),
});

export const zBondTotal = z.object({
  /** Per currency: face held, value at the bid with accrued interest, cost of what remains, coupons received. */
  list: z.array(z.object({ currency: z.string(), face: zDecimal, value: zDecimal, cost: zDecimal, coupons: zDecimal, profit: zDecimal })),
  /** The values converted to euros at the current rates. */
  totalEur: zDecimal,
  holdings: z.number().int(),
});
export type BondTotal = z.infer<typeof zBondTotal>;

export const bondRoutes = {
  bondQuotes: route({
    method: 'GET',
    path: '/treasuryBond/quotes',
    auth: 'public',
    tag: 'bonds',
    summary:
      'Every listed bond and bill with its clean bid and ask from the yield curve, accrued interest, dirty price, markup and yield to maturity. Not in the specification',
    request: z.object({ symbol: z.string().optional() }),
    response: z.array(zBondQuote),
  }),
  bondCreate: route({
    method: 'POST',
    path: '/treasuryBond/create',
    auth: 'user',
    tag: 'bonds',
    summary: 'Buy a face amount of a bond at the dirty ask plus the markup, from the wallet of its currency',
    request: zBondOrderInput,
    response: zBondHolding,
    idempotency: 'required',
    rateLimit: { max: 30, windowSeconds: 60 },
  }),
  bondHoldings: route({
    method: 'POST',
    path: '/treasuryBond/pageList',
    auth: 'user',
    tag: 'bonds',
    summary: "The caller's bond holdings, newest first: held, sold or redeemed",
    request: z.object({ ...zPaging, status: z.enum(BOND_HOLDING_STATUSES).optional() }),
    response: pageOf(zBondHolding),
  }),
  bondSell: route({
    method: 'POST',
    path: '/treasuryBond/flatPosition',
    auth: 'user',
    tag: 'bonds',
    summary: 'Sell face of a holding before maturity at the bid clean price plus accrued interest, less the markup',
    request: zBondSellInput,
    response: zBondHolding,
    idempotency: 'required',
  }),
  bondTotal: route({
    method: 'POST',
    path: '/position/getTreasuryBondTotal',
    auth: 'user',
    tag: 'bonds',
    summary: "The caller's bonds per currency: face, value at the bid with accrued interest, cost, coupons and profit",
    request: z.object({}),
    response: zBondTotal,
  }),
  bondPayments: route({
    method: 'GET',
    path: '/treasuryBond/payments',
    auth: 'user',
    tag: 'bonds',
    summary: "One holding's coupons, sales and redemption, oldest first. Not in the specification",
    request: zId,
    response: z.array(zBondPayment),
  }),
};

// The back office's listing has no settlement day: it shows the listing's terms and price, not a trade's.
export const zBondAdmin = zBondQuote.omit({ held: true, settlementDate: true }).extend({
  holders: z.number().int(),
  /** Face outstanding across holders. */
  outstanding: zDecimal,
  pausedReason: z.string().nullable(),
});

export const bondOperatorRoutes = {
  operatorBonds: route({
    method: 'GET',
    path: '/operator/bonds',
    auth: 'operator',
    tag: 'admin',
    summary: 'The bond listings with their spread, face increment, holders and face outstanding; a price cannot be set',
    request: z.object({}),
    response: z.array(zBondAdmin),
  }),
  operatorBondPause: route({
    method: 'POST',
    path: '/operator/bonds/:symbol/pause',
    auth: 'operator',
    tag: 'admin',
    summary: 'Pause a bond with a reason: no new purchases; sales, coupons and redemption go on',
    params: z.object({ symbol: z.string() }),
    request: zReason,
    response: zBondAdmin,
  }),
  operatorBondResume: route({
    method: 'POST',
    path: '/operator/bonds/:symbol/resume',
    auth: 'operator',
    tag: 'admin',
    summary: 'Open a paused bond to purchases again, with a reason',
    params: z.object({ symbol: z.string() }),
    request: zReason,
    response: zBondAdmin,
  }),
  operatorBondSpread: route({
    method: 'POST',
    path: '/operator/bonds/:symbol/spread',
    auth: 'operator',
    tag: 'admin',
    summary:
      "Set a bond's spread over its curve in basis points (−200 to 1,000), with a reason; it moves the price from the next quote on, never a trade already made",
    params: z.object({ symbol: z.string() }),
    request: zReason.extend({ spreadBp: z.string().regex(/^-?\d{1,4}(\.\d{1,2})?$/, { error: 'v.bondSpread' }) }),
    response: zBondAdmin,
  }),
};
