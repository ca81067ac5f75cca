import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/db';
import { sha256 } from '../lib/secrets';
import type { EndedSessions } from '../push/hub';
import type { Caller } from './context';

/** SESSION_IDLE_MINUTES's default, for an instance built without `useSessionIdleMinutes`. */
export const DEFAULT_IDLE_MINUTES = 30;
/** A session's last use is written at most this often, so a busy session costs no write per call. */
export const TOUCH_EVERY_SECONDS = 60;

declare module 'fastify' {
  interface FastifyInstance {
    /** SESSION_IDLE_MINUTES of this node (src/config.ts). */
    sessionIdleMinutes?: number;
    /** This node's memory of recently resolved sessions (`useSessionCache`). */
    sessionCache?: SessionCache;
  }
}

/** The longest a resolved session is answered from memory before the database is asked again. */
export const SESSION_CACHE_MS = 2000;
const CACHE_MAX = 10_000;

/**
 * The order calls: many requests a second from one session, where the lookup of its token is a
 * statement of each order. They take the caller from `SessionCache`; every other route asks the
 * database on each request.
 */
export const CACHED_SESSION_ROUTES: ReadonlySet<string> = new Set(['orderStock', 'orderHk', 'orderGold', 'orderCrude']);

/**
 * Resolved sessions kept in memory, per token hash, for at most SESSION_CACHE_MS, and never past
 * the moment the database itself would answer differently by the clock: the session's expiry, its
 * idle timeout, or the minute after which its last use must be written again (so the once-a-minute
 * touch still happens, by the database path). Everything else that ends a session (sign-out, a
 * password changed or reset, an operator's disabling) is told to every node's cache at once
 * (`push/sessionEnds.ts`), and while that feed is down nothing is answered from memory.
 * The clock is this process's monotonic one, measured from ages the database reports, so nodes'
 * wall clocks need not agree.
 */
export class SessionCache {
  private readonly entries = new Map<string, { caller: Caller; until: number }>();
  /** Moves on every ended session: a lookup that began before one is not kept. */
  private generation = 0;
  private listening = false;

  constructor(private readonly clock: () => number = () => performance.now()) {}

  get(hash: string): Caller | undefined {
    if (!this.listening) return undefined;
    const e = this.entries.get(hash);
    if (!e) return undefined;
    if (this.clock() >= e.until) {
      this.entries.delete(hash);
      return undefined;
    }
    return e.caller;
  }

  /** Where a lookup starts: what `keep` compares against. */
  mark(): number {
    return this.generation;
  }

  keep(hash: string, caller: Caller, validMs: number, mark: number) {
    if (!this.listening || mark !== this.generation || validMs <= 0) return;
    if (this.entries.size >= CACHE_MAX) this.entries.clear();
    this.entries.set(hash, { caller, until: this.clock() + Math.min(validMs, SESSION_CACHE_MS) });
  }

  ended(e: EndedSessions) {
    this.generation++;
    for (const [hash, { caller }] of this.entries) {
      if (caller.id !== e.userId) continue;
      if (e.sessionId !== undefined && caller.sessionId !== e.sessionId) continue;
      if (e.exceptSessionId !== undefined && caller.sessionId === e.exceptSessionId) continue;
      this.entries.delete(hash);
    }
  }

  /** Whether every ended session reaches this node; while not, nothing is kept or answered. */
  setListening(listening: boolean) {
    this.generation++;
    this.listening = listening;
    this.entries.clear();
  }
}

/** Give this instance its session cache (app.ts); without one every request asks the database. */
export function useSessionCache(app: FastifyInstance, cache: SessionCache) {
  app.decorate('sessionCache', cache);
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
 * With `cached`, a session resolved within the last moments is answered from this node's
 * `SessionCache` without a statement.
 */
export async function resolveCaller(db: Db, req: FastifyRequest, cached = false): Promise<Caller | null> {
  const token = bearerToken(req);
  if (!token || token.length > 200) return null;
  const hash = sha256(token);
  const cache = cached ? req.server.sessionCache : undefined;
  const hit = cache?.get(hash);
  if (hit) return hit;
  const mark = cache?.mark() ?? 0;
  const idleMinutes = req.server.sessionIdleMinutes ?? DEFAULT_IDLE_MINUTES;
  const rows = await db.query<Caller & { validMs: number }>(
    `with live as (
       select u.id, u.role, u.status, s.id as "sessionId", s.last_used_at < now() - make_interval(secs => $3) as stale, s.last_used_at, s.expires_at
         from sessions s join users u on u.id = s.user_id
        where ${LIVE}
     ), touched as (
       update sessions set last_used_at = now() where id in (select "sessionId" from live where stale) returning id
     )
     select id, role, status, "sessionId",
            (1000 * extract(epoch from least(
              case when stale then now() else last_used_at end + make_interval(secs => least($3, $2 * 60)),
              expires_at) - now()))::float8 as "validMs"
       from live`,
    [hash, idleMinutes, TOUCH_EVERY_SECONDS],
  );
  const row = rows[0];
  if (!row) return null;
  const { validMs, ...caller } = row;
  cache?.keep(hash, caller, validMs, mark);
  return caller;
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
