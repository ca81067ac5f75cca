import { defineJob } from '../../schedule/job';
import { LOCKS } from '../../schedule/leader';
import type { DealLifecycle } from './lifecycle';

/**
 * The deals' dated steps (decision 0019): a window opens and closes at its times, a priced deal is
 * allotted on its allotment date, an allotted one lists at its exchange's open on its listing date
 * and a listed one has its first day's open and close written once they have happened.
 * Idempotent: each deal is claimed with SKIP LOCKED and its status read again under the lock, so a
 * deal already past a step is left alone, and the allotment and the listing, each one transaction
 * with its journals or positions and the deal's new status, happen whole or not at all.
 */
export const dealLifecycle = (deals: DealLifecycle) =>
  defineJob({
    name: 'deal-lifecycle',
    // A window's ends are minutes on the exchange's clock: two seconds late at most.
    everyMs: 2000,
    lock: LOCKS.dealLifecycle,
    run: () => deals.runDue(),
  });
