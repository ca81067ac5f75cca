import { addPrecise, compareDecimal, divPrecise, floorInteger, mulPrecise, signOf, subPrecise } from '../decimal';
import { IpoStatus } from '../enums';
import { convertAmount, orderCosts } from './formulas';

// The money rules of the primary market (docs/decisions/0019-primary-market.md, "Money"), once:
// the server holds and allots with these figures and the order page estimates with them. A
// subscription is costed like a leverage-1 order of trading (`orderCosts`): the shares' money and
// the fee each to the cent in euros, so what an allotment takes can never exceed what was held.

/** A deal's lifecycle (decision 0019): announced -> open -> closed -> priced -> allotted -> listed, or cancelled before listed. */
export const DealStatus = {
  Announced: 'announced',
  Open: 'open',
  Closed: 'closed',
  Priced: 'priced',
  Allotted: 'allotted',
  Listed: 'listed',
  Cancelled: 'cancelled',
} as const;
export type DealStatus = (typeof DealStatus)[keyof typeof DealStatus];
export const DEAL_STATUSES = Object.values(DealStatus) as [DealStatus, ...DealStatus[]];

/**
 * One investor's subscription as the server keeps it. `refunded`: a United States offer that was
 * not reconfirmed after a price outside the band, given back whole at the allotment. The
 * specification's five states (`IpoStatus`) are read from this and the deal's status (`ipoStateOf`).
 */
export const SubscriptionStatus = {
  Subscribed: 'subscribed',
  Allotted: 'allotted',
  NotAllotted: 'notAllotted',
  Refunded: 'refunded',
  Cancelled: 'cancelled',
} as const;
export type SubscriptionStatus = (typeof SubscriptionStatus)[keyof typeof SubscriptionStatus];
export const SUBSCRIPTION_STATUSES = Object.values(SubscriptionStatus) as [SubscriptionStatus, ...SubscriptionStatus[]];

/** The markets deals are run on, each with its exchanges, its currency and the time zone its dates are read in. */
export const DEAL_MARKETS = {
  US: { exchanges: ['NASDAQ', 'NYSE'], currency: 'USD', timeZone: 'America/New_York' },
  HK: { exchanges: ['HKEX'], currency: 'HKD', timeZone: 'Asia/Hong_Kong' },
} as const;
export type DealMarket = keyof typeof DEAL_MARKETS;
export const DEAL_MARKET_CODES = ['US', 'HK'] as const;
export const DEAL_EXCHANGES = ['NASDAQ', 'NYSE', 'HKEX'] as const;
export type DealExchange = (typeof DEAL_EXCHANGES)[number];

/** HKEX's line between pool A and pool B: an application's amount at the maximum offer price, in HKD. */
export const HK_POOL_THRESHOLD = '5000000';

/**
 * A United States final price this far outside the range (a fraction of its end) makes every
 * offer need reconfirming, as SEC Rule 430A's 20 % and the US brokers' conditional offers have it.
 */
export const RECONFIRM_BAND = '0.2';

/** The calendar day of a moment in a time zone, YYYY-MM-DD. */
export function dayIn(timeZone: string, timestamp: number): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(timestamp));
}

/**
 * What `lots` cost at `price` (deal currency) converted at `rate` (euros per unit of it): the
 * shares' money and the fee on it, each to the cent (the fee at least 0.01 once anything is owed),
 * and their sum. Held at subscription at the top of the range; taken at allotment for the
 * allotted lots at the final price.
 */
export function subscriptionCosts(s: { lots: number | string; lotSize: number | string; price: string; rate: string; feeRate: string }) {
  const c = orderCosts({ price: s.price, quantity: mulPrecise(s.lots, s.lotSize), rate: s.rate, leverage: 1, feeRate: s.feeRate });
  return { amount: c.margin, fee: c.fee, total: c.total };
}

/** The handling fee in euros: the deal's fee (in its currency) at the subscription's rate, to the cent. */
export const handlingFeeOf = (handlingFee: string, rate: string) => convertAmount(handlingFee, rate);

/**
 * The most lots `budget` pays for, the handling fee included (`/position/getIpoFullNum`, the order
 * page's "Full"), at most `maxLots`. Each candidate is costed exactly as a subscription is held,
 * so the answer is always accepted while the budget and the rate stay put.
 */
export function affordableLots(a: { budget: string; lotSize: number | string; price: string; rate: string; feeRate: string; handlingFee: string; maxLots: number }): number {
  const left = subPrecise(a.budget, a.handlingFee);
  if (signOf(left) <= 0 || a.maxLots < 1) return 0;
  const fits = (lots: number) => lots <= a.maxLots && compareDecimal(subscriptionCosts({ ...a, lots }).total, left) !== 1;
  const perLot = mulPrecise(mulPrecise(mulPrecise(a.lotSize, a.price), a.rate), addPrecise(1, a.feeRate));
  // The count becomes a number only once it is at most maxLots, so no large quotient passes through a float.
  const estimate = signOf(perLot) > 0 ? floorInteger(divPrecise(left, perLot)) : null;
  let lots = estimate === null || compareDecimal(estimate, String(a.maxLots)) !== -1 ? a.maxLots : Number(estimate);
  // Rounding to the cent may put the estimate one lot either side of the truth.
  while (lots > 0 && !fits(lots)) lots -= 1;
  while (fits(lots + 1)) lots += 1;
  return lots;
}

/**
 * Whether a United States final price asks every offer to be reconfirmed: more than RECONFIRM_BAND
 * above the top of the range or below its bottom.
 */
export function outsideReconfirmBand(d: { priceLow: string; priceHigh: string; finalPrice: string }): boolean {
  const ceiling = mulPrecise(d.priceHigh, addPrecise(1, RECONFIRM_BAND));
  const floor = mulPrecise(d.priceLow, subPrecise(1, RECONFIRM_BAND));
  return compareDecimal(d.finalPrice, ceiling) === 1 || compareDecimal(d.finalPrice, floor) === -1;
}

/**
 * The specification's IPO state of a subscription (or of a deal the caller has not subscribed to):
 * available to subscribe while open; subscribed while open; waiting for allotment once the window
 * closed; then allotted or not allotted. A refunded or cancelled subscription was not allotted.
 */
export function ipoStateOf(deal: DealStatus, subscription: SubscriptionStatus): IpoStatus;
export function ipoStateOf(deal: DealStatus, subscription: null): IpoStatus | null;
export function ipoStateOf(deal: DealStatus, subscription: SubscriptionStatus | null): IpoStatus | null {
  // Without a subscription the specification has a state only for a deal one can subscribe to.
  if (subscription === null) return deal === DealStatus.Open ? IpoStatus.AvailableToSubscribe : null;
  if (subscription === SubscriptionStatus.Subscribed) return deal === DealStatus.Open ? IpoStatus.Subscribed : IpoStatus.WaitingAllotment;
  return subscription === SubscriptionStatus.Allotted ? IpoStatus.Allotted : IpoStatus.NotAllotted;
}
