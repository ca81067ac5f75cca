import type Decimal from 'decimal.js';
import { DEPOSIT_INCOME_UNITS, FUND_NAV_DECIMALS, FUND_PAYOUT_WORKING_DAYS, FUND_UNIT_DECIMALS } from '@tradeapp/contract';
import {
  adjustDay,
  CALENDARS,
  isSettlementDay,
  isTradingDay,
  localDay,
  localToUtc,
  nextTradingDay,
  previousTradingDay,
  regularSegments,
} from '../../market/calendars';
import type { CalendarId } from '../../market/types';
import { Dec } from '../../lib/decimal';

// The money rules of funds and deposit terms (decision 0022), pure functions of their inputs. A day
// is the epoch ms of a date's UTC midnight: a fund's trading day in its calendar's time zone, a
// deposit's UTC day. Amounts are euros; every rounding is stated where it happens.

export const DAY_MS = 86_400_000;
const YEAR_DAYS = 365;

/** The UTC day (its midnight, epoch ms) that `at` falls in. */
export const utcDayOf = (at: number) => Math.floor(at / DAY_MS) * DAY_MS;

const toNumber = (day: number) => Math.round(day / DAY_MS);
const toMs = (dayNumber: number) => dayNumber * DAY_MS;

export interface CutoffTerms {
  calendar: CalendarId;
  /** The cut-off, minutes after midnight in the calendar's time zone. */
  cutoffMinutes: number;
  /** An order before the cut-off gets the previous trading day's NAV (a liquid fund, as in India). */
  navLag: boolean;
}

/**
 * The cut-off rule: an order before the cut-off on a trading day counts for that day, after it (or on
 * a day the fund's market is shut) for the next trading day; it gets that day's NAV, or with `navLag`
 * the NAV of the trading day before it. `cutoffAt` is the cut-off the order is before; an order
 * placed after it gets `nextNavDay`.
 */
export function orderTiming(f: CutoffTerms, at: number): { cutoffAt: number; orderNavDay: number; nextNavDay: number } {
  const tz = CALENDARS[f.calendar].timeZone;
  const today = localDay(tz, at);
  let day = isTradingDay(f.calendar, today) ? today : nextTradingDay(f.calendar, today);
  let cutoffAt = localToUtc(tz, day, f.cutoffMinutes);
  if (at >= cutoffAt) {
    day = nextTradingDay(f.calendar, day);
    cutoffAt = localToUtc(tz, day, f.cutoffMinutes);
  }
  return {
    cutoffAt,
    orderNavDay: toMs(f.navLag ? previousTradingDay(f.calendar, day) : day),
    nextNavDay: toMs(f.navLag ? day : nextTradingDay(f.calendar, day)),
  };
}

/** The trading day before / after `day` on the fund's calendar. */
export const previousNavDay = (calendar: CalendarId, day: number) => toMs(previousTradingDay(calendar, toNumber(day)));
export const nextNavDay = (calendar: CalendarId, day: number) => toMs(nextTradingDay(calendar, toNumber(day)));
export const isNavDay = (calendar: CalendarId, day: number) => isTradingDay(calendar, toNumber(day));

/** The trading day of the fund's calendar on which `at` falls, or the last one before it. */
export function latestNavDayAt(calendar: CalendarId, at: number): number {
  const today = localDay(CALENDARS[calendar].timeZone, at);
  return toMs(isTradingDay(calendar, today) ? today : previousTradingDay(calendar, today));
}

/** The date in the calendar's time zone that `at` falls on, as a day. */
export const localDayOf = (calendar: CalendarId, at: number) => toMs(localDay(CALENDARS[calendar].timeZone, at));

/**
 * A redemption is paid on the third working day after its NAV day: money moves on settlement days,
 * not trading days, so a day the fund's market trades but does not settle (Hong Kong's half days)
 * does not count, and one it settles without trading (Xetra's 24 and 31 December) does.
 */
export function payDayOf(calendar: CalendarId, navDay: number): number {
  let day = toNumber(navDay);
  for (let n = 0; n < FUND_PAYOUT_WORKING_DAYS; n += 1) {
    day += 1;
    while (!isSettlementDay(calendar, day)) day += 1;
  }
  return toMs(day);
}

/**
 * Euro deposit terms pay on TARGET business days; Xetra's settlement days are those (closed on New
 * Year, Good Friday, Easter Monday, 1 May, 25 and 26 December, settling on 24 and 31 December).
 */
export const DEPOSIT_CALENDAR: CalendarId = 'XETRA';

/** A Regular term ending on `endDay` (a UTC day) is paid that day, or on the following business day with no extra interest. */
export const maturityPayDay = (endDay: number) => toMs(adjustDay(DEPOSIT_CALENDAR, toNumber(endDay), 'following'));

/** The local midnight that starts `day` in the fund's time zone: a payday's money moves from then. */
export const dayStartAt = (calendar: CalendarId, day: number) => localToUtc(CALENDARS[calendar].timeZone, toNumber(day), 0);

/**
 * The moment a NAV of `day` is struck: when the last of the basket's markets that trade that day has
 * closed (and the fund's own, for a basket with none). Closes and rates are read at this moment.
 */
export function navInstant(calendar: CalendarId, basketCalendars: readonly CalendarId[], day: number): number {
  const n = toNumber(day);
  let at = regularSegments(calendar, n).at(-1)?.end ?? localToUtc(CALENDARS[calendar].timeZone, n + 1, 0);
  for (const c of new Set(basketCalendars)) {
    const end = regularSegments(c, n).at(-1)?.end;
    if (end !== undefined && end > at) at = end;
  }
  return at;
}

/** Σ weight × close ÷ previous close, the closes in euros: the basket's move over one NAV day. */
export function basketRatio(parts: ReadonlyArray<{ weight: Decimal.Value; close: Decimal.Value; previousClose: Decimal.Value }>): Dec {
  return parts.reduce((sum, p) => sum.add(new Dec(p.weight).mul(p.close).div(p.previousClose)), new Dec(0));
}

/** A liquid fund's move: its short rate r (a fraction a year) earned simply over the calendar days since the previous NAV. */
export const liquidRatio = (rate: Decimal.Value, days: number) => new Dec(1).add(new Dec(rate).mul(days).div(YEAR_DAYS));

/** NAV(D) = NAV(D−1) × ratio × (1 − expense ÷ 365), four decimals half up. */
export function nextNav(previousNav: Decimal.Value, ratio: Decimal.Value, expensePercent: Decimal.Value): Dec {
  const expense = new Dec(1).sub(new Dec(expensePercent).div(100).div(YEAR_DAYS));
  return new Dec(previousNav).mul(ratio).mul(expense).toDecimalPlaces(FUND_NAV_DECIMALS, Dec.ROUND_HALF_UP);
}

/** Units for euros at a NAV, rounded down to 3 decimals. */
export const unitsFor = (amount: Decimal.Value, nav: Decimal.Value) => new Dec(amount).div(nav).toDecimalPlaces(FUND_UNIT_DECIMALS, Dec.ROUND_DOWN);

/** Euros for units at a NAV, rounded down to the cent. */
export const grossFor = (units: Decimal.Value, nav: Decimal.Value) => new Dec(units).mul(nav).toDecimalPlaces(2, Dec.ROUND_DOWN);

/** The exit load on loaded units at a NAV, rounded down to the cent. */
export const loadFor = (loaded: Decimal.Value, nav: Decimal.Value, percent: Decimal.Value) =>
  new Dec(loaded).mul(nav).mul(percent).div(100).toDecimalPlaces(2, Dec.ROUND_DOWN);

export interface LoadTerms {
  exitLoadDays: number;
  freeUnitsPercent: Decimal.Value;
  lockInDays: number;
}

export interface Lot {
  id: number;
  /** The units allotted, those still free to redeem (held and not asked back), and those of its first year redeemed without load. */
  units: Decimal.Value;
  available: Decimal.Value;
  freeUsed: Decimal.Value;
  navDay: number;
}

export interface LotTake {
  holdingId: number;
  units: Dec;
  free: Dec;
  loaded: Dec;
}

/** A lot's lock-in end; it cannot be redeemed before. */
export const lockedUntil = (lot: Pick<Lot, 'navDay'>, t: Pick<LoadTerms, 'lockInDays'>) => lot.navDay + t.lockInDays * DAY_MS;

/** A lot's exit-load end: units redeemed at a NAV day before it are loaded, beyond its free units. */
export const exitLoadUntil = (lot: Pick<Lot, 'navDay'>, t: Pick<LoadTerms, 'exitLoadDays'>) => lot.navDay + t.exitLoadDays * DAY_MS;

/**
 * Which units of which lots a redemption of `units` takes, first in first out, and which of them
 * are load-free: a lot younger than the exit-load period on the redemption's NAV day has its free
 * percentage of units (rounded down to 3 decimals) free once, the rest of what it gives is loaded; an
 * older lot gives everything load-free. Lots in their lock-in at `at` give nothing. `redeemable` is
 * what the unlocked lots could give; `takes` is empty when `units` is more than that.
 */
export function takeLots(lots: readonly Lot[], units: Decimal.Value, redeemNavDay: number, terms: LoadTerms, at: number) {
  const open = lots.filter((l) => lockedUntil(l, terms) <= at && new Dec(l.available).gt(0));
  const redeemable = open.reduce((s, l) => s.add(l.available), new Dec(0));
  const locked = lots.filter((l) => lockedUntil(l, terms) > at && new Dec(l.available).gt(0));
  const nextUnlock = locked.length ? Math.min(...locked.map((l) => lockedUntil(l, terms))) : null;
  let left = new Dec(units);
  const takes: LotTake[] = [];
  if (left.gt(redeemable) || left.lte(0)) return { takes, redeemable, nextUnlock };
  for (const l of open) {
    if (left.isZero()) break;
    const take = Dec.min(left, l.available);
    let free = take;
    if (redeemNavDay < exitLoadUntil(l, terms)) {
      const allowance = new Dec(l.units).mul(terms.freeUnitsPercent).div(100).toDecimalPlaces(3, Dec.ROUND_DOWN).sub(l.freeUsed);
      free = Dec.min(take, Dec.max(allowance, new Dec(0)));
    }
    takes.push({ holdingId: l.id, units: take, free, loaded: take.sub(free) });
    left = left.sub(take);
  }
  return { takes, redeemable, nextUnlock };
}

/** A Current holding's income of one day: units ÷ 10,000 × the day's income per 10,000, rounded down to the cent. */
export const currentIncome = (units: Decimal.Value, incomePer10k: Decimal.Value) =>
  new Dec(units).div(DEPOSIT_INCOME_UNITS).mul(incomePer10k).toDecimalPlaces(2, Dec.ROUND_DOWN);

/** Simple interest: principal × rate (percent a year) × days ÷ 365, rounded down to the cent. */
export const simpleInterest = (principal: Decimal.Value, ratePercent: Decimal.Value, days: number) =>
  new Dec(principal).mul(ratePercent).div(100).mul(days).div(YEAR_DAYS).toDecimalPlaces(2, Dec.ROUND_DOWN);

/**
 * An early Regular redemption: the interest earned so far (whole UTC days since the purchase's) is
 * forfeited and the stated percentage of the principal (rounded down to the cent) is kept.
 */
export function earlyRedemption(principal: Decimal.Value, ratePercent: Decimal.Value, penaltyPercent: Decimal.Value, elapsedDays: number) {
  const forfeited = simpleInterest(principal, ratePercent, Math.max(0, elapsedDays));
  const penalty = new Dec(principal).mul(penaltyPercent).div(100).toDecimalPlaces(2, Dec.ROUND_DOWN);
  return { forfeited, penalty, gross: new Dec(principal).add(forfeited), charge: penalty.add(forfeited), net: new Dec(principal).sub(penalty) };
}

/**
 * Weights proportional to `caps`, summing to `total` exactly: each rounded half up to 4 decimals, and
 * what rounding left over given to the largest. Largest first.
 */
export function capWeights(caps: ReadonlyArray<{ symbol: string; cap: Decimal.Value }>, total: Decimal.Value = 1): Array<{ symbol: string; weight: Dec }> {
  const sorted = [...caps].sort((a, b) => new Dec(b.cap).cmp(a.cap) || a.symbol.localeCompare(b.symbol));
  const sum = sorted.reduce((s, c) => s.add(c.cap), new Dec(0));
  const weights = sorted.map((c) => ({ symbol: c.symbol, weight: new Dec(total).mul(c.cap).div(sum).toDecimalPlaces(4, Dec.ROUND_HALF_UP) }));
  const rest = new Dec(total).sub(weights.reduce((s, w) => s.add(w.weight), new Dec(0)));
  if (weights[0]) weights[0].weight = weights[0].weight.add(rest);
  return weights;
}

/**
 * The seeded Current term's declared income per 10,000 units of a UTC day: between 0.4500 and 0.5500,
 * a fixed function of the day, so every node seeds the same schedule.
 */
export function seededIncome(day: number): Dec {
  let h = Math.imul(toNumber(day) ^ 0x5bd1e995, 0x9e3779b1) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b) >>> 0;
  h = (h ^ (h >>> 13)) >>> 0;
  return new Dec('0.4500').add(new Dec(h % 1001).div(10_000));
}

/** `HH:mm` of minutes after midnight, and back. */
export const cutoffText = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
export const cutoffMinutesOf = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));
