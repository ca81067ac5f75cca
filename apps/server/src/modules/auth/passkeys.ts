// Passkeys (WebAuthn, issue 18): registering them from the security page, listing, renaming and
// deleting them, and the two ceremonies' checks, by @simplewebauthn/server. The session a passkey
// sign-in starts is made in service.ts, exactly as the password's.
//
// Each ceremony's challenge is a row of `webauthn_challenges`: any node can answer it, and it is
// used up (consumed_at) before the authenticator's answer is verified, so one answer cannot be
// replayed, nor two answers race for one challenge.
import { MAX_PASSKEYS, PASSKEY_CHALLENGE_SECONDS, type PasskeyCredential, type PasskeyInfo } from '@tradeapp/contract';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/db';
import { isUniqueViolation } from '../../db/errors';
import { AppError, notFound } from '../../errors';
import { verifySecret } from '../../lib/secrets';
import * as repo from './repo';
import type { Security } from './security';
import type { SignInThrottle } from './throttle';

type Purpose = 'register' | 'signIn';

interface PasskeyRow {
  id: number;
  user_id: number;
  credential_id: string;
  public_key: string;
  counter: string;
  transports: string[];
  name: string;
  backed_up: boolean;
  created_at: Date;
  last_used_at: Date | null;
}

const toInfo = (r: PasskeyRow): PasskeyInfo => ({
  id: Number(r.id),
  name: r.name,
  createTimestamp: r.created_at.getTime(),
  lastUsedTimestamp: r.last_used_at?.getTime() ?? null,
  backedUp: r.backed_up,
});

/**
 * The user handle a passkey carries for its account: the user's id, so that a discoverable
 * credential names whose it is. It is no secret and no personal detail (unlike the e-mail).
 */
const userHandle = (userId: number) => new TextEncoder().encode(String(userId));

/** The challenge the browser signed, read from clientDataJSON; null when there is none to read. */
function signedChallenge(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length > 0 && data.challenge.length <= 200 ? data.challenge : null;
  } catch {
    return null;
  }
}

/**
 * The contract checks only the answer's outline (ids, type, clientDataJSON); @simplewebauthn/server
 * checks every other field it reads and throws on anything missing or malformed.
 */
const asRegistration = (c: PasskeyCredential) => c as unknown as RegistrationResponseJSON;
const asAuthentication = (c: PasskeyCredential) => c as unknown as AuthenticationResponseJSON;

interface PasskeyDeps {
  db: Db;
  config: Config;
  security: Security;
  throttle: SignInThrottle;
  log?: FastifyBaseLogger;
}

export function createPasskeys({ db, config, security, throttle, log }: PasskeyDeps) {
  /**
   * The relying party the passkeys belong to: configured (WEBAUTHN_RP_ID, WEBAUTHN_ORIGIN), else
   * PUBLIC_URL's, else the host the client called, which only suits development: behind a proxy
   * that rewrites the host, passkeys would be bound to the wrong name.
   */
  function relyingParty(req: FastifyRequest) {
    const pub = config.PUBLIC_URL ? new URL(config.PUBLIC_URL) : undefined;
    return {
      rpID: config.WEBAUTHN_RP_ID ?? pub?.hostname ?? req.hostname,
      origin: config.WEBAUTHN_ORIGIN ? new URL(config.WEBAUTHN_ORIGIN).origin : (pub?.origin ?? `${req.protocol}://${req.host}`),
    };
  }

  async function storeChallenge(challenge: string, purpose: Purpose, userId: number | null) {
    await db.query('insert into webauthn_challenges (challenge, purpose, user_id, expires_at) values ($1, $2, $3, now() + make_interval(secs => $4))', [
      challenge,
      purpose,
      userId,
      PASSKEY_CHALLENGE_SECONDS,
    ]);
    // Now and then, forget the challenges long over.
    if (Math.random() < 0.01) await db.query(`delete from webauthn_challenges where expires_at < now() - interval '1 day'`);
  }

  /**
   * Use up the challenge the answer signed: it must be one this server issued for this ceremony (and,
   * for a registration, this caller), unexpired and unused. Used up even if the answer then fails.
   */
  async function consumeChallenge(clientDataJSON: string, purpose: Purpose, userId: number | null): Promise<string> {
    const challenge = signedChallenge(clientDataJSON);
    if (!challenge) throw new AppError('e.passkeyFailed');
    const used = await db.query(
      `update webauthn_challenges set consumed_at = now()
        where challenge = $1 and purpose = $2 and user_id is not distinct from $3 and consumed_at is null and expires_at > now()
        returning challenge`,
      [challenge, purpose, userId],
    );
    if (!used.length) throw new AppError('e.passkeyExpired');
    return challenge;
  }

  const rowsOf = (userId: number) => db.query<PasskeyRow>('select * from passkeys where user_id = $1 order by created_at desc, id desc', [userId]);

  async function ownRow(userId: number, id: number): Promise<PasskeyRow> {
    const [row] = await db.query<PasskeyRow>('select * from passkeys where id = $1 and user_id = $2', [id, userId]);
    if (!row) throw notFound();
    return row;
  }

  async function investor(userId: number) {
    const user = await repo.findUserById(db, userId);
    if (!user) throw notFound();
    // The back office signs in with its password only (service.login's operator role); a passkey would not be asked for there.
    if (user.role !== 'investor') throw new AppError('e.passkeyInvestorsOnly');
    return user;
  }

  return {
    async list(userId: number) {
      return { list: (await rowsOf(userId)).map(toInfo) };
    },

    /** The creation options: a resident (discoverable) key with user verification, none of the caller's keys again. */
    async registrationOptions(userId: number, req: FastifyRequest) {
      const user = await investor(userId);
      const existing = await rowsOf(userId);
      if (existing.length >= MAX_PASSKEYS) throw new AppError('e.passkeyLimit');
      const { rpID } = relyingParty(req);
      const account = user.email ?? user.username;
      const options = await generateRegistrationOptions({
        rpName: config.APP_TITLE,
        rpID,
        userName: account,
        userDisplayName: account,
        userID: userHandle(user.id),
        timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
        // A passkey stands in for the password and the authenticator code together; an attestation
        // of its make would tell us nothing we act on, and asking for one makes browsers prompt more.
        attestationType: 'none',
        excludeCredentials: existing.map((r) => ({ id: r.credential_id, transports: r.transports })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await storeChallenge(options.challenge, 'register', userId);
      return { options: options as unknown as Record<string, unknown> };
    },

    async add(userId: number, name: string, credential: PasskeyCredential, req: FastifyRequest): Promise<PasskeyInfo> {
      await investor(userId);
      const challenge = await consumeChallenge(credential.response.clientDataJSON, 'register', userId);
      const { rpID, origin } = relyingParty(req);
      let verified;
      try {
        verified = await verifyRegistrationResponse({
          response: asRegistration(credential),
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
        });
      } catch (err) {
        log?.info({ err: (err as Error).message }, 'passkey registration refused');
        throw new AppError('e.passkeyFailed');
      }
      if (!verified.verified) throw new AppError('e.passkeyFailed');
      const { credential: made, credentialBackedUp } = verified.registrationInfo;
      try {
        return await db.tx(async (sql) => {
          // Counted under the user's row lock, so two registrations at once cannot pass the limit together.
          await sql.query('select id from users where id = $1 for update', [userId]);
          const [{ n }] = (await sql.query<{ n: number }>('select count(*)::int as n from passkeys where user_id = $1', [userId])) as [{ n: number }];
          if (n >= MAX_PASSKEYS) throw new AppError('e.passkeyLimit');
          const [row] = await sql.query<PasskeyRow>(
            `insert into passkeys (user_id, credential_id, public_key, counter, transports, name, backed_up)
             values ($1, $2, $3, $4, $5, $6, $7) returning *`,
            [userId, made.id, Buffer.from(made.publicKey).toString('base64url'), made.counter, made.transports ?? [], name, credentialBackedUp],
          );
          return toInfo(row!);
        });
      } catch (err) {
        if (isUniqueViolation(err, 'passkeys_credential_id_key')) throw new AppError('e.passkeyTaken');
        throw err;
      }
    },

    async rename(userId: number, id: number, name: string): Promise<PasskeyInfo> {
      const [row] = await db.query<PasskeyRow>('update passkeys set name = $3 where id = $1 and user_id = $2 returning *', [id, userId, name]);
      if (!row) throw notFound();
      return toInfo(row);
    },

    /**
     * Delete one, confirmed as turning two-factor sign-in off is: the login password (counted like a
     * sign-in), and a current code or recovery code while two-factor sign-in is on, so that a
     * session left open is not enough to take a sign-in method away or to hide one.
     */
    async remove(userId: number, id: number, input: { password: string; code?: string | undefined }, ip: string) {
      await ownRow(userId, id);
      const user = await repo.findUserById(db, userId);
      if (!user) throw notFound();
      const attempt = await throttle.claim(ip, `u:${userId}`);
      if (!(await verifySecret(user.password_hash, input.password))) throw new AppError('e.passwordWrong', { password: 'e.passwordWrong' });
      await throttle.succeeded(attempt);
      const twoFactor = await security.enabledRow(userId);
      if (twoFactor) {
        if (!input.code) throw new AppError('v.enterAuthCode', { code: 'v.enterAuthCode' });
        if (!(await security.checkSecondFactor(twoFactor, input.code, ip, true))) throw new AppError('e.authCodeWrong', { code: 'e.authCodeWrong' });
      }
      const gone = await db.query('delete from passkeys where id = $1 and user_id = $2 returning id', [id, userId]);
      if (!gone.length) throw notFound();
    },

    /** Any passkey of this site may answer (usernameless): the browser offers the ones it holds. */
    async signInOptions(req: FastifyRequest) {
      const options = await generateAuthenticationOptions({
        rpID: relyingParty(req).rpID,
        userVerification: 'required',
        timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
      });
      await storeChallenge(options.challenge, 'signIn', null);
      return { options: options as unknown as Record<string, unknown> };
    },

    /**
     * The account a sign-in answer proves: a registered credential, of the user its handle names,
     * whose public key verifies the signature over this site's challenge and origin, with user
     * verification, and whose signature counter went up (or, for a synced passkey, stays 0). The
     * counter moves only from the value checked, so two answers cannot both pass on one count.
     */
    async verifySignIn(credential: PasskeyCredential, req: FastifyRequest): Promise<repo.UserRow> {
      const challenge = await consumeChallenge(credential.response.clientDataJSON, 'signIn', null);
      const [row] = await db.query<PasskeyRow>('select * from passkeys where credential_id = $1', [credential.id]);
      if (!row) throw new AppError('e.passkeyUnknown');
      const handle = asAuthentication(credential).response.userHandle;
      if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== String(row.user_id)) throw new AppError('e.passkeyFailed');
      const { rpID, origin } = relyingParty(req);
      let verified;
      try {
        verified = await verifyAuthenticationResponse({
          response: asAuthentication(credential),
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          credential: {
            id: row.credential_id,
            publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')),
            counter: Number(row.counter),
            transports: row.transports as never,
          },
          requireUserVerification: true,
        });
      } catch (err) {
        // A counter that did not go up may be a cloned authenticator: worth a line in the log.
        log?.warn({ err: (err as Error).message, passkeyId: Number(row.id), userId: Number(row.user_id) }, 'passkey sign-in refused');
        throw new AppError('e.passkeyFailed');
      }
      if (!verified.verified) throw new AppError('e.passkeyFailed');
      const moved = await db.query('update passkeys set counter = $3, backed_up = $4, last_used_at = now() where id = $1 and counter = $2 returning id', [
        row.id,
        row.counter,
        verified.authenticationInfo.newCounter,
        verified.authenticationInfo.credentialBackedUp,
      ]);
      if (!moved.length) throw new AppError('e.passkeyFailed');
      const user = await repo.findUserById(db, Number(row.user_id));
      if (!user || user.role !== 'investor') throw new AppError('e.passkeyUnknown');
      if (user.status !== 'active') throw new AppError('e.accountDisabled');
      return user;
    },
  };
}

export type Passkeys = ReturnType<typeof createPasskeys>;
