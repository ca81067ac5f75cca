import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/db';
import { sha256 } from '../lib/secrets';
import type { Caller } from './context';

/** SESSION_IDLE_MINUTES's default, for an instance built without `useSessionIdleMinutes`. */
export const DEFAULT_IDLE_MINUTES = 30;
/** A session's last use is written at most this often, so a busy session costs no write per call. */
export const TOUCH_EVERY_SECONDS = 60;

declare module 'fastify' {
  interface FastifyInstance {
    /** SESSION_IDLE_MINUTES of this node (src/config.ts). */
    sessionIdleMinutes?: number;
  }
}

/** Make this instance's sessions end after `minutes` unused (app.ts, from SESSION_IDLE_MINUTES). */
export function useSessionIdleMinutes(app: FastifyInstance, minutes: number) {
  app.decorate('sessionIdleMinutes', minutes);
}

/** The bearer token of a request: `Authorization: Bearer <token>`, or the bare token the spec's client sends. */
export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return token.trim() || undefined;
}

// A live session: not revoked, not expired, used within the idle timeout ($2 minutes), its user active.
const LIVE = `s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()
  and s.last_used_at > now() - make_interval(mins => $2) and u.status = 'active'`;

/**
 * The caller of a request, or null. A call is a use of its session: the last use moves forward in
 * the same statement, but only when it is more than a minute old (one write per session per minute).
 */
export async function resolveCaller(db: Db, req: FastifyRequest): Promise<Caller | null> {
  const token = bearerToken(req);
  if (!token || token.length > 200) return null;
  const rows = await db.query<Caller>(
    `with live as (
       select u.id, u.role, u.status, s.id as "sessionId", s.last_used_at < now() - make_interval(secs => $3) as stale
         from sessions s join users u on u.id = s.user_id
        where ${LIVE}
     ), touched as (
       update sessions set last_used_at = now() where id in (select "sessionId" from live where stale) returning id
     )
     select id, role, status, "sessionId" from live`,
    [sha256(token), req.server.sessionIdleMinutes ?? DEFAULT_IDLE_MINUTES, TOUCH_EVERY_SECONDS],
  );
  return rows[0] ?? null;
}

/**
 * The user of a live session token (the push socket's `auth`), or null. A socket being open is no
 * use of the session: this reads without moving the last use, so an idle session ends with its socket.
 */
export async function sessionIdentity(
  db: Db,
  token: string,
  idleMinutes = DEFAULT_IDLE_MINUTES,
): Promise<{ userId: number; operator: boolean; sessionId: number } | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db.query<{ id: number; role: string; session_id: number }>(
    `select u.id, u.role, s.id as session_id from sessions s join users u on u.id = s.user_id where ${LIVE}`,
    [sha256(token), idleMinutes],
  );
  return row ? { userId: row.id, operator: row.role === 'operator', sessionId: row.session_id } : null;
}
