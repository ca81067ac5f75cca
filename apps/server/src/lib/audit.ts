import type { Sql } from '../db/db';
import { wellFormed } from './text';

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

/**
 * Every operator action is written here, in the same transaction as the change it records.
 *
 * The log is a hash chain (migration 0023): each entry stores the hash of the entry before it
 * (`prev_hash`) and its own, `hash = sha256(prev_hash || canonical entry)`, the canonical entry
 * being the jsonb array of its fields. `audit_append` takes a transaction-level advisory lock
 * before it reads the chain's end, so concurrent transactions (on PostgreSQL) append one after
 * another and never fork the chain; the lock is held until the caller's transaction ends.
 */
/**
 * JSON for a jsonb column: JSON.stringify writes a lone surrogate (half of a UTF-16 pair, which a
 * request may carry) as an escape that PostgreSQL's jsonb refuses; as text it would have become
 * U+FFFD on its way to the database, so it becomes U+FFFD here too.
 */
function jsonOf(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? wellFormed(v) : v));
}

export async function writeAudit(sql: Sql, e: AuditEntry): Promise<number> {
  const [row] = await sql.query<{ id: number }>('select audit_append($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8) as id', [
    e.actorId,
    e.action,
    e.targetType,
    e.targetId === null ? null : String(e.targetId),
    e.before === undefined ? null : jsonOf(e.before),
    e.after === undefined ? null : jsonOf(e.after),
    e.reason ?? null,
    e.ip ?? null,
  ]);
  return row!.id;
}

export interface ChainCheck {
  /** How many entries were checked: the whole log. */
  checked: number;
  /** The first entry whose hash does not match its content or whose link to the entry before it is broken; null when the chain holds. */
  firstBrokenId: number | null;
}

/**
 * Recompute the chain: an entry is broken when its stored hash is not the hash of its content and
 * its `prev_hash`, or when its `prev_hash` is not the hash of the entry before it (one was edited,
 * removed or inserted). The database computes each hash with the same function that wrote it.
 */
export async function verifyAuditChain(sql: Sql): Promise<ChainCheck> {
  const [row] = await sql.query<{ checked: number; broken: number | null }>(
    `select count(*)::int as checked,
            min(id) filter (where hash is distinct from expected or prev_hash is distinct from coalesce(before_hash, '')) as broken
       from (select a.id, a.hash, a.prev_hash, audit_entry_hash(a.prev_hash, a) as expected,
                    lag(a.hash) over (order by a.id) as before_hash
               from audit_log a) chain`,
  );
  return { checked: row?.checked ?? 0, firstBrokenId: row?.broken ?? null };
}
