// Two-factor sign-in with an authenticator app (TOTP, RFC 6238, by `otpauth`) and its recovery
// codes. A secret is stored as set up and is used once a current code has confirmed it; each
// accepted code's time step is remembered so that no code (nor an older one) works twice.
// Recovery codes are hashed like passwords and work once each.
import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@tradeapp/contract';
import { Secret, TOTP } from 'otpauth';
import type { Sql } from '../../db/db';
import { hashSecret, verifySecret } from '../../lib/secrets';

/** The name an authenticator app lists the account under. */
export const TOTP_ISSUER = 'Meridian Markets';
const PERIOD_SECONDS = 30;
/** A code of the step before or after now is accepted too: a phone's clock a little off still works. */
const WINDOW_STEPS = 1;

const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** 160 random bits in base32, the size RFC 4226 recommends. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The `otpauth://` URI of the QR code, naming the account as the app will list it. */
export const totpUri = (secret: string, account: string) => totpOf(secret, account).toString();

/** The time step `code` belongs to, or null when it is no code of now (give or take one step). */
export function stepOf(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: WINDOW_STEPS });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

// base32's letters and digits: no 0/1/8/9 to mistake for O, I, B or g when typed from paper.
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** `abcde-fghij`: 50 random bits, as shown and printed. */
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(0, RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** What is hashed and compared: lower case, without the hyphen or spaces the reader may type. */
export const recoveryKey = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

export const isAppCode = (code: string) => /^\d{6}$/.test(code);

export interface TwoFactorRow {
  user_id: number;
  secret: string;
  enabled_at: Date | null;
  last_step: string | null;
}

export async function findTwoFactor(sql: Sql, userId: number): Promise<TwoFactorRow | undefined> {
  return (await sql.query<TwoFactorRow>('select * from two_factor where user_id = $1', [userId]))[0];
}

/**
 * Whether `code` is a current code of the user's secret not used before; accepting it moves the
 * last step in the same statement, so two requests with one code cannot both pass.
 */
export async function acceptAppCode(sql: Sql, row: TwoFactorRow, code: string): Promise<boolean> {
  const step = stepOf(row.secret, code);
  if (step === null) return false;
  const moved = await sql.query(
    'update two_factor set last_step = $2 where user_id = $1 and secret = $3 and (last_step is null or last_step < $2) returning user_id',
    [row.user_id, step, row.secret],
  );
  return moved.length > 0;
}

/** Whether `code` is one of the user's unused recovery codes; using it ends it in the same statement. */
export async function acceptRecoveryCode(sql: Sql, userId: number, code: string): Promise<boolean> {
  const key = recoveryKey(code);
  const unused = await sql.query<{ id: number; code_hash: string }>(
    'select id, code_hash from two_factor_recovery_codes where user_id = $1 and used_at is null order by id',
    [userId],
  );
  for (const row of unused) {
    if (!(await verifySecret(row.code_hash, key))) continue;
    const used = await sql.query('update two_factor_recovery_codes set used_at = now() where id = $1 and used_at is null returning id', [row.id]);
    return used.length > 0;
  }
  return false;
}

/** Ten fresh recovery codes in place of any earlier ones; the codes themselves are returned this once. */
export async function replaceRecoveryCodes(sql: Sql, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((c) => hashSecret(recoveryKey(c))));
  await sql.query('delete from two_factor_recovery_codes where user_id = $1', [userId]);
  await sql.query('insert into two_factor_recovery_codes (user_id, code_hash) select $1, h from unnest($2::text[]) as h', [userId, hashes]);
  return codes;
}
