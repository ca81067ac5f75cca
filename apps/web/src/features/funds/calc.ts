import {
  addDecimal,
  DEPOSIT_YIELD_DAYS,
  divDecimal,
  FUND_NAV_DECIMALS,
  FUND_UNIT_DECIMALS,
  mulDecimal,
  sevenDayYield,
  zFundOrderInput,
  type FundProduct,
} from '@tradeapp/contract';
import { EMPTY_VALUE, formatAmount, formatUtcDay, isoDayOf, signOf, toMillis } from '../../lib/format';

// The little the fund screens work out themselves. Every figure of a product or a holding (NAV,
// yield, value, profit, exit load) is the server's, shown as it came. Worked out here, in exact
// decimals: the units a purchase would get at the latest NAV (an estimate: the order is priced at
// its NAV day's), a Regular term's interest at its end, the NAV day an order placed now gets as the
// cut-off passes, the countdown to it, and the 7-day yield's formula from the declared incomes.

/** What a figure the server has not got shows. */
export const NO_VALUE = '—';

/** The caller holds units (or euros) of the product, or has a purchase waiting for its NAV. */
export const isHeld = (p: Pick<FundProduct, 'units' | 'pending'>) => signOf(p.units) > 0 || signOf(p.pending) > 0;

/** A UTC day (its start, in seconds or milliseconds) as the machine-readable date of a <time>: "2026-11-24". */
export function dayIso(ts: number | null | undefined): string | undefined {
  return isoDayOf(ts);
}

/** A UTC day as a date in the language's form, whatever this device's zone. */
export function formatDay(ts: number | null | undefined): string {
  return toMillis(ts) === null ? NO_VALUE : formatUtcDay(ts);
}

/** A NAV in euros per unit, to the contract's 4 places: "€1.0234". */
export function formatNav(value: string | null | undefined): string {
  const text = formatAmount(value, { decimals: FUND_NAV_DECIMALS, grouping: true });
  return text === EMPTY_VALUE ? NO_VALUE : `€${text}`;
}

/** Units to the contract's 3 places: "1,234.567". */
export function formatUnits(value: string | null | undefined): string {
  const text = formatAmount(value, { decimals: FUND_UNIT_DECIMALS, grouping: true });
  return text === EMPTY_VALUE ? NO_VALUE : text;
}

/** A percent as declared (an expense ratio, a rate): "0.20%", or to `decimals` places. */
export function formatRate(value: string | null | undefined, decimals = 2): string {
  const text = formatAmount(value, { decimals });
  return text === EMPTY_VALUE ? NO_VALUE : `${text}%`;
}

/** A NAV's change in percent, signed: "+0.12%". */
export function formatChange(value: string | null | undefined): string {
  const text = formatAmount(value, { signed: true });
  return text === EMPTY_VALUE ? NO_VALUE : `${text}%`;
}

function parse(text: string): { value: bigint; scale: number } | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return null;
  const frac = m[2] ?? '';
  return { value: BigInt(`${m[1]}${frac}`), scale: frac.length };
}

/** a ÷ b rounded down to `decimals` places, exact (no intermediate rounding); null when either is not a non-negative decimal or b is 0. */
export function floorDiv(a: string, b: string, decimals: number): string | null {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y || y.value === 0n) return null;
  // a/b × 10^d = (x.value × 10^(y.scale + d)) / (y.value × 10^x.scale)
  const q = (x.value * 10n ** BigInt(y.scale + decimals)) / (y.value * 10n ** BigInt(x.scale));
  const text = q.toString().padStart(decimals + 1, '0');
  return decimals > 0 ? `${text.slice(0, -decimals)}.${text.slice(-decimals)}` : text;
}

/** The units `amount` euros buy at `nav`, rounded down to the contract's 3 places as the server allots; null until both are numbers. */
export function estimateUnits(amount: string, nav: string | null): string | null {
  if (nav === null || amountProblem(1, amount) !== null) return null;
  return floorDiv(amount, nav, FUND_UNIT_DECIMALS);
}

/** A Regular term's interest at its end: principal × rate ÷ 100 × days ÷ 365, to the cent. */
export function termInterest(amount: string, ratePercent: string | null, days: number | null): string | null {
  if (ratePercent === null || days === null || amountProblem(1, amount) !== null) return null;
  const yearly = mulDecimal(amount, ratePercent, 12);
  const forDays = mulDecimal(yearly, String(days), 12);
  return divDecimal(forDays, '36500', 2);
}

/** The purchase amount's problem by the contract's rule (a message key: "Please enter purchase amount"), or null. */
export function amountProblem(productId: number, amount: string): string | null {
  const checked = zFundOrderInput.safeParse({ productId, side: 'buy', amount });
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'v.amountRule');
}

/** The redemption's units problem by the contract's rule (a message key), or null; `all` is always well formed. */
export function unitsProblem(productId: number, units: string): string | null {
  const checked = zFundOrderInput.safeParse({ productId, side: 'redeem', units });
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'v.fundUnits');
}

/**
 * The NAV day an order placed at `now` gets: the server's `orderNavDay` until the cut-off it named,
 * then `nextNavDay` (until the list is fetched again and names the next cut-off).
 */
export function navDayAt(p: Pick<FundProduct, 'cutoffAt' | 'orderNavDay' | 'nextNavDay'>, now: number): number | null {
  const cutoff = toMillis(p.cutoffAt);
  if (cutoff === null || now < cutoff) return p.orderNavDay;
  return p.nextNavDay ?? p.orderNavDay;
}

/** The milliseconds left to a product's cut-off at `now`: 0 once passed, null without one. */
export function cutoffLeft(p: Pick<FundProduct, 'cutoffAt'>, now: number): number | null {
  const cutoff = toMillis(p.cutoffAt);
  return cutoff === null ? null : Math.max(0, cutoff - now);
}

/** The earliest cut-off still ahead of `now` among the products (milliseconds), to fetch them again at it. */
export function nextBoundary(products: ReadonlyArray<Pick<FundProduct, 'cutoffAt'>>, now: number): number | null {
  let next: number | null = null;
  for (const p of products) {
    const cutoff = toMillis(p.cutoffAt);
    if (cutoff !== null && cutoff > now && (next === null || cutoff < next)) next = cutoff;
  }
  return next;
}

export interface YieldWorking {
  /** The incomes per 10,000 used, newest first (at most 7). */
  inputs: string[];
  sum: string;
  /** The 7-day annualised yield in percent (`sevenDayYield` of the contract), null with fewer than 7 days. */
  result: string | null;
  /** How many more declared days the yield waits for. */
  missing: number;
}

/** The 7-day yield's formula from the last declared incomes per 10,000, newest first. */
export function yieldWorking(incomesPer10k: readonly string[]): YieldWorking {
  const inputs = incomesPer10k.slice(0, DEPOSIT_YIELD_DAYS);
  const sum = inputs.reduce<string>((total, v) => addDecimal(total, v) ?? total, '0');
  return { inputs, sum, result: sevenDayYield(inputs), missing: Math.max(0, DEPOSIT_YIELD_DAYS - inputs.length) };
}

/** A point of the NAV chart: seconds at the day's start (UTC) and a NAV as a number (pixels, not money). */
export interface ChartPoint {
  time: number;
  value: number;
}

/** The NAVs as a chart's line, ascending days, a repeated or unreadable day left out. */
export function navPoints(days: ReadonlyArray<{ day: number; value: string }>): ChartPoint[] {
  const points: ChartPoint[] = [];
  let last = -Infinity;
  for (const d of days) {
    const ms = toMillis(d.day);
    const value = Number(d.value);
    if (ms === null || !Number.isFinite(value) || ms <= last) continue;
    last = ms;
    points.push({ time: Math.floor(ms / 1000), value });
  }
  return points;
}

/** A declared income per 10,000 units, to its 4 places: "€1.2345". */
export function formatIncome(value: string | null | undefined): string {
  const text = formatAmount(value, { decimals: 4, grouping: true });
  return text === EMPTY_VALUE ? NO_VALUE : `€${text}`;
}

/** A share of units as declared, without trailing zeros: "10%". */
export function formatShare(value: string | null | undefined): string {
  const text = formatAmount(value, { decimals: 2 });
  return text === EMPTY_VALUE ? NO_VALUE : `${text.replace(/[.,]?0+$/, '')}%`;
}
