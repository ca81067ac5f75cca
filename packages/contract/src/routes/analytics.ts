import { z } from 'zod';
import { JournalKind } from '../ledger';
import { route } from '../route';
import { ASSET_CLASSES, MARKET_CODES } from '../trading/assets';
import { zDecimal } from './market';
import { PORTFOLIO_PRODUCTS } from './portfolio';

// Portfolio analytics (issues 18, 32): the portfolio's value at each UTC day's end, its daily profit
// or loss, time- and money-weighted returns, profit or loss by instrument, market and product, and
// where the value is now. Every figure is in euros (today's value is the portfolio's net assets), a
// decimal string.

export const ANALYTICS_PERIODS = ['1M', '3M', 'YTD', '1Y', 'ALL'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
/** "All" goes back at most this many days: five years of days, each one point. */
export const ANALYTICS_MAX_DAYS = 1827;

/**
 * The journals through which money enters or leaves the investor's portfolio: deposits and
 * withdrawals (a refused withdrawal's release moves money between their own accounts and is none).
 * Everything else is inside it (issue 32): a transfer between wallets, the purchase or redemption of
 * a fund, deposit term, bond or pool unit, a loan's disbursement and repayment only move value from
 * one line of the portfolio to another, and what they cost (fees, spreads, interest) is profit or loss.
 */
export const ANALYTICS_FLOW_KINDS: readonly JournalKind[] = [JournalKind.Deposit, JournalKind.Withdrawal];

/**
 * The rows of profit or loss that are not an instrument's: each product held outside the trading
 * positions, `fx` (exchange between currencies and the translation of what is held in a currency
 * other than the euro at each day's rate) and `other` (everything else, with the cents the rounding
 * of each day's value leaves). With the instruments' rows they add up to the period's P&L.
 */
export const ANALYTICS_PRODUCT_ROWS = ['fund', 'depositTerm', 'bond', 'pool', 'robot', 'follow', 'deal', 'loan', 'fx', 'other'] as const;
export type AnalyticsProductRow = (typeof ANALYTICS_PRODUCT_ROWS)[number];

/** The first UTC day (`YYYY-MM-DD`) of a period ending on `today`, before the account's first day is taken into account. */
export function periodStartDay(period: AnalyticsPeriod, today: string): string {
  const t = Date.parse(`${today}T00:00:00Z`);
  const back = (days: number) => new Date(t - days * 86_400_000).toISOString().slice(0, 10);
  switch (period) {
    case '1M':
      return back(30);
    case '3M':
      return back(91);
    case 'YTD':
      return `${today.slice(0, 4)}-01-01`;
    case '1Y':
      return back(365);
    case 'ALL':
      return back(ANALYTICS_MAX_DAYS - 1);
  }
}

const zPnlRow = {
  /** Closed positions' net profit in the period (after both fees, as a position's `netProfit`), at the live rate. */
  realised: zDecimal,
  /** Open positions' floating profit now, at the live exit price and rate. */
  floating: zDecimal,
  /** Opening and closing fees of those positions (already inside `realised`). */
  fees: zDecimal,
  /**
   * The instrument's profit or loss over the period, net of every fee: each day, the change of its
   * open positions' floating profit plus the money its journals moved (fees paid, profits settled),
   * at that day's rate. When the positions were all opened in the period and their wallet is in
   * euros, this is realised + floating − the open positions' opening fees; what the positions open
   * at the period's start had already earned is in the start value and not here, and the change of a
   * dollar amount's worth in euros is in the `fx` row.
   */
  pnl: zDecimal,
};

export const zAnalytics = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  currency: z.literal('EUR'),
  /** The period's first and last UTC day (the last is today, valued live). */
  fromDay: z.string(),
  toDay: z.string(),
  /**
   * The value at the end of the day before `fromDay` (zero before the account's first day). A past
   * day's value is the whole portfolio at its end: every wallet's ledger balance (available and held),
   * the floating profit of the positions open then, and what the products held outside the wallets
   * were worth less what was owed (funds, deposit terms, bonds, pool units, loans), in euros at that
   * day's EURUSD close.
   */
  startValue: zDecimal,
  /** Today's value: the portfolio's net assets in euros (POST /portfolio), to the cent. */
  endValue: zDecimal,
  /** Sum of the days' flows (money in positive, out negative): deposits and withdrawals only. */
  netFlow: zDecimal,
  /** Sum of the days' profit or loss: endValue − startValue − netFlow. */
  pnl: zDecimal,
  /**
   * Every day of the period, oldest first: the value at its end (past days at each instrument's
   * daily close and EURUSD's, today at the live price), the flows during it and its profit or loss
   * (value − the day before's value − flow).
   */
  days: z.array(z.object({ day: z.string(), value: zDecimal, flow: zDecimal, pnl: zDecimal })),
  /** Time-weighted return of the period as a fraction (0.0125 = 1.25%), 8 places; null when no day had money to earn on. */
  twr: zDecimal.nullable(),
  /** Money-weighted return (the IRR of the flows and the end value, compounded over the period) as a fraction, 8 places; null when it has no solution. */
  mwr: zDecimal.nullable(),
  /** Every instrument traded or held in the period. */
  byInstrument: z.array(z.object({ symbol: z.string(), name: z.string(), market: z.enum(MARKET_CODES), ...zPnlRow })),
  /** The instruments' rows summed by market: Σ pnl = Σ byInstrument's pnl. */
  byMarket: z.array(z.object({ market: z.enum(MARKET_CODES), ...zPnlRow })),
  /**
   * The rest of the P&L, in the order of ANALYTICS_PRODUCT_ROWS: each product held or owed in the
   * period (a loan's interest is a loss), `fx` and `other` when not zero. Σ byInstrument's pnl +
   * Σ byProduct's pnl = pnl, to the cent.
   */
  byProduct: z.array(z.object({ product: z.enum(ANALYTICS_PRODUCT_ROWS), pnl: zDecimal })),
  /**
   * Today's value by where it is, from the portfolio's lines (POST /portfolio in EUR): total − liabilities
   * = endValue; each product's value (the portfolio's `byProduct`); the cash lines; and what is held in
   * the market's instruments (positions at margin plus floating profit, entrusted orders, allotted shares,
   * bonds) by market and by asset class.
   */
  allocation: z.object({
    total: zDecimal,
    liabilities: zDecimal,
    cash: zDecimal,
    byProduct: z.array(z.object({ product: z.enum(PORTFOLIO_PRODUCTS), side: z.enum(['asset', 'liability']), value: zDecimal })),
    byMarket: z.array(z.object({ market: z.enum(MARKET_CODES), value: zDecimal })),
    byAssetClass: z.array(z.object({ assetClass: z.enum(ASSET_CLASSES), value: zDecimal })),
  }),
  /** The products the portfolio could value today only at their last known figure (its `stale`). */
  stale: z.array(z.enum(PORTFOLIO_PRODUCTS)),
  /** Dollars per euro, live: what today's dollar amounts are counted at. */
  eurUsd: zDecimal,
  simulated: z.literal(true),
});

export type Analytics = z.infer<typeof zAnalytics>;

export const analyticsRoutes = {
  analytics: route({
    method: 'GET',
    path: '/analytics',
    auth: 'user',
    tag: 'analytics',
    summary:
      "The caller's portfolio over a period in euros: value at each UTC day's close (today its net assets), daily profit or loss, time- and money-weighted returns, profit or loss by instrument, market and product adding up to the total, and today's allocation",
    request: z.object({ period: z.enum(ANALYTICS_PERIODS, { error: 'v.invalidValue' }).default('1M') }),
    response: zAnalytics,
  }),
};
