import Decimal from 'decimal.js';

/** Exact decimals for money, prices and quantities: 40 significant digits, half-up at the edges. */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = Decimal;

/** A decimal string with exactly `places` decimals, rounded half-up. */
export const fixed = (value: Decimal.Value, places: number) => (value instanceof Dec ? value : new Dec(value)).toFixed(places, Dec.ROUND_HALF_UP);

/** Percent of `part` over `whole`, two decimals; zero when `whole` is zero. */
export function percentOf(part: Decimal.Value, whole: Decimal.Value): string {
  const w = new Dec(whole);
  return w.isZero() ? '0.00' : fixed(new Dec(part).div(w).mul(100), 2);
}

/** The exact value as a plain decimal string (no exponent), for SQL parameters and the wire. */
export const plain = (value: Decimal.Value) => new Dec(value).toFixed();
