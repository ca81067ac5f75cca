// Exact decimal arithmetic on decimal strings with scaled BigInt, never a float: the screens use it
// to estimate, and the trading formulas (trading/formulas.ts) use it so that the server books and the
// screen shows the same cent. The contract imports only zod, so this cannot lean on decimal.js.

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

interface Scaled {
  value: bigint;
  scale: number;
}

function parse(text: string | null | undefined): Scaled | null {
  if (text === null || text === undefined) return null;
  const match = DECIMAL.exec(String(text).trim().replace(/,/g, ''));
  if (!match) return null;
  const int = match[2] ?? '';
  const frac = match[3] ?? '';
  if (int === '' && frac === '') return null;
  const digits = BigInt(`${int || '0'}${frac}`);
  return { value: match[1] === '-' ? -digits : digits, scale: frac.length };
}

function align(a: Scaled, b: Scaled): [bigint, bigint] {
  if (a.scale === b.scale) return [a.value, b.value];
  if (a.scale > b.scale) return [a.value, b.value * 10n ** BigInt(a.scale - b.scale)];
  return [a.value * 10n ** BigInt(b.scale - a.scale), b.value];
}

function render(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative && /[1-9]/.test(digits) ? '-' : ''}${int}${frac}`;
}

/** value / 10^drop rounded half away from zero. */
function roundDrop(value: bigint, drop: number): bigint {
  if (drop <= 0) return value * 10n ** BigInt(-drop);
  const unit = 10n ** BigInt(drop);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  let q = abs / unit;
  if ((abs % unit) * 2n >= unit) q += 1n;
  return negative ? -q : q;
}

export function isDecimal(text: string | null | undefined): boolean {
  return parse(text) !== null;
}

/** -1, 0 or 1; null when either side is not a decimal. */
export function compareDecimal(a: string | null | undefined, b: string | null | undefined): -1 | 0 | 1 | null {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return null;
  const [l, r] = align(x, y);
  return l < r ? -1 : l > r ? 1 : 0;
}

/** a × b to `decimals` places, half away from zero. */
export function mulDecimal(a: string | null | undefined, b: string | null | undefined, decimals = 2): string | null {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return null;
  return render(roundDrop(x.value * y.value, x.scale + y.scale - decimals), decimals);
}

/** a ÷ b to `decimals` places, half away from zero; null when b is zero. */
export function divDecimal(a: string | null | undefined, b: string | null | undefined, decimals = 2): string | null {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y || y.value === 0n) return null;
  // a/b = (x.value / 10^xs) / (y.value / 10^ys); scale the numerator so one extra digit remains for rounding.
  const shift = decimals + 1 + y.scale - x.scale;
  const num = shift >= 0 ? x.value * 10n ** BigInt(shift) : x.value / 10n ** BigInt(-shift);
  return render(roundDrop(num / y.value, 1), decimals);
}

/** Cut (not round) to `decimals` places: the most of a balance that can be typed as an amount. */
export function floorDecimal(a: string | null | undefined, decimals = 2): string | null {
  const x = parse(a);
  if (!x) return null;
  if (x.scale <= decimals) return render(x.value * 10n ** BigInt(decimals - x.scale), decimals);
  const unit = 10n ** BigInt(x.scale - decimals);
  let q = x.value / unit;
  if (x.value < 0n && x.value % unit !== 0n) q -= 1n;
  return render(q, decimals);
}

/** An amount as typed: spaces dropped and a decimal comma (Dutch keyboards) read as a point. */
export function decimalInput(value: unknown): string {
  return String(value ?? '')
    .replace(/\s+/g, '')
    .replace(',', '.');
}

/** a + b, exact (the wider scale of the two). */
export function addDecimal(a: string | null | undefined, b: string | null | undefined): string | null {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return null;
  const [l, r] = align(x, y);
  return render(l + r, Math.max(x.scale, y.scale));
}

/** a − b, exact (the wider scale of the two). */
export function subDecimal(a: string | null | undefined, b: string | null | undefined): string | null {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return null;
  const [l, r] = align(x, y);
  return render(l - r, Math.max(x.scale, y.scale));
}

/** Whether `a` is a whole multiple of `step` (a lot size, a tick); true when step is zero. */
export function isMultipleOf(a: string | null | undefined, step: string | null | undefined): boolean {
  const x = parse(a);
  const y = parse(step);
  if (!x || !y) return false;
  if (y.value === 0n) return true;
  const [l, r] = align(x, y);
  return l % r === 0n;
}

/** The largest multiple of `step` not above `a` (a quantity cut to whole lots); null if either is not a decimal. */
export function floorToStep(a: string | null | undefined, step: string | null | undefined): string | null {
  const x = parse(a);
  const y = parse(step);
  if (!x || !y || y.value <= 0n) return null;
  const [l, r] = align(x, y);
  const scale = Math.max(x.scale, y.scale);
  let q = l / r;
  if (l < 0n && l % r !== 0n) q -= 1n;
  return render(q * r, scale)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
}

/** Round to `places` decimals, half away from zero (decimal.js ROUND_HALF_UP), always `places` digits. */
export function roundDecimal(a: string | null | undefined, places = 2): string | null {
  const x = parse(a);
  if (!x) return null;
  return render(roundDrop(x.value, x.scale - places), places);
}

// The server computes with decimal.js at 40 significant digits, rounding half up: every product,
// quotient, sum and difference is rounded to 40 digits before the next step. A quotient such as
// 5/6 is therefore a hair below its true value, and a later rounding to the cent can differ from
// the exact rational by one cent. The *Precise functions repeat that arithmetic step by step so
// that a formula written with them gives the server's figure to the last digit.

/** decimal.js `precision` of the server's `Dec`. */
export const SIGNIFICANT_DIGITS = 40;

function digitCount(v: bigint): number {
  return (v < 0n ? -v : v).toString().length;
}

function toSignificant(x: Scaled): Scaled {
  if (x.value === 0n) return { value: 0n, scale: 0 };
  const drop = digitCount(x.value) - SIGNIFICANT_DIGITS;
  if (drop <= 0) return x;
  const value = roundDrop(x.value, drop);
  const scale = x.scale - drop;
  return scale >= 0 ? { value, scale } : { value: value * 10n ** BigInt(-scale), scale: 0 };
}

/** The shortest plain rendering (no exponent, no trailing zeros), like decimal.js `toFixed()`. */
function plain(x: Scaled): string {
  const text = render(x.value, x.scale);
  if (x.scale === 0) return text;
  // The zeros are dropped from the text: a BigInt division per zero allocated a number each.
  let end = text.length;
  while (text.charCodeAt(end - 1) === 48 /* 0 */) end--;
  if (text.charCodeAt(end - 1) === 46 /* . */) end--;
  return text.slice(0, end);
}

function need(text: string | number): Scaled {
  const x = parse(String(text));
  if (!x) throw new TypeError(`not a decimal: ${String(text)}`);
  return x;
}

/** a × b rounded to 40 significant digits, half up, as decimal.js `Dec.mul`. Throws on a non-decimal. */
export function mulPrecise(a: string | number, b: string | number): string {
  return productPrecise(a, b);
}

/**
 * The product of the factors, left to right, each step rounded to 40 significant digits: the same
 * figure as a chain of `mulPrecise`, without writing and reading the text between the steps (the
 * portfolio multiplies this for every open position).
 */
export function productPrecise(first: string | number, ...rest: (string | number)[]): string {
  let x = need(first);
  for (const f of rest) {
    const y = need(f);
    x = toSignificant({ value: x.value * y.value, scale: x.scale + y.scale });
  }
  return plain(x);
}

/** a + b rounded to 40 significant digits, half up, as decimal.js `Dec.add`. */
export function addPrecise(a: string | number, b: string | number): string {
  const x = need(a);
  const y = need(b);
  const [l, r] = align(x, y);
  return plain(toSignificant({ value: l + r, scale: Math.max(x.scale, y.scale) }));
}

/** a − b rounded to 40 significant digits, half up, as decimal.js `Dec.sub`. */
export function subPrecise(a: string | number, b: string | number): string {
  const x = need(a);
  const y = need(b);
  const [l, r] = align(x, y);
  return plain(toSignificant({ value: l - r, scale: Math.max(x.scale, y.scale) }));
}

/** a ÷ b correctly rounded to 40 significant digits, half up, as decimal.js `Dec.div`. Throws when b is zero. */
export function divPrecise(a: string | number, b: string | number): string {
  const x = need(a);
  const y = need(b);
  if (y.value === 0n) throw new RangeError('division by zero');
  if (x.value === 0n) return '0';
  const negative = x.value < 0n !== y.value < 0n;
  const n = x.value < 0n ? -x.value : x.value;
  const d = y.value < 0n ? -y.value : y.value;
  // Scale n by 10^k so that the integer quotient has exactly 40 digits.
  let k = SIGNIFICANT_DIGITS - (digitCount(n) - digitCount(d));
  const quotient = (shift: number) => (shift >= 0 ? [n * 10n ** BigInt(shift), d] : [n, d * 10n ** BigInt(-shift)]) as [bigint, bigint];
  let [num, den] = quotient(k);
  if (digitCount(num / den) > SIGNIFICANT_DIGITS) [num, den] = quotient(--k);
  if (digitCount(num / den) < SIGNIFICANT_DIGITS) [num, den] = quotient(++k);
  let q = num / den;
  if ((num % den) * 2n >= den) q += 1n;
  const scale = k + x.scale - y.scale;
  const value = negative ? -q : q;
  return plain(scale >= 0 ? { value, scale } : { value: value * 10n ** BigInt(-scale), scale: 0 });
}

/** The smaller of two decimals (the first when equal); throws on a non-decimal. */
export function minDecimal(a: string, b: string): string {
  const [l, r] = align(need(a), need(b));
  return r < l ? b : a;
}

/** -1, 0 or 1 for a decimal's sign; throws on a non-decimal. */
export function signOf(a: string): -1 | 0 | 1 {
  const x = need(a);
  return x.value < 0n ? -1 : x.value > 0n ? 1 : 0;
}

/** The largest integer not above `a`, as decimal.js `floor()`. */
export function floorInteger(a: string): string {
  const x = need(a);
  const unit = 10n ** BigInt(x.scale);
  let q = x.value / unit;
  if (x.value < 0n && x.value % unit !== 0n) q -= 1n;
  return q.toString();
}

/** The shortest plain form of a decimal, as decimal.js `toFixed()` writes it ('1.50' → '1.5'). */
export function plainDecimal(a: string | number): string {
  return plain(need(a));
}
