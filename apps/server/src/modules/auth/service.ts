import {
  AccountType,
  EmailCodeType,
  SESSION_TTL_SECONDS,
  SIGN_IN_CHALLENGE_SECONDS,
  type FullRegistration,
  type Locale,
  type SecondFactorNeeded,
  type UserInfo,
} from '@tradeapp/contract';
import type { FastifyRequest } from 'fastify';
import type { Sql } from '../../db/db';
import { isUniqueViolation } from '../../db/errors';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../errors';
import { burnVerify, hashSecret, newInvitationCode, newToken, sha256, verifySecret } from '../../lib/secrets';
import type { EndedSessions } from '../../push/hub';
import { claimRegistrationUploads } from '../files';
import type { Notices } from '../notices';
import { createEmailCodes } from './codes';
import { deviceLine } from './device';
import { createPasskeys } from './passkeys';
import * as repo from './repo';
import { createSecurity } from './security';
import { accountKey, createSignInThrottle } from './throttle';

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

/** Wrong codes one challenge takes before the password must be given again. */
const CHALLENGE_ATTEMPTS = 5;

export function createAuthService(
  { config, db, mailer, log }: Deps,
  sessions: SessionEnds = { endSessions: () => undefined },
  notices?: Pick<Notices, 'notify'>,
) {
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

  async function inviterOf(code: string | undefined): Promise<number | null> {
    if (!code) return null;
    const inviter = await repo.findInviter(db, code);
    if (!inviter) throw new AppError('e.invitationInvalid', { invitationCode: 'e.invitationInvalid' });
    return inviter;
  }

  async function assertFree(username: string | null, email: string | null) {
    if (username && (await repo.usernameTaken(db, username))) throw new AppError('e.userIdTaken', { username: 'e.userIdTaken' });
    if (email && (await repo.emailTaken(db, email))) throw new AppError('e.emailTaken', { email: 'e.emailTaken' });
  }

  /** Insert with a fresh invitation code (and generated user ID when none is chosen), retrying a rare clash. */
  async function insertUnique(sql: Sql, user: Omit<repo.NewUser, 'invitationCode'>, generatedUsername: boolean) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await repo.insertUser(sql, {
          ...user,
          invitationCode: newInvitationCode(),
          username: generatedUsername ? `user_${newInvitationCode().toLowerCase()}${attempt || ''}` : user.username,
        });
      } catch (err) {
        if (isUniqueViolation(err, 'users_username_key')) {
          if (generatedUsername && attempt < 5) continue;
          throw new AppError('e.userIdTaken', { username: 'e.userIdTaken' });
        }
        if (isUniqueViolation(err, 'users_email_key')) throw new AppError('e.emailTaken', { email: 'e.emailTaken' });
        if (isUniqueViolation(err, 'users_invitation_code_key') && attempt < 5) continue;
        throw err;
      }
    }
  }

  async function loadUser(sql: Sql, id: number) {
    const user = await repo.findUserById(sql, id);
    if (!user) throw notFound();
    return user;
  }

  return {
    async sendEmailCode(email: string, type: EmailCodeType, locale: Locale) {
      const exists = await repo.emailTaken(db, email);
      if (type === EmailCodeType.Register && exists) throw new AppError('e.emailTaken', { email: 'e.emailTaken' });
      // For an unknown address a reset answers the same as for a known one, so the call cannot
      // be used to find out who has an account; no mail is sent.
      if (type !== EmailCodeType.Register && !exists) return;
      await codes.issue(email, type, locale);
    },

    checkRegistrationCode: (email: string, code: string) => codes.check(email, EmailCodeType.Register, code),

    async register(input: { username: string; password: string; invitationCode?: string }, req: FastifyRequest) {
      await assertFree(input.username, null);
      const invitedBy = await inviterOf(input.invitationCode);
      const passwordHash = await hashSecret(input.password);
      return db.tx(async (sql) => {
        const user = await insertUnique(
          sql,
          { username: input.username, email: null, passwordHash, payPasswordHash: null, accountType: AccountType.Individual, invitedBy },
          false,
        );
        return startSession(sql, user, req);
      });
    },

    async registerEmail(input: { email: string; code: string; password: string; invitationCode?: string }, req: FastifyRequest) {
      await assertFree(null, input.email);
      const invitedBy = await inviterOf(input.invitationCode);
      const codeId = await codes.check(input.email, EmailCodeType.Register, input.code);
      const passwordHash = await hashSecret(input.password);
      return db.tx(async (sql) => {
        await codes.consume(sql, codeId);
        const user = await insertUnique(
          sql,
          { username: '', email: input.email, passwordHash, payPasswordHash: null, accountType: AccountType.Individual, invitedBy },
          true,
        );
        return startSession(sql, user, req);
      });
    },

    async registerFull(input: FullRegistration & { email: string }, req: FastifyRequest) {
      await assertFree(input.username, input.email);
      const invitedBy = await inviterOf(input.invitationCode);
      const codeId = await codes.check(input.email, EmailCodeType.Register, input.code);
      const passwordHash = await hashSecret(input.password);
      const payPasswordHash = input.payPassword ? await hashSecret(input.payPassword) : null;
      return db.tx(async (sql) => {
        await codes.consume(sql, codeId);
        const base = { username: input.username, email: input.email, passwordHash, payPasswordHash, invitedBy };
        if (input.accountType === AccountType.Individual) {
          const user = await insertUnique(
            sql,
            {
              ...base,
              accountType: AccountType.Individual,
              phone: input.phone,
              firstName: input.firstName,
              lastName: input.lastName,
              country: input.country,
              streetAddress: input.streetAddress,
              addressLine2: input.addressLine2 || null,
              stateProvince: input.stateProvince,
              postalCode: input.postalCode,
              ssn: input.ssn,
            },
            false,
          );
          return startSession(sql, user, req);
        }
        const user = await insertUnique(
          sql,
          { ...base, accountType: AccountType.Company, phone: input.contactPhone, country: input.placeOfRegistration },
          false,
        );
        await claimRegistrationUploads(sql, input.email, user.id, {
          licenseImage: input.licenseImage,
          bankAccountImage: input.bankAccountImage,
        });
        await repo.insertCorporateProfile(sql, user.id, {
          enterprise_name: input.enterpriseName,
          license_number: input.licenseNumber,
          license_image: input.licenseImage,
          enterprise_address: input.enterpriseAddress,
          bank_account_number: input.bankAccountNumber,
          bank_account_image: input.bankAccountImage,
          place_of_registration: input.placeOfRegistration,
          officer_name: input.officerName,
          officer_id_type: input.officerIdType,
          officer_id_number: input.officerIdNumber,
          contact_phone: input.contactPhone,
        });
        return startSession(sql, user, req);
      });
    },

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
    passkeyList: (userId: number) => passkeys.list(userId),
    passkeyOptions: (userId: number, req: FastifyRequest) => passkeys.registrationOptions(userId, req),
    passkeyAdd: (userId: number, name: string, credential: Parameters<typeof passkeys.add>[2], req: FastifyRequest) =>
      passkeys.add(userId, name, credential, req),
    passkeyRename: (userId: number, id: number, name: string) => passkeys.rename(userId, id, name),
    passkeyDelete: (userId: number, id: number, input: { password: string; code?: string | undefined }, ip: string) => passkeys.remove(userId, id, input, ip),

    twoFactorStatus: (userId: number) => security.status(userId),
    twoFactorSetup: (userId: number) => security.setup(userId),
    twoFactorEnable: (userId: number, code: string, ip: string) => security.enable(userId, code, ip),
    twoFactorDisable: (userId: number, input: { password: string; code: string }, ip: string) => security.disable(userId, input, ip),
    sessionList: (userId: number, currentSessionId: number) => security.sessions(userId, currentSessionId),
    sessionEnd: (userId: number, sessionId: number) => security.endSession(userId, sessionId),
    sessionEndOthers: (userId: number, currentSessionId: number) => security.endOtherSessions(userId, currentSessionId),

    async logout(userId: number, sessionId: number) {
      await repo.revokeSession(db, sessionId);
      await sessions.endSessions({ userId, sessionId });
    },

    async resetPassword(input: { email: string; code: string; newPassword: string }) {
      const user = await repo.findUserByEmail(db, input.email);
      const codeId = await codes.check(input.email, EmailCodeType.ResetPassword, input.code);
      if (!user) throw new AppError('e.codeInvalid', { code: 'e.codeInvalid' });
      const hash = await hashSecret(input.newPassword);
      await db.tx(async (sql) => {
        await codes.consume(sql, codeId);
        await repo.setPasswordHash(sql, user.id, hash);
        await repo.revokeSessions(sql, user.id);
      });
      await sessions.endSessions({ userId: user.id });
    },

    async updatePassword(userId: number, sessionId: number, input: { oldPassword: string; newPassword: string }) {
      const user = await loadUser(db, userId);
      if (!(await verifySecret(user.password_hash, input.oldPassword))) {
        throw new AppError('e.oldPasswordWrong', { oldPassword: 'e.oldPasswordWrong' });
      }
      if (input.oldPassword === input.newPassword) throw new AppError('v.sameAsOld', { newPassword: 'v.sameAsOld' });
      const hash = await hashSecret(input.newPassword);
      await db.tx(async (sql) => {
        await repo.setPasswordHash(sql, userId, hash);
        await repo.revokeSessions(sql, userId, sessionId);
      });
      await sessions.endSessions({ userId, exceptSessionId: sessionId });
    },

    async settingPayPassword(userId: number, payPassword: string) {
      const hash = await hashSecret(payPassword);
      // Set only where none is set, in one statement, so two racing calls cannot both succeed.
      const set = await db.query('update users set pay_password_hash = $2, updated_at = now() where id = $1 and pay_password_hash is null returning id', [
        userId,
        hash,
      ]);
      if (!set.length) throw new AppError('e.payPasswordAlreadySet');
    },

    async updatePayPassword(userId: number, input: { oldPayPassword: string; payPassword: string }) {
      const user = await loadUser(db, userId);
      if (!user.pay_password_hash) throw new AppError('e.payPasswordNotSet');
      if (!(await verifySecret(user.pay_password_hash, input.oldPayPassword))) {
        throw new AppError('e.payPasswordWrong', { oldPayPassword: 'e.payPasswordWrong' });
      }
      await repo.setPayPasswordHash(db, userId, await hashSecret(input.payPassword));
    },

    async userInfo(userId: number) {
      return repo.toUserInfo(db, await loadUser(db, userId));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
