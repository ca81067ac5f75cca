import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/db';
import { sha256 } from '../lib/secrets';
import type { Caller } from './context';

/** The bearer token of a request: `Authorization: Bearer <token>`, or the bare token the spec's client sends. */
export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return token.trim() || undefined;
}

export async function resolveCaller(db: Db, req: FastifyRequest): Promise<Caller | null> {
  const token = bearerToken(req);
  if (!token || token.length > 200) return null;
  const rows = await db.query<Caller>(
    `select u.id, u.role, u.status, s.id as "sessionId"
       from sessions s join users u on u.id = s.user_id
      where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and u.status = 'active'`,
    [sha256(token)],
  );
  return rows[0] ?? null;
}

/** The user of a live session token (the push socket's `auth`), or null. */
export async function sessionIdentity(db: Db, token: string): Promise<{ userId: number; operator: boolean } | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db.query<{ id: number; role: string }>(
    `select u.id, u.role from sessions s join users u on u.id = s.user_id
      where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and u.status = 'active'`,
    [sha256(token)],
  );
  return row ? { userId: row.id, operator: row.role === 'operator' } : null;
}
