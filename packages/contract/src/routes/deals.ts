// Over 400 lines: a deal's calls share its schedule and allotment rules (the windows, lots, the basis of allotment), written once here for the server and both apps.
import { z } from 'zod';
import { compareDecimal } from '../decimal';
import { inCalendarYears } from '../calendar/calendar';
import { IpoStatus, MarketSource } from '../enums';
import { pageOf, requiredText, zTimestamp } from '../fields';
import { route } from '../route';
import { DEAL_EXCHANGES, DEAL_MARKET_CODES, DEAL_MARKETS, DEAL_STATUSES, DealStatus, SUBSCRIPTION_STATUSES, dayIn } from '../trading/deals';
import { userRef, zDay, zPaging, zReason } from './common';
import { zDecimal } from './market';
import { zWalletCode } from './wallet';

// The primary market's IPO deals (decision 0019): operators run them, investors subscribe from
// the subscription wallet, an allotment decides who gets what. Every amount is a decimal string;
// investors' money is in euros (the subscription wallet's currency), a deal's prices, handling fee
// and fund raising in its own currency (USD or HKD).

const zDealPrice = requiredText('v.enterCorrectAmount')
  .regex(/^(?:0|[1-9]\d{0,9})(?:\.\d{1,4})?$/, { error: 'v.enterCorrectAmount' })
  .refine((v) => /[1-9]/.test(v), { error: 'v.enterCorrectAmount' });
/** A fraction of the notional below 10 %, up to 8 places: "0.010085" is 1.0085 %. */
const zFeeRate = z
  .string()
  .trim()
  .regex(/^0(?:\.0\d{0,7})?$/, { error: 'v.invalidValue' });
const zMoneyInDealCurrency = z
  .string()
  .trim()
  .regex(/^(?:0|[1-9]\d{0,14})(?:\.\d{1,2})?$/, { error: 'v.amountRule' });
const zWholeNumber = (max: number) =>
  z.coerce.number({ error: 'v.invalidValue' }).int({ error: 'v.invalidValue' }).min(1, { error: 'v.invalidValue' }).max(max, { error: 'v.invalidValue' });
/** Lots to apply for: a whole number, at least one (the deal's own maximum is the server's check). */
export const zLots = z.coerce
  .number({ error: 'v.lotsRule' })
  .int({ error: 'v.lotsRule' })
  .min(1, { error: 'v.lotsRule' })
  .max(1_000_000_000, { error: 'v.lotsRule' });

/**
 * What an operator writes to create a deal or edit it while announced. The checks: the exchange
 * belongs to the market, the range is low <= high, a Hong Kong public tranche has a lot for each
 * pool, and the dates are in order, read on the exchange's calendar: prospectus <= the day the
 * window opens, opens < closes, the day it closes <= allotment date <= listing date. Every instant
 * lies in the calendar's years. That each step keeps to the exchange's hours and trading days
 * (`dealScheduleProblem`) the server checks, to name the next valid time in the reader's words.
 */
export const zDealInput = z
  .object({
    name: requiredText('v.fillRequired').max(200, { error: 'v.textTooLong' }),
    /** The code as screens show it: NRVA, 02899. */
    code: requiredText('v.fillRequired')
      .max(20, { error: 'v.textTooLong' })
      .regex(/^[A-Za-z0-9]+$/, { error: 'v.invalidValue' })
      .transform((v) => v.toUpperCase()),
    /** The instrument's symbol once listed: NRVA, 2899.HK. */
    symbol: requiredText('v.fillRequired')
      .max(20, { error: 'v.textTooLong' })
      .regex(/^[A-Za-z0-9]+(?:\.[A-Za-z]+)?$/, { error: 'v.invalidValue' })
      .transform((v) => v.toUpperCase()),
    market: z.enum(DEAL_MARKET_CODES, { error: 'v.invalidValue' }),
    exchange: z.enum(DEAL_EXCHANGES, { error: 'v.invalidValue' }),
    priceLow: zDealPrice,
    priceHigh: zDealPrice,
    lotSize: zWholeNumber(1_000_000),
    /** Hong Kong: lots in the public tranche (split into pools A and B); United States: lots offered. */
    publicLots: zWholeNumber(1_000_000_000),
    feeRate: zFeeRate.default('0'),
    /** Per application, in the deal's currency; paid at subscription, refunded only if the deal is cancelled. */
    handlingFee: zMoneyInDealCurrency.default('0'),
    prospectusDate: zDay,
    /** In the deal's currency. */
    fundRaising: zMoneyInDealCurrency,
    subscriptionOpensTimestamp: zTimestamp,
    subscriptionClosesTimestamp: zTimestamp,
    allotmentDate: zDay,
    listingDate: zDay,
    profile: z.string().trim().max(2000, { error: 'v.textTooLong' }).default(''),
  })
  .superRefine((d, ctx) => {
    const problem = (path: string, message: 'v.invalidValue' | 'e.dealPriceRange' | 'e.dealPublicLots' | 'e.dealDates') =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (!(DEAL_MARKETS[d.market].exchanges as readonly string[]).includes(d.exchange)) problem('exchange', 'v.invalidValue');
    if (compareDecimal(d.priceHigh, d.priceLow) === -1) problem('priceHigh', 'e.dealPriceRange');
    if (d.market === 'HK' && d.publicLots < 2) problem('publicLots', 'e.dealPublicLots');
    // The order is read only between instants of the calendar's years: others are refused on their field already.
    if (!inCalendarYears(d.subscriptionOpensTimestamp) || !inCalendarYears(d.subscriptionClosesTimestamp)) return;
    const tz = DEAL_MARKETS[d.market].timeZone;
    if (d.prospectusDate > dayIn(tz, d.subscriptionOpensTimestamp)) problem('prospectusDate', 'e.dealDates');
    else if (d.subscriptionClosesTimestamp <= d.subscriptionOpensTimestamp) problem('subscriptionClosesTimestamp', 'e.dealDates');
    else if (dayIn(tz, d.subscriptionClosesTimestamp) > d.allotmentDate) problem('allotmentDate', 'e.dealDates');
    else if (d.allotmentDate > d.listingDate) problem('listingDate', 'e.dealDates');
  });
export type DealInput = z.output<typeof zDealInput>;

/** One line of the published basis-of-allotment table. */
export const zBasisRow = z.object({
  /** null for the United States, which has no pools. */
  pool: z.enum(['A', 'B']).nullable(),
  lotsApplied: z.number().int(),
  applicants: z.number().int(),
  successful: z.number().int(),
  lotsAllotted: z.number().int(),
  minLots: z.number().int(),
  maxLots: z.number().int(),
  successfulPercent: zDecimal,
  allottedPercent: zDecimal,
});

/** A pool's demand so far against its supply, and the chance one lot is allotted if the deal closed now. */
export const zPoolOdds = z.object({
  applicants: z.number().int(),
  lotsApplied: z.number().int(),
  lots: z.number().int(),
  oversubscription: zDecimal,
  /** 0..1, four decimals. */
  oneLotChance: zDecimal,
});

/** The company on offer and where its shares list, on the deal and on each subscription to it. */
const dealListing = {
  name: z.string(),
  code: z.string(),
  symbol: z.string(),
  market: z.enum(DEAL_MARKET_CODES),
  /** NASDAQ, NYSE or HKEX: the specification's "exchange code". */
  exchange: z.enum(DEAL_EXCHANGES),
  currency: z.enum(['USD', 'HKD']),
};

const dealFields = {
  id: z.number().int(),
  ...dealListing,
  priceLow: zDecimal,
  priceHigh: zDecimal,
  finalPrice: zDecimal.nullable(),
  /** The final price once priced, the top of the range before: what a subscription is held at. */
  price: zDecimal,
  /** Shares per lot, a decimal string as every quantity of the API. */
  lotSize: zDecimal,
  publicLots: z.number().int(),
  feeRate: zDecimal,
  handlingFee: zDecimal,
  prospectusDate: z.string(),
  fundRaising: zDecimal,
  subscriptionOpensTimestamp: z.number().int(),
  subscriptionClosesTimestamp: z.number().int(),
  /** The day the window closes on the exchange's calendar (the specification's subscription deadline). */
  subscriptionDeadline: z.string(),
  allotmentDate: z.string(),
  listingDate: z.string(),
  profile: z.string(),
  dealStatus: z.enum(DEAL_STATUSES),
  /** Once listed: the trading day its instrument first trades (the listing date, or the next open when an operator listed it early). */
  listedOn: z.string().nullable(),
  /** The first price on the market: the first day's open, once it has come (drawn around the final price, decision 0019). */
  firstDayPrice: zDecimal.nullable(),
  /** The first day's close, once the day has closed. */
  firstDayClose: zDecimal.nullable(),
  /** The first-day result: the first close against the final price, percent, two decimals ("-3.20" broke); null until the first close. */
  firstDayChangePercent: zDecimal.nullable(),
  /** Live subscriptions (not refunded or cancelled) and the lots they apply for. */
  applicants: z.number().int(),
  demandLots: z.number().int(),
  /** demandLots / publicLots, two decimals. */
  oversubscription: zDecimal,
  /** After the allotment: the basis-of-allotment table; null before. */
  allotmentTable: z.array(zBasisRow).nullable(),
};

/** A deal as operators see it. */
export const zDeal = z.object({
  ...dealFields,
  cancelReason: z.string().nullable(),
  /** The allotment's seed, once drawn: with the audit log's entry anyone can replay the ballot. */
  allotmentSeed: z.string().nullable(),
  /** Subscriptions waiting for their reconfirmation (United States, price outside the band). */
  reconfirmPending: z.number().int(),
  createdBy: z.number().int().nullable(),
  createTimeTimestamp: z.number().int(),
  modifyTimeTimestamp: z.number().int(),
});
export type Deal = z.infer<typeof zDeal>;

/**
 * A deal as the new-stock list and detail show it. `status` keeps the list's phases of before the
 * deals table (upcoming, subscribing, allotting, listed) and adds cancelled; `dealStatus` is the
 * lifecycle's own word. With a signed-in caller, `mine` is their subscription and, in Hong Kong,
 * the odds of its pool.
 */
export const zNewStock = z.object({
  ...dealFields,
  status: z.enum(['upcoming', 'subscribing', 'allotting', 'listed', 'cancelled']),
  /** Hong Kong: each pool's demand and odds so far (the allotment's own arithmetic); null in the United States. */
  pools: z.object({ A: zPoolOdds, B: zPoolOdds }).nullable(),
  /** The specification's IPO state: the caller's subscription's, else available to subscribe while the deal is open; null otherwise. */
  state: z.enum(IpoStatus).nullable(),
  mine: z
    .object({
      subscriptionId: z.number().int(),
      lots: z.number().int(),
      pool: z.enum(['A', 'B']).nullable(),
      /** The chance one lot is allotted if the deal closed now (Hong Kong); null in the United States. */
      oneLotChance: zDecimal.nullable(),
    })
    .nullable(),
});
export type NewStock = z.infer<typeof zNewStock>;

/**
 * One subscription with the specification's IPO fields (listing date, exchange code, prospectus
 * date, fund raising, subscription deadline, price, subscription quantity, total, allotment
 * quantity, actual payment, pending payment, allotment date, state). Payments are in euros from the
 * subscription wallet: `pendingPayment` is what is held and not yet decided, `actualPayment` what
 * was paid for good (the handling fee, then the allotted shares and their fee).
 */
export const zSubscription = z.object({
  id: z.number().int(),
  dealId: z.number().int(),
  ...dealListing,
  listingDate: z.string(),
  prospectusDate: z.string(),
  fundRaising: zDecimal,
  subscriptionDeadline: z.string(),
  subscriptionClosesTimestamp: z.number().int(),
  allotmentDate: z.string(),
  /** The price the money is held at: the top of the range, or the final price once reconfirmed. */
  priceHeld: zDecimal,
  /** The final price once priced, else the price held. */
  price: zDecimal,
  lots: z.number().int(),
  lotSize: zDecimal,
  /** Shares applied for: lots x lot size. */
  quantity: zDecimal,
  /** quantity x price, in the deal's currency. */
  total: zDecimal,
  /** Shares allotted; null before the allotment. */
  allottedQuantity: zDecimal.nullable(),
  actualPayment: zDecimal,
  pendingPayment: zDecimal,
  /** The handling fee paid, in euros. */
  handlingFee: zDecimal,
  /** The fee on the allotted shares, in euros; null before the allotment. */
  allotmentFee: zDecimal.nullable(),
  /** Euros per unit of the deal's currency, fixed when the money was held. */
  rate: zDecimal,
  walletCode: zWalletCode,
  walletCurrency: z.literal('EUR'),
  state: z.enum(IpoStatus),
  status: z.enum(SUBSCRIPTION_STATUSES),
  dealStatus: z.enum(DEAL_STATUSES),
  /** United States: the final price fell outside the band (or above the price held); reconfirm before the allotment or be refunded. */
  reconfirmRequired: z.boolean(),
  /** The position of the allotted shares; it trades (and may be closed) from the listing on. */
  positionId: z.number().int().nullable(),
  createTimeTimestamp: z.number().int(),
  modifyTimeTimestamp: z.number().int(),
});
export type Subscription = z.infer<typeof zSubscription>;

/** A subscription as the back office reads it: whose it is and, in Hong Kong, the pool it was balloted in. */
export const zDealApplication = zSubscription.extend({ ...userRef, pool: z.enum(['A', 'B']).nullable() });
export type DealApplication = z.infer<typeof zDealApplication>;

/** A deal by its id or by its code or symbol (`stockCode`, as the specification's order calls name an instrument). */
const dealRef = {
  dealId: z.coerce.number().int().positive().optional(),
  stockCode: z.string().trim().max(30).optional(),
};
const namingDeal = <S extends z.ZodType<{ dealId?: number | undefined; stockCode?: string | undefined }>>(schema: S): S =>
  schema.refine((v) => v.dealId !== undefined || Boolean(v.stockCode), { error: 'v.fillRequired', path: ['stockCode'] });
const zDealRef = namingDeal(z.object(dealRef));

/**
 * `/hk/create` paying a Hong Kong IPO (the payipo page): the order call of Hong Kong stocks with
 * `source` NewStock names a deal and the lots applied for, and is a `/NewShares/create` of a Hong
 * Kong deal (a deal of another exchange does not exist for it).
 */
export const zHkIpoPayment = namingDeal(
  z.object({
    // As a number or as the order page's query text ("5"), like every order call's source.
    source: z.literal([MarketSource.NewStock, String(MarketSource.NewStock)]).transform(() => MarketSource.NewStock),
    ...dealRef,
    lots: zLots,
    stockName: z.string().trim().max(100).optional(),
  }),
);

const zDealId = z.object({ id: z.coerce.number().int().positive() });
const subscriptionCall = <Req extends z.ZodType>(path: string, summary: string, request: Req) =>
  route({
    method: 'POST',
    path,
    auth: 'user',
    tag: 'deals',
    summary,
    request,
    response: zSubscription,
    idempotency: 'required',
    rateLimit: { max: 60, windowSeconds: 60 },
  });
const operatorStep = (path: string, summary: string) =>
  route({ method: 'POST', path, auth: 'operator', tag: 'admin', summary, params: zDealId, request: z.object({}), response: zDeal });

export const dealRoutes = {
  newStockList: route({
    method: 'GET',
    path: '/m_ft/webull/new/stock',
    auth: 'public',
    tag: 'market',
    summary:
      'IPO deals, open ones first: their phase, oversubscription so far and (Hong Kong) the pools’ odds, listed ones their first-day result; signed in, the caller’s subscription and odds; with the break rate of past deals',
    request: z.object({ ...zPaging, status: z.enum(DEAL_STATUSES).optional() }),
    response: pageOf(zNewStock).extend({
      /** Listed deals whose first day has closed, of every page. */
      firstDayCloses: z.number().int(),
      /** Of those, the ones that closed their first day below the final price. */
      broken: z.number().int(),
      /** broken / firstDayCloses, 0..1, four decimals; null before any deal's first day has closed. */
      breakRate: zDecimal.nullable(),
    }),
  }),
  newStockDetail: route({
    method: 'GET',
    path: '/m_ft/new_stock/detail',
    auth: 'public',
    tag: 'market',
    summary: 'One IPO deal by symbol or code (or id), with its demand, odds and, once allotted, its basis-of-allotment table',
    request: z
      .object({ symbol: z.string().trim().max(30).optional(), id: z.coerce.number().int().positive().optional() })
      .refine((v) => v.id !== undefined || Boolean(v.symbol), { error: 'v.fillRequired', path: ['symbol'] }),
    response: zNewStock,
  }),
  subscribe: subscriptionCall(
    '/NewShares/create',
    'Subscribe to an open deal for `lots`: holds lots x lot size x price (the top of the range) x (1 + fee rate) in euros from the subscription wallet and pays the handling fee',
    namingDeal(z.object({ ...dealRef, lots: zLots, stockName: z.string().trim().max(100).optional() })),
  ),
  changeSubscription: subscriptionCall(
    '/NewShares/change',
    'Change the lots of a United States conditional offer while the deal is open: the hold is released and held again (not in the specification)',
    namingDeal(z.object({ ...dealRef, lots: zLots })),
  ),
  reconfirmSubscription: subscriptionCall(
    '/NewShares/reconfirm',
    'Reconfirm a United States offer whose final price fell outside the band, optionally with fewer or more lots: held again at the final price (not in the specification)',
    namingDeal(z.object({ ...dealRef, lots: zLots.optional() })),
  ),
  subscriptions: route({
    method: 'POST',
    path: '/position/subscription',
    auth: 'user',
    tag: 'deals',
    summary: "The caller's IPO subscriptions, newest first, with the specification's IPO fields",
    request: z.object({ ...zPaging, status: z.enum(SUBSCRIPTION_STATUSES).optional() }),
    response: pageOf(zSubscription),
  }),
  ipoFullNum: route({
    method: 'POST',
    path: '/position/getIpoFullNum',
    auth: 'user',
    tag: 'deals',
    summary: "The most lots the caller's subscription wallet pays for in a deal, handling fee included (the order page's Full)",
    request: zDealRef,
    response: z.object({
      dealId: z.number().int(),
      lots: z.number().int(),
      quantity: zDecimal,
      lotSize: zDecimal,
      /** The price the hold is computed at, in the deal's currency. */
      price: zDecimal,
      /** What those lots hold, fee included, and the handling fee, in euros. */
      amount: zDecimal,
      handlingFee: zDecimal,
      available: zDecimal,
      rate: zDecimal,
      walletCode: zWalletCode,
      walletCurrency: z.literal('EUR'),
    }),
  }),
};

export const dealOperatorRoutes = {
  dealList: route({
    method: 'GET',
    path: '/operator/deals',
    auth: 'operator',
    tag: 'admin',
    summary: 'IPO deals, newest first, with their subscriptions count and demand',
    request: z.object({ ...zPaging, status: z.enum(DEAL_STATUSES).optional() }),
    response: pageOf(zDeal),
  }),
  dealDetail: route({
    method: 'GET',
    path: '/operator/deals/:id',
    auth: 'operator',
    tag: 'admin',
    summary: 'One IPO deal with its subscriptions count, demand and allotment',
    params: zDealId,
    request: z.object({}),
    response: zDeal,
  }),
  dealSubscriptions: route({
    method: 'GET',
    path: '/operator/deals/:id/subscriptions',
    auth: 'operator',
    tag: 'admin',
    summary: 'The applications of one deal, oldest first, each with its investor and (Hong Kong) its pool; by status',
    params: zDealId,
    request: z.object({ ...zPaging, status: z.enum(SUBSCRIPTION_STATUSES).optional() }),
    response: pageOf(zDealApplication),
  }),
  dealCreate: route({
    method: 'POST',
    path: '/operator/deals',
    auth: 'operator',
    tag: 'admin',
    summary: 'Announce an IPO deal; it opens and closes at its window times',
    request: zDealInput,
    response: zDeal,
  }),
  dealUpdate: route({
    method: 'POST',
    path: '/operator/deals/:id',
    auth: 'operator',
    tag: 'admin',
    summary: 'Edit a deal while it is announced',
    params: zDealId,
    request: zDealInput,
    response: zDeal,
  }),
  dealOpen: operatorStep('/operator/deals/:id/open', 'Open an announced deal for subscriptions now'),
  dealClose: operatorStep('/operator/deals/:id/close', 'Close an open deal’s window now'),
  dealPrice: route({
    method: 'POST',
    path: '/operator/deals/:id/price',
    auth: 'operator',
    tag: 'admin',
    summary: 'Fix a closed deal’s final price (Hong Kong: at most the top of the range; United States: outside the band, offers must be reconfirmed)',
    params: zDealId,
    request: z.object({ finalPrice: zDealPrice }),
    response: zDeal,
  }),
  dealAllot: operatorStep('/operator/deals/:id/allot', 'Run a priced deal’s allotment now (the job runs it on the allotment date)'),
  dealListing: operatorStep(
    '/operator/deals/:id/list',
    'List an allotted deal now: its instrument trades from the next open (the job lists it at the open of its listing date)',
  ),
  dealCancel: route({
    method: 'POST',
    path: '/operator/deals/:id/cancel',
    auth: 'operator',
    tag: 'admin',
    summary: 'Cancel a deal before its listing: every hold is released and every handling fee refunded',
    params: zDealId,
    request: zReason,
    response: zDeal,
  }),
};

/** The deal statuses in which an operator may still cancel (decision 0019: any before listed). */
export const CANCELLABLE_DEAL_STATUSES: readonly DealStatus[] = [
  DealStatus.Announced,
  DealStatus.Open,
  DealStatus.Closed,
  DealStatus.Priced,
  DealStatus.Allotted,
];
