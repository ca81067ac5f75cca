import {
  VENUES,
  daySegments,
  dayToIso,
  isoToDay,
  localDay,
  nextTradingDay,
  previousTradingDay,
  regularSegments,
  tradingDayOnOrAfter,
  type CalendarId,
} from '../calendar/calendar';
import type { Locale } from '../constants';
import { addPrecise, compareDecimal, divPrecise, floorInteger, mulPrecise, signOf, subPrecise } from '../decimal';
import { IpoStatus } from '../enums';
import { formatInstant, isMessageKey, translate, zoneLabel } from '../messages';
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

/**
 * The markets deals are run on, each with its exchanges, its currency and its exchange calendar
 * (whose zone its dates are read in, whose days and hours its steps keep to).
 */
export const DEAL_MARKETS = {
  US: { exchanges: ['NASDAQ', 'NYSE'], currency: 'USD', calendar: 'US', timeZone: VENUES.US.timeZone },
  HK: { exchanges: ['HKEX'], currency: 'HKD', calendar: 'HK', timeZone: VENUES.HK.timeZone },
} as const satisfies Record<string, { exchanges: readonly string[]; currency: string; calendar: CalendarId; timeZone: string }>;
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
export const dayIn = (timeZone: string, timestamp: number): string => dayToIso(localDay(timeZone, timestamp));

// ---- the timetable (anchors, "IPO timetables") ------------------------------------------------
//
// A window opens and closes inside a session of the exchange's day that is not extended hours
// (`daySegments(calendar, day, false)`): Hong Kong 09:00-12:00 (the pre-opening, when an offer
// opens, and the morning) and 13:00-16:00, New York 09:30-16:00. A window may close at a
// session's very end (Hong Kong's 12:00 noon) but not open there. The allotment (the results)
// and the listing fall on trading days; a listing trades from the day's first regular session.

export type DealWindowEdge = 'opens' | 'closes';

/** The sessions a window may open or close in, of the days around `at`. */
function windowSegmentsAround(market: DealMarket, at: number) {
  const calendar = DEAL_MARKETS[market].calendar;
  const today = localDay(DEAL_MARKETS[market].timeZone, at);
  return [today - 1, today, today + 1].flatMap((day) => daySegments(calendar, day, false));
}

/** Whether a window may open (or close) at `at`. */
export function isWindowTime(market: DealMarket, at: number, edge: DealWindowEdge): boolean {
  return windowSegmentsAround(market, at).some((s) => s.start <= at && (edge === 'closes' ? at <= s.end : at < s.end));
}

/** `at` when a window may open (close) then, else the start of the next session it may. */
export function nextWindowTime(market: DealMarket, at: number, edge: DealWindowEdge): number {
  if (isWindowTime(market, at, edge)) return at;
  const calendar = DEAL_MARKETS[market].calendar;
  const today = localDay(DEAL_MARKETS[market].timeZone, at);
  for (let day = today - 1; day < today + 40; day += 1) for (const s of daySegments(calendar, day, false)) if (s.start > at) return s.start;
  return at;
}

/** When a listing on trading day `day` first trades: the day's first regular session (HKEX 09:30, after New York's opening cross). */
export function listingOpensAt(market: DealMarket, day: number): number | null {
  return regularSegments(DEAL_MARKETS[market].calendar, day)[0]?.start ?? null;
}

/** The trading day on or after `day` (YYYY-MM-DD), as a day number. */
const tradingDayFrom = (market: DealMarket, day: string) => tradingDayOnOrAfter(DEAL_MARKETS[market].calendar, isoToDay(day));

export interface DealSchedule {
  prospectusDate: string;
  subscriptionOpensTimestamp: number;
  subscriptionClosesTimestamp: number;
  allotmentDate: string;
  listingDate: string;
}

/** What is wrong with a deal's schedule on its exchange's calendar: the first field, and the next time (or day) it could take. */
export interface DealScheduleProblem {
  field: 'subscriptionOpensTimestamp' | 'subscriptionClosesTimestamp' | 'allotmentDate' | 'listingDate';
  key: 'e.dealOpensHours' | 'e.dealClosesHours' | 'e.dealAllotmentDay' | 'e.dealListingDay';
  /** The next valid instant (the allotment's: its day's first session start). */
  next: number;
  /** Whether only the day of `next` counts (the allotment date). */
  dayOnly: boolean;
}

/** The first step of `d` that is off its exchange's hours or days, or null. */
export function dealScheduleProblem(market: DealMarket, d: Omit<DealSchedule, 'prospectusDate'>): DealScheduleProblem | null {
  const calendar = DEAL_MARKETS[market].calendar;
  if (!isWindowTime(market, d.subscriptionOpensTimestamp, 'opens')) {
    return {
      field: 'subscriptionOpensTimestamp',
      key: 'e.dealOpensHours',
      next: nextWindowTime(market, d.subscriptionOpensTimestamp, 'opens'),
      dayOnly: false,
    };
  }
  if (!isWindowTime(market, d.subscriptionClosesTimestamp, 'closes')) {
    return {
      field: 'subscriptionClosesTimestamp',
      key: 'e.dealClosesHours',
      next: nextWindowTime(market, d.subscriptionClosesTimestamp, 'closes'),
      dayOnly: false,
    };
  }
  const allotment = isoToDay(d.allotmentDate);
  if (tradingDayFrom(market, d.allotmentDate) !== allotment) {
    return {
      field: 'allotmentDate',
      key: 'e.dealAllotmentDay',
      next: daySegments(calendar, nextTradingDay(calendar, allotment), false)[0]!.start,
      dayOnly: true,
    };
  }
  const listing = isoToDay(d.listingDate);
  if (tradingDayFrom(market, d.listingDate) !== listing) {
    return { field: 'listingDate', key: 'e.dealListingDay', next: listingOpensAt(market, nextTradingDay(calendar, listing))!, dayOnly: false };
  }
  return null;
}

/**
 * A deal's schedule as the exchange's prospectuses lay it out, from the trading day on or after
 * `openDay` (anchors, "IPO timetables"), moved past holidays by counting trading days:
 * - Hong Kong: opens 09:00, closes 12:00 noon three trading days on (Monday to Thursday), priced
 *   the next trading day (T), results the one after (T+1), dealing the one after that (T+2).
 * - United States: the book opens at 09:30 and closes at the close four trading days on; the deal
 *   is priced after that close and allotted that night, and trades from the next trading morning.
 * The prospectus is dated the trading day before the window opens.
 */
export function dealTimetable(market: DealMarket, openDay: number): DealSchedule {
  const calendar = DEAL_MARKETS[market].calendar;
  const opens = tradingDayOnOrAfter(calendar, openDay);
  const after = (day: number, n: number) => {
    let d = day;
    for (let k = 0; k < n; k += 1) d = nextTradingDay(calendar, d);
    return d;
  };
  const prospectusDate = dayToIso(previousTradingDay(calendar, opens));
  if (market === 'HK') {
    const closes = after(opens, 3);
    const results = after(closes, 2);
    return {
      prospectusDate,
      subscriptionOpensTimestamp: daySegments(calendar, opens, false)[0]!.start,
      // The end of the morning session: 12:00 noon, a half day's included.
      subscriptionClosesTimestamp: regularSegments(calendar, closes)[0]!.end,
      allotmentDate: dayToIso(results),
      listingDate: dayToIso(after(results, 1)),
    };
  }
  const closes = after(opens, 4);
  return {
    prospectusDate,
    subscriptionOpensTimestamp: listingOpensAt(market, opens)!,
    subscriptionClosesTimestamp: regularSegments(calendar, closes).at(-1)!.end,
    allotmentDate: dayToIso(closes),
    listingDate: dayToIso(after(closes, 1)),
  };
}

/**
 * The placeholders of a refusal naming the next valid time: the market, that time on its clock in
 * the reader's one date style (the date alone with `dayOnly`), and the clock's name.
 */
export function nextTimeParams(locale: Locale, market: DealMarket, next: number, dayOnly = false): { market: string; next: string; zone: string } {
  const zone = DEAL_MARKETS[market].timeZone;
  return {
    market: translate(locale, `cal.${market}.market`),
    next: formatInstant(locale, next, dayOnly ? 'date' : 'dateMinute', zone),
    zone: zoneLabel(locale, zone, (key) => (isMessageKey(key) ? translate(locale, key) : undefined)),
  };
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
export function affordableLots(a: {
  budget: string;
  lotSize: number | string;
  price: string;
  rate: string;
  feeRate: string;
  handlingFee: string;
  maxLots: number;
}): number {
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
