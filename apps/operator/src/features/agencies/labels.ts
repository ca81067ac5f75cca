import { compareDecimal, mulDecimal, RANKING_RULE, type AgencyStrategy } from '@tradeapp/contract';
import { formatAmount } from '../../ui/format';

// How the agencies page words an agency's strategy and writes its record's figures. The figures
// come from the server as decimal strings and are only written out here, never recomputed.

/** Each strategy's name, as the app names it to investors. */
export const STRATEGY_LABELS: Record<AgencyStrategy, string> = {
  trend: 'Trend on index futures',
  reversion: 'Mean reversion on large US stocks',
  rotation: 'Forex momentum rotation',
  breakout: 'Crypto breakout',
};

export type AgencyState = 'running' | 'paused';

export const stateOf = (agency: { paused: boolean }): AgencyState => (agency.paused ? 'paused' : 'running');

/** A percent the server wrote with its two decimals, signed as a return reads: "+12.50 %", "-3.10 %"; a dash for a record younger than the window. */
export function returnText(percent: string | null): string {
  if (percent === null) return '—';
  return `${compareDecimal(percent, '0') === 1 ? '+' : ''}${percent} %`;
}

/** A fraction (a drawdown, a win rate) as a percent with two decimals: "0.1234" -> "12.34 %"; a dash for none. */
export function fractionText(fraction: string | null): string {
  if (fraction === null) return '—';
  const percent = mulDecimal(fraction, '100', 2);
  return percent === null ? fraction : `${percent} %`;
}

/** Dollars with their thousands grouped: "12,345.60 USD". */
export const usdText = (amount: string) => `${formatAmount(amount)} USD`;

export const leverageText = (leverage: number) => `${String(leverage)}×`;

/** 1-3 in the ranking, a dash when not ranked. */
export const rankText = (rank: number | null) => (rank === null ? '—' : String(rank));

/** The ranking's rule in words, from the contract's RANKING_RULE (decision 0020: shown beside the ranking). */
export function rankingRuleText(): string {
  const days = RANKING_RULE.windowDays;
  const drawdown = mulDecimal(RANKING_RULE.maxDrawdown, '100', 0) ?? RANKING_RULE.maxDrawdown;
  return (
    `Rank (top ${String(RANKING_RULE.size)}): the ${String(days)}-day return among agencies whose ${String(days)}-day maximum drawdown is at most ` +
    `${drawdown} %, ties by the smaller drawdown; an agency younger than ${String(days)} days is not ranked.`
  );
}

/** The list with `agency`'s row replaced by the server's answer; nothing while the list is not loaded. */
export function replaceAgency<T extends { id: number }>(list: T[] | undefined, agency: T): T[] | undefined {
  return list?.map((row) => (row.id === agency.id ? agency : row));
}
