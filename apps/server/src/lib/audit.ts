import type { Sql } from '../db/db';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  targetType: string;
  targetId: string | number | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  ip?: string | null;
}

/** Every operator action is written here, in the same transaction as the change it records. */
export async function writeAudit(sql: Sql, e: AuditEntry) {
  await sql.query(
    `insert into audit_log (actor_id, action, target_type, target_id, before, after, reason, ip)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      e.actorId,
      e.action,
      e.targetType,
      e.targetId === null ? null : String(e.targetId),
      e.before === undefined ? null : JSON.stringify(e.before),
      e.after === undefined ? null : JSON.stringify(e.after),
      e.reason ?? null,
      e.ip ?? null,
    ],
  );
}
