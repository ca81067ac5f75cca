import { createHash } from 'node:crypto';
import type { Db } from '../db/db';
import { AppError } from '../errors';

/** A stable hash of a request body: keys sorted, so the same request always hashes the same. */
function requestHash(route: string, body: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash('sha256').update(route).update(JSON.stringify(canonical(body))).digest('hex');
}

/**
 * Idempotency keys per caller: the first request under a key is answered and its answer stored;
 * the same request again gets the stored answer, a different request under the key a 409.
 */
export function createIdempotencyStore(db: Db) {
  return {
    async claim(userId: number, key: string, route: string, body: unknown) {
      const hash = requestHash(route, body);
      const inserted = await db.query(
        `insert into idempotency_keys (user_id, key, route, request_hash) values ($1, $2, $3, $4)
         on conflict (user_id, key) do nothing returning key`,
        [userId, key, route, hash],
      );
      if (inserted.length) return { replay: undefined };
      const [row] = await db.query<{ route: string; request_hash: string; status_code: number | null; response: unknown }>(
        'select route, request_hash, status_code, response from idempotency_keys where user_id = $1 and key = $2',
        [userId, key],
      );
      if (!row || row.request_hash !== hash) throw new AppError('e.idempotencyConflict');
      if (row.status_code === null) throw new AppError('e.idempotencyInFlight');
      return { replay: { status: row.status_code, body: row.response } };
    },
    async store(userId: number, key: string, status: number, body: unknown) {
      await db.query('update idempotency_keys set status_code = $3, response = $4 where user_id = $1 and key = $2', [
        userId,
        key,
        status,
        JSON.stringify(body),
      ]);
    },
    async release(userId: number, key: string) {
      await db.query('delete from idempotency_keys where user_id = $1 and key = $2 and status_code is null', [userId, key]);
    },
  };
}
