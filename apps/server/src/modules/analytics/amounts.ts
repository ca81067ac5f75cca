import { ANALYTICS_PRODUCT_ROWS, JournalKind, type AnalyticsProductRow, type PortfolioProduct } from '@tradeapp/contract';
import { Dec, fixed } from '../../lib/decimal';
import type { PositionRow } from '../trading';
import { closedPnlOf } from '../trading';

export const DAY = 86_400_000;
export const money = (v: Dec | string) => fixed(v, 2);
export const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);
export const startOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const ZERO = new Dec(0);

/**
 * A settled row's net profit: what the wallet moved over its life, after its opening and closing
 * fees (the one P&L definition of a closed trade), in the wallet's currency.
 */
export const realisedOf = (p: PositionRow): Dec => new Dec(closedPnlOf(p)!.net);

/** The portfolio's products whose lines are a market instrument's: allocation counts them by market and asset class. */
export const INSTRUMENT_LINES = new Set<PortfolioProduct>(['position', 'entrustedOrder', 'ipoShares', 'deal', 'robot', 'follow', 'bond']);

/** The row of profit or loss of a product: its own, or `other` for what is not a product row (money in flight, held money). */
export const productRow = (p: string): AnalyticsProductRow =>
  (ANALYTICS_PRODUCT_ROWS as readonly string[]).includes(p) && p !== 'fx' ? (p as AnalyticsProductRow) : 'other';

/**
 * Where a journal's effect on the investor's accounts belongs (its reversal's, the reversed one's):
 * an instrument's row for trading's journals on a position, a product's row for a product's, `fx`
 * for transfers between wallets (nothing within one currency; the exchange's result across two).
 */
export function rowOfJournal(kind: string, symbol: string | null, fundKind: string | null): string {
  if (symbol !== null) return `i:${symbol}`;
  const family = kind.split('.')[0]!;
  switch (family) {
    case 'transfer':
      return 'p:fx';
    case 'fund':
      return fundKind === 'fund' ? 'p:fund' : 'p:depositTerm';
    case 'deposit':
      // deposit.income, deposit.interest, deposit.penalty (a Deposit itself is a flow).
      return kind === JournalKind.Deposit ? 'p:other' : 'p:depositTerm';
    case 'bond':
      return 'p:bond';
    case 'pool':
      return 'p:pool';
    case 'robot':
      return 'p:robot';
    case 'follow':
      return 'p:follow';
    case 'deal':
      return 'p:deal';
    case 'loan':
      return 'p:loan';
    default:
      return 'p:other';
  }
}

/** Amounts by currency. */
export type ByCurrency = Map<string, Dec>;
export const addTo = (m: ByCurrency, c: string, v: Dec | string) => m.set(c, (m.get(c) ?? ZERO).add(v));
export const addRow = (m: Map<string, ByCurrency>, row: string, c: string, v: Dec | string) => {
  let r = m.get(row);
  if (!r) m.set(row, (r = new Map()));
  addTo(r, c, v);
};

/** Profit or loss of an instrument or market in euros, besides its `pnl` (the exact one). */
export interface Sums {
  realised: Dec;
  floating: Dec;
  fees: Dec;
  pnl: Dec;
}
export const noSums = (): Sums => ({ realised: ZERO, floating: ZERO, fees: ZERO, pnl: ZERO });
