import { defineJob } from '../../schedule/job';
import { LOCKS } from '../../schedule/leader';
import type { FundEngine } from './engine';

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

/**
 * Deposit terms (decision 0022), each morning: every Current holding's income of each UTC day that has
 * ended, and every Regular term whose end has come, paid with its interest. Idempotent: a day is
 * credited once per term (`accrued_through`, and one accrual row per holding and day), a term paid
 * once (what is left of it), under the product's row lock.
 */
export const depositTerms = (engine: FundEngine) =>
  defineJob({
    name: 'deposit-terms',
    everyMs: 60_000,
    lock: LOCKS.depositTerms,
    run: () => engine.runDepositTerms(),
  });
