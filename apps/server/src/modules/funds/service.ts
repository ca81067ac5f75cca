// Funds and deposit terms for investors and operators (decision 0022): products with their NAVs or
// declared incomes, the caller's holdings (one per purchase) and orders, and every purchase and
// redemption as journals on the FINANCIAL wallet in euros. The jobs' side is engine.ts.
// The investor's use cases are in investor.ts (with orders.ts and redemptions.ts), the back office's in
// operator.ts; both are given the same options and share views.ts and context.ts.

import type { FundServiceOptions } from './context';
import { createInvestorUseCases } from './investor';
import { createOperatorUseCases } from './operator';

export function createFundService(opts: FundServiceOptions) {
  return { ...createInvestorUseCases(opts), ...createOperatorUseCases(opts) };
}

export type FundService = ReturnType<typeof createFundService>;
