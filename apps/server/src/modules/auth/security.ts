// The account security page's calls (issue 18): the authenticator's setup, turning two-factor
// sign-in on and off, and the caller's sessions with signing any of them out. The sign-in's own
// second step is in service.ts, beside the password step.
import type { SessionInfo } from '@tradeapp/contract';
import type { Db } from '../../db/db';
import { AppError, notFound } from '../../errors';
import { verifySecret } from '../../lib/secrets';
import type { EndedSessions } from '../../push/hub';
import { deviceOf } from './device';
import * as repo from './repo';
import type { SignInThrottle } from './throttle';
import {
  acceptAppCode,
  acceptRecoveryCode,
  findTwoFactor,
  isAppCode,
  newTotpSecret,
  replaceRecoveryCodes,
  TOTP_ISSUER,
  totpUri,
  type TwoFactorRow,
} from './twoFactor';

/** The account key wrong second-factor codes are counted under, apart from the password's (see `checkSecondFactor`). */
export const codeKey = (userId: number) => `f:${userId}`;

interface SecurityDeps {
  db: Db;
  throttle: SignInThrottle;
  idleMinutes: number;
  endSessions(ended: EndedSessions): void | Promise<void>;
}

export function createSecurity({ db, throttle, idleMinutes, endSessions }: SecurityDeps) {
  /**
   * Check a code of the authenticator (or, with `recovery`, a recovery code) of an enabled or
   * pending secret. Wrong codes count like wrong passwords: per address over every account and per
   * account from any address, under a key of their own, so that a right password (which clears the
   * password's key) gives no fresh guesses at the code.
   */
  async function checkSecondFactor(row: TwoFactorRow, code: string, ip: string, recovery: boolean): Promise<boolean> {
    const attempt = await throttle.claim(ip, codeKey(row.user_id));
    const ok = isAppCode(code) ? await acceptAppCode(db, row, code) : recovery && (await acceptRecoveryCode(db, row.user_id, code));
    if (ok) await throttle.succeeded(attempt);
    return ok;
  }

  async function enabledRow(userId: number) {
    const row = await findTwoFactor(db, userId);
    return row?.enabled_at ? row : undefined;
  }

  return {
    checkSecondFactor,
    enabledRow,

    async status(userId: number) {
      const row = await enabledRow(userId);
      const [left] = await db.query<{ n: number }>('select count(*)::int as n from two_factor_recovery_codes where user_id = $1 and used_at is null', [userId]);
      return {
        enabled: row !== undefined,
        enabledTimestamp: row?.enabled_at?.getTime() ?? null,
        recoveryCodesLeft: row ? (left?.n ?? 0) : 0,
      };
    },

    /** A new secret for the app, replacing any earlier unconfirmed one; refused while one is on. */
    async setup(userId: number) {
      const user = await repo.findUserById(db, userId);
      if (!user) throw notFound();
      // The back office signs in without a second step; an operator turning it on here would believe in a protection it does not have.
      if (user.role !== 'investor') throw new AppError('e.twoFactorInvestorsOnly');
      const secret = newTotpSecret();
      const set = await db.query(
        `insert into two_factor (user_id, secret) values ($1, $2)
         on conflict (user_id) do update set secret = excluded.secret, created_at = now(), last_step = null
           where two_factor.enabled_at is null
         returning user_id`,
        [userId, secret],
      );
      if (!set.length) throw new AppError('e.twoFactorOn');
      const account = user.email ?? user.username;
      return { secret, uri: totpUri(secret, account), issuer: TOTP_ISSUER, account };
    },

    /** Turn it on with a current code of the pending secret; the recovery codes are answered this once. */
    async enable(userId: number, code: string, ip: string) {
      const row = await findTwoFactor(db, userId);
      if (!row) throw new AppError('e.twoFactorNotStarted');
      if (row.enabled_at) throw new AppError('e.twoFactorOn');
      if (!(await checkSecondFactor(row, code, ip, false))) throw new AppError('e.authCodeWrong', { code: 'e.authCodeWrong' });
      return db.tx(async (sql) => {
        const on = await sql.query('update two_factor set enabled_at = now() where user_id = $1 and enabled_at is null returning user_id', [userId]);
        if (!on.length) throw new AppError('e.twoFactorOn');
        return { recoveryCodes: await replaceRecoveryCodes(sql, userId) };
      });
    },

    /** Turn it off: the login password and a code (or a recovery code), so a session left open is not enough. */
    async disable(userId: number, input: { password: string; code: string }, ip: string) {
      const user = await repo.findUserById(db, userId);
      if (!user) throw notFound();
      const row = await enabledRow(userId);
      if (!row) throw new AppError('e.twoFactorOff');
      // Counted like a sign-in: a stolen session cannot try passwords here without limit.
      const attempt = await throttle.claim(ip, `u:${userId}`);
      if (!(await verifySecret(user.password_hash, input.password))) throw new AppError('e.passwordWrong', { password: 'e.passwordWrong' });
      await throttle.succeeded(attempt);
      if (!(await checkSecondFactor(row, input.code, ip, true))) throw new AppError('e.authCodeWrong', { code: 'e.authCodeWrong' });
      await db.tx(async (sql) => {
        await sql.query('delete from two_factor_recovery_codes where user_id = $1', [userId]);
        await sql.query('delete from two_factor where user_id = $1', [userId]);
      });
    },

    /** The caller's live sessions, by the same rules the token is accepted by (http/session.ts). */
    async sessions(userId: number, currentSessionId: number): Promise<{ list: SessionInfo[] }> {
      const rows = await db.query<{ id: number; created_at: Date; last_used_at: Date; ip: string | null; user_agent: string | null }>(
        `select id, created_at, last_used_at, ip, user_agent from sessions
          where user_id = $1 and revoked_at is null and expires_at > now() and last_used_at > now() - make_interval(mins => $2)
          order by last_used_at desc, id desc`,
        [userId, idleMinutes],
      );
      return {
        list: rows.map((r) => ({
          id: Number(r.id),
          current: Number(r.id) === currentSessionId,
          ...deviceOf(r.user_agent),
          userAgent: r.user_agent,
          ip: r.ip,
          createTimestamp: r.created_at.getTime(),
          lastUsedTimestamp: r.last_used_at.getTime(),
        })),
      };
    },

    /** Sign out one session of the caller's (another's id answers 404); every node stops accepting it before the answer. */
    async endSession(userId: number, sessionId: number) {
      const ended = await db.query('update sessions set revoked_at = now() where id = $1 and user_id = $2 and revoked_at is null returning id', [
        sessionId,
        userId,
      ]);
      if (!ended.length) throw notFound();
      await endSessions({ userId, sessionId });
    },

    async endOtherSessions(userId: number, currentSessionId: number) {
      const ended = await db.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null and id <> $2 returning id', [
        userId,
        currentSessionId,
      ]);
      await endSessions({ userId, exceptSessionId: currentSessionId });
      return { ended: ended.length };
    },
  };
}

export type Security = ReturnType<typeof createSecurity>;
