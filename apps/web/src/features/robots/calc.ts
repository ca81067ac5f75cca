import { ROBOT_PERCENT_DECIMALS, RobotStatus, type RobotMessage } from '@tradeapp/contract';
import { EMPTY_VALUE, formatAmount, formatNumber } from '../../lib/format';

// The little the robot screens work out themselves: how a percentage of a robot reads (to its
// smallest step, 0.001 %), the colour of a status, and where a fill falls on the chart. Every figure
// of a robot order is the server's, shown as it came.

/** A robot's percentage as the server gave it ("-0.128" → "-0.128%", "1.5" → "+1.500%"); null → "—". */
export function formatRobotPercent(value: string | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const amount = formatAmount(value, { decimals: ROBOT_PERCENT_DECIMALS, signed: true });
  return amount === EMPTY_VALUE ? '—' : `${amount}%`;
}

/** A parameter in percent as the operator wrote it ("0.05" → "0.05%", "1.5" → "1,5%" in Dutch). */
export function formatParamPercent(value: string): string {
  return `${formatNumber(value)}%`;
}

/**
 * The tone of a robot order's status (the specification: 1-4 yellow, 5-6 red); a redeemed order is
 * over, whatever status it stopped in, and reads grey.
 */
export function statusTone(order: { status: number; redeemed: boolean }): 'progress' | 'failed' | 'muted' {
  if (order.redeemed) return 'muted';
  return order.status >= RobotStatus.NoEnergy ? 'failed' : 'progress';
}

const STATUS_KEYS = {
  [RobotStatus.Searching]: 'searching',
  [RobotStatus.Locating]: 'locating',
  [RobotStatus.Started]: 'started',
  [RobotStatus.Mining]: 'mining',
  [RobotStatus.NoEnergy]: 'noEnergy',
  [RobotStatus.Expired]: 'expired',
} as const;

/** The status (1-6, clamped: the contract allows no other) as its key of `robots.status` and `robots.statusMeaning`. */
export function statusKey(status: number): (typeof STATUS_KEYS)[RobotStatus] {
  return STATUS_KEYS[Math.min(RobotStatus.Expired, Math.max(RobotStatus.Searching, Math.trunc(status))) as RobotStatus];
}

/** A message's value as text ("" when the server left it out). */
export function valueOf(m: RobotMessage, name: string): string {
  const v = m.values[name];
  return v === undefined ? '' : String(v);
}

/** A message's count (a number on the wire), 0 when missing. */
export function countOf(m: RobotMessage, name: string): number {
  const v = Number(m.values[name]);
  return Number.isFinite(v) ? v : 0;
}

/** The quote currency of a crypto pair's symbol ("BTCUSDT" → "USDT"), else "". */
export function pairCurrency(symbol: string): string {
  return /(USDT|USDC|USD|EUR)$/.exec(symbol)?.[1] ?? '';
}
