import type { QuantifyContext } from './context';
import { createQuantifyInvestor } from './investor';
import { createQuantifyOperator } from './operator';

// AI quantify for investors and operators (decision 0021): the pools' figures, all from their daily
// NAVs (engine.ts), the investors' units from their priced orders, and the money by journals.

export function createQuantifyService(opts: QuantifyContext) {
  return { ...createQuantifyInvestor(opts), ...createQuantifyOperator(opts) };
}

export type QuantifyService = ReturnType<typeof createQuantifyService>;
