import { randomInt } from 'node:crypto';
import type { PlacementKey } from '@tradeapp/contract';
import type { Sql } from '../db/db';
import { USER_REF_COLUMNS, userRefOf, type UserRefColumns } from './review';
import { sameHash, sha256 } from './secrets';

// Keys (decision 0019): secrets an operator issues to one investor, for block trading now and for
// placements next. The key is handed back once, to be sent to the investor; only its SHA-256 is
// stored, and a key typed in is compared with it in constant time.

export type KeyPurpose = 'block_trade' | 'placement' | 'pool';

/** Without the look-alikes 0/O and 1/I: the investor types the key from a notice. */
const KEY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/** A new key, `XXXX-XXXX-XXXX-XXXX`: 16 characters of 32, 80 bits, so guessing within the rate limit is hopeless. */
export function newKey(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let group = '';
    for (let i = 0; i < GROUP_LENGTH; i++) group += KEY_ALPHABET[randomInt(0, KEY_ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

/** A key as typed, made comparable: case, spaces and dashes do not matter to the reader of a notice. */
export const canonicalKey = (input: string) => input.replace(/[\s-]+/g, '').toUpperCase();

export const keyHash = (key: string) => sha256(canonicalKey(key));

/** Compared against when there is no key to compare with, so a refusal takes as long whatever its cause. */
const DECOY_HASH = sha256('no key');

export interface KeyRow {
  id: number;
  user_id: number;
  purpose: KeyPurpose;
  subject_id: number | null;
  key_hash: string;
  revoked_at: Date | null;
  used_at: Date | null;
}

/** Whether `candidate` is the key `row` was issued as, in constant time; revoked or used or not is the caller's question. */
export function keyMatches(row: KeyRow | undefined, candidate: string): boolean {
  const matches = sameHash(keyHash(candidate), row?.key_hash ?? DECOY_HASH);
  return row !== undefined && matches;
}

/** Whether `candidate` opens `row` now: the right key, neither revoked nor used yet. */
export const keyUnlocks = (row: KeyRow | undefined, candidate: string): row is KeyRow =>
  keyMatches(row, candidate) && row!.revoked_at === null && row!.used_at === null;

/**
 * Issues a key to `userId` inside the caller's transaction. The key is returned this once, for the
 * caller to deliver; it is not stored, and must not be written to a log or an audit entry.
 */
export async function issueKey(
  sql: Sql,
  k: { userId: number; purpose: KeyPurpose; subjectId?: number | null; issuedBy: number },
): Promise<{ id: number; key: string }> {
  const key = newKey();
  const [row] = await sql.query<{ id: number }>(
    'insert into access_keys (user_id, purpose, subject_id, key_hash, issued_by) values ($1, $2, $3, $4, $5) returning id',
    [k.userId, k.purpose, k.subjectId ?? null, keyHash(key), k.issuedBy],
  );
  return { id: row!.id, key };
}

/** One of `userId`'s keys for `purpose`, locked until the transaction ends; another user's key is never found. */
export async function lockKey(sql: Sql, userId: number, purpose: KeyPurpose, id: number): Promise<KeyRow | undefined> {
  const [row] = await sql.query<KeyRow>(
    `select id, user_id, purpose, subject_id, key_hash, revoked_at, used_at from access_keys
     where id = $1 and user_id = $2 and purpose = $3 for update`,
    [id, userId, purpose],
  );
  return row;
}

/**
 * The key of `userId` for `purpose` that `candidate` is, locked until the transaction ends; for
 * keys the investor holds several of (one per placement), where there is no one row to compare
 * with. Found by its hash, which is unique: a lookup tells nothing about a key that a comparison
 * would not, and another user's key is never found.
 */
export async function findKey(sql: Sql, userId: number, purpose: KeyPurpose, candidate: string): Promise<KeyRow | undefined> {
  const [row] = await sql.query<KeyRow>(
    `select id, user_id, purpose, subject_id, key_hash, revoked_at, used_at from access_keys
     where key_hash = $1 and user_id = $2 and purpose = $3 for update`,
    [keyHash(candidate), userId, purpose],
  );
  return row;
}

/** A key's state as operators see it: sent (not entered yet), used (entered) or revoked. */
export const keyStatusOf = (k: Pick<KeyRow, 'revoked_at' | 'used_at'>): 'sent' | 'used' | 'revoked' => (k.revoked_at ? 'revoked' : k.used_at ? 'used' : 'sent');

/** The keys issued for one subject (a placement, a pool), newest first, as operators list them: never the key itself. */
export async function keysOfSubject(sql: Sql, purpose: KeyPurpose, subjectId: number): Promise<PlacementKey[]> {
  const rows = await sql.query<UserRefColumns & { id: number; issued_at: Date; used_at: Date | null; revoked_at: Date | null }>(
    `select k.id, k.user_id, k.issued_at, k.used_at, k.revoked_at, ${USER_REF_COLUMNS}
       from access_keys k join users u on u.id = k.user_id where k.purpose = $1 and k.subject_id = $2 order by k.id desc`,
    [purpose, subjectId],
  );
  return rows.map((k) => ({
    id: k.id,
    ...userRefOf(k),
    status: keyStatusOf(k),
    issuedAtTimestamp: k.issued_at.getTime(),
    usedAtTimestamp: k.used_at?.getTime() ?? null,
    revokedAtTimestamp: k.revoked_at?.getTime() ?? null,
  }));
}

export async function markKeyUsed(sql: Sql, id: number): Promise<void> {
  await sql.query('update access_keys set used_at = now() where id = $1 and used_at is null', [id]);
}

/** Revokes a key; false when it was already revoked. */
export async function revokeKey(sql: Sql, id: number): Promise<boolean> {
  const rows = await sql.query('update access_keys set revoked_at = now() where id = $1 and revoked_at is null returning id', [id]);
  return rows.length > 0;
}
