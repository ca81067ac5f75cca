import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane.
const ARGON2 = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// The native argon2 binding loads with the first password hashed or checked, not at start (decision 0024, Start-up).
const argon2 = () => import('@node-rs/argon2');

export const hashSecret = async (secret: string) => (await argon2()).hash(secret, ARGON2);

export async function verifySecret(stored: string, candidate: string): Promise<boolean> {
  try {
    return await (await argon2()).verify(stored, candidate);
  } catch {
    return false;
  }
}

/** A hash that is never a match, verified when the account does not exist so both paths take as long. */
let decoy: Promise<string> | undefined;
export async function burnVerify(candidate: string): Promise<false> {
  decoy ??= hashSecret(randomBytes(16).toString('hex'));
  await verifySecret(await decoy, candidate);
  return false;
}

/** An opaque session token: 32 random bytes; only its SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const newEmailCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Six characters without the look-alikes 0/O and 1/I. */
export function newInvitationCode(): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += CODE_ALPHABET[randomInt(0, CODE_ALPHABET.length)];
  return code;
}

export const newPassword = () => randomBytes(12).toString('base64url');
