import { RANKING_RULE, RISK_STEPS as STEPS } from '@tradeapp/contract';
import { Dec, fixed } from '../../lib/decimal';

// An agency's record (decision 0020, "The record"), as pure functions of its daily equity and its
// closed positions' net results, so that a test can recompute every figure a page shows. Everything
// is exact decimals: the volatility's square root too.

/** One day's close of an agency: its equity then (cash + margin + floating P&L at the close). */
export interface EquityPoint {
  /** The trading day, YYYY-MM-DD. */
  day: string;
  equity: string;
}

export interface NavPoint {
  day: string;
  /** Equity ÷ starting capital: 1 at the start. */
  nav: Dec;
}

/** The ranking's rule (the contract's, shown beside the ranking). */
export const RANKING = RANKING_RULE;

/** NAV per day: equity over the starting capital (agencies take no outside money, so units never change). */
export function navOf(points: readonly EquityPoint[], capital: string): NavPoint[] {
  const c = new Dec(capital);
  if (c.lte(0)) throw new Error('an agency starts with capital');
  return points.map((p) => ({ day: p.day, nav: new Dec(p.equity).div(c) }));
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** The last point on or before `day`; undefined when the record starts after it. */
function onOrBefore(nav: readonly NavPoint[], day: number): NavPoint | undefined {
  let found: NavPoint | undefined;
  for (const p of nav) {
    if (dayNumber(p.day) > day) break;
    found = p;
  }
  return found;
}

/**
 * The return over the `days` before the last point, as a percentage with two decimals: NAV at the
 * end ÷ NAV on the window's first day (the last close on or before it) − 1. Null when the record is
 * younger than the window.
 */
export function windowReturn(nav: readonly NavPoint[], days: number): string | null {
  const last = nav[nav.length - 1];
  if (!last) return null;
  const start = onOrBefore(nav, dayNumber(last.day) - days);
  if (!start) return null;
  return fixed(last.nav.div(start.nav).sub(1).mul(100), 2);
}

/**
 * The largest fall from a peak within the `days` before the last point (all of it without `days`),
 * as a fraction with four decimals: max over t of (peak before t − NAV at t) ÷ peak. Zero for a
 * record that never fell.
 */
export function maxDrawdown(nav: readonly NavPoint[], days?: number): string {
  const last = nav[nav.length - 1];
  if (!last) return '0.0000';
  const from = days === undefined ? -Infinity : dayNumber(last.day) - days;
  let peak: Dec | null = null;
  let worst = new Dec(0);
  for (const p of nav) {
    if (dayNumber(p.day) < from) continue;
    if (peak === null || p.nav.gt(peak)) peak = p.nav;
    const fall = peak.sub(p.nav).div(peak);
    if (fall.gt(worst)) worst = fall;
  }
  return fixed(worst, 4);
}

/** Closed positions with a positive net result over all closed positions, four decimals; null before the first close. */
export function winRate(netResults: readonly string[]): string | null {
  if (netResults.length === 0) return null;
  const wins = netResults.filter((r) => new Dec(r).gt(0)).length;
  return fixed(new Dec(wins).div(netResults.length), 4);
}

/**
 * Observations per year of the record's returns. The curve has a point at every UTC calendar day's
 * end, weekends and holidays included (an agency's crypto and forex trade then, and its equity is
 * valued each day), so its returns are calendar-day returns and a year holds 365 of them. Annualising
 * them with √252 (the trading-day convention) would understate volatility by √(365 ÷ 252) ≈ 1.20.
 */
export const RETURNS_PER_YEAR = 365;

/**
 * The annualised volatility of daily NAV returns over the `days` before the last point: the sample
 * standard deviation of NAV[t] ÷ NAV[t−1] − 1 (calendar-day returns) times √365, four decimals.
 * Null with fewer than two returns.
 */
export function volatility(nav: readonly NavPoint[], days = 365): string | null {
  const last = nav[nav.length - 1];
  if (!last) return null;
  const from = dayNumber(last.day) - days;
  const within = nav.filter((p) => dayNumber(p.day) >= from);
  const returns = within.slice(1).map((p, i) => p.nav.div(within[i]!.nav).sub(1));
  if (returns.length < 2) return null;
  const mean = returns.reduce((a, r) => a.add(r), new Dec(0)).div(returns.length);
  const variance = returns.reduce((a, r) => a.add(r.sub(mean).pow(2)), new Dec(0)).div(returns.length - 1);
  return fixed(variance.sqrt().mul(new Dec(RETURNS_PER_YEAR).sqrt()), 4);
}

/**
 * The risk score, 1 (calm) to 10: the higher of two scales, one for the annualised volatility and
 * one for the 365-day maximum drawdown, each step a bound the figure is at most. Shown with its table.
 */
export const RISK_STEPS = { volatility: STEPS, drawdown: STEPS } as const;

export function riskScore(vol: string | null, drawdown: string): number {
  const step = (value: string, bounds: readonly string[]) => {
    const i = bounds.findIndex((b) => new Dec(value).lte(b));
    return i === -1 ? bounds.length + 1 : i + 1;
  };
  return Math.max(vol === null ? 1 : step(vol, RISK_STEPS.volatility), step(drawdown, RISK_STEPS.drawdown));
}

export interface Ranked {
  id: number;
  /** The 90-day return, percent; null for an agency younger than 90 days. */
  return90: string | null;
  /** The 90-day maximum drawdown, a fraction. */
  drawdown90: string;
}

/** The top agencies by RANKING's rule: the return over 90 days among those within the drawdown floor, ties by the smaller drawdown, then the id. */
export function ranking<T extends Ranked>(agencies: readonly T[]): T[] {
  return agencies
    .filter((a) => a.return90 !== null && new Dec(a.drawdown90).lte(RANKING.maxDrawdown))
    .sort((a, b) => new Dec(b.return90!).cmp(a.return90!) || new Dec(a.drawdown90).cmp(b.drawdown90) || a.id - b.id)
    .slice(0, RANKING.size);
}
