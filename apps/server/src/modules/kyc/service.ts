import { ID_TYPES_WITH_BACK, KycStatus, type zKycReview, type zKycSubmission } from '@tradeapp/contract';
import type { z } from 'zod';
import type { Db, Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import { writeAudit } from '../../lib/audit';
import { assertOwnUpload } from '../files';
import type { Notices } from '../notices';

export type KycReview = z.input<typeof zKycReview>;
export type KycSubmissionInput = z.output<typeof zKycSubmission>;

interface ReviewRow {
  id: number;
  user_id: number;
  username: string;
  email: string | null;
  first_name: string;
  last_name: string;
  country: string;
  id_type: string;
  id_number: string;
  front_image: string | null;
  back_image: string | null;
  status: KycStatus;
  reason: string | null;
  created_at: Date;
  reviewed_at: Date | null;
}

const toReview = (r: ReviewRow): KycReview => ({
  id: r.id,
  userId: r.user_id,
  userName: r.username,
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  country: r.country,
  idType: r.id_type,
  idNumber: r.id_number,
  frontUrl: r.front_image,
  backUrl: r.back_image,
  status: r.status,
  reason: r.reason,
  createTimeTimestamp: r.created_at.getTime(),
  reviewTimeTimestamp: r.reviewed_at?.getTime() ?? null,
});

const SELECT = `select k.*, u.username, u.email from kyc_submissions k join users u on u.id = k.user_id`;

/** Trading and withdrawing need a verified identity. */
export async function requireVerifiedKyc(sql: Sql, userId: number) {
  const [row] = await sql.query<{ kyc_status: number }>('select kyc_status from users where id = $1', [userId]);
  if (row?.kyc_status !== KycStatus.Verified) throw new AppError('e.kycRequired');
}

export interface Reviewer {
  operatorId: number;
  ip: string;
}

export function createKycService(db: Db, notices: Notices) {
  /** The submission, locked: of two operators acting at once, the second sees it reviewed. */
  async function lockPending(sql: Sql, id: number) {
    const [row] = await sql.query<{ id: number; user_id: number; status: KycStatus }>(
      'select id, user_id, status from kyc_submissions where id = $1 for update',
      [id],
    );
    if (!row) throw notFound();
    if (row.status !== KycStatus.UnderReview) throw new AppError('e.reviewDone');
    const [user] = await sql.query<{ kyc_status: number; first_name: string | null; last_name: string | null; country: string | null }>(
      'select kyc_status, first_name, last_name, country from users where id = $1 for update',
      [row.user_id],
    );
    return { submission: row, user: user! };
  }

  const load = async (sql: Sql, id: number) => toReview((await sql.query<ReviewRow>(`${SELECT} where k.id = $1`, [id]))[0]!);

  return {
    /** The investor's submission; it waits for an operator's review. */
    async submit(userId: number, input: KycSubmissionInput) {
      return db.tx(async (sql) => {
        const [user] = await sql.query<{ kyc_status: number }>('select kyc_status from users where id = $1 for update', [userId]);
        if (user?.kyc_status === KycStatus.Verified) throw new AppError('e.kycVerified');
        if (user?.kyc_status === KycStatus.UnderReview) throw new AppError('e.kycUnderReview');
        // The contract requires the back page for an ID card or driving licence; checked again
        // here so no other caller of this service can skip it.
        if (ID_TYPES_WITH_BACK.includes(input.idType) && !input.backUrl) throw new AppError('v.uploadImage', { backUrl: 'v.uploadImage' });
        await assertOwnUpload(sql, userId, input.frontUrl, 'frontUrl');
        if (input.backUrl) await assertOwnUpload(sql, userId, input.backUrl, 'backUrl');
        await sql.query(
          `insert into kyc_submissions (user_id, first_name, last_name, country, id_type, id_number, front_image, back_image)
           values ($1,$2,$3,$4,$5,$6,$7,$8)`,
          [userId, input.firstName, input.lastName, input.country, input.idType, input.idNumber, input.frontUrl, input.backUrl ?? null],
        );
        await sql.query('update users set kyc_status = $2, updated_at = now() where id = $1', [userId, KycStatus.UnderReview]);
        return { kycStatus: KycStatus.UnderReview };
      });
    },

    /** Pending first, oldest first; then reviewed ones, newest first. */
    async list(status: KycStatus | undefined, page: number, size: number) {
      const [count] = await db.query<{ n: number }>('select count(*)::int as n from kyc_submissions where ($1::smallint is null or status = $1)', [
        status ?? null,
      ]);
      const rows = await db.query<ReviewRow>(
        `${SELECT} where ($1::smallint is null or k.status = $1)
         order by (k.status = ${KycStatus.UnderReview}) desc, case when k.status = ${KycStatus.UnderReview} then k.id end asc, k.id desc
         limit $2 offset $3`,
        [status ?? null, size, (page - 1) * size],
      );
      return { list: rows.map(toReview), total: count?.n ?? 0, page, size };
    },

    async approve(by: Reviewer, id: number) {
      const { review, push } = await db.tx(async (sql) => {
        const { submission, user } = await lockPending(sql, id);
        const [s] = await sql.query<{ first_name: string; last_name: string; country: string }>(
          `update kyc_submissions set status = $2, reason = null, reviewed_at = now(), reviewed_by = $3 where id = $1
           returning first_name, last_name, country`,
          [id, KycStatus.Verified, by.operatorId],
        );
        await sql.query('update users set kyc_status = $2, first_name = $3, last_name = $4, country = $5, updated_at = now() where id = $1', [
          submission.user_id,
          KycStatus.Verified,
          s!.first_name,
          s!.last_name,
          s!.country,
        ]);
        await writeAudit(sql, {
          actorId: by.operatorId,
          action: 'kyc.approve',
          targetType: 'kyc',
          targetId: id,
          before: {
            status: submission.status,
            userId: submission.user_id,
            userKycStatus: user.kyc_status,
            firstName: user.first_name,
            lastName: user.last_name,
            country: user.country,
          },
          after: {
            status: KycStatus.Verified,
            userId: submission.user_id,
            userKycStatus: KycStatus.Verified,
            firstName: s!.first_name,
            lastName: s!.last_name,
            country: s!.country,
          },
          ip: by.ip,
        });
        const push = await notices.notify(sql, submission.user_id, 'kyc.approved', {});
        return { review: await load(sql, id), push };
      });
      push();
      return review;
    },

    async reject(by: Reviewer, id: number, reason: string) {
      const { review, push } = await db.tx(async (sql) => {
        const { submission, user } = await lockPending(sql, id);
        await sql.query('update kyc_submissions set status = $2, reason = $3, reviewed_at = now(), reviewed_by = $4 where id = $1', [
          id,
          KycStatus.Unsuccessful,
          reason,
          by.operatorId,
        ]);
        await sql.query('update users set kyc_status = $2, updated_at = now() where id = $1', [submission.user_id, KycStatus.Unsuccessful]);
        await writeAudit(sql, {
          actorId: by.operatorId,
          action: 'kyc.reject',
          targetType: 'kyc',
          targetId: id,
          before: { status: submission.status, userId: submission.user_id, userKycStatus: user.kyc_status },
          after: { status: KycStatus.Unsuccessful, userId: submission.user_id, userKycStatus: KycStatus.Unsuccessful, reason },
          reason,
          ip: by.ip,
        });
        const push = await notices.notify(sql, submission.user_id, 'kyc.rejected', { reason });
        return { review: await load(sql, id), push };
      });
      push();
      return review;
    },
  };
}

export type KycService = ReturnType<typeof createKycService>;
