import type { BondHolding, BondQuote } from '@tradeapp/contract';
import { Dec, fixed } from '../../lib/decimal';
import { bondSettlementDay, bondTermsAt, DAY_MS, dayOfInstant, paymentDays, type BondTerms } from '../../market/bondTerms';
import { bondQuoteTime, type SpreadChange } from '../../market/bondModel';
import { dayToIso, isoToDay, previousTradingDay, regularSegments, session as calendarSession } from '../../market/calendars';
import type { Instrument } from '../../market/types';
import { UNIVERSE } from '../../market/universe';
import { periodCoupon } from './formulas';
import type { BondPricing } from './pricing';
import type { HoldingRow, ListingRow } from './repository';

// A listing's quote and a holding as the contract shows them, and the roundings and days they are
// computed with, which the use cases and the portfolio's lines share.

/** The bonds and bills of the market: priced from the curves whatever provider serves the other quotes. */
export const BONDS: readonly Instrument[] = UNIVERSE.filter((i) => i.assetClass === 'bond');

/** To the cent, half up: every amount of money a bond moves. */
export const money = (x: Dec) => x.toDecimalPlaces(2, Dec.ROUND_HALF_UP);
export const percent = (fraction: Dec | null) => fixed((fraction ?? new Dec(0)).mul(100), 3);
export const dayStart = (day: number) => new Date(day * DAY_MS);
export const dayOfDate = (d: Date) => dayOfInstant(d.getTime());

export const termsOfHolding = (h: Pick<HoldingRow, 'symbol' | 'currency' | 'coupon_rate' | 'frequency' | 'maturity'>): BondTerms => ({
  symbol: h.symbol,
  currency: h.currency,
  couponRate: h.coupon_rate,
  frequency: h.frequency,
  maturity: dayOfDate(h.maturity),
});

/** The end of the bond market's previous regular session before the trading day of `at`: where "today's change" starts. */
export function previousClose(at: number): number {
  const today = isoToDay(calendarSession('BONDS', at, { extendedHours: false }).tradingDay);
  const segments = regularSegments('BONDS', previousTradingDay('BONDS', today));
  return segments[segments.length - 1]!.end;
}

export function createBondViews(pricing: BondPricing, refreshedScheduleOf: (symbol: string) => SpreadChange[] | undefined) {
  /**
   * A listing's quote: the market's own (`pricing.price`, the one function Markets reads too), of
   * the bond market's last trade, for the issue quoted then; its accrued interest, coupon dates and
   * yields to the settlement day of a trade then.
   */
  function quoteOf(i: Instrument, listing: ListingRow, at: number, schedule: readonly SpreadChange[] | undefined, held: Dec): BondQuote {
    const terms = bondTermsAt(i, dayOfInstant(bondQuoteTime(at)));
    const p = pricing.price(terms, at, schedule);
    const day = p.day;
    const dirty = p.ask.add(p.accrued);
    return {
      symbol: i.symbol,
      name: i.name,
      currency: i.currency,
      couponRate: fixed(terms.couponRate, 3),
      frequency: terms.frequency,
      maturity: terms.maturity * DAY_MS,
      couponDates: terms.frequency === 0 ? [] : paymentDays(terms, day).map((d) => d * DAY_MS),
      faceIncrement: fixed(listing.face_increment, 2),
      price: fixed(p.mid, 4),
      dirtyPrice: fixed(p.mid.add(p.accrued), 6),
      timestamp: p.time,
      settlementDate: dayToIso(day),
      bid: fixed(p.bid, 4),
      ask: fixed(p.ask, 4),
      accrued: fixed(p.accrued, 6),
      dirty: fixed(dirty, 6),
      markup: fixed(p.markup, 2),
      ytm: percent(pricing.ytm(terms, day, dirty)),
      ytmAfterFees: percent(pricing.ytm(terms, day, dirty.add(p.markup))),
      curveRate: percent(p.curveRate),
      spreadBp: fixed(p.spreadBp, 2),
      paused: listing.paused_at !== null || terms.maturity <= day,
      held: fixed(held, 2),
    };
  }

  /**
   * A holding with its value now: what a sale now would pay before the markup, the bid with interest
   * accrued to the sale's settlement day, and the coupons due by that day not yet paid, which are the
   * holder's whoever buys it. Once a sale would settle on or after maturity, the redemption at par.
   */
  function holdingOf(h: HoldingRow, at: number): BondHolding {
    const i = BONDS.find((b) => b.symbol === h.symbol);
    const terms = termsOfHolding(h);
    const open = h.status === 'holding';
    const schedule = refreshedScheduleOf(h.symbol);
    let value = new Dec(0);
    let zde = new Dec(0);
    if (open) {
      const settlement = bondSettlementDay(h.currency, at);
      const face = new Dec(h.remaining);
      if (settlement >= terms.maturity) {
        value = money(face);
      } else {
        const p = pricing.price(terms, at, schedule);
        value = money(face.mul(p.bid.add(p.accrued)).div(100));
        zde = p.bid.sub(pricing.price(terms, previousClose(at), schedule).bid);
      }
      const coupon = money(face.mul(periodCoupon(terms)).div(100));
      let next = h.next_payment ? dayOfDate(h.next_payment) : undefined;
      for (; next !== undefined && next <= settlement; next = paymentDays(terms, next)[0]) value = value.add(coupon);
    }
    const cost = new Dec(h.cost);
    return {
      id: h.id,
      symbol: h.symbol,
      name: i?.name ?? h.symbol,
      currency: h.currency,
      couponRate: fixed(h.coupon_rate, 3),
      frequency: h.frequency,
      maturity: h.maturity.getTime(),
      status: h.status,
      settlementDate: dayToIso(dayOfDate(h.settlement_day)),
      face: fixed(h.face, 2),
      remaining: fixed(h.remaining, 2),
      price: fixed(h.price, 4),
      accrued: fixed(h.accrued, 6),
      markup: fixed(h.markup, 2),
      cost: fixed(cost, 2),
      fee: fixed(h.fee, 2),
      ytm: fixed(h.ytm, 3),
      coupons: fixed(h.coupons, 2),
      proceeds: fixed(h.proceeds, 2),
      value: fixed(value, 2),
      profit: fixed(value.add(h.coupons).add(h.proceeds).sub(cost), 2),
      zde: fixed(zde, 4),
      nextCouponTimestamp: h.next_payment?.getTime() ?? null,
      createTimeTimestamp: h.created_at.getTime(),
      closeTimeTimestamp: h.closed_at?.getTime() ?? null,
    };
  }

  return { quoteOf, holdingOf };
}
