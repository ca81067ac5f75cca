import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, drivers, OPERATOR, registerUser, startServer, unique, type Harness } from './harness';

describe.each(await drivers())('back office on %s', (driver) => {
  let h: Harness;
  let op: string;
  beforeAll(async () => {
    h = await startServer(driver);
    const r = await call(h, 'POST', '/web/operator/login', { body: { email: OPERATOR.email, password: OPERATOR.password } });
    expect(r.code).toBe(200);
    op = r.data.token;
  });
  afterAll(() => h.close());

  it('creates the first operator from the environment once, and records it', async () => {
    const rows = await h.db.query<{ role: string }>('select role from users where email = $1', [OPERATOR.email]);
    expect(rows).toEqual([{ role: 'operator' }]);
    const audit = await call(h, 'GET', '/web/operator/audit?targetType=user', { token: op });
    expect(audit.data.list.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['operator.create', 'operator.login']));
  });

  it('refuses investors at the operator sign-in and on every operator route', async () => {
    const u = await registerUser(h);
    const login = await call(h, 'POST', '/web/operator/login', { body: { email: u.username, password: u.password } });
    expect(login.status).toBe(400); // the operator sign-in takes an e-mail
    const email = `${unique('inv')}@example.com`;
    await h.db.query('update users set email = $2 where id = $1', [u.id, email]);
    const investor = await call(h, 'POST', '/web/operator/login', { body: { email, password: u.password } });
    expect([investor.status, investor.msg]).toEqual([403, 'Operators only']);
    for (const path of ['/web/operator/users', '/web/operator/outbox', '/web/operator/audit', `/web/operator/users/${u.id}`, '/web/operator/me']) {
      const r = await call(h, 'GET', path, { token: u.token });
      expect([path, r.status]).toEqual([path, 403]);
    }
    const wrong = await call(h, 'POST', '/web/operator/login', { body: { email: OPERATOR.email, password: 'not-the-password' } });
    expect(wrong.status).toBe(422);
  });

  it('lists and finds users, and shows one with its sessions', async () => {
    const u = await registerUser(h, unique('findme_'));
    const list = await call(h, 'GET', `/web/operator/users?q=${encodeURIComponent(u.username.slice(0, 12))}&size=5`, { token: op });
    expect(list.data.list.map((x: { userId: string }) => x.userId)).toContain(u.username);
    expect(list.data.size).toBe(5);
    const detail = await call(h, 'GET', `/web/operator/users/${u.id}`, { token: op });
    expect(detail.data.user.userId).toBe(u.username);
    expect(detail.data.sessions).toHaveLength(1);
    expect((await call(h, 'GET', '/web/operator/users/99999999', { token: op })).status).toBe(404);
    expect((await call(h, 'GET', '/web/operator/users/abc', { token: op })).status).toBe(400);
  });

  it('disables an account only with a reason, signs it out, and audits before and after', async () => {
    const u = await registerUser(h);
    const noReason = await call(h, 'POST', `/web/operator/users/${u.id}/status`, { token: op, body: { status: 'disabled', reason: ' ' } });
    expect([noReason.status, noReason.msg]).toEqual([400, 'Please give a reason']);
    expect((await call(h, 'GET', '/web/api/user/info', { token: u.token })).code).toBe(200);

    const r = await call(h, 'POST', `/web/operator/users/${u.id}/status`, { token: op, body: { status: 'disabled', reason: 'Fraud report #12' } });
    expect(r.data.status).toBe('disabled');
    expect((await call(h, 'GET', '/web/api/user/info', { token: u.token })).status).toBe(401);
    const login = await call(h, 'POST', '/web/loginByUsername', { body: { username: u.username, password: u.password } });
    expect([login.status, login.msg]).toEqual([403, 'This account is disabled']);

    const audit = await call(h, 'GET', `/web/operator/audit?targetType=user&targetId=${u.id}`, { token: op });
    expect(audit.data.list[0]).toMatchObject({
      action: 'user.disable',
      actorName: OPERATOR.email,
      before: { status: 'active' },
      after: { status: 'disabled' },
      reason: 'Fraud report #12',
    });
    await call(h, 'POST', `/web/operator/users/${u.id}/status`, { token: op, body: { status: 'active', reason: 'Cleared' } });
    expect((await call(h, 'POST', '/web/loginByUsername', { body: { username: u.username, password: u.password } })).code).toBe(200);
  });

  it('shows the mails the server sent', async () => {
    const email = `${unique('mail')}@example.com`;
    await call(h, 'POST', '/web/getEmailCode', { body: { email, type: 1 }, lang: 'nl' });
    const outbox = await call(h, 'GET', `/web/operator/outbox?to=${encodeURIComponent(email)}`, { token: op });
    expect(outbox.data.total).toBe(1);
    expect(outbox.data.list[0]).toMatchObject({ to: email, transport: 'outbox' });
    expect(outbox.data.list[0].subject).toMatch(/^Uw verificatiecode: \d{6}$/);
  });
});
