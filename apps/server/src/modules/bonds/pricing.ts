import { bondMarkup } from '@tradeapp/contract';
import { bondSpecOf, dayOfInstant, type BondTerms } from '../../market/bondTerms';
import { spreadAt, type SpreadChange } from '../../market/bondModel';
import type { YieldCurves } from '../../market/curve';
import { Dec } from '../../lib/decimal';
import { Memo } from '../../lib/memo';
import { accruedInterest, cashFlows, presentValue, yieldToMaturity } from './formulas';

// A bond's price at a moment, exactly (decision 0022): the mid clean price per 100 face is the present
// value of the remaining cash flows at the curve's zero rates plus the listing's spread, less accrued
// interest, rounded to the price tick (0.0001); bid and ask are the listing's half-spread either side.
// A price holds for its minute: the curve is read at the minute's start, since the curve moves about a
// basis point a day and a minute's move is far below the tick, while each price discounts every flow
// exactly. The simulated market draws the same prices in floating point for its charts, second by
// second (market/bondModel.ts); the two agree to the tick.

const MINUTE_MS = 60_000;

/** Clean prices are quoted to 4 decimals per 100 face, the bonds' tick. */
export const PRICE_DECIMALS = 4;

export interface BondPrice {
  terms: BondTerms;
  /** The settlement day: the UTC day of the moment priced. */
  day: number;
  mid: Dec;
  bid: Dec;
  ask: Dec;
  /** Per 100 face, unrounded. */
  accrued: Dec;
  /** The markup per 100 face (the fee), from the days to maturity. */
  markup: Dec;
  /** The zero rate at maturity (a fraction) and the spread over it (basis points). */
  curveRate: Dec;
  spreadBp: Dec;
}

export function createBondPricing(curves: YieldCurves) {
  const prices = new Memo<BondPrice>(4096);
  const yields = new Memo<Dec | null>(4096);

  /** The price of `terms` at `at` with the listing's spread schedule. */
  function price(terms: BondTerms, at: number, schedule: readonly SpreadChange[] | undefined): BondPrice {
    const spreadBp = new Dec(spreadAt(schedule, at, bondSpecOf(terms.symbol).spreadBp));
    const minute = Math.floor(at / MINUTE_MS) * MINUTE_MS;
    return prices.get(`${terms.symbol}|${terms.maturity}|${minute}|${spreadBp.toFixed()}`, () => {
      const day = dayOfInstant(minute);
      const spread = spreadBp.div(10_000);
      const accrued = accruedInterest(terms, day);
      const pv = presentValue(cashFlows(terms, day), day, (years) => curves.discountFactor(terms.currency, minute, years, spread));
      const mid = pv.sub(accrued).toDecimalPlaces(PRICE_DECIMALS, Dec.ROUND_HALF_UP);
      const half = new Dec(bondSpecOf(terms.symbol).halfSpread);
      const toMaturity = Math.max(0, terms.maturity - day);
      return {
        terms,
        day,
        mid,
        bid: Dec.max(new Dec('0.0001'), mid.sub(half)),
        ask: mid.add(half),
        accrued,
        markup: new Dec(bondMarkup(toMaturity)),
        curveRate: curves.zeroRate(terms.currency, minute, new Dec(toMaturity).div(365)),
        spreadBp,
      };
    });
  }

  /** Yield to maturity (a fraction) of `terms` on `day` at a dirty price per 100 face. */
  const ytm = (terms: BondTerms, day: number, dirty: Dec): Dec | null =>
    yields.get(`${terms.symbol}|${terms.maturity}|${day}|${dirty.toFixed()}`, () => yieldToMaturity(terms, day, dirty));

  return { price, ytm };
}

export type BondPricing = ReturnType<typeof createBondPricing>;
