import { randomUUID } from 'node:crypto';
import { WalletCode } from '@tradeapp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, drivers, OPERATOR, registerUser, startServer, unique, uploadImage, type Harness } from './harness';

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

  it('lists investors only, and operators only when asked for', async () => {
    const u = await registerUser(h, unique('role_'));
    const investors = await call(h, 'GET', '/web/operator/users?size=100', { token: op });
    const roles = (list: { role: string }[]) => [...new Set(list.map((x) => x.role))];
    expect(roles(investors.data.list)).toEqual(['investor']);
    expect(investors.data.list.map((x: { userId: string }) => x.userId)).toContain(u.username);
    const [count] = await h.db.query<{ n: number }>("select count(*)::int as n from users where role = 'investor'");
    expect(investors.data.total).toBe(count!.n);
    // Searching for the operator by e-mail finds nobody among the investors.
    const search = await call(h, 'GET', `/web/operator/users?q=${encodeURIComponent(OPERATOR.email)}`, { token: op });
    expect([search.data.total, search.data.list]).toEqual([0, []]);
    const operators = await call(h, 'GET', `/web/operator/users?role=operator&q=${encodeURIComponent(OPERATOR.email)}`, { token: op });
    expect(operators.data.list.map((x: { email: string; role: string }) => [x.email, x.role])).toEqual([[OPERATOR.email, 'operator']]);
    const bad = await call(h, 'GET', '/web/operator/users?role=admin', { token: op });
    expect([bad.status, bad.msg, bad.data.fields]).toEqual([400, 'Please check this value', { role: 'v.invalidValue' }]);
  });

  it("shows a user's wallets from the ledger, available and held, to the cent", async () => {
    const u = await registerUser(h);
    const key = () => ({ 'idempotency-key': randomUUID() });
    const d = await call(h, 'POST', '/web/recharge/create', {
      token: u.token,
      headers: key(),
      body: { method: 'fiat', currency: 'EUR', amount: '250.00', proofUrl: await uploadImage(h, u.token, 'proof.png') },
    });
    expect(d.code).toBe(200);
    expect((await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} })).data.status).toBe(3);
    const transfer = (to: string, amount: string) =>
      call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to, amount } });
    expect((await transfer('STOCK', '40.25')).data.status).toBe(1); // same currency: at once
    expect((await transfer('US_STOCK', '100')).data.status).toBe(0); // across currencies: held until it settles

    const detail = await call(h, 'GET', `/web/operator/users/${u.id}`, { token: op });
    const byCode = Object.fromEntries(detail.data.balances.map((b: { code: string }) => [b.code, b]));
    expect(detail.data.balances.map((b: { code: string }) => b.code)).toEqual(Object.values(WalletCode));
    expect(byCode.BALANCE).toEqual({ code: 'BALANCE', currency: 'EUR', available: '109.75', held: '100.00' });
    expect(byCode.STOCK).toEqual({ code: 'STOCK', currency: 'EUR', available: '40.25', held: '0.00' });
    expect(byCode.US_STOCK).toEqual({ code: 'US_STOCK', currency: 'USD', available: '0.00', held: '0.00' });
    // The investor's own wallet page says the same.
    const own = await call(h, 'POST', '/web/wallet/getWalletBalance', { token: u.token, body: {} });
    const funding = own.data.find((w: { code: string }) => w.code === 'BALANCE');
    expect([funding.balance, funding.usedBalance]).toEqual(['109.75', '100.00']);

    const [operator] = await h.db.query<{ id: number }>('select id from users where email = $1', [OPERATOR.email]);
    expect((await call(h, 'GET', `/web/operator/users/${operator!.id}`, { token: op })).data.balances).toEqual([]);
  });

  it('shows the reference a deposit is matched by: the fiat reference the investor was given, the crypto hash', async () => {
    const u = await registerUser(h);
    const key = () => ({ 'idempotency-key': randomUUID() });
    const methods = await call(h, 'POST', '/web/recharge/currency/selectList', { token: u.token, body: {} });
    const told = methods.data.find((m: { method: string }) => m.method === 'fiat').reference;
    expect(told).toBe(`MM${String(u.id).padStart(8, '0')}`);
    const fiat = await call(h, 'POST', '/web/recharge/create', {
      token: u.token,
      headers: key(),
      body: { method: 'fiat', currency: 'USD', amount: '75', proofUrl: await uploadImage(h, u.token, 'proof.png') },
    });
    // Crypto comes from the investor's simulated wallet: the faucet, then a send to the deposit address, whose hash is reported.
    const coins = { currency: 'USDT', network: 'TRC20', amount: '20' };
    expect((await call(h, 'POST', '/web/recharge/simulated/faucet', { token: u.token, headers: key(), body: coins })).code).toBe(200);
    const txHash: string = (await call(h, 'POST', '/web/recharge/simulated/send', { token: u.token, headers: key(), body: coins })).data.txHash;
    const crypto = await call(h, 'POST', '/web/recharge/create', {
      token: u.token,
      headers: key(),
      body: { method: 'crypto', currency: 'USDT', network: 'TRC20', amount: '20', txHash },
    });
    expect([fiat.code, crypto.code]).toEqual([200, 200]);
    const queue = await call(h, 'GET', '/web/operator/deposits?status=1&size=100', { token: op });
    const row = (id: number) => queue.data.list.find((x: { id: number }) => x.id === id);
    expect(row(fiat.data.id)).toMatchObject({ method: 'fiat', userId: u.id, paymentReference: told });
    expect(row(crypto.data.id)).toMatchObject({ method: 'crypto', userId: u.id, paymentReference: txHash });
    // The investor's own list is unchanged: the reference belongs to the operators' shape.
    const own = await call(h, 'POST', '/web/recharge/listPage', { token: u.token, body: {} });
    expect(own.data.list[0]).not.toHaveProperty('paymentReference');
    const rejected = await call(h, 'POST', `/web/operator/deposits/${fiat.data.id}/reject`, { token: op, body: { reason: 'No payment with this reference' } });
    expect(rejected.data).toMatchObject({ status: 2, paymentReference: told });
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

  it('shows the mails the server sent, their codes removed', async () => {
    const email = `${unique('mail')}@example.com`;
    await call(h, 'POST', '/web/getEmailCode', { body: { email, type: 1 }, lang: 'nl' });
    const outbox = await call(h, 'GET', `/web/operator/outbox?to=${encodeURIComponent(email)}`, { token: op });
    expect(outbox.data.total).toBe(1);
    expect(outbox.data.list[0]).toMatchObject({ to: email, transport: 'outbox' });
    expect(outbox.data.list[0].subject).toBe('Uw verificatiecode: ••••••');
  });
});
