import { bondMarkup } from '@tradeapp/contract';
import { bondSpecOf, type BondTerms } from '../../market/bondTerms';
import { BondPricer, spreadAt, type SpreadChange } from '../../market/bondModel';
import type { YieldCurves } from '../../market/curve';
import { Dec } from '../../lib/decimal';
import { Memo } from '../../lib/memo';
import { accruedInterest, yieldToMaturity } from './formulas';

// A bond's price at a moment (decision 0022; issue 32, "one price per instrument"): the mid clean
// price per 100 face is the market's own quote of the bond, `BondPricer.quote` (market/bondModel.ts),
// the one function Markets, the quote page, these pages, the orders and the holdings' value all
// read: the present value of the remaining cash flows at the curve's zero rates plus the listing's
// spread, less accrued interest, on the price tick (0.0001), at the moment of the bond market's last
// trade (the moment asked while it trades, its session's end while it is closed). Bid and ask are
// the listing's half-spread either side. A price is of a trade at that moment, so the price, the
// accrued interest, the yields and the days to maturity are all to that trade's settlement day, the
// one the market's quote was discounted to (`BondQuoteTicks.settlementDay`). Every amount of money
// is then computed from these decimal prices exactly; accrued interest and yields are exact decimals
// (formulas.ts).

const MINUTE_MS = 60_000;

/** Clean prices are quoted to 4 decimals per 100 face, the bonds' tick. */
export const PRICE_DECIMALS = 4;

export interface BondPrice {
  terms: BondTerms;
  /** The moment the price is of: the one asked while the bond market trades, its last trade while it is closed. */
  time: number;
  /** The settlement day of a trade at `time` (`bondSettlementDay`): accrued interest, yields and days to maturity are to it. */
  day: number;
  mid: Dec;
  bid: Dec;
  ask: Dec;
  /** Per 100 face, unrounded. */
  accrued: Dec;
  /** The markup per 100 face (the fee), from the days from the settlement day to maturity. */
  markup: Dec;
  /** The zero rate at maturity (a fraction) and the spread over it (basis points). */
  curveRate: Dec;
  spreadBp: Dec;
}

export function createBondPricing(curves: YieldCurves) {
  const pricer = new BondPricer(curves);
  const prices = new Memo<BondPrice>(4096);
  const yields = new Memo<Dec | null>(4096);

  /** The price of `terms` at `at` with the listing's spread schedule: the market's quote of the bond then. */
  function price(terms: BondTerms, at: number, schedule: readonly SpreadChange[] | undefined): BondPrice {
    const q = pricer.quote(terms, at, schedule);
    const spreadBp = new Dec(spreadAt(schedule, q.time, bondSpecOf(terms.symbol).spreadBp));
    const minute = Math.floor(q.time / MINUTE_MS) * MINUTE_MS;
    const day = q.settlementDay;
    const kept = prices.get(`${terms.symbol}|${terms.maturity}|${minute}|${day}|${q.mid}|${spreadBp.toFixed()}`, () => {
      const mid = new Dec(q.mid);
      const half = new Dec(bondSpecOf(terms.symbol).halfSpread);
      const toMaturity = Math.max(0, terms.maturity - day);
      return {
        terms,
        time: minute,
        day,
        mid,
        bid: Dec.max(new Dec('0.0001'), mid.sub(half)),
        ask: mid.add(half),
        accrued: accruedInterest(terms, day),
        markup: new Dec(bondMarkup(toMaturity)),
        curveRate: curves.zeroRate(terms.currency, minute, new Dec(toMaturity).div(365)),
        spreadBp,
      };
    });
    return kept.time === q.time ? kept : { ...kept, time: q.time };
  }

  /** Yield to maturity (a fraction) of `terms` settling on `day` at a dirty price per 100 face. */
  const ytm = (terms: BondTerms, day: number, dirty: Dec): Dec | null =>
    yields.get(`${terms.symbol}|${terms.maturity}|${day}|${dirty.toFixed()}`, () => yieldToMaturity(terms, day, dirty));

  return { price, ytm };
}

export type BondPricing = ReturnType<typeof createBondPricing>;
