import {
  AccountType,
  EmailCodeType,
  ID_TYPES_WITH_BACK,
  KycStatus,
  SESSION_TTL_SECONDS,
  type FullRegistration,
  type Locale,
  type zKycSubmission,
  type UserInfo,
} from '@tradeapp/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Sql } from '../../db/db';
import { isUniqueViolation } from '../../db/errors';
import type { Deps } from '../../deps';
import { AppError, badRequest, conflict, forbidden, notFound, refused } from '../../errors';
import { burnVerify, hashSecret, newInvitationCode, newToken, sha256, verifySecret } from '../../lib/secrets';
import { claimRegistrationUploads, assertOwnUpload } from '../files/service';
import { createEmailCodes } from './codes';
import * as repo from './repo';

export type KycSubmissionInput = z.output<typeof zKycSubmission>;

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

export function createAuthService({ config, db, mailer }: Deps) {
  const codes = createEmailCodes(db, mailer);

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

  async function inviterOf(code: string | undefined): Promise<number | null> {
    if (!code) return null;
    const inviter = await repo.findInviter(db, code);
    if (!inviter) throw refused('e.invitationInvalid', { invitationCode: 'e.invitationInvalid' });
    return inviter;
  }

  async function assertFree(username: string | null, email: string | null) {
    if (username && (await repo.usernameTaken(db, username))) throw conflict('e.userIdTaken', { username: 'e.userIdTaken' });
    if (email && (await repo.emailTaken(db, email))) throw conflict('e.emailTaken', { email: 'e.emailTaken' });
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
          throw conflict('e.userIdTaken', { username: 'e.userIdTaken' });
        }
        if (isUniqueViolation(err, 'users_email_key')) throw conflict('e.emailTaken', { email: 'e.emailTaken' });
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
      if (type === EmailCodeType.Register && exists) throw conflict('e.emailTaken', { email: 'e.emailTaken' });
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

    async registerEmail(
      input: { email: string; code: string; password: string; invitationCode?: string },
      req: FastifyRequest,
    ) {
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

    async login(input: { username: string; password: string }, req: FastifyRequest, role: 'investor' | 'operator' | 'any' = 'any') {
      const user = await repo.findUserByLogin(db, input.username);
      const valid = user ? await verifySecret(user.password_hash, input.password) : await burnVerify(input.password);
      if (!user || !valid) throw refused('e.invalidCredentials');
      if (user.status !== 'active') throw forbidden('e.accountDisabled');
      if (role === 'operator' && user.role !== 'operator') throw forbidden('e.operatorOnly');
      return db.tx((sql) => startSession(sql, user, req));
    },

    async logout(sessionId: number) {
      await repo.revokeSession(db, sessionId);
    },

    async resetPassword(input: { email: string; code: string; newPassword: string }) {
      const user = await repo.findUserByEmail(db, input.email);
      const codeId = await codes.check(input.email, EmailCodeType.ResetPassword, input.code);
      if (!user) throw refused('e.codeInvalid', { code: 'e.codeInvalid' });
      const hash = await hashSecret(input.newPassword);
      await db.tx(async (sql) => {
        await codes.consume(sql, codeId);
        await repo.setPasswordHash(sql, user.id, hash);
        await repo.revokeSessions(sql, user.id);
      });
    },

    async updatePassword(userId: number, sessionId: number, input: { oldPassword: string; newPassword: string }) {
      const user = await loadUser(db, userId);
      if (!(await verifySecret(user.password_hash, input.oldPassword))) {
        throw refused('e.oldPasswordWrong', { oldPassword: 'e.oldPasswordWrong' });
      }
      if (input.oldPassword === input.newPassword) throw new AppError(400, 'v.sameAsOld', { newPassword: 'v.sameAsOld' });
      const hash = await hashSecret(input.newPassword);
      await db.tx(async (sql) => {
        await repo.setPasswordHash(sql, userId, hash);
        await repo.revokeSessions(sql, userId, sessionId);
      });
    },

    async settingPayPassword(userId: number, payPassword: string) {
      const hash = await hashSecret(payPassword);
      // Set only where none is set, in one statement, so two racing calls cannot both succeed.
      const set = await db.query(
        'update users set pay_password_hash = $2, updated_at = now() where id = $1 and pay_password_hash is null returning id',
        [userId, hash],
      );
      if (!set.length) throw conflict('e.payPasswordAlreadySet');
    },

    async updatePayPassword(userId: number, input: { oldPayPassword: string; payPassword: string }) {
      const user = await loadUser(db, userId);
      if (!user.pay_password_hash) throw refused('e.payPasswordNotSet');
      if (!(await verifySecret(user.pay_password_hash, input.oldPayPassword))) {
        throw refused('e.payPasswordWrong', { oldPayPassword: 'e.payPasswordWrong' });
      }
      await repo.setPayPasswordHash(db, userId, await hashSecret(input.payPassword));
    },

    async submitKyc(userId: number, input: KycSubmissionInput) {
      return db.tx(async (sql) => {
        const [user] = await sql.query<{ kyc_status: number }>('select kyc_status from users where id = $1 for update', [userId]);
        if (user?.kyc_status === KycStatus.Verified) throw conflict('e.kycVerified');
        if (user?.kyc_status === KycStatus.UnderReview) throw conflict('e.kycUnderReview');
        // The contract requires the back page for an ID card or driving licence; checked again
        // here so no other caller of this service can skip it.
        if (ID_TYPES_WITH_BACK.includes(input.idType) && !input.backUrl) throw badRequest('v.uploadImage', { backUrl: 'v.uploadImage' });
        await assertOwnUpload(sql, userId, input.frontUrl, 'frontUrl');
        if (input.backUrl) await assertOwnUpload(sql, userId, input.backUrl, 'backUrl');
        await sql.query(
          `insert into kyc_submissions (user_id, first_name, last_name, country, id_type, id_number, front_image, back_image)
           values ($1,$2,$3,$4,$5,$6,$7,$8)`,
          [userId, input.firstName, input.lastName, input.country, input.idType, input.idNumber, input.frontUrl, input.backUrl ?? null],
        );
        await sql.query('update users set kyc_status = $2, updated_at = now() where id = $1', [userId, KycStatus.UnderReview]);
        return { kycStatus: KycStatus.UnderReview };
      });
    },

    async userInfo(userId: number) {
      return repo.toUserInfo(db, await loadUser(db, userId));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
