import type { FundEngine } from '../modules/funds';
import { defineJob } from '../schedule/job';
import { LOCKS } from '../schedule/leader';

/**
 * Funds (decision 0022): each fund's NAV after its trading day's close (from the
 * market's closes, or a liquid fund's short rate), then the orders waiting for it allotted or priced.
 * Idempotent: a day is struck once, under the fund's row lock (`nav_through`), and an order is priced
 * once (its status).
 */
export const fundNav = (engine: FundEngine) =>
  defineJob({
    name: 'fund-nav',
    everyMs: 60_000,
    lock: LOCKS.fundNav,
    run: () => engine.runNav(),
  });
