import type { Agency } from '@tradeapp/contract';
import { AppError, notFound } from '../../errors';
import { writeAudit } from '../../lib/audit';
import type { FollowContext } from './context';
import * as repo from './repository';
import type { AgencyRow } from './repository';

/** The back office's calls: the agencies with who pauses them and why, pause and resume. */
export function createFollowOperator(ctx: FollowContext) {
  const { db, agencies } = ctx;

  const adminOf = (x: { row: AgencyRow; agency: Agency }) => ({
    ...x.agency,
    userId: x.row.user_id,
    pausedReason: x.row.paused_reason,
    pausedTimestamp: x.row.paused_at?.getTime() ?? null,
  });

  async function setPause(id: number, by: { operatorId: number; ip?: string | null }, reason: string, pause: boolean) {
    await db.tx(async (sql) => {
      const before = await repo.agency(sql, id, true);
      if (!before) throw notFound();
      if ((before.paused_at !== null) === pause) throw new AppError(pause ? 'e.agencyPaused' : 'e.badRequest');
      await repo.setPaused(sql, id, pause ? by.operatorId : null, pause ? reason : null);
      await writeAudit(sql, {
        actorId: by.operatorId,
        action: pause ? 'agency.pause' : 'agency.resume',
        targetType: 'agency',
        targetId: id,
        before: { paused: before.paused_at !== null },
        after: { paused: pause },
        reason,
        ip: by.ip ?? null,
      });
    });
    const { list } = await agencies(db);
    return adminOf(list.find((x) => x.row.id === id)!);
  }

  return {
    async operatorAgencies() {
      const { list } = await agencies(db);
      return list.map(adminOf);
    },
    pause: (id: number, by: { operatorId: number; ip?: string | null }, reason: string) => setPause(id, by, reason, true),
    resume: (id: number, by: { operatorId: number; ip?: string | null }, reason: string) => setPause(id, by, reason, false),
  };
}
