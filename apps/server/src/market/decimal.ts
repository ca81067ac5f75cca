// Exact decimal strings <-> integer units. Every number the market engine emits goes through
// these helpers, so emitted values are never the artefact of binary floating point formatting.

/** Number of digits after the decimal point of a plain decimal string ("0.025" -> 3). */
export function decimalsOf(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** Parse a non-negative plain decimal string into an integer count of 10^-decimals units. */
export function toUnits(text: string, decimals: number): number {
  if (!/^\d+(\.\d+)?$/.test(text)) throw new Error(`not a plain decimal: ${text}`);
  const [whole = '0', frac = ''] = text.split('.');
  if (frac.length > decimals) {
    if (/[^0]/.test(frac.slice(decimals))) throw new Error(`${text} has more than ${decimals} decimals`);
  }
  const padded = (frac + '0'.repeat(decimals)).slice(0, decimals);
  const units = Number(whole + padded);
  if (!Number.isSafeInteger(units)) throw new Error(`${text} does not fit in integer units`);
  return units;
}

/** Write an integer count of 10^-decimals units as a plain decimal string (no exponent, no float maths). */
export function fromUnits(units: number, decimals: number): string {
  if (!Number.isSafeInteger(units)) throw new Error(`not an integer count of units: ${units}`);
  const negative = units < 0;
  const digits = String(negative ? -units : units);
  if (decimals === 0) return (negative ? '-' : '') + digits;
  const padded = digits.padStart(decimals + 1, '0');
  const whole = padded.slice(0, padded.length - decimals);
  const frac = padded.slice(padded.length - decimals);
  return `${negative ? '-' : ''}${whole}.${frac}`;
}

/**
 * An increment such as a tick size or a lot size, held as an integer step on a decimal grid:
 * a multiple n of the increment is `n * step` units of 10^-decimals.
 */
export interface Increment {
  readonly decimals: number;
  readonly step: number;
  /** The increment as a float, only for the model (never for emitted values). */
  readonly approx: number;
}

export function increment(text: string): Increment {
  const decimals = decimalsOf(text);
  const step = toUnits(text, decimals);
  if (step <= 0) throw new Error(`increment must be positive: ${text}`);
  return { decimals, step, approx: Number(text) };
}

/** Write `count` increments (an integer) as an exact decimal string. */
export function formatSteps(count: number, inc: Increment): string {
  return fromUnits(count * inc.step, inc.decimals);
}

/** Parse a decimal string as a whole number of increments; throws when it is not on the grid. */
export function parseSteps(text: string, inc: Increment): number {
  const units = toUnits(text, Math.max(inc.decimals, decimalsOf(text)));
  const scale = 10 ** Math.max(0, decimalsOf(text) - inc.decimals);
  const gridUnits = units / scale;
  if (!Number.isInteger(gridUnits) || gridUnits % inc.step !== 0) throw new Error(`${text} is not a multiple of the increment`);
  return gridUnits / inc.step;
}

/** The nearest whole number of `unit`s to a model value: the one place floats become integers. */
export function quantise(value: number, unit: number): number {
  return Math.round(value / unit);
}

/** The nearest whole number of units at or above 1, so that a modelled level never becomes zero. */
export function quantisePositive(value: number, unit: number): number {
  const n = quantise(value, unit);
  return n < 1 ? 1 : n;
}
