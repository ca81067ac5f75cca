import type { FundEngine } from '../modules/funds';
import { defineJob } from '../schedule/job';
import { LOCKS } from '../schedule/leader';

/**
 * Funds (decision 0022): the redemptions whose third working day after their NAV day has begun, the
 * net to the investor and the exit load to the house. Idempotent: each priced redemption is paid once
 * (its status), under the fund's row lock, which also moves `paid_through`.
 */
export const fundPayout = (engine: FundEngine) =>
  defineJob({
    name: 'fund-payout',
    everyMs: 60_000,
    lock: LOCKS.fundPayout,
    run: () => engine.runPayout(),
  });
