import { periodStartDay, type Analytics, type AnalyticsPeriod } from '@tradeapp/contract';
import type { Db } from '../../db/db';
import { notFound } from '../../errors';
import type { MarketProvider } from '../../market/types';
import type { MarketService } from '../market';
import type { PortfolioService } from '../portfolio';
import type { ExchangeRates } from '../wallet';
import { DAY, dayOf, money, startOf } from './amounts';
import { allocationOf, pnlBreakdown } from './breakdown';
import { walkDays } from './days';
import { readPeriod } from './reads';
import { createValuation } from './valuation';

export interface AnalyticsOptions {
  db: Db;
  market: MarketService;
  provider: MarketProvider;
  exchangeRates: ExchangeRates;
  portfolio: Pick<PortfolioService, 'value' | 'offLedgerAt'>;
  now: () => number;
}

/** The period's analytics (service.ts says how they are counted), in steps: the reads, the valuation of each instant, the walk over the days, the breakdown. */
export function createAnalytics(opts: AnalyticsOptions) {
  const { db, market, provider, exchangeRates, portfolio, now } = opts;

  /**
   * The period's analytics; with `lastDay` (a day before today), the same computation over that one
   * day alone, ending at its end: its value is the one the period's `days` state for it.
   */
  async function analytics(userId: number, period: AnalyticsPeriod, lastDay?: string): Promise<Analytics> {
    const [user] = await db.query<{ created_at: Date }>('select created_at from users where id = $1', [userId]);
    if (!user) throw notFound();
    const at = now();
    // `today` is the last day valued; it is the live one (valued at the portfolio's net assets now) unless a past day is asked for.
    const live = lastDay === undefined || lastDay >= dayOf(at);
    const today = live ? dayOf(at) : lastDay;
    const opened = dayOf(user.created_at.getTime());
    const periodFrom = live ? periodStartDay(period, today) : today;
    const fromDay = opened > periodFrom ? opened : periodFrom;
    const dayList: string[] = [];
    for (let t = startOf(fromDay); t <= startOf(today); t += DAY) dayList.push(dayOf(t));
    const firstEnd = startOf(fromDay);
    /**
     * The instants valued, oldest first: the period's start, each past day's end, and now. A source holds
     * at an instant what it had before it; now counts what happened up to this millisecond, as the
     * ledger and the portfolio do, so its instant is the next one.
     */
    const instants = [firstEnd, ...dayList.map((d) => (d === today && live ? at + 1 : startOf(d) + DAY))];
    const { ledger, held, open, settled } = await readPeriod(db, userId, { today, live, firstEnd });
    // Today's portfolio (its net assets are today's value) and what the products held outside the ledger at each instant.
    const [now_, offLedger] = await Promise.all([portfolio.value(userId, 'EUR'), portfolio.offLedgerAt(userId, instants)]);

    const valuation = createValuation({ provider, exchangeRates }, { live, instants, firstEnd, today }, { held, open, now_, offLedger });
    const { startValue, days, endValue, netFlow, pnl, twr, mwr, pnlRows, touched } = walkDays(
      valuation,
      ledger,
      { fromDay, dayList, live, instants },
      now_.netAssets,
    );
    const breakdown = pnlBreakdown(market, valuation, instants, settled, { pnlRows, touched, pnl });

    return {
      period,
      currency: 'EUR',
      fromDay,
      toDay: today,
      startValue: money(startValue),
      endValue: money(endValue),
      netFlow: money(netFlow),
      pnl: money(pnl),
      days,
      twr: twr === null ? null : twr.toFixed(8),
      mwr: mwr === null ? null : mwr.toFixed(8),
      ...breakdown,
      allocation: allocationOf(market, now_),
      stale: now_.stale,
      eurUsd: valuation.eurUsdLive.toFixed(),
      simulated: true,
    };
  }

  return analytics;
}
