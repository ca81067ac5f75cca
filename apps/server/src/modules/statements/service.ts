import { createStatementContext, type StatementOptions } from './context';
import { createInvestorStatements } from './investor';
import { createOperatorStatements } from './operator';

export { EXPORT_MAX_DAYS } from './investor';

/**
 * Monthly statements from the ledger (issue 18). Every figure is a sum of the caller's ledger
 * entries, bounded by their journals' time: the opening balance is every entry before the month,
 * the lines every entry within it, the closing every entry before its end; so opening + lines =
 * closing holds to the cent by construction, and a test recomputes each from the entries.
 * Beside them, the investor's net assets at the month's end (issue 32): the portfolio's answer for
 * the month in progress, analytics' value of the month's last day for a past one.
 */
export function createStatementService(opts: StatementOptions) {
  const ctx = createStatementContext(opts);
  return { ...createInvestorStatements(ctx), ...createOperatorStatements(ctx) };
}

export type StatementService = ReturnType<typeof createStatementService>;
