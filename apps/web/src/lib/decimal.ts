// Exact decimal arithmetic for what the screens compute themselves (an "all" amount, a converted
// amount shown before a transfer, "is this more than I have"). Scaled BigInt, never a float.
// The server's answer stays authoritative; these figures are for display and input checks only.

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
  return String(value ?? '').replace(/\s+/g, '').replace(',', '.');
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
  return render(q * r, scale).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
}
