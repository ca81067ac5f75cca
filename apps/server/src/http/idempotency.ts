import { createHash } from 'node:crypto';
import type { Db, Sql } from '../db/db';
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

type Answer = { status: number; body: unknown };
type KeyRow = { request_hash: string; status_code: number | null; response: unknown };

/** A stored answer for the same request, or the refusal of a different request under the key. */
function replay(row: KeyRow | undefined, hash: string): Answer {
  if (!row || row.request_hash !== hash) throw new AppError('e.idempotencyConflict');
  // Only a key left by a crash before keys were written with their effect (migration 0022) has no answer.
  if (row.status_code === null) throw new AppError('e.idempotencyInFlight');
  return { status: row.status_code, body: row.response };
}

/**
 * Idempotency keys per caller. The first request under a key runs, and its key is written in the
 * same transaction as its effects, with its answer: after a crash the key is either answered (the
 * effect committed) or free (it did not), never stuck. The same request again gets the stored
 * answer, a different request under the key a 409. A refusal (4xx) undoes whatever the request
 * wrote and is stored under the key too; a failure of ours (5xx) stores nothing, so the key is free.
 */
/**
 * Routes whose requests commit in groups (db.ts, `grouped`): the order calls, many small
 * transactions of the same shape from many investors at once. Each still commits all or nothing,
 * with its key, and is answered only once its group has committed.
 */
const GROUPED_ROUTES = new Set(['orderStock', 'orderHk', 'orderGold', 'orderCrude']);

export function createIdempotencyStore(db: Db) {
  const select = 'select request_hash, status_code, response from idempotency_keys where user_id = $1 and key = $2';
  return {
    async answer(userId: number, key: string, route: string, body: unknown, run: () => Promise<unknown>, refusal: (err: unknown) => Answer | null): Promise<Answer> {
      const hash = requestHash(route, body);
      let running = false;
      try {
        // Grouped by the caller: one investor's orders never run in two groups at once (db.ts).
        const inTx = GROUPED_ROUTES.has(route) ? <T>(fn: (sql: Sql) => Promise<T>) => db.grouped(fn, userId) : db.tx.bind(db);
        return await inTx(async (sql) => {
          // On PostgreSQL a second request under the key waits here until the first commits or rolls back.
          const inserted = await sql.query(
            `insert into idempotency_keys (user_id, key, route, request_hash) values ($1, $2, $3, $4)
             on conflict (user_id, key) do nothing returning key`,
            [userId, key, route, hash],
          );
          if (!inserted.length) return replay((await sql.query<KeyRow>(select, [userId, key]))[0], hash);
          running = true;
          const answer = await run();
          running = false;
          await sql.query('update idempotency_keys set status_code = 200, response = $3 where user_id = $1 and key = $2', [userId, key, JSON.stringify(answer)]);
          return { status: 200, body: answer };
        });
      } catch (err) {
        const refused = running ? refusal(err) : null;
        if (!refused) throw err;
        const kept = await db.query(
          `insert into idempotency_keys (user_id, key, route, request_hash, status_code, response) values ($1, $2, $3, $4, $5, $6)
           on conflict (user_id, key) do nothing returning key`,
          [userId, key, route, hash, refused.status, JSON.stringify(refused.body)],
        );
        if (kept.length) return refused;
        return replay((await db.query<KeyRow>(select, [userId, key]))[0], hash);
      }
    },
  };
}
