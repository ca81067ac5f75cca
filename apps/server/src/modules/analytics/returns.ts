import { Dec } from '../../lib/decimal';

/** One day of the period: the flow during it (in positive, out negative) and the value at its end. */
export interface ValuedDay {
  flow: Dec;
  value: Dec;
}

/** Returns are fractions to this many places (0.01234568 = 1.234568%). */
export const RETURN_PLACES = 8;
/**
 * Bisection steps: the daily growth factor's interval [0, 16] halves each time, to 16 ÷ 2^80 (about
 * 1e-23); compounded over five years of days its error stays below 1e-19, far inside 8 places.
 */
const BISECTION_STEPS = 80;
const GROWTH_MAX = 16;

/**
 * Time-weighted return: the chained product of each day's (1 + P&L ÷ (the previous value + the
 * day's flow)) less one. A flow is taken at the start of its day, so the money it brings earns that
 * day's result. A day with nothing to earn on (base at or below zero) is left out of the chain; with
 * no such day at all the return is undefined (null).
 */
export function timeWeighted(startValue: Dec, days: readonly ValuedDay[]): Dec | null {
  let chain = new Dec(1);
  let counted = 0;
  let previous = startValue;
  for (const d of days) {
    const base = previous.add(d.flow);
    if (base.gt(0)) {
      const pnl = d.value.sub(previous).sub(d.flow);
      chain = chain.mul(new Dec(1).add(pnl.div(base)));
      counted++;
    }
    previous = d.value;
  }
  return counted === 0 ? null : chain.sub(1).toDecimalPlaces(RETURN_PLACES, Dec.ROUND_HALF_UP);
}

/**
 * The net future value at a daily growth factor g: what the start value and each flow would have
 * grown to by the period's end, less the end value. Flows at the start of their day, as in
 * `timeWeighted`: the start value grows for every day, a flow of day d (1-based) for n − d + 1.
 * Horner's scheme: one multiplication per day.
 */
function excessAt(g: Dec, startValue: Dec, days: readonly ValuedDay[]): Dec {
  let acc = startValue;
  for (const d of days) acc = acc.add(d.flow).mul(g);
  return acc.sub(days.at(-1)!.value);
}

/**
 * Money-weighted return: the daily internal rate of return r of the start value, the flows and the
 * end value, found by bisection on g = 1 + r in decimals, then compounded over the period's days
 * ((1 + r)^n − 1, n from the first day with money) so that it reads as the period's return, beside the time-weighted one. Null when
 * the flows have no rate in (−100%, +1,500%) a day (nothing invested, or no change of sign).
 */
export function moneyWeighted(startValue: Dec, allDays: readonly ValuedDay[]): Dec | null {
  let days = allDays;
  // Days before the first money (an account opened within the period) earn nothing and are not part of the span compounded over.
  if (startValue.isZero()) {
    const first = days.findIndex((d) => !d.flow.isZero());
    // Nothing ever invested: no rate to find.
    if (first < 0) return null;
    days = days.slice(first);
  }
  if (days.length === 0) return null;
  let lo = new Dec(0);
  let hi = new Dec(GROWTH_MAX);
  const fLo = excessAt(lo, startValue, days);
  const fHi = excessAt(hi, startValue, days);
  if (fLo.isZero()) return new Dec(-1);
  if (fLo.gt(0) === fHi.gt(0) || fHi.isZero()) return fHi.isZero() ? new Dec(GROWTH_MAX).pow(days.length).sub(1) : null;
  const rising = fHi.gt(0);
  for (let i = 0; i < BISECTION_STEPS; i++) {
    const mid = lo.add(hi).div(2);
    const f = excessAt(mid, startValue, days);
    if (f.isZero()) {
      lo = hi = mid;
      break;
    }
    if (f.gt(0) === rising) hi = mid;
    else lo = mid;
  }
  const g = lo.add(hi).div(2);
  return g.pow(days.length).sub(1).toDecimalPlaces(RETURN_PLACES, Dec.ROUND_HALF_UP);
}
