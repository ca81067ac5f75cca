import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBytes } from './fixtures';
import { call, drivers, operatorToken, registerUser, startServer, type Harness } from './harness';

// Issue 16, finding 4: after `kill -9`, a request that held an idempotency key answered 409 "in
// flight" forever, whether or not its money had moved. The key is now written in the transaction of
// its effect, with its answer. A failure between the effect and the answer (here a trigger that
// refuses to store the answer, where the process would have died) leaves no effect and a free key.

describe.each(await drivers())('idempotency keys on %s', (driver) => {
  let h: Harness;
  let op: string;
  beforeAll(async () => {
    h = await startServer(driver);
    op = await operatorToken(h);
  });
  afterAll(async () => {
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
    await h.close();
  });

  async function funded(amount: string) {
    const u = await registerUser(h);
    const form = new FormData();
    form.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'proof.png');
    const proofUrl = (await call(h, 'POST', '/web/file/upload', { form, token: u.token })).data.url;
    const d = await call(h, 'POST', '/web/recharge/create', {
      token: u.token,
      headers: { 'idempotency-key': randomUUID() },
      body: { method: 'fiat', currency: 'EUR', amount, proofUrl },
    });
    expect(d.code, d.msg).toBe(200);
    expect((await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} })).code).toBe(200);
    return u;
  }
  const wallets = async (token: string) =>
    Object.fromEntries(
      ((await call(h, 'POST', '/web/wallet/getWalletBalance', { token, body: {} })).data as Array<{ code: string; balance: string }>).map((w) => [
        w.code,
        w.balance,
      ]),
    );
  const transfer = (token: string, key: string, amount: string) =>
    call(h, 'POST', '/web/wallet/transfer', { token, headers: { 'idempotency-key': key }, body: { from: 'BALANCE', to: 'FOREX', amount } });
  const journalsOf = (key: string) => h.db.query('select id from ledger_journals where idempotency_key = $1', [key]);
  const keyRow = async (userId: number, key: string) =>
    (await h.db.query<{ status_code: number | null }>('select status_code from idempotency_keys where user_id = $1 and key = $2', [userId, key]))[0];

  it('leaves no effect and a free key when the request dies between its effect and its answer, and then moves the money once', async () => {
    const u = await funded('100');
    const key = `crash-${randomUUID()}`;
    // Where the process would die: after the transfer's journal, before the key's answer is written.
    await h.db.exec(`
      create or replace function crash_before_answer() returns trigger language plpgsql as $$
      begin
        if new.key like 'crash-%' and new.status_code is not null then raise exception 'simulated crash'; end if;
        return new;
      end $$;
      create trigger crash_before_answer before update on idempotency_keys for each row execute function crash_before_answer();`);
    try {
      const died = await transfer(u.token, key, '10');
      expect(died.status).toBe(500);
      // Nothing moved, and nothing holds the key.
      expect(await journalsOf(key)).toHaveLength(0);
      expect(await wallets(u.token)).toMatchObject({ BALANCE: '100.00', FOREX: '0.00' });
      expect(await keyRow(u.id, key)).toBeUndefined();
    } finally {
      await h.db.exec('drop trigger crash_before_answer on idempotency_keys; drop function crash_before_answer();');
    }

    // The client's retry under the same key is answered, and the money moves once.
    const retried = await transfer(u.token, key, '10');
    expect(retried.code, retried.msg).toBe(200);
    expect(await transfer(u.token, key, '10')).toEqual(retried);
    expect(await journalsOf(key)).toHaveLength(1);
    expect(await wallets(u.token)).toMatchObject({ BALANCE: '90.00', FOREX: '10.00' });
    expect((await keyRow(u.id, key))?.status_code).toBe(200);
  });

  it('answers twelve simultaneous requests under one key with one effect and one answer', async () => {
    const u = await funded('100');
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 12 }, () => transfer(u.token, key, '7')));
    expect(answers.map((a) => a.code)).toEqual(Array(12).fill(200));
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(await journalsOf(key)).toHaveLength(1);
    expect(await wallets(u.token)).toMatchObject({ BALANCE: '93.00', FOREX: '7.00' });
  });

  it('keeps a refusal under its key, with nothing changed, and refuses the key for another request', async () => {
    const u = await funded('50');
    const key = randomUUID();
    const refused = await transfer(u.token, key, '80');
    // More than the balance: 422, the funding account short.
    expect(refused.status).toBe(422);
    expect(refused.code).toBe(422);
    expect(await transfer(u.token, key, '80')).toEqual(refused);
    expect((await keyRow(u.id, key))?.status_code).toBe(422);
    expect(await journalsOf(key)).toHaveLength(0);
    expect(await wallets(u.token)).toMatchObject({ BALANCE: '50.00', FOREX: '0.00' });
    const other = await transfer(u.token, key, '5');
    expect(other.status).toBe(409);
    expect(await wallets(u.token)).toMatchObject({ BALANCE: '50.00', FOREX: '0.00' });
  });
});

describe.each(await drivers())('one transaction per call chain on %s', (driver) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServer(driver);
    await h.db.exec('create table ambient_probe (n int not null)');
  });
  afterAll(async () => h.close());
  const probe = async () => (await h.db.query<{ n: number }>('select n from ambient_probe order by n')).map((r) => r.n);

  it('joins a transaction from anywhere in its call chain, a nested one a savepoint that a throw undoes alone', async () => {
    await h.db.tx(async (sql) => {
      await sql.query('insert into ambient_probe values (1)');
      // The pool-level query runs in the open transaction: it sees the uncommitted row.
      expect((await h.db.query<{ n: number }>('select count(*)::int as n from ambient_probe'))[0]!.n).toBe(1);
      await expect(
        h.db.tx(async (inner) => {
          await inner.query('insert into ambient_probe values (2)');
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      // A failed statement inside a savepoint leaves the outer transaction usable.
      await expect(h.db.tx((inner) => inner.query('insert into ambient_probe values (null)'))).rejects.toThrow();
      await h.db.tx((inner) => inner.query('insert into ambient_probe values (3)'));
    });
    expect(await probe()).toEqual([1, 3]);

    // A throw of the outer transaction undoes its savepoints' work too.
    await expect(
      h.db.tx(async () => {
        await h.db.tx((inner) => inner.query('insert into ambient_probe values (4)'));
        throw new Error('outer refused');
      }),
    ).rejects.toThrow('outer refused');
    expect(await probe()).toEqual([1, 3]);
  });

  it('lets work that outlives its transaction use the pool', async () => {
    let later: Promise<unknown> = Promise.resolve();
    await h.db.tx(async (sql) => {
      await sql.query('insert into ambient_probe values (10)');
      later = new Promise((resolve) => setTimeout(resolve, 0)).then(() => h.db.query('insert into ambient_probe values (11)'));
    });
    await later;
    expect(await probe()).toEqual([1, 3, 10, 11]);
  });
});
