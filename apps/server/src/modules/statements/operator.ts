import { writeAudit } from '../../lib/audit';
import type { StatementContext } from './context';

/** The back office's statements: an investor's month produced for an operator. */
export function createOperatorStatements(ctx: StatementContext) {
  const { db, withPortfolio, build } = ctx;

  return {
    /** An operator produces a user's statement: with a reason, audited in the same transaction as the ledger's read. */
    async operatorStatement(userId: number, month: string, by: { operatorId: number; ip: string }, reason: string) {
      const s = await db.tx(async (sql) => {
        const read = await build(sql, userId, month);
        await writeAudit(sql, {
          actorId: by.operatorId,
          action: 'statement.produce',
          targetType: 'user',
          targetId: userId,
          after: { month },
          reason,
          ip: by.ip,
        });
        return read;
      });
      return withPortfolio(s, userId);
    },
  };
}
