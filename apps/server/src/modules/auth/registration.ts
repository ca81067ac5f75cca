import { AccountType, EmailCodeType, type FullRegistration, type Locale } from '@tradeapp/contract';
import type { FastifyRequest } from 'fastify';
import type { Sql } from '../../db/db';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import { hashSecret, newInvitationCode } from '../../lib/secrets';
import { claimRegistrationUploads } from '../files';
import type { AuthContext } from './context';
import * as repo from './repo';

/** Opening an account: the e-mail code, the three ways to register, each starting its first session. */
export function createRegistration(ctx: AuthContext) {
  const { db, codes, startSession } = ctx;

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
  };
}
