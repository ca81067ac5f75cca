import { BlockTradeActivationStatus, BlockTradeKeyStatus, type BlockTradeActivationReview } from '@tradeapp/contract';
import type { Db, Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import { writeAudit } from '../../lib/audit';
import { issueKey, revokeKey } from '../../lib/keys';
import { USER_REF_COLUMNS, userRefOf, type UserRefColumns } from '../../lib/review';
import type { Notices } from '../notices';
import { ACTIVATION_COLUMNS, type ActivationRow } from './activation';

interface ReviewRow extends ActivationRow, UserRefColumns {
  first_name: string | null;
  last_name: string | null;
  key_revoked_at: Date | null;
  key_used_at: Date | null;
}

function keyStatusOf(r: ReviewRow): BlockTradeKeyStatus {
  if (r.key_id === null) return BlockTradeKeyStatus.None;
  if (r.key_revoked_at) return BlockTradeKeyStatus.Revoked;
  return r.key_used_at ? BlockTradeKeyStatus.Used : BlockTradeKeyStatus.Sent;
}

const toReview = (r: ReviewRow): BlockTradeActivationReview => ({
  id: r.id,
  ...userRefOf(r),
  firstName: r.first_name,
  lastName: r.last_name,
  status: r.status,
  reason: r.reason,
  keyStatus: keyStatusOf(r),
  createTimeTimestamp: r.applied_at.getTime(),
  reviewTimeTimestamp: r.reviewed_at?.getTime() ?? null,
  activeTimeTimestamp: r.activated_at?.getTime() ?? null,
});

const REVIEW_SELECT = `select a.*, ${USER_REF_COLUMNS}, u.first_name, u.last_name, k.revoked_at as key_revoked_at, k.used_at as key_used_at
  from block_trade_activations a join users u on u.id = a.user_id left join access_keys k on k.id = a.key_id`;

export interface Reviewer {
  operatorId: number;
  ip: string;
}

/** The back office's calls: the applications to review, approving (a key sent), refusing, revoking a key. */
export function createActivationOperator(db: Db, notices: Notices) {
  const load = async (sql: Sql, id: number) => toReview((await sql.query<ReviewRow>(`${REVIEW_SELECT} where a.id = $1`, [id]))[0]!);

  /**
   * The application closes as refused with the operator's reason, audited, and its investor told:
   * a refusal of an application, or (`revoked`) the revocation of an approved one's key.
   */
  async function closeAsRefused(sql: Sql, by: Reviewer, row: ActivationRow, reason: string, revoked: boolean) {
    await sql.query('update block_trade_activations set status = $2, reason = $3, reviewed_by = $4, reviewed_at = now() where id = $1', [
      row.id,
      BlockTradeActivationStatus.Refused,
      reason,
      by.operatorId,
    ]);
    const key = revoked ? { keyId: row.key_id } : {};
    await writeAudit(sql, {
      actorId: by.operatorId,
      action: revoked ? 'blockTrade.revoke' : 'blockTrade.refuse',
      targetType: 'blockTrade',
      targetId: row.id,
      before: { status: row.status, userId: row.user_id, ...key },
      after: { status: BlockTradeActivationStatus.Refused, userId: row.user_id, ...key, ...(revoked ? { keyRevoked: true } : {}), reason },
      reason,
      ip: by.ip,
    });
    const push = await notices.notify(sql, row.user_id, revoked ? 'blockTrade.revoked' : 'blockTrade.refused', { reason });
    return { review: await load(sql, row.id), push };
  }

  /** The application, locked: of two operators acting at once, the second sees the first one's decision. */
  async function lockActivation(sql: Sql, id: number): Promise<ActivationRow> {
    const [row] = await sql.query<ActivationRow>(`select ${ACTIVATION_COLUMNS} from block_trade_activations where id = $1 for update`, [id]);
    if (!row) throw notFound();
    return row;
  }

  return {
    /** Waiting ones first, oldest first; then the others, newest first. */
    async list(status: BlockTradeActivationStatus | undefined, page: number, size: number) {
      const [count] = await db.query<{ n: number }>('select count(*)::int as n from block_trade_activations where ($1::text is null or status = $1)', [
        status ?? null,
      ]);
      const rows = await db.query<ReviewRow>(
        `${REVIEW_SELECT} where ($1::text is null or a.status = $1)
         order by (a.status = 'applied') desc, case when a.status = 'applied' then a.id end asc, a.id desc
         limit $2 offset $3`,
        [status ?? null, size, (page - 1) * size],
      );
      return { list: rows.map(toReview), total: count?.n ?? 0, page, size };
    },

    async approve(by: Reviewer, id: number) {
      const { review, push } = await db.tx(async (sql) => {
        const row = await lockActivation(sql, id);
        if (row.status !== BlockTradeActivationStatus.Applied) throw new AppError('e.reviewDone');
        const issued = await issueKey(sql, { userId: row.user_id, purpose: 'block_trade', issuedBy: by.operatorId });
        await sql.query('update block_trade_activations set status = $2, key_id = $3, reason = null, reviewed_by = $4, reviewed_at = now() where id = $1', [
          id,
          BlockTradeActivationStatus.Approved,
          issued.id,
          by.operatorId,
        ]);
        // The key's id, never the key: the audit log is read by every operator.
        await writeAudit(sql, {
          actorId: by.operatorId,
          action: 'blockTrade.approve',
          targetType: 'blockTrade',
          targetId: id,
          before: { status: row.status, userId: row.user_id },
          after: { status: BlockTradeActivationStatus.Approved, userId: row.user_id, keyId: issued.id },
          ip: by.ip,
        });
        // Rendered in the reader's language when read: the notice is how the key reaches them.
        const push = await notices.notify(sql, row.user_id, 'blockTrade.approved', { key: issued.key });
        return { review: await load(sql, id), push };
      });
      push();
      return review;
    },

    async refuse(by: Reviewer, id: number, reason: string) {
      const { review, push } = await db.tx(async (sql) => {
        const row = await lockActivation(sql, id);
        if (row.status !== BlockTradeActivationStatus.Applied) throw new AppError('e.reviewDone');
        return closeAsRefused(sql, by, row, reason, false);
      });
      push();
      return review;
    },

    /** The key stops working and the application closes as refused, with the reason: the investor may apply again. */
    async revoke(by: Reviewer, id: number, reason: string) {
      const { review, push } = await db.tx(async (sql) => {
        const row = await lockActivation(sql, id);
        if (row.status !== BlockTradeActivationStatus.Approved && row.status !== BlockTradeActivationStatus.Active) throw new AppError('e.noKeyToRevoke');
        await revokeKey(sql, row.key_id!);
        return closeAsRefused(sql, by, row, reason, true);
      });
      push();
      return review;
    },
  };
}
