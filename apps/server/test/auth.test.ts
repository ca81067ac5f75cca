// Over 400 lines: one suite per journey of the auth routes (register, codes, sign-in, passwords, sessions), sharing one server per driver.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, countRows, drivers, lastCode, registerUser, startServer, unique, uploadImage, type Harness } from './harness';

const PASSWORD = 'secret-pass1';

describe.each(await drivers())('auth on %s', (driver) => {
  let h: Harness;
  beforeAll(async () => {
    // One address registers dozens of accounts and asks for many codes here, as the end-to-end run does
    // (with the same factor); the limits themselves are tested in hardening-auth.test.ts.
    h = await startServer(driver, { RATE_LIMIT_FACTOR: '10' });
  });
  afterAll(() => h.close());

  async function emailCode(email: string, type = 1) {
    const r = await call(h, 'POST', '/web/getEmailCode', { body: { email, type } });
    expect(r.code).toBe(200);
    return lastCode(h, email);
  }

  describe('getEmailCode', () => {
    it('mails a 6-digit code and refuses a second one within a minute', async () => {
      const email = `${unique('c')}@example.com`;
      const code = await emailCode(email);
      expect(code).toMatch(/^\d{6}$/);
      const again = await call(h, 'POST', '/web/getEmailCode', { body: { email, type: 1 } });
      expect(again.status).toBe(429);
      expect(again.msg).toBe('A code was sent less than a minute ago');
    });

    it("answers bad input with the specification's message, in the caller's language", async () => {
      const missing = await call(h, 'POST', '/web/getEmailCode', { body: { type: 1 } });
      expect([missing.status, missing.code, missing.msg]).toEqual([400, 400, 'Please enter e-mail']);
      const malformed = await call(h, 'POST', '/web/getEmailCode', { body: { email: 'no-at-sign', type: 1 }, lang: 'nl' });
      expect(malformed.msg).toBe('Voer een geldig e-mailadres in (tekst@tekst)');
      expect(malformed.data).toEqual({ key: 'v.emailFormat', fields: { email: 'v.emailFormat' } });
      const zh = await call(h, 'POST', '/web/getEmailCode', { body: {}, headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
      expect(zh.msg).toBe('请输入邮箱');
    });

    it('refuses a registration code for a registered e-mail, and sends no reset code to an unknown one', async () => {
      const email = `${unique('t')}@example.com`;
      const code = await emailCode(email);
      await call(h, 'POST', '/web/register/email', { body: { email, code, password: PASSWORD, agreement: true } });
      const taken = await call(h, 'POST', '/web/getEmailCode', { body: { email, type: 1 } });
      expect([taken.status, taken.msg]).toEqual([409, 'This e-mail is already registered']);
      const before = await countRows(h, 'mail_outbox');
      const unknown = await call(h, 'POST', '/web/getEmailCode', { body: { email: `${unique('n')}@example.com`, type: 2 } });
      expect(unknown.code).toBe(200);
      expect(await countRows(h, 'mail_outbox')).toBe(before);
    });
  });

  describe('register with user ID', () => {
    it('creates the account and signs in', async () => {
      const username = unique('alice_');
      const r = await call(h, 'POST', '/web/register', { body: { username, password: PASSWORD, agreement: true } });
      expect(r.code).toBe(200);
      expect(r.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(r.data.wsUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/web\/push$/);
      expect(r.data.userInfo).toMatchObject({ userId: username, accountType: 2, kycStatus: 0, hasPayPassword: false, role: 'investor' });
      expect(r.data.userInfo.invitationCode).toMatch(/^[A-Z2-9]{6}$/);
      const me = await call(h, 'GET', '/web/api/user/info', { token: r.data.token });
      expect(me.data.userId).toBe(username);
    });

    it.each([
      [{ password: PASSWORD, agreement: true }, 'Please enter user ID'],
      [{ username: 'abc', password: PASSWORD, agreement: true }, 'User ID: at least 4 letters, digits or underscores'],
      [{ username: 'bad name!', password: PASSWORD, agreement: true }, 'User ID: at least 4 letters, digits or underscores'],
      [{ username: 'good_name', agreement: true }, 'Please enter password'],
      [{ username: 'good_name', password: '12345', agreement: true }, 'Password: 6-20 letters, digits or !@#$%^&*-_'],
      [{ username: 'good_name', password: 'a'.repeat(21), agreement: true }, 'Password: 6-20 letters, digits or !@#$%^&*-_'],
      [{ username: 'good_name', password: 'with space', agreement: true }, 'Password: 6-20 letters, digits or !@#$%^&*-_'],
      [{ username: 'good_name', password: PASSWORD }, 'Please agree to the user agreement first'],
      [{ username: 'good_name', password: PASSWORD, agreement: true, invitationCode: 'TOOLONG1' }, 'The code has 6 digits'],
    ])('refuses %j with "%s" and creates nothing', async (body, msg) => {
      const before = await countRows(h, 'users');
      const r = await call(h, 'POST', '/web/register', { body });
      expect([r.status, r.msg]).toEqual([400, msg]);
      expect(await countRows(h, 'users')).toBe(before);
    });

    it('refuses a taken user ID whatever its case, and an unknown invitation code', async () => {
      const { username } = await registerUser(h);
      const dup = await call(h, 'POST', '/web/register', { body: { username: username.toUpperCase(), password: PASSWORD, agreement: true } });
      expect([dup.status, dup.msg]).toEqual([409, 'This user ID is already taken']);
      const invite = await call(h, 'POST', '/web/register', {
        body: { username: unique('inv_'), password: PASSWORD, agreement: true, invitationCode: 'ZZZZZZ' },
      });
      expect([invite.status, invite.data.fields]).toEqual([422, { invitationCode: 'e.invitationInvalid' }]);
    });

    it('records who invited whom', async () => {
      const inviter = await call(h, 'GET', '/web/api/user/info', { token: (await registerUser(h)).token });
      const r = await call(h, 'POST', '/web/register', {
        body: { username: unique('invited_'), password: PASSWORD, agreement: true, invitationCode: inviter.data.invitationCode.toLowerCase() },
      });
      expect(r.code).toBe(200);
      const [row] = await h.db.query<{ invited_by: number }>('select invited_by from users where id = $1', [r.data.userInfo.id]);
      expect(row!.invited_by).toBe(inviter.data.id);
    });
  });

  describe('register with e-mail', () => {
    it('needs the mailed code, counts wrong guesses and uses a code once', async () => {
      const email = `${unique('e')}@example.com`;
      const code = await emailCode(email);
      const wrong = code === '000000' ? '111111' : '000000';
      const bad = await call(h, 'POST', '/web/register/email', { body: { email, code: wrong, password: PASSWORD, agreement: true } });
      expect([bad.status, bad.msg]).toEqual([422, 'The verification code is wrong or has expired']);
      const ok = await call(h, 'POST', '/web/register/email', { body: { email: email.toUpperCase(), code, password: PASSWORD, agreement: true } });
      expect(ok.code).toBe(200);
      expect(ok.data.userInfo.email).toBe(email);
      const login = await call(h, 'POST', '/web/loginByUsername', { body: { username: email, password: PASSWORD } });
      expect(login.code).toBe(200);
    });

    it('locks a code after five wrong guesses', async () => {
      const email = `${unique('l')}@example.com`;
      const code = await emailCode(email);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        const r = await call(h, 'POST', '/web/register/email', { body: { email, code: wrong, password: PASSWORD, agreement: true } });
        expect(r.status).toBe(422);
      }
      const locked = await call(h, 'POST', '/web/register/email', { body: { email, code, password: PASSWORD, agreement: true } });
      expect([locked.status, locked.msg]).toEqual([429, 'Too many wrong codes, please request a new one']);
    });

    it('refuses an expired code', async () => {
      const email = `${unique('x')}@example.com`;
      const code = await emailCode(email);
      await h.db.query("update email_codes set expires_at = now() - interval '1 second' where email = $1", [email]);
      const r = await call(h, 'POST', '/web/register/email', { body: { email, code, password: PASSWORD, agreement: true } });
      expect(r.status).toBe(422);
    });

    it('refuses a reset-password code for registration', async () => {
      const { token } = await registerUser(h);
      void token;
      const email = `${unique('p')}@example.com`;
      const code = await emailCode(email, 1);
      await h.db.query('update email_codes set purpose = 2 where email = $1', [email]);
      const r = await call(h, 'POST', '/web/register/email', { body: { email, code, password: PASSWORD, agreement: true } });
      expect(r.status).toBe(422);
    });
  });

  describe('full registration', () => {
    const individual = (email: string, code: string) => ({
      accountType: 2,
      username: unique('ind_'),
      email,
      code,
      password: PASSWORD,
      phone: '+31612345678',
      firstName: 'Anna',
      lastName: 'de Vries',
      country: 'NL',
      streetAddress: 'Damrak 1',
      addressLine2: '',
      stateProvince: 'Noord-Holland',
      postalCode: '1012 LG',
      ssn: '123456782',
      agreement: true,
    });

    it('registers an individual with every field, the BSN masked on the way out', async () => {
      const email = `${unique('i')}@example.com`;
      const r = await call(h, 'POST', '/web/new/register/email', { body: individual(email, await emailCode(email)) });
      expect(r.code).toBe(200);
      expect(r.data.userInfo).toMatchObject({
        accountType: 2,
        email,
        firstName: 'Anna',
        lastName: 'de Vries',
        country: 'NL',
        phone: '+31612345678',
        ssnMasked: '******782',
        corporate: null,
      });
      expect(JSON.stringify(r.data)).not.toContain('123456782');
    });

    it.each([
      ['firstName', undefined, 'Please enter first name'],
      ['lastName', '', 'Please enter last name'],
      ['country', undefined, 'Please select country'],
      ['country', 'Netherlands', 'Please select a country or region from the list'],
      ['country', 'XX', 'Please select a country or region from the list'],
      ['ssn', undefined, 'Please enter BSN'],
      ['phone', '12345678', 'Phone number: 9 to 13 characters'],
      ['phone', '12345678901234', 'Phone number: 9 to 13 characters'],
      ['phone', 'call me maybe', 'Phone number: 9 to 13 characters'],
      ['streetAddress', 'x'.repeat(51), 'This text is too long'],
      ['code', undefined, 'Please enter e-mail verification code'],
      ['code', '12345', 'The code has 6 digits'],
      ['accountType', 3, 'Please choose individual or company'],
    ])('refuses %s=%j with "%s" and creates nothing', async (field, value, msg) => {
      const email = `${unique('f')}@example.com`;
      const body: Record<string, unknown> = individual(email, '123456');
      if (value === undefined) delete body[field];
      else body[field] = value;
      const before = await countRows(h, 'users');
      const r = await call(h, 'POST', '/web/new/register/email', { body });
      expect([r.status, r.msg]).toEqual([400, msg]);
      expect(await countRows(h, 'users')).toBe(before);
    });

    it('registers a company with its corporate details and images uploaded during registration', async () => {
      const email = `${unique('co')}@example.com`;
      const code = await emailCode(email);
      const png = await import('./fixtures').then((m) => m.pngBytes());
      const upload = async () => {
        const form = new FormData();
        form.append('file', new Blob([png], { type: 'image/png' }), 'license.png');
        return call<{ url: string }>(h, 'POST', '/web/file/upload', {
          form,
          headers: { 'x-upload-purpose': 'registration', 'x-email': email, 'x-email-code': code },
        });
      };
      const license = await upload();
      const bank = await upload();
      expect(license.code).toBe(200);
      const company = {
        accountType: 4,
        username: `Co${Date.now().toString(36)}`.slice(0, 15),
        email,
        code,
        password: 'Company2026pw',
        enterpriseName: 'Tulip Trading BV',
        licenseNumber: 'KVK-12345678',
        licenseImage: license.data.url,
        enterpriseAddress: 'Herengracht 100, Amsterdam',
        bankAccountNumber: 'NL91ABNA0417164300',
        bankAccountImage: bank.data.url,
        placeOfRegistration: 'Amsterdam',
        officerName: 'Jan Bakker',
        officerIdType: 'passport',
        officerIdNumber: 'NX1234567',
        contactPhone: '+31201234567',
        agreement: true,
      };
      const badPassword = await call(h, 'POST', '/web/new/register/email', { body: { ...company, password: 'short-1' } });
      expect(badPassword.msg).toBe('Corporate password: 8-20 letters or digits');
      const badId = await call(h, 'POST', '/web/new/register/email', { body: { ...company, username: 'ab' } });
      expect(badId.msg).toBe('Corporate ID: 3-15 letters or digits');
      const badName = await call(h, 'POST', '/web/new/register/email', { body: { ...company, officerName: 'Al' } });
      expect(badName.msg).toBe('Name: 3-15 characters');
      const r = await call(h, 'POST', '/web/new/register/email', { body: company });
      expect(r.code).toBe(200);
      expect(r.data.userInfo.accountType).toBe(4);
      expect(r.data.userInfo.corporate).toMatchObject({ enterpriseName: 'Tulip Trading BV', officerIdType: 'passport' });
      const file = await fetch(h.base + license.data.url, { headers: { authorization: `Bearer ${r.data.token}` } });
      expect(file.status).toBe(200);
    });

    it('refuses registration uploads without a live registration code', async () => {
      const form = new FormData();
      form.append('file', new Blob([await import('./fixtures').then((m) => m.pngBytes())]), 'x.png');
      const r = await call(h, 'POST', '/web/file/upload', {
        form,
        headers: { 'x-upload-purpose': 'registration', 'x-email': 'nobody@example.com', 'x-email-code': '123456' },
      });
      expect(r.status).toBe(422);
    });
  });

  describe('sign-in and sessions', () => {
    it('signs in by user ID or e-mail; a wrong password is refused without saying which part was wrong', async () => {
      const u = await registerUser(h);
      expect((await call(h, 'POST', '/web/loginByUsername', { body: { username: u.username, password: u.password } })).code).toBe(200);
      const wrong = await call(h, 'POST', '/web/loginByUsername', { body: { username: u.username, password: 'nope-nope1' } });
      const unknown = await call(h, 'POST', '/web/loginByUsername', { body: { username: 'nobody_here', password: 'nope-nope1' } });
      expect([wrong.status, wrong.msg]).toEqual([422, 'Wrong user ID or password']);
      expect([unknown.status, unknown.msg]).toEqual([422, 'Wrong user ID or password']);
      const empty = await call(h, 'POST', '/web/loginByUsername', { body: { username: '', password: '' } });
      expect(empty.msg).toBe('Please enter user ID');
    });

    it('stores tokens hashed, revokes them at logout and expires them', async () => {
      const u = await registerUser(h);
      const [stored] = await h.db.query<{ token_hash: string }>('select token_hash from sessions where user_id = $1', [u.id]);
      expect(stored!.token_hash).not.toBe(u.token);
      expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
      const out = await call(h, 'POST', '/web/logout', { token: u.token, body: {} });
      expect(out.code).toBe(200);
      const after = await call(h, 'GET', '/web/api/user/info', { token: u.token });
      expect([after.status, after.msg]).toEqual([401, 'login expired']);

      const v = await registerUser(h);
      await h.db.query("update sessions set expires_at = now() - interval '1 second' where user_id = $1", [v.id]);
      const expired = await call(h, 'GET', '/web/api/user/info', { token: v.token, lang: 'zh_Hans_CN' });
      expect([expired.status, expired.msg]).toEqual([401, '登录已过期']);
      const none = await call(h, 'GET', '/web/api/user/info');
      expect(none.status).toBe(401);
      const raw = await fetch(`${h.base}/web/api/user/info`, { headers: { authorization: (await registerUser(h)).token } });
      expect(raw.status).toBe(200);
    });

    it('stores passwords with argon2id', async () => {
      const u = await registerUser(h);
      const [row] = await h.db.query<{ password_hash: string }>('select password_hash from users where id = $1', [u.id]);
      expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });
  });

  describe('passwords', () => {
    it('resets the password with an e-mail code and signs out every session', async () => {
      const email = `${unique('r')}@example.com`;
      const reg = await call(h, 'POST', '/web/register/email', { body: { email, code: await emailCode(email), password: PASSWORD, agreement: true } });
      const code = await emailCode(email, 2);
      const mismatch = await call(h, 'POST', '/web/resetPassword', { body: { email, code, newPassword: '' } });
      expect(mismatch.msg).toBe('Please enter new password');
      const r = await call(h, 'POST', '/web/resetPassword', { body: { email, code, newPassword: 'brand-new-pw2' } });
      expect(r.code).toBe(200);
      expect((await call(h, 'GET', '/web/api/user/info', { token: reg.data.token })).status).toBe(401);
      expect((await call(h, 'POST', '/web/loginByUsername', { body: { username: email, password: PASSWORD } })).status).toBe(422);
      expect((await call(h, 'POST', '/web/loginByUsername', { body: { username: email, password: 'brand-new-pw2' } })).code).toBe(200);
      const reused = await call(h, 'POST', '/web/resetPassword', { body: { email, code, newPassword: 'another-pw3' } });
      expect(reused.status).toBe(422);
    });

    it('changes the password with the old one, keeping this session and ending the others', async () => {
      const u = await registerUser(h);
      const other = await call(h, 'POST', '/web/loginByUsername', { body: { username: u.username, password: u.password } });
      const wrong = await call(h, 'POST', '/web/updatePassword', { token: u.token, body: { oldPassword: 'not-it-1', newPassword: 'next-pass2' } });
      expect([wrong.status, wrong.msg]).toEqual([422, 'The old password is wrong']);
      const same = await call(h, 'POST', '/web/updatePassword', { token: u.token, body: { oldPassword: u.password, newPassword: u.password } });
      expect(same.status).toBe(400);
      const ok = await call(h, 'POST', '/web/updatePassword', { token: u.token, body: { oldPassword: u.password, newPassword: 'next-pass2' } });
      expect(ok.code).toBe(200);
      expect((await call(h, 'GET', '/web/api/user/info', { token: u.token })).code).toBe(200);
      expect((await call(h, 'GET', '/web/api/user/info', { token: other.data.token })).status).toBe(401);
    });

    it('sets the transaction password once, then changes it only with the old one', async () => {
      const u = await registerUser(h);
      const notSet = await call(h, 'POST', '/web/updatePayPassword', { token: u.token, body: { oldPayPassword: '123456', payPassword: '654321' } });
      expect([notSet.status, notSet.msg]).toEqual([422, 'Set a transaction password first']);
      const short = await call(h, 'POST', '/web/settingPayPassword', { token: u.token, body: { payPassword: '123' } });
      expect(short.msg).toBe('Transaction password: 6-20 characters');
      const empty = await call(h, 'POST', '/web/settingPayPassword', { token: u.token, body: {} });
      expect(empty.msg).toBe('Please enter the transaction password');
      expect((await call(h, 'POST', '/web/settingPayPassword', { token: u.token, body: { payPassword: '123456' } })).code).toBe(200);
      const twice = await call(h, 'POST', '/web/settingPayPassword', { token: u.token, body: { payPassword: '999999' } });
      expect(twice.status).toBe(409);
      const wrongOld = await call(h, 'POST', '/web/updatePayPassword', { token: u.token, body: { oldPayPassword: '000000', payPassword: '654321' } });
      expect([wrongOld.status, wrongOld.msg]).toEqual([422, 'The transaction password is wrong']);
      expect((await call(h, 'POST', '/web/updatePayPassword', { token: u.token, body: { oldPayPassword: '123456', payPassword: '654321' } })).code).toBe(200);
      expect((await call(h, 'GET', '/web/api/user/info', { token: u.token })).data.hasPayPassword).toBe(true);
    });
  });

  describe('idempotency keys', () => {
    it('answers a repeated request from the first answer and refuses a different one under the same key', async () => {
      const u = await registerUser(h);
      const headers = { 'idempotency-key': 'kyc-1' };
      const images = { frontUrl: await uploadImage(h, u.token), backUrl: await uploadImage(h, u.token) };
      const body = { firstName: 'Sam', lastName: 'Lee', country: 'SG', idType: 'idCard', idNumber: 'S1234567D', ...images };
      const first = await call(h, 'POST', '/web/updateReal', { token: u.token, body, headers });
      const second = await call(h, 'POST', '/web/updateReal', { token: u.token, body, headers });
      expect(first).toEqual(second);
      expect(first.code).toBe(200);
      expect(await h.db.query('select id from kyc_submissions where user_id = $1', [u.id])).toHaveLength(1);
      const other = await call(h, 'POST', '/web/updateReal', { token: u.token, body: { ...body, idNumber: 'X' }, headers });
      expect([other.status, other.msg]).toEqual([409, 'This request key was already used for a different request']);
      // Keys belong to their caller: another user may use the same key.
      const v = await registerUser(h);
      const own = { frontUrl: await uploadImage(h, v.token), backUrl: await uploadImage(h, v.token) };
      expect((await call(h, 'POST', '/web/updateReal', { token: v.token, body: { ...body, ...own }, headers })).code).toBe(200);
    });
  });

  describe('ownership', () => {
    it("lets user B neither read nor change user A's data", async () => {
      const a = await registerUser(h);
      const b = await registerUser(h);
      const peek = await call(h, 'GET', `/web/getUserInfoById?id=${a.id}`, { token: b.token });
      expect(peek.status).toBe(404);
      const own = await call(h, 'GET', `/web/getUserInfoById?id=${b.id}`, { token: b.token });
      expect(own.data.id).toBe(b.id);

      const url = await uploadImage(h, a.token);
      const stolen = await fetch(h.base + url, { headers: { authorization: `Bearer ${b.token}` } });
      expect(stolen.status).toBe(404);
      const kyc = await call(h, 'POST', '/web/updateReal', {
        token: b.token,
        body: { firstName: 'Bob', lastName: 'Smith', country: 'US', idType: 'passport', idNumber: '1', frontUrl: url },
      });
      expect([kyc.status, kyc.data.fields]).toEqual([400, { frontUrl: 'v.uploadImage' }]);
      expect((await call(h, 'GET', '/web/api/user/info', { token: b.token })).data.kycStatus).toBe(0);
    });
  });
});
