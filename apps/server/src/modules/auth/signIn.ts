import { SIGN_IN_CHALLENGE_SECONDS, type SecondFactorNeeded } from '@tradeapp/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { burnVerify, newToken, sha256, verifySecret } from '../../lib/secrets';
import type { AuthContext, LoginResult } from './context';
import { deviceLine } from './device';
import * as repo from './repo';
import { accountKey } from './throttle';

/** Wrong codes one challenge takes before the password must be given again. */
const CHALLENGE_ATTEMPTS = 5;

/** Signing in (password, second factor, passkey) and out. */
export function createSignIn(ctx: AuthContext) {
  const { db, sessions, notices, throttle, security, passkeys, startSession } = ctx;

  /**
   * A completed sign-in: its session, and an inbox notice (pushed once committed) naming the
   * device and address, so that a sign-in by someone else does not go unseen. Operators have no inbox.
   */
  async function signIn(user: repo.UserRow, req: FastifyRequest): Promise<LoginResult> {
    let push = () => undefined as void;
    const result = await db.tx(async (sql) => {
      const started = await startSession(sql, user, req);
      if (notices && user.role === 'investor') {
        push = await notices.notify(sql, user.id, 'auth.signIn', { device: deviceLine(req.headers['user-agent']), ip: req.ip });
      }
      return started;
    });
    push();
    return result;
  }

  async function challenge(userId: number): Promise<SecondFactorNeeded> {
    const token = newToken();
    await db.query('insert into sign_in_challenges (user_id, token_hash, expires_at) values ($1, $2, now() + make_interval(secs => $3))', [
      userId,
      sha256(token),
      SIGN_IN_CHALLENGE_SECONDS,
    ]);
    // Now and then, forget challenges long over (they are kept a day for the record of attempts).
    if (Math.random() < 0.01) await db.query(`delete from sign_in_challenges where expires_at < now() - interval '1 day'`);
    return { secondFactor: 'totp', challenge: token, expiresInSeconds: SIGN_IN_CHALLENGE_SECONDS };
  }

  /** The password step. The back office's sign-in (role `operator`) never has a second one: setup refuses operators. */
  async function login(input: { username: string; password: string }, req: FastifyRequest): Promise<LoginResult | SecondFactorNeeded>;
  async function login(input: { username: string; password: string }, req: FastifyRequest, role: 'operator'): Promise<LoginResult>;
  async function login(
    input: { username: string; password: string },
    req: FastifyRequest,
    role: 'investor' | 'operator' | 'any' = 'any',
  ): Promise<LoginResult | SecondFactorNeeded> {
    const user = await repo.findUserByLogin(db, input.username);
    // Counted as a failure until the password proves right; refused (429) while the address or account must wait.
    const attempt = await throttle.claim(req.ip, accountKey(user?.id, input.username));
    const valid = user ? await verifySecret(user.password_hash, input.password) : await burnVerify(input.password);
    // An agency (modules/follow) is a house strategy account: it has no password and never signs in.
    if (!user || !valid || (user.role as string) === 'agency') throw new AppError('e.invalidCredentials');
    await throttle.succeeded(attempt);
    if (user.status !== 'active') throw new AppError('e.accountDisabled');
    if (role === 'operator' && user.role !== 'operator') throw new AppError('e.operatorOnly');
    if (role !== 'operator' && (await security.enabledRow(user.id))) return challenge(user.id);
    return signIn(user, req);
  }

  return {
    login,

    /**
     * The second step: the challenge (counted per try before the code is checked, and good for
     * CHALLENGE_ATTEMPTS tries) and a code, checked and throttled like a password; used up by the
     * session it starts, so it signs in once.
     */
    async loginSecondFactor(input: { challenge: string; code: string }, req: FastifyRequest): Promise<LoginResult> {
      const [found] = await db.query<{ id: number; user_id: number }>(
        `update sign_in_challenges set attempts = attempts + 1
          where token_hash = $1 and consumed_at is null and expires_at > now() and attempts < $2
          returning id, user_id`,
        [sha256(input.challenge), CHALLENGE_ATTEMPTS],
      );
      if (!found) throw new AppError('e.challengeExpired');
      const user = await repo.findUserById(db, found.user_id);
      if (!user) throw new AppError('e.challengeExpired');
      if (user.status !== 'active') throw new AppError('e.accountDisabled');
      const row = await security.enabledRow(user.id);
      // Turned off since the password step (by the user elsewhere): the password was right, nothing more is asked.
      if (row && !(await security.checkSecondFactor(row, input.code, req.ip, true))) {
        throw new AppError('e.authCodeWrong', { code: 'e.authCodeWrong' });
      }
      const used = await db.query('update sign_in_challenges set consumed_at = now() where id = $1 and consumed_at is null returning id', [found.id]);
      if (!used.length) throw new AppError('e.challengeExpired');
      return signIn(user, req);
    },

    /**
     * A passkey sign-in starts its session exactly as the password's does (same notice, same
     * session row) and asks for no second factor: the passkey is something held that proved
     * itself with user verification, and its signature is bound to this site's origin (decision 0025).
     */
    async loginPasskey(credential: Parameters<typeof passkeys.verifySignIn>[0], req: FastifyRequest): Promise<LoginResult> {
      return signIn(await passkeys.verifySignIn(credential, req), req);
    },
    loginPasskeyOptions: (req: FastifyRequest) => passkeys.signInOptions(req),

    async logout(userId: number, sessionId: number) {
      await repo.revokeSession(db, sessionId);
      await sessions.endSessions({ userId, sessionId });
    },
  };
}
