import { FundsReviewStatus } from '@tradeapp/contract';
import type { Db, Sql } from '../db/db';
import { AppError, notFound } from '../errors';
import { writeAudit } from './audit';

export interface ReviewOutcome<R> {
  /** The answer: the reviewed row as the back office shows it. */
  view: R;
  /** Sent after commit: a notice about a rolled-back review must never reach the investor. */
  push: () => void;
  audit: { action: string; after: unknown; reason?: string };
}

/**
 * An operator's review of a deposit or withdrawal waiting for one. The row is locked first, so of
 * two operators acting at once the second finds it reviewed; the audit entry commits with the act.
 */
export async function reviewPending<T, R>(
  db: Db,
  table: 'deposits' | 'withdrawals',
  id: number,
  by: { actorId: number; ip: string },
  act: (sql: Sql, row: T) => Promise<ReviewOutcome<R>>,
): Promise<R> {
  const { view, push } = await db.tx(async (sql) => {
    const [current] = await sql.query<T & { status: number }>(`select * from ${table} where id = $1 for update`, [id]);
    if (!current) throw notFound();
    if (current.status !== FundsReviewStatus.PendingReview) throw new AppError('e.reviewDone');
    const result = await act(sql, current);
    await writeAudit(sql, {
      actorId: by.actorId,
      action: result.audit.action,
      targetType: table === 'deposits' ? 'deposit' : 'withdrawal',
      targetId: id,
      before: { status: current.status },
      after: result.audit.after,
      reason: result.audit.reason ?? null,
      ip: by.ip,
    });
    return result;
  });
  push();
  return view;
}

/** Who a reviewed row belongs to, as the back office lists it: joined in the same query, never looked up per row. */
export const USER_REF_COLUMNS = 'u.username as user_name, u.email as user_email';
export interface UserRefColumns {
  user_id: number;
  user_name: string;
  user_email: string | null;
}
export const userRefOf = (r: UserRefColumns) => ({ userId: r.user_id, userName: r.user_name, email: r.user_email });
