import { SESSION_TTL_SECONDS, type UserInfo } from '@tradeapp/contract';
import type { FastifyRequest } from 'fastify';
import type { Sql } from '../../db/db';
import type { Deps } from '../../deps';
import { newToken, sha256 } from '../../lib/secrets';
import type { EndedSessions } from '../../push/hub';
import type { Notices } from '../notices';
import { createEmailCodes } from './codes';
import { createPasskeys } from './passkeys';
import * as repo from './repo';
import { createSecurity } from './security';
import { createSignInThrottle } from './throttle';

/**
 * Where ended sessions are announced: the push hub closes their sockets on every node, and every
 * node's session cache forgets them (http/session.ts). Awaited before the answer, so that a node
 * asked next has heard of it.
 */
export interface SessionEnds {
  endSessions(ended: EndedSessions): void | Promise<void>;
}

export interface LoginResult {
  token: string;
  wsUrl: string;
  userInfo: UserInfo;
}

/** Where the client opens the push socket: PUBLIC_URL when set, else the host it called. */
function wsUrlFor(publicUrl: string | undefined, req: FastifyRequest): string {
  const base = publicUrl ? new URL(publicUrl) : new URL(`${req.protocol}://${req.host}`);
  base.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  base.pathname = '/web/push';
  return base.toString();
}

/** What registration, sign-in and the account's settings share, built once per service: the codes, the throttle, the second factors, the passkeys and the session a sign-in starts. */
export function createAuthContext({ config, db, mailer, log }: Deps, sessions: SessionEnds, notices: Pick<Notices, 'notify'> | undefined) {
  const codes = createEmailCodes(db, mailer);
  const throttle = createSignInThrottle(db, config.RATE_LIMIT_FACTOR);
  const security = createSecurity({
    db,
    throttle,
    idleMinutes: config.SESSION_IDLE_MINUTES,
    endSessions: (ended) => sessions.endSessions(ended),
  });
  const passkeys = createPasskeys({ db, config, security, throttle, log });

  async function startSession(sql: Sql, user: repo.UserRow, req: FastifyRequest): Promise<LoginResult> {
    const token = newToken();
    await repo.createSession(sql, {
      userId: user.id,
      tokenHash: sha256(token),
      ttlSeconds: SESSION_TTL_SECONDS,
      ip: req.ip,
      userAgent: req.headers['user-agent'],
    });
    return { token, wsUrl: wsUrlFor(config.PUBLIC_URL, req), userInfo: await repo.toUserInfo(sql, user) };
  }

  return { db, config, sessions, notices, codes, throttle, security, passkeys, startSession };
}

export type AuthContext = ReturnType<typeof createAuthContext>;
