import { createLoanAccrual } from './accrual';
import { createLoanContext, type LoanServiceOptions } from './context';
import { createLoanInvestor } from './investor';
import { createLoanOperator } from './operator';

// Loans for investors and operators (decision 0022): the score from the caller's own records, the
// application on the key fact statement it accepted, the review that disburses, repayments, and the
// daily accrual (engine.ts holds the rules of the money). All in euros, from and to the funding account.

// The investor's use cases are in investor.ts, the back office's in operator.ts, the accrual job's in
// accrual.ts; all share one context.

export function createLoanService(opts: LoanServiceOptions) {
  const ctx = createLoanContext(opts);
  return { ...createLoanInvestor(ctx), ...createLoanOperator(ctx), ...createLoanAccrual(ctx) };
}

export type LoanService = ReturnType<typeof createLoanService>;
