import { describe, expect, it } from 'vitest';
import { Dec } from '../lib/decimal';
import { createYieldCurves, expOf, ln1pOf, nelsonSiegelRate } from './curve';

const DAY = 86_400_000;
const at = Date.UTC(2026, 9, 1, 12); // the anchor day, noon UTC

describe('nelsonSiegelRate', () => {
  it('matches the formula worked by hand', () => {
    // τ = 2, t = 2: x = 1, e^(−1) = 0.36787944117144233, slope = 1 − e^(−1) = 0.63212055882855767,
    // hump = slope − e^(−1) = 0.26424111765711534.
    // z = 0.043 − 0.003 × 0.632120558828558 − 0.005 × 0.264241117657115 = 0.039782432734828...
    const z = nelsonSiegelRate({ b0: new Dec('0.043'), b1: new Dec('-0.003'), b2: new Dec('-0.005'), tau: new Dec(2) }, 2);
    expect(z.toFixed(12)).toBe('0.039782432735');
    // At 0 the curve starts at β0 + β1; far out it tends to β0.
    expect(nelsonSiegelRate({ b0: new Dec('0.043'), b1: new Dec('-0.003'), b2: new Dec('-0.005'), tau: new Dec(2) }, 0).toFixed()).toBe('0.04');
    expect(nelsonSiegelRate({ b0: new Dec('0.043'), b1: new Dec('-0.003'), b2: new Dec('-0.005'), tau: new Dec(2) }, 10_000).toFixed(4)).toBe('0.0430');
  });
});

describe('createYieldCurves', () => {
  it('is deterministic from the seed and differs between seeds', () => {
    const a = createYieldCurves('meridian');
    const b = createYieldCurves('meridian');
    const c = createYieldCurves('other');
    const t = at + 400 * DAY;
    expect(a.zeroRate('USD', t, 5).toFixed()).toBe(b.zeroRate('USD', t, 5).toFixed());
    expect(a.zeroRate('USD', t, 5).toFixed()).not.toBe(c.zeroRate('USD', t, 5).toFixed());
  });

  it('does not depend on the order in which days are asked for', () => {
    const forwardFirst = createYieldCurves('meridian');
    const far = forwardFirst.zeroRate('EUR', at + 300 * DAY, 7).toFixed();
    const near = forwardFirst.zeroRate('EUR', at - 200 * DAY, 7).toFixed();
    const backwardFirst = createYieldCurves('meridian');
    expect(backwardFirst.zeroRate('EUR', at - 200 * DAY, 7).toFixed()).toBe(near);
    expect(backwardFirst.zeroRate('EUR', at + 300 * DAY, 7).toFixed()).toBe(far);
  });

  it('sits at its centres on the anchor day', () => {
    const curves = createYieldCurves('meridian');
    const p = curves.parameters('USD', Date.UTC(2026, 9, 1));
    expect([p.b0.toFixed(), p.b1.toFixed(), p.b2.toFixed(), p.tau.toFixed()]).toEqual(['0.043', '-0.003', '-0.005', '2']);
  });

  it('keeps every currency within plausible levels over years', () => {
    const curves = createYieldCurves('meridian');
    const bounds = { USD: [0.035, 0.046], EUR: [0.02, 0.029], MXN: [0.08, 0.095] } as const;
    for (const [currency, [low, high]] of Object.entries(bounds)) {
      for (let d = -1200; d <= 1200; d += 37) {
        for (const years of ['0.08', '1', '5', '30']) {
          const z = curves.zeroRate(currency, at + d * DAY, years).toNumber();
          expect(z).toBeGreaterThanOrEqual(low);
          expect(z).toBeLessThanOrEqual(high);
        }
      }
    }
  });

  it('moves slowly and smoothly within a day', () => {
    const curves = createYieldCurves('meridian');
    const start = at + 50 * DAY;
    const minute = curves
      .zeroRate('USD', start + 60_000, 10)
      .sub(curves.zeroRate('USD', start, 10))
      .abs();
    const day = curves
      .zeroRate('USD', start + DAY, 10)
      .sub(curves.zeroRate('USD', start, 10))
      .abs();
    expect(minute.toNumber()).toBeLessThan(0.00001);
    expect(day.toNumber()).toBeLessThan(0.001);
    // Halfway through a day the β's are the average of the two days' walk values.
    const midnight = Date.UTC(2026, 10, 20);
    const p0 = curves.parameters('MXN', midnight);
    const p1 = curves.parameters('MXN', midnight + DAY);
    const half = curves.parameters('MXN', midnight + DAY / 2);
    expect(half.b0.toFixed()).toBe(p0.b0.add(p1.b0).div(2).toFixed());
  });

  it('discounts with annual compounding plus a spread', () => {
    const curves = createYieldCurves('meridian');
    const z = curves.zeroRate('USD', at, 3);
    const df = curves.discountFactor('USD', at, 3, '0.001');
    // (1 + z + 0.001)^−3 computed as a product, independently of pow.
    const base = new Dec(1).add(z).add('0.001');
    expect(df.toFixed(20)).toBe(new Dec(1).div(base.mul(base).mul(base)).toFixed(20));
    expect(curves.discountFactor('USD', at, 0).toFixed()).toBe('1');
  });

  it('refuses a currency without a curve', () => {
    const curves = createYieldCurves('meridian');
    expect(curves.has('HKD')).toBe(false);
    expect(() => curves.zeroRate('HKD', at, 1)).toThrow();
  });
});

describe('zeroRateFloat', () => {
  it('agrees with the exact rate to floating-point accuracy', () => {
    const curves = createYieldCurves('meridian');
    for (const t of [at, at + 12_345_678, at - 90 * DAY + 3_600_000]) {
      for (const years of [0.05, 1.5, 9.75, 29.9]) {
        const exact = curves.zeroRate('EUR', t, String(years)).toNumber();
        expect(Math.abs(curves.zeroRateFloat('EUR', t, years) - exact)).toBeLessThan(1e-14);
      }
    }
  });
});

describe('expOf and ln1pOf', () => {
  it('agree with decimal.js exp and ln to 30 significant digits', () => {
    for (const y of ['-15', '-1.2345678901234567890123', '-0.0001', '0', '0.5', '3.25']) {
      expect(expOf(y).toSignificantDigits(30).toFixed(), y).toBe(new Dec(y).exp().toSignificantDigits(30).toFixed());
    }
    for (const x of ['0.0312', '0.095', '-0.004', '0.5']) {
      expect(ln1pOf(x).toSignificantDigits(30).toFixed(), x).toBe(new Dec(x).add(1).ln().toSignificantDigits(30).toFixed());
    }
  });
});
