import type { UserInfo } from '@tradeapp/contract';
import type { Sql } from '../../db/db';

export interface UserRow {
  id: number;
  username: string;
  email: string | null;
  password_hash: string;
  pay_password_hash: string | null;
  account_type: 2 | 4;
  role: 'investor' | 'operator';
  status: 'active' | 'disabled';
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  country: string | null;
  street_address: string | null;
  address_line2: string | null;
  state_province: string | null;
  postal_code: string | null;
  ssn: string | null;
  invitation_code: string;
  kyc_status: number;
  created_at: Date;
}

interface CorporateRow {
  enterprise_name: string;
  license_number: string;
  license_image: string;
  enterprise_address: string;
  bank_account_number: string;
  bank_account_image: string;
  place_of_registration: string;
  officer_name: string;
  officer_id_type: string;
  officer_id_number: string;
  contact_phone: string;
}

export const findUserById = async (sql: Sql, id: number) => (await sql.query<UserRow>('select * from users where id = $1', [id]))[0];

/** By user ID (case-insensitive) or e-mail, as typed at sign-in. */
export const findUserByLogin = async (sql: Sql, login: string) =>
  (await sql.query<UserRow>('select * from users where lower(username) = lower($1) or email = lower($1) order by id limit 1', [login]))[0];

export const findUserByEmail = async (sql: Sql, email: string) => (await sql.query<UserRow>('select * from users where email = $1', [email]))[0];

export async function usernameTaken(sql: Sql, username: string) {
  return (await sql.query('select 1 from users where lower(username) = lower($1)', [username])).length > 0;
}

export async function emailTaken(sql: Sql, email: string) {
  return (await sql.query('select 1 from users where email = $1', [email])).length > 0;
}

export async function findInviter(sql: Sql, code: string) {
  return (await sql.query<{ id: number }>('select id from users where invitation_code = $1', [code]))[0]?.id;
}

export interface NewUser {
  username: string;
  email: string | null;
  passwordHash: string;
  payPasswordHash: string | null;
  accountType: 2 | 4;
  role?: 'investor' | 'operator';
  invitationCode: string;
  invitedBy: number | null;
  phone?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  country?: string | null;
  streetAddress?: string | null;
  addressLine2?: string | null;
  stateProvince?: string | null;
  postalCode?: string | null;
  ssn?: string | null;
}

export async function insertUser(sql: Sql, u: NewUser): Promise<UserRow> {
  const [row] = await sql.query<UserRow>(
    `insert into users (username, email, password_hash, pay_password_hash, account_type, role, invitation_code, invited_by,
                        phone, first_name, last_name, country, street_address, address_line2, state_province, postal_code, ssn)
     values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17) returning *`,
    [
      u.username,
      u.email,
      u.passwordHash,
      u.payPasswordHash,
      u.accountType,
      u.role ?? 'investor',
      u.invitationCode,
      u.invitedBy,
      u.phone ?? null,
      u.firstName ?? null,
      u.lastName ?? null,
      u.country ?? null,
      u.streetAddress ?? null,
      u.addressLine2 ?? null,
      u.stateProvince ?? null,
      u.postalCode ?? null,
      u.ssn ?? null,
    ],
  );
  return row!;
}

export async function insertCorporateProfile(sql: Sql, userId: number, c: Record<keyof CorporateRow, string>) {
  await sql.query(
    `insert into corporate_profiles (user_id, enterprise_name, license_number, license_image, enterprise_address,
       bank_account_number, bank_account_image, place_of_registration, officer_name, officer_id_type, officer_id_number, contact_phone)
     values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)`,
    [
      userId,
      c.enterprise_name,
      c.license_number,
      c.license_image,
      c.enterprise_address,
      c.bank_account_number,
      c.bank_account_image,
      c.place_of_registration,
      c.officer_name,
      c.officer_id_type,
      c.officer_id_number,
      c.contact_phone,
    ],
  );
}

export async function setPasswordHash(sql: Sql, userId: number, hash: string) {
  await sql.query('update users set password_hash = $2, updated_at = now() where id = $1', [userId, hash]);
}

export async function setPayPasswordHash(sql: Sql, userId: number, hash: string) {
  await sql.query('update users set pay_password_hash = $2, updated_at = now() where id = $1', [userId, hash]);
}

function maskSsn(ssn: string | null): string | null {
  if (!ssn) return null;
  return ssn.length <= 3 ? '***' : '*'.repeat(Math.min(ssn.length - 3, 8)) + ssn.slice(-3);
}

/** The wire shape of a user; secrets never leave, the SSN/BSN only masked. */
export async function toUserInfo(sql: Sql, u: UserRow): Promise<UserInfo> {
  const corporate = u.account_type === 4 ? (await sql.query<CorporateRow>('select * from corporate_profiles where user_id = $1', [u.id]))[0] : undefined;
  return {
    id: u.id,
    userId: u.username,
    email: u.email,
    accountType: u.account_type,
    role: u.role,
    status: u.status,
    firstName: u.first_name,
    lastName: u.last_name,
    phone: u.phone,
    country: u.country,
    streetAddress: u.street_address,
    addressLine2: u.address_line2,
    stateProvince: u.state_province,
    postalCode: u.postal_code,
    ssnMasked: maskSsn(u.ssn),
    invitationCode: u.invitation_code,
    kycStatus: u.kyc_status as UserInfo['kycStatus'],
    hasPayPassword: u.pay_password_hash !== null,
    corporate: corporate
      ? {
          enterpriseName: corporate.enterprise_name,
          licenseNumber: corporate.license_number,
          licenseImage: corporate.license_image,
          enterpriseAddress: corporate.enterprise_address,
          bankAccountNumber: corporate.bank_account_number,
          bankAccountImage: corporate.bank_account_image,
          placeOfRegistration: corporate.place_of_registration,
          officerName: corporate.officer_name,
          officerIdType: corporate.officer_id_type,
          officerIdNumber: corporate.officer_id_number,
          contactPhone: corporate.contact_phone,
        }
      : null,
    createTimeTimestamp: u.created_at.getTime(),
  };
}

export async function createSession(sql: Sql, s: { userId: number; tokenHash: string; ttlSeconds: number; ip: string; userAgent: string | undefined }) {
  await sql.query(
    `insert into sessions (user_id, token_hash, expires_at, ip, user_agent)
     values ($1, $2, now() + make_interval(secs => $3), $4, $5)`,
    [s.userId, s.tokenHash, s.ttlSeconds, s.ip, s.userAgent?.slice(0, 300) ?? null],
  );
}

export async function revokeSessions(sql: Sql, userId: number, exceptSessionId?: number) {
  await sql.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null and id <> coalesce($2, -1)', [
    userId,
    exceptSessionId ?? null,
  ]);
}

export async function revokeSession(sql: Sql, sessionId: number) {
  await sql.query('update sessions set revoked_at = now() where id = $1 and revoked_at is null', [sessionId]);
}
