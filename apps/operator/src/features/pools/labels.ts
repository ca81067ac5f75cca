import { compareDecimal, isDecimal, plainDecimal, POOL_RANKING_DAYS, roundDecimal, type PlacementKeyStatus, type PoolRule } from '@tradeapp/contract';
import { formatAmount, formatUtcDay } from '../../ui/format';

// How the pools page words a pool's rule and writes its figures. Every figure comes from the server
// as a decimal string (a recomputation of the pool's journals, positions and daily NAVs) and is only
// written out here, never recomputed; every return is simulated.

/** Each rule's name in the back office. */
export const RULE_LABELS: Record<PoolRule, string> = {
  pairs: 'Market-neutral pairs (KO/PEP)',
  momentum: 'Index futures momentum',
  volTarget: 'Volatility-targeted crypto',
};

/** What each rule does, under its choice on the form. */
export const RULE_HINTS: Record<PoolRule, string> = {
  pairs:
    'Coca-Cola against PepsiCo: when the ratio of their closes strays two deviations from its 20-day mean, short the dear one and buy the cheap one, half the equity each; out when the ratio is back or after 20 days.',
  momentum: 'At each week’s first close, long each US index future (ES, NQ, YM) whose 60-day change is above zero, 30 % of the equity each at 2×.',
  volTarget: 'Long Bitcoin and Ether, each sized every week so that it alone would move the pool about 15 % a year (at most half the equity each).',
};

/** A key's status, as the placements' keys read. */
export { KEY_STATUS_LABELS as KEY_LABELS } from '../../ui/InvestorKeys';

/** A pool in words: "Index futures momentum pool #2". */
export const poolName = (pool: { id: number; rule: PoolRule }) => `${RULE_LABELS[pool.rule]} pool #${String(pool.id)}`;

export type PoolState = 'open' | 'paused';

export const stateOf = (pool: { paused: boolean }): PoolState => (pool.paused ? 'paused' : 'open');

/** A percentage as the operator typed it, in its shortest form: "1.50" -> "1.5 %". */
export function percentText(percent: string): string {
  return `${isDecimal(percent) ? plainDecimal(percent) : percent} %`;
}

/** The yearly management fee: "0.75 % a year". */
export const feeText = (feePercent: string) => `${percentText(feePercent)} a year`;

/** A return in percent, to two decimals and signed as a return reads: "+12.50 %", "-3.10 %"; a dash without the days. */
export function returnText(percent: string | null): string {
  if (percent === null) return '—';
  const rounded = roundDecimal(percent, 2) ?? percent;
  return `${compareDecimal(rounded, '0') === 1 ? '+' : ''}${rounded} %`;
}

/** The deepest fall of the NAV, percent (positive), to two decimals; a dash without the days. */
export function drawdownText(percent: string | null): string {
  if (percent === null) return '—';
  return `${roundDecimal(percent, 2) ?? percent} %`;
}

/** Euros with their thousands grouped: "12,345.60 EUR"; a dash for none. */
export const eurText = (amount: string | null) => (amount === null ? '—' : `${formatAmount(amount)} EUR`);

/** A NAV, euros per unit, with every decimal the server kept: "1.023456 EUR". */
export const navText = (nav: string | null) => (nav === null ? '—' : `${formatAmount(nav)} EUR`);

/** Units with their thousands grouped and every decimal the server kept: "12,500.123456". */
export function unitsText(units: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(units.trim());
  if (!match) return units;
  const [, sign = '', whole = '', fraction] = match;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

/** A day of the pool (a UTC day's start) as the other pages write dates: "2026-05-04"; a dash for none. */
export const dayText = (day: number | null): string => formatUtcDay(day);

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

export const investorsText = (n: number) => plural(n, 'investor', 'investors');

export const pendingText = (n: number) => plural(n, 'pending order', 'pending orders');

/** The keys of a private pool in a few words: "3 keys, 1 entered"; "no keys yet". */
export function keysText(keys: readonly { status: PlacementKeyStatus }[]): string {
  if (keys.length === 0) return 'no keys yet';
  const used = keys.filter((k) => k.status === 'used').length;
  return `${plural(keys.length, 'key', 'keys')}, ${used.toLocaleString('en')} entered`;
}

/** The ranking's window, beside the 30-day return. */
export const RANKING_DAYS_TEXT = `${String(POOL_RANKING_DAYS)} d`;

/** The list with `pool`'s row replaced by the server's answer; nothing while the list is not loaded. */
export function replacePool<T extends { id: number }>(list: T[] | undefined, pool: T): T[] | undefined {
  return list?.map((row) => (row.id === pool.id ? pool : row));
}

/** The list with a new pool at its end (or its row replaced, when the list already has it); nothing while the list is not loaded. */
export function withPool<T extends { id: number }>(list: T[] | undefined, pool: T): T[] | undefined {
  if (!list) return list;
  return list.some((row) => row.id === pool.id) ? replacePool(list, pool) : [...list, pool];
}
