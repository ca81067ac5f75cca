// The terms of the listed bonds and bills (decision 0022, "Bonds"): coupon frequency, the face a
// purchase is a multiple of, the spread over the currency's curve, the half of the bid-ask spread,
// and the coupon calendar. Days are UTC calendar dates as day numbers (days since 1970-01-01), as in
// calendars.ts. Shared by the simulated market (which draws bond prices from the curve) and the
// bonds module (which sells them), so the two can never disagree about a coupon date or the day a
// trade settles.

import { addSettlementDays, isoToDay, session, settlementCycle, weekdayOf } from './calendars';
import type { CalendarId, Instrument } from './types';

export const DAY_MS = 86_400_000;
const THURSDAY = 4;

export interface BondSpec {
  /** Coupons a year: 2 for US Treasuries and Mbonos, 1 for the euro government bonds, 0 for a bill. */
  frequency: 0 | 1 | 2;
  /** A purchase is a whole multiple of this face amount, in the bond's currency. */
  faceIncrement: string;
  /** The listing's spread over its curve when it is first listed, basis points (an operator may change it). */
  spreadBp: string;
  /** Half the bid-ask spread, per 100 face: bid = mid − half, ask = mid + half. */
  halfSpread: string;
}

// The USD, EUR and MXN curves are the Treasury, Bund and Mbono curves: their own issuers sit on them;
// the Dutch and Belgian bonds trade at their usual spreads over Bunds.
export const BOND_SPECS: Readonly<Record<string, BondSpec>> = {
  US1M: { frequency: 0, faceIncrement: '100', spreadBp: '0', halfSpread: '0.0025' },
  US3M: { frequency: 0, faceIncrement: '100', spreadBp: '0', halfSpread: '0.0040' },
  US6M: { frequency: 0, faceIncrement: '100', spreadBp: '0', halfSpread: '0.0060' },
  US2Y: { frequency: 2, faceIncrement: '100', spreadBp: '0', halfSpread: '0.0100' },
  US5Y: { frequency: 2, faceIncrement: '100', spreadBp: '0', halfSpread: '0.0150' },
  US10Y: { frequency: 2, faceIncrement: '100', spreadBp: '0', halfSpread: '0.0200' },
  US30Y: { frequency: 2, faceIncrement: '100', spreadBp: '0', halfSpread: '0.0400' },
  DE10Y: { frequency: 1, faceIncrement: '1000', spreadBp: '0', halfSpread: '0.0200' },
  NL10Y: { frequency: 1, faceIncrement: '1000', spreadBp: '8', halfSpread: '0.0250' },
  BE10Y: { frequency: 1, faceIncrement: '1000', spreadBp: '35', halfSpread: '0.0300' },
  MX10Y: { frequency: 2, faceIncrement: '1000', spreadBp: '0', halfSpread: '0.0500' },
};

export function bondSpecOf(symbol: string): BondSpec {
  const spec = BOND_SPECS[symbol];
  if (!spec) throw new Error(`no bond terms for ${symbol}`);
  return spec;
}

/** One issue: what a holding keeps, since a bill's quote rolls on to newer issues. */
export interface BondTerms {
  symbol: string;
  currency: string;
  /** Percent a year, e.g. "4.125"; "0" for a bill. */
  couponRate: string;
  frequency: 0 | 1 | 2;
  /** The day it is redeemed at par (with its last coupon). */
  maturity: number;
}

/**
 * The issue a bond's quote is for on `day`. A bill is the on-the-run one: bills of every tenor are
 * issued each Thursday, so the newest issue on or before `day` matures `billWeeks` weeks after it.
 */
export function bondTermsAt(instrument: Instrument, day: number): BondTerms {
  const spec = bondSpecOf(instrument.symbol);
  const base = { symbol: instrument.symbol, currency: instrument.currency, couponRate: instrument.couponRate ?? '0', frequency: spec.frequency };
  if (instrument.billWeeks !== undefined) {
    const issued = day - ((weekdayOf(day) - THURSDAY + 7) % 7);
    return { ...base, maturity: issued + 7 * instrument.billWeeks };
  }
  if (!instrument.expiry) throw new Error(`${instrument.symbol} has no maturity`);
  return { ...base, maturity: isoToDay(instrument.expiry) };
}

/** The date `months` calendar months from `day`; on the end-of-month rule, the last day of that month. */
function addMonths(day: number, months: number, endOfMonth: boolean): number {
  const d = new Date(day * DAY_MS);
  const total = d.getUTCFullYear() * 12 + d.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const length = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, endOfMonth ? length : Math.min(d.getUTCDate(), length)) / DAY_MS;
}

const isMonthEnd = (day: number): boolean => new Date((day + 1) * DAY_MS).getUTCDate() === 1;

/**
 * The coupon dates (quasi-coupon dates before the first are included) from the one on or before
 * `from` up to maturity, oldest first, counted back from maturity in steps of 12 ÷ frequency months;
 * a maturity on a month's last day keeps every date on its month's last day. Empty for a bill.
 */
export function couponDays(terms: BondTerms, from: number): number[] {
  if (terms.frequency === 0) return [];
  const step = 12 / terms.frequency;
  const eom = isMonthEnd(terms.maturity);
  const days: number[] = [];
  for (let k = 0; ; k += 1) {
    const d = k === 0 ? terms.maturity : addMonths(terms.maturity, -k * step, eom);
    days.push(d);
    if (d <= from) break;
  }
  return days.reverse();
}

/** The coupon period holding `day` (previous ≤ day < next), or null on or after maturity or for a bill. */
export function couponPeriod(terms: BondTerms, day: number): { previous: number; next: number } | null {
  if (terms.frequency === 0 || day >= terms.maturity) return null;
  const days = couponDays(terms, day);
  const previous = days[0] as number;
  const next = days[1] as number;
  return { previous, next };
}

/** The payment dates after `day` up to maturity: coupon dates, or for a bill its maturity alone. */
export function paymentDays(terms: BondTerms, day: number): number[] {
  if (day >= terms.maturity) return [];
  if (terms.frequency === 0) return [terms.maturity];
  return couponDays(terms, day).filter((d) => d > day);
}

export const dayOfInstant = (at: number): number => Math.floor(at / DAY_MS);

/**
 * The business days a bond settles and pays on: US Treasuries on SIFMA's, the euro government bonds
 * on TARGET's (Xetra's settlement days are those), Mbonos on the Mexican market's.
 */
export const bondCalendar = (currency: string): CalendarId => (currency === 'USD' ? 'BONDS' : currency === 'MXN' ? 'BMV' : 'XETRA');

/**
 * Mbonos settle T+2 on the Mexican market's days. BMV's own cycle is its equities' (T+1 since 27 May
 * 2024, with the US move); the Mbono market kept T+2, the convention its foreign holders settle on.
 */
const MBONO_CYCLE = 2;

/** The trading day is constant from a session's start to the next start: one span kept, as prices are asked minute after minute. */
let tradeDaySpan = { from: 0, to: 0, day: 0 };

/**
 * The bond market's trading day of `at` (its New York session's, the last one begun while it is
 * closed): a trade at 20:00 New York is of that day, and one on a Saturday of Friday's, whatever the UTC date.
 */
export function bondTradeDay(at: number): number {
  if (at >= tradeDaySpan.from && at < tradeDaySpan.to) return tradeDaySpan.day;
  const s = session('BONDS', at, { extendedHours: false });
  tradeDaySpan = { from: at, to: s.nextChange, day: isoToDay(s.tradingDay) };
  return tradeDaySpan.day;
}

const settlements = new Map<string, number>();

/**
 * The settlement day of a bond trade at `at`: T+n settlement days of the bond's calendar after the
 * bond market's trading day of `at`. Treasuries (and bills) T+1 on SIFMA's days; euro government
 * bonds on TARGET's at the EU cycle, T+2 and T+1 from 11 October 2027, since CSDR art. 5(2) sets
 * it for every transferable security traded on a venue, government bonds included; Mbonos T+2.
 * Accrued interest, the price, the yields and which coupons a buyer receives are all to this day.
 */
export function bondSettlementDay(currency: string, at: number): number {
  const tradeDay = bondTradeDay(at);
  const key = `${currency}|${tradeDay}`;
  let day = settlements.get(key);
  if (day === undefined) {
    const calendar = bondCalendar(currency);
    day = addSettlementDays(calendar, tradeDay, currency === 'MXN' ? MBONO_CYCLE : settlementCycle(calendar, tradeDay));
    if (settlements.size > 10_000) settlements.clear();
    settlements.set(key, day);
  }
  return day;
}
