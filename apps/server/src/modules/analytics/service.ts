import { periodStartDay, type AnalyticsPeriod } from '@tradeapp/contract';
import { createAnalytics, type AnalyticsOptions } from './analytics';
import { dayOf } from './amounts';

/**
 * Portfolio analytics (issues 18 and 32, decision 0025). The value at a past UTC day's end is the
 * whole portfolio then: the investor's ledger balances (every wallet, available and held: the held
 * side already holds the open positions' margin), the floating profit of the positions open at that
 * instant, and what each product held them outside the ledger less what they owed (the portfolio
 * sources' `offLedgerAt`), each currency in euros at that day's EURUSD close. Today's value is the
 * portfolio's net assets in euros, the home screen's figure. Only deposits and withdrawals are flows
 * (ANALYTICS_FLOW_KINDS): every other move is between lines of the portfolio.
 *
 * The P&L is split so that its parts add up to it to the cent: each day, every currency's change
 * not due to a flow is taken apart by where it happened (an instrument's positions: its journals
 * and its floating profit; a product: its journals and its off-ledger value; a transfer), at that
 * day's rate; what the previous day's amounts in a currency other than the euro gained or lost by
 * the day's rate change is `fx`; the cents the rounding of the days' values leaves are `other`.
 */
export function createAnalyticsService(opts: AnalyticsOptions) {
  const { now } = opts;
  const analytics = createAnalytics(opts);

  return {
    analytics: (userId: number, period: AnalyticsPeriod) => analytics(userId, period),
    /**
     * The portfolio's value in euros at the end of one UTC day, as `days[].value` states it (the
     * statement's net assets at a past month's end): today's is the portfolio's net assets now. Null
     * for a day analytics does not reach (before its longest period, before the account, or ahead).
     */
    async valueAt(userId: number, day: string): Promise<string | null> {
      const today = dayOf(now());
      if (day > today || day < periodStartDay('ALL', today)) return null;
      const a = await analytics(userId, 'ALL', day);
      return a.days.find((d) => d.day === day)?.value ?? null;
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
