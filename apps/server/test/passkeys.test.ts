// Passkeys (issue 18) over HTTP: registering one from the security page, signing in with it
// (usernameless) into a session like the password's, and every refusal the ceremonies owe: a
// counter that did not go up, another origin, a challenge used before, someone else's credential.
// The answers are signed for real by a software authenticator (softAuthenticator.ts).
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, clientAddress, countRows, drivers, operatorToken, registerUser, startServer, type Harness } from './harness';
import { SoftAuthenticator, type SoftCredential } from './softAuthenticator';

const from = (address: string) => ({ 'x-forwarded-for': address });

/** A current code of the authenticator app, at least 2 s before its step turns (each code is accepted once). */
async function currentCode(secret: string): Promise<string> {
  const into = Date.now() % 30_000;
  if (into > 27_000) await new Promise((r) => setTimeout(r, 30_000 - into + 500));
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();
}

describe.each(await drivers())('passkeys on %s', (driver) => {
  let h: Harness;
  let device: SoftAuthenticator;
  beforeAll(async () => {
    h = await startServer(driver);
    // The server takes the relying party from the host it was called at (no WEBAUTHN_* set): the test's own.
    device = new SoftAuthenticator(h.base);
  });
  afterAll(() => h.close());

  const signInNotices = async (userId: number) =>
    (await h.db.query<{ n: number }>(`select count(*)::int as n from notices where user_id = $1 and kind = 'auth.signIn'`, [userId]))[0]!.n;
  const list = async (token: string) => (await call(h, 'GET', '/web/security/passkeys', { token })).data.list as any[];
  const registrationOptions = async (token: string) => (await call(h, 'POST', '/web/security/passkeys/options', { token, body: {} })).data.options;
  const add = (token: string, name: string, credential: unknown) => call(h, 'POST', '/web/security/passkeys', { token, body: { name, credential } });
  const signInOptions = async () => (await call(h, 'POST', '/web/login/passkey/options', { body: {} })).data.options;
  const signIn = (credential: unknown, address = clientAddress()) =>
    call(h, 'POST', '/web/login/passkey', {
      body: { credential },
      headers: { ...from(address), 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile/15E148 Safari/604.1' },
    });

  /** An investor with one passkey registered through the real ceremony. */
  async function withPasskey(name = 'My phone') {
    const u = await registerUser(h);
    const made = device.create(await registrationOptions(u.token));
    const r = await add(u.token, name, made.response);
    expect(r.code, r.msg).toBe(200);
    return { ...u, passkey: made.credential, passkeyId: r.data.id as number };
  }

  it('registers a passkey under a name: a discoverable, user-verified key of this site, listed with its times', async () => {
    const u = await registerUser(h);
    expect(await list(u.token)).toEqual([]);
    const options = await registrationOptions(u.token);
    expect(options.rp).toEqual({ name: 'Meridian Markets', id: '127.0.0.1' });
    expect(options.user.id).toBe(Buffer.from(String(u.id)).toString('base64url'));
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.attestation).toBe('none');
    expect(options.challenge).toMatch(/^[\w-]{43}$/);

    const made = device.create(options);
    const noName = await add(u.token, '  ', made.response);
    expect([noName.status, noName.data.fields]).toEqual([400, { name: 'v.passkeyName' }]);
    const before = Date.now();
    const r = await add(u.token, ' My phone ', made.response);
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toEqual({ id: expect.any(Number), name: 'My phone', createTimestamp: expect.any(Number), lastUsedTimestamp: null, backedUp: false });
    expect(Math.abs(r.data.createTimestamp - before)).toBeLessThan(60_000);
    expect(await list(u.token)).toEqual([r.data]);
    // Only the public key is kept, as the authenticator gave it; the counter starts where it said.
    const [row] = await h.db.query<{ credential_id: string; counter: string; transports: string[] }>('select * from passkeys where user_id = $1', [u.id]);
    expect(row).toMatchObject({ credential_id: made.credential.id.toString('base64url'), transports: ['internal'] });
    expect(Number(row!.counter)).toBe(0);

    // The next registration excludes it, so the same authenticator is not registered twice.
    const next = await registrationOptions(u.token);
    expect(next.excludeCredentials).toEqual([{ id: made.credential.id.toString('base64url'), type: 'public-key', transports: ['internal'] }]);
  });

  it('refuses a registration answered from another origin, for another caller, or with a challenge used before', async () => {
    const u = await registerUser(h);
    const other = await registerUser(h);
    const rows = await countRows(h, 'passkeys');

    const elsewhere = device.create(await registrationOptions(u.token), { origin: 'https://meridian-markets.example.net' });
    const wrongOrigin = await add(u.token, 'Phone', elsewhere.response);
    expect([wrongOrigin.status, wrongOrigin.data.key]).toEqual([422, 'e.passkeyFailed']);

    // A challenge given to one investor registers nothing for another.
    const forOther = device.create(await registrationOptions(other.token));
    const stolen = await add(u.token, 'Phone', forOther.response);
    expect([stolen.status, stolen.data.key]).toEqual([422, 'e.passkeyExpired']);

    const made = device.create(await registrationOptions(u.token));
    expect((await add(u.token, 'Phone', made.response)).code).toBe(200);
    const replay = await add(u.token, 'Phone again', made.response);
    expect([replay.status, replay.data.key]).toEqual([422, 'e.passkeyExpired']);
    // A challenge never issued, or a sign-in's, registers nothing either.
    const invented = device.create({ ...(await registrationOptions(u.token)), challenge: Buffer.alloc(32, 7).toString('base64url') });
    expect((await add(u.token, 'Phone', invented.response)).data.key).toBe('e.passkeyExpired');
    const signInChallenge = device.create({ ...(await registrationOptions(u.token)), challenge: (await signInOptions()).challenge });
    expect((await add(u.token, 'Phone', signInChallenge.response)).data.key).toBe('e.passkeyExpired');
    expect(await countRows(h, 'passkeys')).toBe(rows + 1);
  });

  it('refuses to register a credential id someone else has registered', async () => {
    const a = await withPasskey();
    const b = await registerUser(h);
    const copy = device.create(await registrationOptions(b.token), { credentialId: a.passkey.id });
    const r = await add(b.token, 'Not mine', copy.response);
    expect([r.status, r.data.key]).toEqual([409, 'e.passkeyTaken']);
    expect(await list(b.token)).toEqual([]);
    const [owner] = await h.db.query<{ user_id: string }>('select user_id from passkeys where credential_id = $1', [a.passkey.id.toString('base64url')]);
    expect(Number(owner!.user_id)).toBe(a.id);
  });

  it('signs in without a user name into a session like the password one, with the same notice, and notes the use', async () => {
    const u = await withPasskey();
    const sessions = await countRows(h, 'sessions');
    const notices = await signInNotices(u.id);
    const options = await signInOptions();
    expect(options).toMatchObject({ rpId: '127.0.0.1', userVerification: 'required' });
    // Usernameless: the options name no credential; the browser offers the ones it holds for this site.
    expect(options.allowCredentials ?? []).toEqual([]);

    const r = await signIn(device.get(options, u.passkey), '10.99.0.7');
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toEqual({
      token: expect.any(String),
      wsUrl: expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+\/web\/push$/),
      userInfo: expect.objectContaining({ id: u.id }),
    });
    expect(await countRows(h, 'sessions')).toBe(sessions + 1);
    expect(await signInNotices(u.id)).toBe(notices + 1);
    const [notice] = await h.db.query<{ params: Record<string, string> }>(
      `select params from notices where user_id = $1 and kind = 'auth.signIn' order by id desc limit 1`,
      [u.id],
    );
    expect(notice!.params).toEqual({ device: 'Safari, iPhone', ip: '10.99.0.7' });
    // The new session is listed among the devices like any other.
    const devices = (await call(h, 'GET', '/web/security/sessions', { token: r.data.token })).data.list;
    expect(devices.find((d: any) => d.current)).toMatchObject({ browser: 'Safari', mobile: true, ip: '10.99.0.7' });

    const [listed] = await list(u.token);
    expect(listed.lastUsedTimestamp).toEqual(expect.any(Number));
    const [row] = await h.db.query<{ counter: string }>('select counter from passkeys where id = $1', [u.passkeyId]);
    expect(Number(row!.counter)).toBe(1);
  });

  it('signs in past two-factor sign-in: the passkey is both factors', async () => {
    const u = await withPasskey();
    const setup = await call(h, 'POST', '/web/security/twoFactor/setup', { token: u.token, body: {} });
    const on = await call(h, 'POST', '/web/security/twoFactor/enable', { token: u.token, body: { code: await currentCode(setup.data.secret) } });
    expect(on.code, on.msg).toBe(200);
    const password = await call(h, 'POST', '/web/loginByUsername', {
      body: { username: u.username, password: 'secret-pass1' },
      headers: from(clientAddress()),
    });
    expect(password.data.secondFactor).toBe('totp');
    const r = await signIn(device.get(await signInOptions(), u.passkey));
    expect(r.code, r.msg).toBe(200);
    expect((await call(h, 'GET', '/web/api/user/info', { token: r.data.token })).data.id).toBe(u.id);
  });

  it('refuses a signature counter that did not go up, and then accepts a higher one', async () => {
    const u = await withPasskey();
    expect((await signIn(device.get(await signInOptions(), u.passkey, { counter: 5 }))).code).toBe(200);
    const sessions = await countRows(h, 'sessions');
    for (const counter of [5, 3]) {
      const r = await signIn(device.get(await signInOptions(), u.passkey, { counter }));
      expect([r.status, r.data.key, r.msg]).toEqual([422, 'e.passkeyFailed', 'The passkey could not be verified, please try again']);
    }
    expect(await countRows(h, 'sessions')).toBe(sessions);
    const [row] = await h.db.query<{ counter: string }>('select counter from passkeys where id = $1', [u.passkeyId]);
    expect(Number(row!.counter)).toBe(5);
    expect((await signIn(device.get(await signInOptions(), u.passkey, { counter: 6 }))).code).toBe(200);
  });

  it('refuses an answer from another origin or for another site', async () => {
    const u = await withPasskey();
    const sessions = await countRows(h, 'sessions');
    const phished = await signIn(device.get(await signInOptions(), u.passkey, { origin: 'https://meridian-rnarkets.example.com' }));
    expect([phished.status, phished.data.key]).toEqual([422, 'e.passkeyFailed']);
    const otherSite = await signIn(device.get({ ...(await signInOptions()), rpId: 'meridian-rnarkets.example.com' }, u.passkey));
    expect([otherSite.status, otherSite.data.key]).toEqual([422, 'e.passkeyFailed']);
    expect(await countRows(h, 'sessions')).toBe(sessions);
  });

  it('uses a challenge once, only for the ceremony it was given for, and only unexpired', async () => {
    const u = await withPasskey();
    const options = await signInOptions();
    const answer = device.get(options, u.passkey);
    expect((await signIn(answer)).code).toBe(200);
    const replay = await signIn(answer);
    expect([replay.status, replay.data.key, replay.msg]).toEqual([
      422,
      'e.passkeyExpired',
      'The passkey request has expired or was used already, please try again',
    ]);
    // A fresh signature over the used challenge is no better.
    expect((await signIn(device.get(options, u.passkey))).data.key).toBe('e.passkeyExpired');
    // A registration's challenge signs nobody in.
    expect((await signIn(device.get(await registrationOptions(u.token), u.passkey))).data.key).toBe('e.passkeyExpired');
    // Expired: issued, then its time ran out before the answer came.
    const late = await signInOptions();
    await h.db.query(`update webauthn_challenges set expires_at = now() - interval '1 second' where challenge = $1`, [late.challenge]);
    expect((await signIn(device.get(late, u.passkey))).data.key).toBe('e.passkeyExpired');
    expect(await signInNotices(u.id)).toBe(1);
  });

  it("refuses someone else's credential id, and a credential of no account", async () => {
    const a = await withPasskey();
    const b = await withPasskey();
    const sessions = await countRows(h, 'sessions');
    // B's key claiming A's credential (with A's user handle or B's): the signature is not A's key's.
    for (const userHandle of [a.passkey.userHandle, b.passkey.userHandle]) {
      const r = await signIn(device.get(await signInOptions(), b.passkey, { credentialId: a.passkey.id, userHandle }));
      expect([r.status, r.data.key]).toEqual([422, 'e.passkeyFailed']);
    }
    const stranger: SoftCredential = { ...b.passkey, id: Buffer.alloc(32, 9) };
    const unknown = await signIn(device.get(await signInOptions(), stranger));
    expect([unknown.status, unknown.data.key]).toEqual([422, 'e.passkeyUnknown']);
    expect(await countRows(h, 'sessions')).toBe(sessions);
    // Nor can B name A's passkey on the security page.
    const rename = await call(h, 'POST', `/web/security/passkeys/${a.passkeyId}/rename`, { token: b.token, body: { name: 'Mine now' } });
    const remove = await call(h, 'POST', `/web/security/passkeys/${a.passkeyId}/delete`, { token: b.token, body: { password: 'secret-pass1' } });
    expect([rename.status, remove.status]).toEqual([404, 404]);
    expect((await list(a.token)).map((p) => p.name)).toEqual(['My phone']);
  });

  it('renames, and deletes only with the login password (and a code while two-factor sign-in is on)', async () => {
    const u = await withPasskey('Old name');
    const renamed = await call(h, 'POST', `/web/security/passkeys/${u.passkeyId}/rename`, { token: u.token, body: { name: 'Work laptop' } });
    expect(renamed.code, renamed.msg).toBe(200);
    expect(renamed.data.name).toBe('Work laptop');
    expect((await list(u.token)).map((p) => p.name)).toEqual(['Work laptop']);

    const path = `/web/security/passkeys/${u.passkeyId}/delete`;
    const wrong = await call(h, 'POST', path, { token: u.token, body: { password: 'wrong-pass1' } });
    expect([wrong.status, wrong.data.fields]).toEqual([422, { password: 'e.passwordWrong' }]);
    expect(await list(u.token)).toHaveLength(1);

    const setup = await call(h, 'POST', '/web/security/twoFactor/setup', { token: u.token, body: {} });
    const on = await call(h, 'POST', '/web/security/twoFactor/enable', { token: u.token, body: { code: await currentCode(setup.data.secret) } });
    expect(on.code).toBe(200);
    const noCode = await call(h, 'POST', path, { token: u.token, body: { password: 'secret-pass1' } });
    expect([noCode.status, noCode.data.fields]).toEqual([400, { code: 'v.enterAuthCode' }]);
    const badCode = await call(h, 'POST', path, { token: u.token, body: { password: 'secret-pass1', code: 'aaaaa-aaaaa' } });
    expect([badCode.status, badCode.data.fields]).toEqual([422, { code: 'e.authCodeWrong' }]);
    expect(await list(u.token)).toHaveLength(1);

    // A recovery code confirms it as it confirms turning two-factor off, and is used up.
    const ok = await call(h, 'POST', path, { token: u.token, body: { password: 'secret-pass1', code: on.data.recoveryCodes[0] } });
    expect(ok.code, ok.msg).toBe(200);
    expect((await h.db.query('select 1 from two_factor_recovery_codes where user_id = $1 and used_at is null', [u.id])).length).toBe(9);
    expect(await list(u.token)).toEqual([]);
    const gone = await signIn(device.get(await signInOptions(), u.passkey));
    expect([gone.status, gone.data.key]).toEqual([422, 'e.passkeyUnknown']);
  });

  it("is removed by an operator's two-factor reset, audited with the count", async () => {
    const u = await withPasskey();
    const setup = await call(h, 'POST', '/web/security/twoFactor/setup', { token: u.token, body: {} });
    expect((await call(h, 'POST', '/web/security/twoFactor/enable', { token: u.token, body: { code: await currentCode(setup.data.secret) } })).code).toBe(200);
    const op = await operatorToken(h);
    expect((await call(h, 'GET', `/web/operator/users/${u.id}`, { token: op })).data).toMatchObject({ twoFactor: true, passkeys: 1 });
    const reset = await call(h, 'POST', `/web/operator/users/${u.id}/twoFactor/reset`, {
      token: op,
      body: { reason: 'Lost phone; identity checked by video call' },
    });
    expect(reset.code, reset.msg).toBe(200);
    expect(reset.data.audit[0]).toMatchObject({
      action: 'user.twoFactorReset',
      before: { twoFactor: true, passkeys: 1 },
      after: { twoFactor: false, passkeys: 0 },
    });
    expect([reset.data.twoFactor, reset.data.passkeys]).toEqual([false, 0]);
    expect((await h.db.query('select 1 from passkeys where user_id = $1', [u.id])).length).toBe(0);
    const r = await signIn(device.get(await signInOptions(), u.passkey));
    expect(r.data.key).toBe('e.passkeyUnknown');
  });

  it('is refused to operators, whose back office signs in with the password', async () => {
    const op = await operatorToken(h);
    const r = await call(h, 'POST', '/web/security/passkeys/options', { token: op, body: {} });
    expect([r.status, r.data.key]).toEqual([403, 'e.passkeyInvestorsOnly']);
  });

  it('answers a malformed credential with a clear message and changes nothing', async () => {
    const rows = await countRows(h, 'webauthn_challenges');
    const bad = await call(h, 'POST', '/web/login/passkey', {
      body: { credential: { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: 'e30' } } },
    });
    expect([bad.status, bad.data.key]).toEqual([422, 'e.passkeyFailed']);
    const shape = await call(h, 'POST', '/web/login/passkey', { body: { credential: { id: 'x' } }, lang: 'nl' });
    expect([shape.status, shape.msg]).toEqual([400, 'Het antwoord van de passkey is onvolledig, probeer het opnieuw']);
    expect(await countRows(h, 'webauthn_challenges')).toBe(rows);
  });
});
