// Two-factor sign-in with an authenticator app (issue 18): setup, enabling with a current code,
// the password step's challenge, codes and recovery codes once each, throttling, turning it off.
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, clientAddress, countRows, drivers, operatorToken, registerUser, startServer, type Harness } from './harness';

const from = (address: string) => ({ 'x-forwarded-for': address });

/** The app's code of `secret` at a step relative to `step` (the server accepts now's step and one either side). */
const codeAt = (secret: string, step: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: step * 30_000 });

/**
 * The current step, once at least 2 s into it: a test uses the codes of the step before, this one
 * and the next (each accepted once), and must not see the step turn between computing and sending.
 */
async function freshStep(): Promise<number> {
  const into = Date.now() % 30_000;
  if (into < 2000 || into > 25_000) await new Promise((r) => setTimeout(r, 30_000 - into + 2000));
  return Math.floor(Date.now() / 30_000);
}

/** A six-digit code that is none of the three the server would accept now. */
function wrongCode(secret: string, step: number): string {
  const taken = new Set([codeAt(secret, step - 1), codeAt(secret, step), codeAt(secret, step + 1)]);
  for (let n = 123456; ; n++) if (!taken.has(String(n))) return String(n);
}

// A test may first wait up to 7 s for a fresh code step, then hash ten recovery codes (argon2): 60 s, not 30.
describe.each(await drivers())('two-factor sign-in on %s', { timeout: 60_000 }, (driver) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServer(driver);
  });
  afterAll(() => h.close());

  const password = (username: string, pw: string, address = clientAddress()) =>
    call(h, 'POST', '/web/loginByUsername', { body: { username, password: pw }, headers: from(address) });
  const second = (challenge: string, code: string, address = clientAddress()) =>
    call(h, 'POST', '/web/login/secondFactor', { body: { challenge, code }, headers: from(address) });
  const signInNotices = async (userId: number) =>
    (await h.db.query<{ n: number }>(`select count(*)::int as n from notices where user_id = $1 and kind = 'auth.signIn'`, [userId]))[0]!.n;

  /** A user with two-factor sign-in on, enabled with the code of `step - 1`. */
  async function withTwoFactor(step: number) {
    const u = await registerUser(h);
    const setup = await call(h, 'POST', '/web/security/twoFactor/setup', { token: u.token, body: {} });
    expect(setup.code).toBe(200);
    const on = await call(h, 'POST', '/web/security/twoFactor/enable', { token: u.token, body: { code: codeAt(setup.data.secret, step - 1) } });
    expect(on.code).toBe(200);
    return { ...u, secret: setup.data.secret as string, recoveryCodes: on.data.recoveryCodes as string[] };
  }

  it('is turned on only with a current code, and answers ten distinct recovery codes once, stored hashed', async () => {
    const step = await freshStep();
    const u = await registerUser(h);
    const status = () => call(h, 'GET', '/web/security/twoFactor', { token: u.token });
    expect((await status()).data).toEqual({ enabled: false, enabledTimestamp: null, recoveryCodesLeft: 0 });
    const noSetup = await call(h, 'POST', '/web/security/twoFactor/enable', { token: u.token, body: { code: '123456' } });
    expect([noSetup.status, noSetup.data.key]).toEqual([422, 'e.twoFactorNotStarted']);

    const setup = await call(h, 'POST', '/web/security/twoFactor/setup', { token: u.token, body: {} });
    expect(setup.code).toBe(200);
    expect(setup.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.data.uri).toBe(
      `otpauth://totp/Meridian%20Markets:${u.username}?issuer=Meridian%20Markets&secret=${setup.data.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect((await status()).data.enabled).toBe(false);

    const badFormat = await call(h, 'POST', '/web/security/twoFactor/enable', { token: u.token, body: { code: '12ab' }, lang: 'nl' });
    expect([badFormat.status, badFormat.msg, badFormat.data.fields]).toEqual([
      400,
      'De code heeft 6 cijfers, of is een herstelcode zoals abcde-fghij',
      { code: 'v.authCodeRule' },
    ]);
    const wrong = await call(h, 'POST', '/web/security/twoFactor/enable', { token: u.token, body: { code: wrongCode(setup.data.secret, step) } });
    expect([wrong.status, wrong.msg, wrong.data.fields]).toEqual([422, 'The code is wrong or has expired', { code: 'e.authCodeWrong' }]);
    expect((await status()).data.enabled).toBe(false);

    const on = await call(h, 'POST', '/web/security/twoFactor/enable', { token: u.token, body: { code: codeAt(setup.data.secret, step) } });
    expect(on.code).toBe(200);
    const codes = on.data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = await h.db.query<{ code_hash: string }>('select code_hash from two_factor_recovery_codes where user_id = $1', [u.id]);
    expect(stored).toHaveLength(10);
    for (const s of stored) {
      expect(s.code_hash.startsWith('$argon2id$')).toBe(true);
      expect(codes.some((c) => s.code_hash.includes(c.replace('-', '')))).toBe(false);
    }
    const after = (await status()).data;
    expect([after.enabled, after.recoveryCodesLeft, typeof after.enabledTimestamp]).toEqual([true, 10, 'number']);

    // On is on: no second setup (which would replace the secret), no second enabling.
    const again = await call(h, 'POST', '/web/security/twoFactor/setup', { token: u.token, body: {} });
    expect([again.status, again.data.key]).toEqual([409, 'e.twoFactorOn']);
    const [row] = await h.db.query<{ secret: string }>('select secret from two_factor where user_id = $1', [u.id]);
    expect(row!.secret).toBe(setup.data.secret);
  });

  it('asks the password step for a second factor, signs in with a code once, and writes one notice', async () => {
    const step = await freshStep();
    const u = await withTwoFactor(step);
    const sessionsBefore = await countRows(h, 'sessions');
    const noticesBefore = await signInNotices(u.id);

    const first = await password(u.username, u.password);
    expect(first.code).toBe(200);
    expect(first.data).toEqual({ secondFactor: 'totp', challenge: expect.any(String), expiresInSeconds: 300 });
    expect(await countRows(h, 'sessions')).toBe(sessionsBefore);
    expect(await signInNotices(u.id)).toBe(noticesBefore);

    // The code that enabled it was used: it does not work again.
    const replay = await second(first.data.challenge, codeAt(u.secret, step - 1));
    expect([replay.status, replay.data.key]).toEqual([422, 'e.authCodeWrong']);
    const ok = await second(first.data.challenge, codeAt(u.secret, step));
    expect(ok.code).toBe(200);
    expect(ok.data.userInfo.id).toBe(u.id);
    expect((await call(h, 'GET', '/web/api/user/info', { token: ok.data.token })).code).toBe(200);
    expect(await countRows(h, 'sessions')).toBe(sessionsBefore + 1);
    expect(await signInNotices(u.id)).toBe(noticesBefore + 1);

    // The challenge signed in once; the code worked once.
    const reuse = await second(first.data.challenge, codeAt(u.secret, step + 1));
    expect([reuse.status, reuse.data.key]).toEqual([422, 'e.challengeExpired']);
    const next = await password(u.username, u.password);
    const sameCode = await second(next.data.challenge, codeAt(u.secret, step));
    expect([sameCode.status, sameCode.data.key]).toEqual([422, 'e.authCodeWrong']);
    expect(await signInNotices(u.id)).toBe(noticesBefore + 1);
  });

  it('signs in with a recovery code exactly once, typed in any case and without its hyphen', async () => {
    const step = await freshStep();
    const u = await withTwoFactor(step);
    const typed = u.recoveryCodes[3]!.replace('-', '').toUpperCase();
    const first = await password(u.username, u.password);
    const ok = await second(first.data.challenge, typed);
    expect(ok.code).toBe(200);
    const again = await password(u.username, u.password);
    const used = await second(again.data.challenge, u.recoveryCodes[3]!);
    expect([used.status, used.data.key]).toEqual([422, 'e.authCodeWrong']);
    const status = await call(h, 'GET', '/web/security/twoFactor', { token: ok.data.token });
    expect(status.data.recoveryCodesLeft).toBe(9);
    const stranger = await password(u.username, u.password);
    expect((await second(stranger.data.challenge, 'abcde-fghij')).data.key).toBe('e.authCodeWrong');
  });

  it('throttles wrong codes like wrong passwords: per account from any address, a right password giving no fresh guesses', async () => {
    const step = await freshStep();
    const u = await withTwoFactor(step);
    const wrong = wrongCode(u.secret, step);
    // Ten wrong codes, each from an address of its own, over two challenges of five tries each.
    for (let c = 0; c < 2; c++) {
      const { data } = await password(u.username, u.password);
      for (let i = 0; i < 5; i++) {
        const r = await second(data.challenge, wrong);
        expect([r.status, r.data.key]).toEqual([422, 'e.authCodeWrong']);
      }
      // A challenge takes five tries; then the password is asked again.
      const sixth = await second(data.challenge, codeAt(u.secret, step));
      expect([sixth.status, sixth.data.key]).toEqual([422, 'e.challengeExpired']);
    }
    // The password is still right (and clears its own failures), but the right code now waits.
    const third = await password(u.username, u.password);
    expect(third.data.secondFactor).toBe('totp');
    const waited = await second(third.data.challenge, codeAt(u.secret, step));
    expect([waited.status, waited.data.key]).toEqual([429, 'e.signInDelayed']);
    expect(waited.msg).toMatch(/^Too many attempts, please try again in (29|30) s$/);
    // After the wait (moved back in the database) the right code signs in and clears the count.
    await h.db.query(`update sign_in_throttles set last_failure_at = now() - interval '31 seconds' where key = $1`, [`f:${u.id}`]);
    const ok = await second(third.data.challenge, codeAt(u.secret, step));
    expect(ok.code).toBe(200);
    expect(await h.db.query('select 1 from sign_in_throttles where key = $1', [`f:${u.id}`])).toHaveLength(0);
  });

  it('refuses an expired challenge and a made-up one', async () => {
    const step = await freshStep();
    const u = await withTwoFactor(step);
    const first = await password(u.username, u.password);
    await h.db.query(`update sign_in_challenges set expires_at = now() - interval '1 second' where user_id = $1`, [u.id]);
    const late = await second(first.data.challenge, codeAt(u.secret, step));
    expect([late.status, late.msg]).toEqual([422, 'This sign-in has expired, please enter your password again']);
    const madeUp = await second('not-a-challenge', codeAt(u.secret, step), clientAddress());
    expect(madeUp.data.key).toBe('e.challengeExpired');
    const missing = await call(h, 'POST', '/web/login/secondFactor', { body: { challenge: 'x' }, lang: 'zh-CN' });
    expect([missing.status, missing.msg]).toEqual([400, '请输入身份验证器应用中的验证码']);
  });

  it('is turned off only with the login password and a code, after which the password alone signs in', async () => {
    const step = await freshStep();
    const u = await withTwoFactor(step);
    const off = (body: object) => call(h, 'POST', '/web/security/twoFactor/disable', { token: u.token, body });
    const badPassword = await off({ password: 'not-my-pass1', code: codeAt(u.secret, step) });
    expect([badPassword.status, badPassword.data.fields]).toEqual([422, { password: 'e.passwordWrong' }]);
    const badCode = await off({ password: u.password, code: wrongCode(u.secret, step) });
    expect([badCode.status, badCode.data.fields]).toEqual([422, { code: 'e.authCodeWrong' }]);
    expect((await call(h, 'GET', '/web/security/twoFactor', { token: u.token })).data.enabled).toBe(true);
    expect((await off({ password: u.password, code: codeAt(u.secret, step) })).code).toBe(200);
    expect((await call(h, 'GET', '/web/security/twoFactor', { token: u.token })).data).toEqual({
      enabled: false,
      enabledTimestamp: null,
      recoveryCodesLeft: 0,
    });
    expect(await h.db.query('select 1 from two_factor_recovery_codes where user_id = $1', [u.id])).toHaveLength(0);
    const plain = await password(u.username, u.password);
    expect(typeof plain.data.token).toBe('string');
    const again = await off({ password: u.password, code: codeAt(u.secret, step + 1) });
    expect([again.status, again.data.key]).toEqual([409, 'e.twoFactorOff']);
  });

  it('is refused to operators, whose back office asks for no code', async () => {
    const op = await operatorToken(h);
    const r = await call(h, 'POST', '/web/security/twoFactor/setup', { token: op, body: {} });
    expect([r.status, r.data.key]).toEqual([403, 'e.twoFactorInvestorsOnly']);
    expect(await countRows(h, 'two_factor')).toBeGreaterThanOrEqual(0);
    expect(await h.db.query(`select 1 from two_factor t join users u on u.id = t.user_id where u.role = 'operator'`)).toHaveLength(0);
  });

  it('is reset by an operator only with a reason, audited: the investor is signed out and signs in with the password alone', async () => {
    const step = await freshStep();
    const u = await withTwoFactor(step);
    const op = await operatorToken(h);
    expect((await call(h, 'GET', `/web/operator/users/${u.id}`, { token: op })).data.twoFactor).toBe(true);
    const noReason = await call(h, 'POST', `/web/operator/users/${u.id}/twoFactor/reset`, { token: op, body: { reason: ' ' } });
    expect(noReason.msg).toBe('Please give a reason');
    expect((await call(h, 'POST', `/web/operator/users/${u.id}/twoFactor/reset`, { token: u.token, body: { reason: 'x' } })).status).toBe(403);
    expect(await countRows(h, 'two_factor')).toBeGreaterThan(0);
    const reset = await call(h, 'POST', `/web/operator/users/${u.id}/twoFactor/reset`, {
      token: op,
      body: { reason: 'Lost phone; identity checked by video call' },
    });
    expect(reset.code, reset.msg).toBe(200);
    expect(reset.data.twoFactor).toBe(false);
    expect(reset.data.audit[0]).toMatchObject({ action: 'user.twoFactorReset', reason: 'Lost phone; identity checked by video call' });
    // The old session ends; the recovery codes are gone; the password alone signs in.
    expect((await call(h, 'GET', '/web/security/twoFactor', { token: u.token })).status).toBe(401);
    expect((await h.db.query('select 1 from two_factor_recovery_codes where user_id = $1', [u.id])).length).toBe(0);
    const signedIn = await password(u.username, 'secret-pass1');
    expect(signedIn.code, signedIn.msg).toBe(200);
    expect(signedIn.data.token).toBeTruthy();
    // Nothing left to reset.
    const again = await call(h, 'POST', `/web/operator/users/${u.id}/twoFactor/reset`, { token: op, body: { reason: 'again' } });
    expect(again.msg).toBe('Two-factor sign-in is not on');
  });
});
