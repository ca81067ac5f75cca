import { defineJob } from '../../schedule/job';
import { LOCKS } from '../../schedule/leader';
import type { LoanService } from './service';

/**
 * Loans (decision 0022): each loan being repaid is brought to the start of today, its daily interest
 * accrued, instalments falling due fixed, overdue penalties taken and each overdue notice sent once.
 * Idempotent: a loan moves only forward from its own done_through, under its row lock.
 */
export const loanAccrual = (loans: LoanService) =>
  defineJob({
    name: 'loan-accrual',
    everyMs: 60_000,
    lock: LOCKS.loanAccrual,
    run: () => loans.run(),
  });
