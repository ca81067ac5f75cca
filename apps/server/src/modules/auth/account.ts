import { EmailCodeType } from '@tradeapp/contract';
import type { FastifyRequest } from 'fastify';
import type { Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import { hashSecret, verifySecret } from '../../lib/secrets';
import type { AuthContext } from './context';
import * as repo from './repo';

/** The signed-in user's own account: passkeys, second factor, sessions, passwords and pay password, their details. */
export function createAccount(ctx: AuthContext) {
  const { db, sessions, codes, security, passkeys } = ctx;

  async function loadUser(sql: Sql, id: number) {
    const user = await repo.findUserById(sql, id);
    if (!user) throw notFound();
    return user;
  }

  return {
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
