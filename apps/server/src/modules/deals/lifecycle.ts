import { DEAL_MARKETS, DealStatus, dayIn, isTradingDay, isoToDay } from '@tradeapp/contract';
import { createDealOperator } from './operator';
import * as repo from './repository';
import type { DealRow } from './repository';
import { createDealSteps, JOB, type DealLifecycleOptions } from './steps';

export type { Mover } from './steps';

/**
 * A deal's lifecycle (decision 0019): each step an operator's action or the job's on its date,
 * in one transaction under the deal's row lock, with its audit entry and its journals; the
 * investors' notices are pushed after the commit. The allotment, the cancellation and every
 * transition check the deal's status under that lock first, so a step run twice (a retried job, an
 * operator racing the job) finds the deal already past it and changes nothing. The listing
 * (listing.ts) is the last step: the deal's instrument joins the market, its positions open.
 */
export function createDealLifecycle(opts: DealLifecycleOptions) {
  const ctx = createDealSteps(opts);
  const { db, listing, now, open, close, allot, listDeal } = ctx;

  /** The day it is on the deal's exchange. */
  const today = (d: DealRow) => dayIn(DEAL_MARKETS[d.market].timeZone, now());
  /** The job allots on its date or after, and only on a day the exchange trades (the results are published on one). */
  const allotmentDue = (d: DealRow) => {
    const day = today(d);
    return day >= d.allotment_date && isTradingDay(DEAL_MARKETS[d.market].calendar, isoToDay(day));
  };

  return {
    ...createDealOperator(ctx),

    /**
     * The job's run: every deal whose next step is due takes it, each in its own transaction. Why
     * a second run (or a second node) changes nothing: each deal is claimed with SKIP LOCKED and
     * its status and dates read again under the lock, so a deal already opened, closed, allotted or
     * listed is past the step, and a first-day figure is written only while it is missing. Answers
     * how many steps were taken.
     */
    async runDue(): Promise<number> {
      let steps = 0;
      for (const { id } of await repo.dueDealIds(db, new Date(now()))) {
        const pushes = await db.tx(async (sql) => {
          let d = await repo.claimDeal(sql, id);
          if (!d) return [];
          const at = now();
          if (d.status === DealStatus.Announced && d.subscription_opens_at.getTime() <= at) {
            d = await open(sql, d, JOB);
            steps++;
          }
          if (d.status === DealStatus.Open && d.subscription_closes_at.getTime() <= at) {
            d = await close(sql, d, JOB);
            steps++;
          }
          if (d.status === DealStatus.Priced && allotmentDue(d)) {
            steps++;
            return (await allot(sql, d, JOB)).pushes;
          }
          if (listing.canList() && listing.isDue(d)) {
            steps++;
            return (await listDeal(sql, d, JOB)).pushes;
          }
          if (d.status === DealStatus.Listed && (await listing.recordFirstDay(sql, d)) !== d) steps++;
          return [];
        });
        pushes.forEach((push) => push());
      }
      return steps;
    },
  };
}

export type DealLifecycle = ReturnType<typeof createDealLifecycle>;
