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
  return createHash('sha256')
    .update(route)
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
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

/** The key was taken while (or before) this request ran: its effects are undone and the key's answer given. */
class KeyTaken extends Error {}

export function createIdempotencyStore(db: Db) {
  const select = 'select request_hash, status_code, response from idempotency_keys where user_id = $1 and key = $2';
  const insertAnswered = `insert into idempotency_keys (user_id, key, route, request_hash, status_code, response) values ($1, $2, $3, $4, $5, $6)
    on conflict (user_id, key) do nothing returning key`;

  /** Keep a refusal under the key, or answer what the key already holds. */
  async function refuse(userId: number, key: string, route: string, hash: string, refused: Answer): Promise<Answer> {
    const kept = await db.query(insertAnswered, [userId, key, route, hash, refused.status, JSON.stringify(refused.body)]);
    if (kept.length) return refused;
    return replay((await db.query<KeyRow>(select, [userId, key]))[0], hash);
  }

  /**
   * The key taken first, then the effects: on PostgreSQL a second request under the key waits at
   * the key until the first commits or rolls back, so nothing of it runs twice, whatever it does
   * beside the database.
   */
  async function first(
    userId: number,
    key: string,
    route: string,
    hash: string,
    run: () => Promise<unknown>,
    refusal: (err: unknown) => Answer | null,
  ): Promise<Answer> {
    let running = false;
    try {
      return await db.tx(async (sql) => {
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
      return refuse(userId, key, route, hash, refused);
    }
  }

  /**
   * An order call: its effects first, then its key written once, with its answer (one statement
   * where taking the key first costs two). The effects are all in the database and announced only
   * after the commit (`Db.afterCommit`), so a request whose key turns out taken (a client's retry,
   * a different request under the key) undoes them unseen and is answered from the key, as if it
   * had never run. A retry finds its journal's key taken too (`ledger_journals_idempotency`), which
   * ends it as early. Grouped by the caller: one investor's orders never run in two groups at once
   * (db.ts), so on one node a retry runs after its first request, later in its group or in a later one.
   */
  async function once(
    userId: number,
    key: string,
    route: string,
    hash: string,
    run: () => Promise<unknown>,
    refusal: (err: unknown) => Answer | null,
  ): Promise<Answer> {
    try {
      return await db.grouped(async (sql) => {
        const answer = await run();
        const kept = await sql.query(insertAnswered, [userId, key, route, hash, 200, JSON.stringify(answer)]);
        if (!kept.length) throw new KeyTaken();
        return { status: 200, body: answer };
      }, userId);
    } catch (err) {
      const refused = err instanceof KeyTaken ? null : refusal(err);
      if (refused) return refuse(userId, key, route, hash, refused);
      // A failure of ours under a key already answered (a retry that hit its journal's key) is that answer.
      const [row] = await db.query<KeyRow>(select, [userId, key]);
      if (!row) throw err;
      return replay(row, hash);
    }
  }

  return {
    answer(userId: number, key: string, route: string, body: unknown, run: () => Promise<unknown>, refusal: (err: unknown) => Answer | null): Promise<Answer> {
      const hash = requestHash(route, body);
      return (GROUPED_ROUTES.has(route) ? once : first)(userId, key, route, hash, run, refusal);
    },
  };
}
