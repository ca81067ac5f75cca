import { bondCalendar, couponPeriod, paymentDays, type BondTerms } from '../../market/bondTerms';
import type Decimal from 'decimal.js';
import { adjustDay } from '../../market/calendars';
import { Dec } from '../../lib/decimal';

// The bond formulas (decision 0022, "Bonds"), per 100 face, exact decimals, pure:
// - accrued interest, Actual/Actual (ICMA): coupon ÷ frequency × days since the last coupon ÷ days in the period;
// - the cash flows still ahead, and their present value on a discount function;
// - the yield to maturity from a dirty price: for a coupon bond the street convention, compounded at
//   the coupon frequency, solved by Newton's method with a bisection fallback; for a bill the
//   Treasury's investment rate, (100 − price) ÷ price × 365 ÷ days, which needs no solving.
// After QuantLib's ActualActual(ISMA) and BondFunctions::yield; written here from the definitions.

const HUNDRED = new Dec(100);
const YEAR_DAYS = 365;

/** The coupon one period pays per 100 face: the annual rate (percent) ÷ frequency. */
export function periodCoupon(terms: BondTerms): Dec {
  return terms.frequency === 0 ? new Dec(0) : new Dec(terms.couponRate).div(terms.frequency);
}

/** Accrued interest per 100 face to settlement day `day` (`bondSettlementDay`), unrounded; 0 for a bill, on a coupon date and at or after maturity. */
export function accruedInterest(terms: BondTerms, day: number): Dec {
  const period = couponPeriod(terms, day);
  if (!period) return new Dec(0);
  return periodCoupon(terms)
    .mul(day - period.previous)
    .div(period.next - period.previous);
}

export interface CashFlow {
  day: number;
  /** Per 100 face: a coupon, and on the maturity date also the 100 of principal. */
  amount: Dec;
}

/** What a buyer settling on `day` receives: the payments after it (a coupon due on `day` itself is the seller's). */
export function cashFlows(terms: BondTerms, day: number): CashFlow[] {
  const coupon = periodCoupon(terms);
  return paymentDays(terms, day).map((d) => ({ day: d, amount: d === terms.maturity ? coupon.add(HUNDRED) : coupon }));
}

/** Years from `day` to `to`, Actual/365 Fixed: the curve's time axis. */
export const yearsBetween = (day: number, to: number): Dec => new Dec(to - day).div(YEAR_DAYS);

/** Σ cash flow × discount(years to it): the dirty value per 100 face. */
export function presentValue(flows: readonly CashFlow[], day: number, discount: (years: Dec) => Dec): Dec {
  return flows.reduce((sum, f) => sum.add(f.amount.mul(discount(yearsBetween(day, f.day)))), new Dec(0));
}

/**
 * The dirty price of a coupon bond at yield `y` (a fraction) and its derivative: Σ CF_k × v^(w + k)
 * with v = 1 ÷ (1 + y ÷ f) and w the part of the current period still to run.
 */
function priceAtYield(flows: readonly CashFlow[], frequency: number, w: Dec, y: Dec): { price: Dec; slope: Dec } {
  const v = new Dec(1).div(new Dec(1).add(y.div(frequency)));
  let discount = v.pow(w);
  let price = new Dec(0);
  let slope = new Dec(0);
  flows.forEach((f, k) => {
    if (k > 0) discount = discount.mul(v);
    price = price.add(f.amount.mul(discount));
    // d/dy of v^(w+k) = −(w + k) ÷ f × v^(w + k + 1)
    slope = slope.sub(f.amount.mul(w.add(k)).div(frequency).mul(discount).mul(v));
  });
  return { price, slope };
}

const TOLERANCE = new Dec('1e-12');
const LOW = new Dec('-0.5');
const HIGH = new Dec('5');

/**
 * The yield to maturity (a fraction a year) that prices the bond at `dirty` per 100 face settling on `day`.
 * Null when nothing is left to receive or the price is not positive.
 */
export function yieldToMaturity(terms: BondTerms, day: number, dirty: Decimal.Value): Dec | null {
  const price = new Dec(dirty);
  const flows = cashFlows(terms, day);
  if (flows.length === 0 || price.lte(0)) return null;
  if (terms.frequency === 0) {
    return HUNDRED.sub(price)
      .div(price)
      .mul(YEAR_DAYS)
      .div(terms.maturity - day);
  }
  const period = couponPeriod(terms, day)!;
  const w = new Dec(period.next - day).div(period.next - period.previous);
  const gap = (y: Dec) => priceAtYield(flows, terms.frequency, w, y);

  let y = new Dec(terms.couponRate).div(100);
  for (let i = 0; i < 50; i += 1) {
    const { price: p, slope } = gap(y);
    const diff = p.sub(price);
    if (diff.abs().lt(TOLERANCE)) return y;
    if (slope.isZero()) break;
    const next = y.sub(diff.div(slope));
    if (!next.isFinite() || next.lte(LOW) || next.gte(HIGH)) break;
    y = next;
  }
  // Newton left the sensible range or did not settle: halve [LOW, HIGH], on which the price falls as the yield rises.
  let lo = LOW;
  let hi = HIGH;
  for (let i = 0; i < 200; i += 1) {
    const mid = lo.add(hi).div(2);
    const diff = gap(mid).price.sub(price);
    if (diff.abs().lt(TOLERANCE)) return mid;
    if (diff.gt(0)) lo = mid;
    else hi = mid;
  }
  return lo.add(hi).div(2);
}

/**
 * The day a coupon or the redemption scheduled for `day` is paid: that day, or when it is not a
 * business day the next one, with no extra interest for the wait (31 CFR 356.30; ISDA Following,
 * unadjusted).
 */
export const bondPayDay = (currency: string, day: number): number => adjustDay(bondCalendar(currency), day, 'following');
