import { KycStatus } from '@tradeapp/contract';
import type { Db } from '../../db/db';
import { notFound } from '../../errors';

/** Enough to recognise a friend, not enough to look anyone up: `alice_92` -> `a***2`. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  return `${chars[0]}***${chars.at(-1)}`;
}

/** Referrals: who registered with an investor's invitation code. */
export function createReferrals(db: Db) {
  return {
    async invitees(userId: number, page: number, size: number) {
      const [me] = await db.query<{ invitation_code: string; total: number }>(
        'select invitation_code, (select count(*)::int from users where invited_by = $1) as total from users where id = $1',
        [userId],
      );
      if (!me) throw notFound();
      const rows = await db.query<{ username: string; created_at: Date; kyc_status: number }>(
        'select username, created_at, kyc_status from users where invited_by = $1 order by id desc limit $2 offset $3',
        [userId, size, (page - 1) * size],
      );
      return {
        list: rows.map((r) => ({
          userName: maskName(r.username),
          registerTimestamp: r.created_at.getTime(),
          verified: r.kyc_status === KycStatus.Verified,
        })),
        total: me.total,
        page,
        size,
        invitationCode: me.invitation_code,
      };
    },
  };
}

export type Referrals = ReturnType<typeof createReferrals>;
