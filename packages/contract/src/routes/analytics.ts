import { z } from 'zod';
import { JournalKind } from '../ledger';
import { route } from '../route';
import { ASSET_CLASSES, MARKET_CODES } from '../trading/assets';
import { zDecimal } from './market';

// Portfolio analytics (issue 18): the account's value at each UTC day's end, its daily profit or
// loss, time- and money-weighted returns, profit or loss by instrument and by market, and where
// the value is now. Every figure is in euros (as the wallet's total assets), a decimal string.

export const ANALYTICS_PERIODS = ['1M', '3M', 'YTD', '1Y', 'ALL'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
/** "All" goes back at most this many days: five years of days, each one point. */
export const ANALYTICS_MAX_DAYS = 1827;

/**
 * The journals through which money enters or leaves what analytics values (the wallets and the open
 * positions): deposits and withdrawals, and the money put into or taken out of products held
 * outside the wallets (funds and deposit terms, bonds, pools, loans). They are flows, not profit or
 * loss; every other journal that changes the value (trading, fees, coupons, interest, exchange) is.
 */
export const ANALYTICS_FLOW_KINDS: readonly JournalKind[] = [
  JournalKind.Deposit,
  JournalKind.Withdrawal,
  JournalKind.FundBuy,
  JournalKind.FundRedeem,
  JournalKind.BondBuy,
  JournalKind.BondSell,
  JournalKind.BondRedeem,
  JournalKind.PoolSubscribe,
  JournalKind.PoolRedeem,
  JournalKind.LoanDisburse,
  JournalKind.LoanRepay,
];

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
  /** Closed positions' net profit in the period (after both fees, as a position's `netProfit`). */
  realised: zDecimal,
  /** Open positions' floating profit at the live exit price. */
  floating: zDecimal,
  /** Opening and closing fees of those positions (already inside `realised`). */
  fees: zDecimal,
  /** Net of every fee: realised + floating − the opening fees the open positions paid. */
  pnl: zDecimal,
};

export const zAnalytics = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  currency: z.literal('EUR'),
  /** The period's first and last UTC day (the last is today, valued live). */
  fromDay: z.string(),
  toDay: z.string(),
  /** The value at the end of the day before `fromDay` (zero before the account's first day). */
  startValue: zDecimal,
  endValue: zDecimal,
  /** Sum of the days' flows (money in positive, out negative). */
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
  byInstrument: z.array(z.object({ symbol: z.string(), name: z.string(), market: z.enum(MARKET_CODES), ...zPnlRow })),
  byMarket: z.array(z.object({ market: z.enum(MARKET_CODES), ...zPnlRow })),
  /** Today's value by where it is: each open position's margin plus floating profit, and cash (the rest). */
  allocation: z.object({
    cash: zDecimal,
    byMarket: z.array(z.object({ market: z.enum(MARKET_CODES), value: zDecimal })),
    byAssetClass: z.array(z.object({ assetClass: z.enum(ASSET_CLASSES), value: zDecimal })),
  }),
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
      "The caller's account over a period in euros: value at each UTC day's close, daily profit or loss, time- and money-weighted returns, profit or loss by instrument and market, and today's allocation",
    request: z.object({ period: z.enum(ANALYTICS_PERIODS, { error: 'v.invalidValue' }).default('1M') }),
    response: zAnalytics,
  }),
};
