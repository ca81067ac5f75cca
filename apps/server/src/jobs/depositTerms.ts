import type { FundEngine } from '../modules/funds';
import { defineJob } from '../schedule/job';
import { LOCKS } from '../schedule/leader';

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
