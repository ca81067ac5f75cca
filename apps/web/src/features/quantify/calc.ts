import { addDecimal, floorDecimal, mulDecimal, POOL_UNIT_DECIMALS, zPoolOrderInput, type Pool, type PoolDay } from '@tradeapp/contract';
import { EMPTY_VALUE, formatAmount, formatPercent, formatUtcDay, isoDayOf, signOf, toMillis } from '../../lib/format';

// The little the AI quantify screens work out themselves. Every figure of a pool (NAV, returns,
// drawdown, fees, the caller's value) is the server's, shown as it came; the one estimate made here
// is what a redemption would pay at the latest NAV, in exact decimals, rounded down to the cent as
// the server pays.

/** What a figure the server has not got (a return over more days than the pool has) shows. */
export const NO_VALUE = '—';

/** The caller holds units of the pool, or has a subscription waiting for its NAV. */
export const isHeld = (p: Pick<Pool, 'units' | 'pending'>) => signOf(p.units) > 0 || signOf(p.pending) > 0;

/** A UTC day (its start, in seconds or milliseconds) as a date in the language's form, whatever this device's zone. */
export function formatDay(ts: number | null | undefined): string {
  return formatUtcDay(ts);
}

/** A UTC day as the machine-readable date of a <time>: "2026-11-24"; undefined when unreadable. */
export function dayIso(ts: number | null | undefined): string | undefined {
  return isoDayOf(ts);
}

/** A NAV in euros per unit, to the contract's places: "€1.023456". */
export function formatNav(value: string | null | undefined): string {
  const text = formatAmount(value, { decimals: POOL_UNIT_DECIMALS, grouping: true });
  return text === EMPTY_VALUE ? NO_VALUE : `€${text}`;
}

/** A return in percent as the server gave it ("12.3456" → "+12.35%"); null → "—". */
export function formatReturn(value: string | null | undefined): string {
  return value === null || value === undefined ? NO_VALUE : formatPercent(value);
}

/** A drawdown, the positive percent of the deepest fall: "8.20%"; null → "—". */
export function formatDrawdown(value: string | null | undefined): string {
  if (value === null || value === undefined) return NO_VALUE;
  const text = formatAmount(value);
  return text === EMPTY_VALUE ? NO_VALUE : `${text}%`;
}

/** The sum of decimal strings, exact. */
export function sumOf(values: readonly string[]): string {
  return values.reduce<string>((total, v) => addDecimal(total, v) ?? total, '0');
}

/** What `units` pay at `nav`, rounded down to the cent as the server pays; null until both are numbers. */
export function redeemEstimate(units: string, nav: string | null): string | null {
  if (nav === null) return null;
  return floorDecimal(mulDecimal(units, nav, POOL_UNIT_DECIMALS * 2), 2);
}

/** The subscription's amount problem by the contract's rule (a message key), or null. */
export function amountProblem(poolId: number, amount: string): string | null {
  const checked = zPoolOrderInput.safeParse({ poolId, kind: 'subscribe', amount });
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'v.amountRule');
}

/** The redemption's units problem by the contract's rule (a message key), or null; `all` is always well formed. */
export function unitsProblem(poolId: number, units: string): string | null {
  const checked = zPoolOrderInput.safeParse({ poolId, kind: 'redeem', units });
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'v.poolUnits');
}

/** A point of the chart: seconds at the day's start (UTC) and a NAV as a number (pixels, not money). */
export interface ChartPoint {
  time: number;
  value: number;
}

export interface NavLines {
  backtested: ChartPoint[];
  live: ChartPoint[];
  benchmark: ChartPoint[];
  /** The last backtested day and the first live one (milliseconds), null without them. */
  lastBacktested: number | null;
  firstLive: number | null;
}

/**
 * The pool's days as the chart's lines, in ascending days (a repeated or unreadable day is left out):
 * its NAV over the backtested days, its NAV over the live ones, and its benchmark over all of them.
 * The live line starts at the last backtested day, so the NAV reads as one line that changes its look
 * where the pool went live.
 */
export function navLines(days: readonly PoolDay[]): NavLines {
  const lines: NavLines = { backtested: [], live: [], benchmark: [], lastBacktested: null, firstLive: null };
  let last = -Infinity;
  for (const d of days) {
    const ms = toMillis(d.day);
    const nav = Number(d.nav);
    const benchmark = Number(d.benchmark);
    if (ms === null || !Number.isFinite(nav) || ms <= last) continue;
    last = ms;
    const time = Math.floor(ms / 1000);
    if (d.backtested) {
      lines.backtested.push({ time, value: nav });
      lines.lastBacktested = ms;
    } else {
      lines.live.push({ time, value: nav });
      lines.firstLive ??= ms;
    }
    if (Number.isFinite(benchmark)) lines.benchmark.push({ time, value: benchmark });
  }
  const joint = lines.backtested[lines.backtested.length - 1];
  const firstLive = lines.live[0];
  if (joint && firstLive && firstLive.time > joint.time) lines.live.unshift(joint);
  return lines;
}
