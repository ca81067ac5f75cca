// The simulated market's zero curves: the one source of every bond's price (decision 0022, "Bonds").
//
// Each currency's curve is a Nelson–Siegel curve
//   z(t) = β0 + β1·(1 − e^(−t/τ))/(t/τ) + β2·((1 − e^(−t/τ))/(t/τ) − e^(−t/τ))
// with τ fixed. β0 (the long end), β1 (short minus long) and β2 (the hump) each follow a slow,
// mean-reverting seeded walk with one step per calendar day, anchored at ANCHOR_DAY where every β sits
// at its centre, like the price model's daily closes. Between two days' β's the curve is interpolated
// linearly in time (to the second), so bond prices drift smoothly instead of jumping at midnight.
// Every zero rate is kept within its currency's plausible band (floor and cap below), which the
// clamped walk reaches only at its extremes.
// The draws are addressed by (seed, currency, factor, day), so every node computes the same curve.
// The walk is held in decimals (the draws are rounded to 12 places first) so the β's are exact
// functions of the seed and never drift with the order in which days are asked for.
//
// Rates are annual, as fractions, compounded once a year: a payment t years away is worth
// (1 + z(t))^(−t) of itself today.

import type Decimal from 'decimal.js';
import { Dec } from '../lib/decimal';
import { isoToDay } from './calendars';
import { Memo } from '../lib/memo';
import { hashString, normalAt } from './random';

const DAY_MS = 86_400_000;
const SECOND_MS = 1_000;
/** Where every β is at its centre; the same anchor as the price model's walks. */
const ANCHOR_DAY = isoToDay('2026-10-01');
/** Half a β's distance from its centre is gone after this many days: rates trend over months. */
const HALF_LIFE_DAYS = 180;
const PHI = new Dec(0.5).pow(new Dec(1).div(HALF_LIFE_DAYS));
/** The walk's stationary spread is stepSd / √(1 − φ²); a β never leaves centre ± CLAMP_SDS of it. */
const CLAMP_SDS = 2.5;

export type CurveCurrency = 'USD' | 'EUR' | 'MXN';

interface FactorSpec {
  /** The centre the walk reverts to. */
  centre: string;
  /** The walk's stationary standard deviation. */
  spread: string;
}

interface CurveSpec {
  tau: string;
  b0: FactorSpec;
  b1: FactorSpec;
  b2: FactorSpec;
  /** Plausible bounds of any zero rate on the curve, held even at the walk's extremes. */
  floor: string;
  cap: string;
}

// Centres chosen for a mildly humped curve: USD ≈ 4.0 % short, 4.25 % long; EUR ≈ 2.2 % → 2.65 %;
// MXN ≈ 8.9 % short, 8.7 % in the belly, 8.95 % long.
const SPECS: Record<CurveCurrency, CurveSpec> = {
  USD: {
    tau: '2',
    b0: { centre: '0.0430', spread: '0.0012' },
    b1: { centre: '-0.0030', spread: '0.0010' },
    b2: { centre: '-0.0050', spread: '0.0015' },
    floor: '0.035',
    cap: '0.046',
  },
  EUR: {
    tau: '2.5',
    b0: { centre: '0.0270', spread: '0.0010' },
    b1: { centre: '-0.0050', spread: '0.0008' },
    b2: { centre: '-0.0040', spread: '0.0012' },
    floor: '0.020',
    cap: '0.029',
  },
  MXN: {
    tau: '2',
    b0: { centre: '0.0900', spread: '0.0015' },
    b1: { centre: '-0.0010', spread: '0.0012' },
    b2: { centre: '-0.0060', spread: '0.0020' },
    floor: '0.080',
    cap: '0.095',
  },
};

export const CURVE_CURRENCIES = Object.keys(SPECS) as CurveCurrency[];

export interface NelsonSiegel {
  b0: Dec;
  b1: Dec;
  b2: Dec;
  tau: Dec;
}

export interface YieldCurves {
  /** The annually compounded zero rate for `years` from `at` (ms), as a fraction (0.0312 = 3.12 %). */
  zeroRate(currency: string, at: number, years: Decimal.Value): Dec;
  /** (1 + zero rate + spread)^(−years): today's value of 1 paid `years` from `at`. */
  discountFactor(currency: string, at: number, years: Decimal.Value, spread?: Decimal.Value): Dec;
  /** The curve's parameters at `at`. */
  parameters(currency: string, at: number): NelsonSiegel;
  /** The walk's parameters at the start (00:00 UTC) of day number `day`; `parameters` runs linearly between two of them. */
  dayParameters(currency: string, day: number): NelsonSiegel;
  /**
   * The same zero rate in floating point, for the simulated market's minute and second paths, which
   * need thousands of rates a day: the walk's day values are exact, only the last steps are floats.
   */
  zeroRateFloat(currency: string, at: number, years: number): number;
  /** Whether the currency has a curve. */
  has(currency: string): currency is CurveCurrency;
}

const TINY = new Dec('1e-45');
const HALVINGS = 10;

/**
 * e^y by its series on y ÷ 2^10, squared back ten times: the same digits as decimal.js's `exp` to
 * well within the precision, at a small part of its cost (a bond's price discounts dozens of flows).
 */
export function expOf(y: Decimal.Value): Dec {
  const r = new Dec(y).div(2 ** HALVINGS);
  let term = new Dec(1);
  let sum = new Dec(1);
  for (let n = 1; n < 100; n += 1) {
    term = term.mul(r).div(n);
    if (term.abs().lt(TINY)) break;
    sum = sum.add(term);
  }
  for (let i = 0; i < HALVINGS; i += 1) sum = sum.mul(sum);
  return sum;
}

/** ln(1 + x) for x > −1, as 2·atanh(x ÷ (2 + x)): fast for the small rates of a curve. */
export function ln1pOf(x: Decimal.Value): Dec {
  const v = new Dec(x);
  const u = v.div(v.add(2));
  const u2 = u.mul(u);
  let power = u;
  let sum = u;
  for (let k = 1; k < 400; k += 1) {
    power = power.mul(u2);
    const term = power.div(2 * k + 1);
    if (term.abs().lt(TINY)) break;
    sum = sum.add(term);
  }
  return sum.mul(2);
}

/** Nelson–Siegel zero rate of a parameter set at `years` (> 0; the limit β0 + β1 at 0). */
export function nelsonSiegelRate(p: NelsonSiegel, years: Decimal.Value): Dec {
  const t = new Dec(years);
  if (t.lte(0)) return p.b0.add(p.b1);
  const x = t.div(p.tau);
  const decay = expOf(x.neg());
  const slope = new Dec(1).sub(decay).div(x);
  return p.b0.add(p.b1.mul(slope)).add(p.b2.mul(slope.sub(decay)));
}

class FactorWalk {
  private readonly key: number;
  private readonly centre: Dec;
  private readonly stepSd: Dec;
  private readonly low: Dec;
  private readonly high: Dec;
  private readonly forward: Dec[];
  private readonly backward: Dec[];

  constructor(seed: string, currency: string, factor: string, spec: FactorSpec) {
    this.key = hashString(`${seed}\u0000curve\u0000${currency}\u0000${factor}`);
    this.centre = new Dec(spec.centre);
    const spread = new Dec(spec.spread);
    this.stepSd = spread.mul(new Dec(1).sub(PHI.mul(PHI)).sqrt());
    this.low = this.centre.sub(spread.mul(CLAMP_SDS));
    this.high = this.centre.add(spread.mul(CLAMP_SDS));
    this.forward = [this.centre];
    this.backward = [this.centre];
  }

  at(day: number): Dec {
    const offset = day - ANCHOR_DAY;
    const path = offset >= 0 ? this.forward : this.backward;
    const sign = offset >= 0 ? 1 : -1;
    const steps = Math.abs(offset);
    while (path.length <= steps) {
      const i = path.length;
      const previous = path[i - 1] ?? this.centre;
      const draw = new Dec(normalAt(this.key, ANCHOR_DAY + sign * i).toFixed(12));
      const next = this.centre.add(PHI.mul(previous.sub(this.centre))).add(this.stepSd.mul(draw));
      path.push(Dec.min(this.high, Dec.max(this.low, next)).toDecimalPlaces(10, Dec.ROUND_HALF_EVEN));
    }
    return path[steps] ?? this.centre;
  }
}

class Curve {
  private readonly b0: FactorWalk;
  private readonly b1: FactorWalk;
  private readonly b2: FactorWalk;
  private readonly tau: Dec;
  readonly floor: Dec;
  readonly cap: Dec;
  private readonly tauFloat: number;
  private readonly floorFloat: number;
  private readonly capFloat: number;
  private readonly floats = new Map<number, Float64Array>();

  constructor(seed: string, currency: CurveCurrency) {
    const spec = SPECS[currency];
    this.b0 = new FactorWalk(seed, currency, 'b0', spec.b0);
    this.b1 = new FactorWalk(seed, currency, 'b1', spec.b1);
    this.b2 = new FactorWalk(seed, currency, 'b2', spec.b2);
    this.tau = new Dec(spec.tau);
    this.floor = new Dec(spec.floor);
    this.cap = new Dec(spec.cap);
    this.tauFloat = Number(spec.tau);
    this.floorFloat = Number(spec.floor);
    this.capFloat = Number(spec.cap);
  }

  dayParameters(day: number): NelsonSiegel {
    return { b0: this.b0.at(day), b1: this.b1.at(day), b2: this.b2.at(day), tau: this.tau };
  }

  /** β's at a whole second, linear between this day's and the next day's walk values. */
  parameters(second: number): NelsonSiegel {
    const ms = second * SECOND_MS;
    const day = Math.floor(ms / DAY_MS);
    const fraction = new Dec(ms - day * DAY_MS).div(DAY_MS);
    const lerp = (walk: FactorWalk) => {
      const from = walk.at(day);
      return from.add(
        walk
          .at(day + 1)
          .sub(from)
          .mul(fraction),
      );
    };
    return { b0: lerp(this.b0), b1: lerp(this.b1), b2: lerp(this.b2), tau: this.tau };
  }

  /** The zero rate as `parameters` and `nelsonSiegelRate` give it, the last steps in floating point. */
  zeroRateFloat(at: number, years: number): number {
    const ms = Math.floor(at / SECOND_MS) * SECOND_MS;
    const day = Math.floor(ms / DAY_MS);
    const f = (ms - day * DAY_MS) / DAY_MS;
    const a = this.floatDay(day);
    const b = this.floatDay(day + 1);
    const b0 = (a[0] as number) + ((b[0] as number) - (a[0] as number)) * f;
    const b1 = (a[1] as number) + ((b[1] as number) - (a[1] as number)) * f;
    const b2 = (a[2] as number) + ((b[2] as number) - (a[2] as number)) * f;
    let z: number;
    if (years <= 0) z = b0 + b1;
    else {
      const x = years / this.tauFloat;
      const decay = Math.exp(-x);
      const slope = (1 - decay) / x;
      z = b0 + b1 * slope + b2 * (slope - decay);
    }
    return Math.min(this.capFloat, Math.max(this.floorFloat, z));
  }

  /** β0, β1, β2 of day `day` as floats. */
  private floatDay(day: number): Float64Array {
    let hit = this.floats.get(day);
    if (!hit) {
      hit = Float64Array.of(this.b0.at(day).toNumber(), this.b1.at(day).toNumber(), this.b2.at(day).toNumber());
      if (this.floats.size > 4096) this.floats.clear();
      this.floats.set(day, hit);
    }
    return hit;
  }
}

export function createYieldCurves(seed: string): YieldCurves {
  const curves = new Map<CurveCurrency, Curve>(CURVE_CURRENCIES.map((c) => [c, new Curve(seed, c)]));
  const params = new Memo<NelsonSiegel>(256);
  const rates = new Memo<Dec>(8192);

  const curveOf = (currency: string): Curve => {
    const curve = curves.get(currency as CurveCurrency);
    if (!curve) throw new Error(`no yield curve for ${currency}`);
    return curve;
  };

  const parameters = (currency: string, at: number): NelsonSiegel => {
    const curve = curveOf(currency);
    const second = Math.floor(at / SECOND_MS);
    return params.get(`${currency}:${second}`, () => curve.parameters(second));
  };

  const zeroRate = (currency: string, at: number, years: Decimal.Value): Dec => {
    const curve = curveOf(currency);
    const t = new Dec(years);
    const second = Math.floor(at / SECOND_MS);
    return rates.get(`${currency}:${second}:${t.toFixed()}`, () => {
      const z = nelsonSiegelRate(parameters(currency, at), t);
      return Dec.min(curve.cap, Dec.max(curve.floor, z));
    });
  };

  return {
    zeroRate,
    parameters,
    dayParameters: (currency, day) => curveOf(currency).dayParameters(day),
    zeroRateFloat: (currency, at, years) => curveOf(currency).zeroRateFloat(at, years),
    discountFactor(currency, at, years, spread = 0) {
      const t = new Dec(years);
      if (t.lte(0)) return new Dec(1);
      return expOf(t.neg().mul(ln1pOf(zeroRate(currency, at, t).add(spread))));
    },
    has: (currency): currency is CurveCurrency => curves.has(currency as CurveCurrency),
  };
}
