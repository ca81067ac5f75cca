import { getUiLanguage } from '../i18n/locale';

// The numbers the screens show (money, prices, quantities, percentages) in the UI language's form,
// by string arithmetic: they arrive as decimal strings and never pass through a JS float. Apart from
// lib/format.ts (which re-exports them) because the page's boot script paints a quote with them
// before the app's code has arrived (boot/shells.ts), and it cannot bring i18next along.

export const EMPTY_VALUE = '--';

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

interface ParsedDecimal {
  negative: boolean;
  int: string;
  frac: string;
}

function parseDecimal(value: string | number | bigint | null | undefined): ParsedDecimal | null {
  if (value === null || value === undefined) return null;
  let text: string;
  if (typeof value === 'number') {
    // Integers (quantities, counts) are exact; a non-integer number is refused on purpose.
    if (!Number.isSafeInteger(value)) return null;
    text = String(value);
  } else {
    text = String(value).trim().replace(/,/g, '');
  }
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const int = match[2] ?? '';
  const frac = match[3] ?? '';
  if (int === '' && frac === '') return null;
  return { negative: match[1] === '-', int: int.replace(/^0+(?=\d)/, '') || '0', frac };
}

/** Adds one to a string of digits ("0999" -> "1000"); the result may be one digit longer. */
function incrementDigits(digits: string): string {
  const chars = digits.split('');
  for (let i = chars.length - 1; i >= 0; i -= 1) {
    if (chars[i] === '9') {
      chars[i] = '0';
    } else {
      chars[i] = String(Number(chars[i]) + 1);
      return chars.join('');
    }
  }
  return `1${chars.join('')}`;
}

/**
 * Round a decimal string to `decimals` places, half away from zero ("2.345" -> "2.35",
 * "-1.005" -> "-1.01"). Returns null when the input is not a decimal.
 */
export function roundDecimal(value: string | number | bigint | null | undefined, decimals = 2): string | null {
  const parsed = parseDecimal(value);
  if (!parsed) return null;
  let { int, frac } = parsed;
  if (frac.length > decimals) {
    const roundUp = (frac[decimals] ?? '0') >= '5';
    const kept = int + frac.slice(0, decimals);
    const digits = roundUp ? incrementDigits(kept) : kept;
    int = digits.slice(0, digits.length - decimals) || '0';
    frac = digits.slice(digits.length - decimals);
    int = int.replace(/^0+(?=\d)/, '');
  } else {
    frac = frac.padEnd(decimals, '0');
  }
  const isZero = /^0*$/.test(int) && /^0*$/.test(frac);
  const sign = parsed.negative && !isZero ? '-' : '';
  return decimals > 0 ? `${sign}${int}.${frac}` : `${sign}${int}`;
}

/** Separators of the UI language: Dutch writes 1.234,50; English and Chinese 1,234.50. */
function separators(): { group: string; decimal: string } {
  return getUiLanguage() === 'nl' ? { group: '.', decimal: ',' } : { group: ',', decimal: '.' };
}

function group(int: string, mark: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, mark);
}

/** An amount to 2 decimals ("1234.5" -> "1234.50"); `grouping` adds thousands separators. */
export function formatAmount(
  value: string | number | bigint | null | undefined,
  opts: { decimals?: number; grouping?: boolean; signed?: boolean } = {},
): string {
  const rounded = roundDecimal(value, opts.decimals ?? 2);
  if (rounded === null) return EMPTY_VALUE;
  const negative = rounded.startsWith('-');
  const body = negative ? rounded.slice(1) : rounded;
  const [int = '0', frac] = body.split('.');
  const marks = separators();
  const text = `${opts.grouping ? group(int, marks.group) : int}${frac !== undefined ? `${marks.decimal}${frac}` : ''}`;
  const isZero = !/[1-9]/.test(body);
  const sign = negative ? '-' : opts.signed && !isZero ? '+' : '';
  return `${sign}${text}`;
}

/**
 * A decimal with the digits it has, in the language's separators: a rate, a tick size, an amount
 * limit ("1.08523" -> "1,08523" in Dutch). `grouping` adds thousands separators.
 */
export function formatNumber(value: string | number | null | undefined, opts: { grouping?: boolean } = {}): string {
  const parsed = parseDecimal(value);
  if (!parsed) return EMPTY_VALUE;
  const marks = separators();
  const int = opts.grouping ? group(parsed.int, marks.group) : parsed.int;
  const sign = parsed.negative && /[1-9]/.test(parsed.int + parsed.frac) ? '-' : '';
  return `${sign}${int}${parsed.frac ? `${marks.decimal}${parsed.frac}` : ''}`;
}

/** A quantity as the server sent it, without trailing zeros and grouped: "0.04500000" -> "0.045", "1000.5" -> "1,000.5" / "1.000,5". */
export function formatQuantity(value: string | number | null | undefined): string {
  const parsed = parseDecimal(value);
  if (!parsed) return EMPTY_VALUE;
  const frac = parsed.frac.replace(/0+$/, '');
  return formatNumber(`${parsed.negative ? '-' : ''}${parsed.int}${frac ? `.${frac}` : ''}`, { grouping: true });
}

/** -1, 0 or 1 from the sign of a decimal string. */
export function signOf(value: string | number | null | undefined): -1 | 0 | 1 {
  const parsed = parseDecimal(value ?? null);
  if (!parsed || !/[1-9]/.test(parsed.int + parsed.frac)) return 0;
  return parsed.negative ? -1 : 1;
}

export const NEUTRAL_COLOR = 'var(--mm-flat-text)';

/**
 * The colour of a rise, fall or unchanged figure as text: the custom properties of app/global.css.
 * In the light theme, darker tones of the specification's green #21E57B and red #FD005C (1.67:1 and
 * 3.93:1 on white) that read at 4.5:1 on the app's light backgrounds; in the dark theme the bright
 * green and a lighter red; swapped for "red up, green down" (lib/theme.ts). Charts use the contract's
 * RISE_COLOR and FALL_COLOR through `riseFallColors` of lib/theme.ts.
 */
export function riseFallColor(change: string | number | null | undefined): string {
  const sign = signOf(change);
  return sign > 0 ? 'var(--mm-rise-text)' : sign < 0 ? 'var(--mm-fall-text)' : NEUTRAL_COLOR;
}

/** "+1.23%" from a ratio already in percent ("1.2345"). */
export function formatPercent(value: string | null | undefined): string {
  const amount = formatAmount(value, { signed: true });
  return amount === EMPTY_VALUE ? amount : `${amount}%`;
}

/** Number of fraction digits of a tick size ("0.01" -> 2, "0.00001" -> 5, "1" -> 0). */
export function decimalsOf(tickSize: string | null | undefined, fallback = 2): number {
  const parsed = parseDecimal(tickSize ?? null);
  if (!parsed) return fallback;
  const frac = parsed.frac.replace(/0+$/, '');
  return Math.min(frac.length, 8);
}

/** Decimals a price is shown with: the tick's precision, at least 2 ("531.5" with tick 0.5 -> "531.50"). */
export function priceDecimals(tickSize: string | null | undefined): number {
  return Math.max(2, decimalsOf(tickSize));
}

/** A price at the instrument's tick precision, grouped: "65,012.50", "1.08523". */
export function formatPrice(value: string | null | undefined, tickSize?: string | null): string {
  return formatAmount(value, { decimals: priceDecimals(tickSize), grouping: true });
}

/** A signed change at the instrument's tick precision: "+1.25", "-0.00031". */
export function formatChange(value: string | null | undefined, tickSize?: string | null): string {
  return formatAmount(value, { decimals: priceDecimals(tickSize), grouping: true, signed: true });
}

const COMPACT_UNITS: Array<[digits: number, suffix: string]> = [
  [12, 'T'],
  [9, 'B'],
  [6, 'M'],
  [3, 'K'],
];

/**
 * A large quantity in short form by moving the decimal point in the string: "1234567" -> "1.23M",
 * "987" -> "987", "12500000000" -> "12.50B". Never through a float.
 */
export function formatCompact(value: string | null | undefined): string {
  const parsed = parseDecimal(value ?? null);
  if (!parsed) return EMPTY_VALUE;
  const sign = parsed.negative && /[1-9]/.test(parsed.int + parsed.frac) ? '-' : '';
  for (let i = 0; i < COMPACT_UNITS.length; i += 1) {
    const [digits, suffix] = COMPACT_UNITS[i]!;
    if (parsed.int.length > digits) {
      const shifted = `${parsed.int.slice(0, parsed.int.length - digits)}.${parsed.int.slice(parsed.int.length - digits)}${parsed.frac}`;
      const rounded = roundDecimal(shifted, 2) ?? '0';
      // 999.995K rounds to 1000.00K: that is 1.00M.
      const larger = COMPACT_UNITS[i - 1];
      const decimal = separators().decimal;
      if (rounded.startsWith('1000.') && larger) return `${sign}1${decimal}00${larger[1]}`;
      return `${sign}${rounded.replace('.', decimal)}${suffix}`;
    }
  }
  const small = parsed.frac && /[1-9]/.test(parsed.frac) ? roundDecimal(`${parsed.int}.${parsed.frac}`, 2) : parsed.int;
  return `${sign}${(small ?? '').replace('.', separators().decimal)}`;
}
