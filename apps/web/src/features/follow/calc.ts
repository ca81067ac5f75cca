import { COPY_STOP_LOSS, divDecimal, mulDecimal, RISK_STEPS, zAmount, type AgencyDetail } from '@tradeapp/contract';
import { formatAmount, formatPercent } from '../../lib/format';

// The little the follow screens work out themselves. Every figure of an agency or a follow (returns,
// equity, drawdown, risk) is the server's, shown as it came; the one estimate made here is the
// equity level a copy stop-loss stands for before the follow exists, in exact decimals.

/** What a figure the server has not got (a window longer than the record) shows. */
export const NO_VALUE = '—';

/** The copy stop-loss as typed: a whole percentage from 5 to 95, else null. */
export function stopLossPercentOf(value: unknown): number | null {
  const text = String(value ?? '').trim();
  if (!/^\d{1,3}$/.test(text)) return null;
  const percent = Number(text);
  return percent >= COPY_STOP_LOSS.min && percent <= COPY_STOP_LOSS.max ? percent : null;
}

/**
 * The equity at which the copy stop-loss stops a follow of `amount` dollars: amount × (100 − percent)
 * ÷ 100, to the cent (half away from zero), never through a float; null until both are valid.
 */
export function stopLossLevel(amount: string, percent: unknown): string | null {
  if (!zAmount.safeParse(amount).success) return null;
  const p = stopLossPercentOf(percent);
  if (p === null) return null;
  return divDecimal(mulDecimal(amount, String(100 - p), 2), '100', 2);
}

/** A return the server gave in percent ("12.34" → "+12.34%"); null (a record younger than the window) → "—". */
export function formatReturn(value: string | null | undefined): string {
  return value === null || value === undefined ? NO_VALUE : formatPercent(value);
}

/** A fraction the server gave (a drawdown, a win rate, a volatility: "0.1234") as a percentage, "12.34%"; null → "—". */
export function formatFraction(value: string | null | undefined): string {
  if (value === null || value === undefined) return NO_VALUE;
  const percent = mulDecimal(value, '100', 2);
  return percent === null ? NO_VALUE : `${formatAmount(percent)}%`;
}

/** One line of the risk score's table: the score, and the volatility and drawdown it stands for at most (the last: above the last step). */
export interface RiskRow {
  score: number;
  upTo: string | null;
  above: string | null;
}

/** The contract's RISK_STEPS as the page's table: 1 up to the first step, ..., 10 above the last. */
export function riskRows(steps: readonly string[] = RISK_STEPS): RiskRow[] {
  const rows: RiskRow[] = steps.map((step, i) => ({ score: i + 1, upTo: step, above: null }));
  const last = steps[steps.length - 1];
  if (last !== undefined) rows.push({ score: steps.length + 1, upTo: null, above: last });
  return rows;
}

export type CurvePoint = AgencyDetail['curve'][number];
/** A point of the chart: seconds at the day's start (UTC) and the NAV as a number (pixels, not money). */
export interface ChartPoint {
  time: number;
  value: number;
}

/** "2026-03-04" → seconds at 00:00 UTC that day; null for anything else. */
export function dayToSeconds(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / 1000;
}

/**
 * The curve as two lines, the backfilled days and the live ones, in ascending days (a repeated or
 * unreadable day is left out). The live line starts at the last backfilled day so that the curve
 * reads as one line that changes its look where live trading began.
 */
export function splitCurve(curve: readonly CurvePoint[]): { backfilled: ChartPoint[]; live: ChartPoint[] } {
  const backfilled: ChartPoint[] = [];
  const live: ChartPoint[] = [];
  let last = -Infinity;
  for (const point of curve) {
    const time = dayToSeconds(point.day);
    const value = Number(point.nav);
    if (time === null || !Number.isFinite(value) || time <= last) continue;
    last = time;
    (point.backfilled ? backfilled : live).push({ time, value });
  }
  const joint = backfilled[backfilled.length - 1];
  const firstLive = live[0];
  if (joint && firstLive && firstLive.time > joint.time) live.unshift(joint);
  return { backfilled, live };
}
