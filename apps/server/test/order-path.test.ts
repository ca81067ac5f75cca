// The order path (decision 0024, "The order path"): concurrent orders commit in groups, each still
// all or nothing, and the order calls' session cache forgets an ended session at once, on every node.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openPostgres, useGroupLanes } from '../src/db/db';
import { SessionCache } from '../src/http/session';
import { Dec, fixed } from '../src/lib/decimal';
import { pngBytes } from './fixtures';
import { call, drivers, listen, OPERATOR, registerUser, startServer, tempDataDir, testConfig, type Harness } from './harness';
import { scriptedMarket } from './scripted';
import { createPostgresDatabase, postgresAvailable, REDIS_URL, redisAvailable } from './services';

const BTC = 'BTCUSDT';
const key = () => ({ 'idempotency-key': randomUUID() });
const btc = (quantity: string) => ({ stockCode: BTC, direction: 0, source: 100, type: 0, quantity, leverage: 1, goldCode: BTC });

async function trader(h: Harness, op: string, euros: string) {
  const u = await registerUser(h);
  const form = new FormData();
  form.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'id.png');
  const frontUrl = (await call(h, 'POST', '/web/file/upload', { form, token: u.token })).data.url;
  await call(h, 'POST', '/web/updateReal', {
    token: u.token,
    body: { firstName: 'Gus', lastName: 'Group', country: 'NL', idType: 'passport', idNumber: 'GC1', frontUrl },
  });
  const [kyc] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [u.id]);
  await call(h, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op, body: {} });
  const d = await call(h, 'POST', '/web/recharge/create', {
    token: u.token,
    headers: key(),
    body: { method: 'fiat', currency: 'EUR', amount: euros, proofUrl: frontUrl },
  });
  await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} });
  await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to: 'FOREX', amount: euros } });
  return u;
}

describe.each(await drivers())('the order path on %s', (driver) => {
  let h: Harness;
  let op: string;
  const market = scriptedMarket();
  beforeAll(async () => {
    h = await startServer(driver, {}, { provider: market.provider });
    op = (await call(h, 'POST', '/web/operator/login', { body: { email: OPERATOR.email, password: OPERATOR.password } })).data.token;
    market.set(BTC, '100000.00');
    await h.db.exec('create table group_probe (n int not null)');
  });
  afterEach(() => useGroupLanes(h.db, undefined));
  afterAll(async () => {
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
    await h.close();
  });

  const forex = async (token: string) => (await call(h, 'POST', '/web/wallet/getWalletBalance', { token, body: {} })).data.find((w: any) => w.code === 'FOREX');
  /**
   * Hold the group pump with a call of our own until `release`, so that what comes meanwhile forms
   * one group: with one lane (PostgreSQL's pool has several), until the test ends.
   */
  function holdPump() {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    useGroupLanes(h.db, 1);
    const held = h.db.grouped(() => gate);
    return { release, held };
  }

  it('commits concurrent orders in one group, a refused one (insufficient funds) undone alone, the balances exact', async () => {
    const rich = [await trader(h, op, '5000'), await trader(h, op, '5000'), await trader(h, op, '5000')];
    const poor = await trader(h, op, '5');
    // One order each first: their sessions are then in the order calls' cache, so the next orders reach the group without a statement.
    const first = await Promise.all(rich.map((u) => call(h, 'POST', '/web/gold/create', { token: u.token, headers: key(), body: btc('0.01') })));
    expect(first.map((r) => r.code)).toEqual([200, 200, 200]);
    await call(h, 'POST', '/web/gold/create', { token: poor.token, headers: key(), body: btc('0.00001') });
    const before = await Promise.all([...rich, poor].map((u) => forex(u.token)));

    const pump = holdPump();
    const refusedKey = randomUUID();
    const orders = [
      ...rich.map((u) => call(h, 'POST', '/web/gold/create', { token: u.token, headers: key(), body: btc('0.02') })),
      call(h, 'POST', '/web/gold/create', { token: poor.token, headers: { 'idempotency-key': refusedKey }, body: btc('0.01') }),
    ];
    await new Promise((r) => setTimeout(r, 300));
    pump.release();
    await pump.held;
    const answers = await Promise.all(orders);
    expect(answers.map((r) => r.code)).toEqual([200, 200, 200, 422]);
    expect(answers[3]!.msg).toBe('Insufficient balance');

    // One transaction: a row's created_at is its transaction's start.
    const ids = answers.slice(0, 3).map((r) => r.data.id as number);
    const [together] = await h.db.query<{ n: number }>('select count(distinct created_at)::int as n from positions where id = any($1::bigint[])', [ids]);
    expect(together!.n).toBe(1);
    // Each commits its own money, to the cent: margin and fee off the balance, the margin held.
    for (let n = 0; n < 3; n++) {
      const a = answers[n]!.data;
      const after = await forex(rich[n]!.token);
      expect(after.balance).toBe(fixed(new Dec(before[n]!.balance).sub(a.margin).sub(a.handlingFee), 2));
      expect(after.usedBalance).toBe(fixed(new Dec(before[n]!.usedBalance).add(a.margin), 2));
    }
    // The refused order left nothing but its answer under its key.
    expect(await forex(poor.token)).toEqual(before[3]);
    const [kept] = await h.db.query<{ status_code: number }>('select status_code from idempotency_keys where user_id = $1 and key = $2', [poor.id, refusedKey]);
    expect(kept!.status_code).toBe(422);
    const [positions] = await h.db.query<{ n: number }>('select count(*)::int as n from positions where user_id = $1', [poor.id]);
    expect(positions!.n).toBe(1);
  });

  it('runs each call of a group whose commit fails again alone: the one at fault fails, the others commit', async () => {
    const pump = holdPump();
    const probe = (n: number) => h.db.grouped((sql) => sql.query('insert into group_probe values ($1)', [n]));
    const one = probe(1);
    // A journal that does not balance passes its statements and fails the database's check at commit.
    const unbalanced = h.db.grouped(async (sql) => {
      const [j] = await sql.query<{ id: number }>("insert into ledger_journals (kind, memo) values ('adjustment', 'unbalanced on purpose') returning id");
      const [a] = await sql.query<{ id: number }>("select id from ledger_accounts where user_id is null and code = 'fees' limit 1");
      await sql.query("insert into ledger_entries (journal_id, account_id, currency, amount) values ($1, $2, 'EUR', 1)", [j!.id, a!.id]);
    });
    const three = probe(3);
    pump.release();
    await pump.held;
    await expect(unbalanced).rejects.toThrow(/does not balance/);
    await Promise.all([one, three]);
    expect((await h.db.query<{ n: number }>('select n from group_probe order by n')).map((r) => r.n)).toEqual([1, 3]);
  });

  it('runs groups of many traders at once, each on its own fee shard: no balance below zero, every order whole, the shards summing to the fees', async () => {
    // Five orders each of 0.0001 BTC at 100,000 USD (10 USD of margin, in euros, and its fee): 25 EUR pays for some of them, not all.
    const traders: Array<Awaited<ReturnType<typeof trader>>> = [];
    for (let n = 0; n < 10; n++) traders.push(await trader(h, op, '25'));
    const fees = async () => {
      const [row] = await h.db.query<{ total: string; shards: number }>(
        "select coalesce(sum(balance), 0)::text as total, count(*)::int as shards from ledger_accounts where user_id is null and code = 'fees' and currency = 'EUR'",
      );
      return { total: new Dec(row!.total), shards: row!.shards };
    };
    const before = await fees();
    const answers = await Promise.all(
      traders.flatMap((u) => Array.from({ length: 5 }, () => call(h, 'POST', '/web/gold/create', { token: u.token, headers: key(), body: btc('0.0001') }))),
    );
    const accepted = answers.filter((r) => r.code === 200);
    // The price does not move: every order costs the same, and each trader's 25 EUR pays for as many as it covers.
    const cost = new Dec(accepted[0]!.data.margin).add(accepted[0]!.data.handlingFee);
    const affordable = new Dec('25').div(cost).floor().toNumber();
    expect(affordable).toBeGreaterThan(0);
    expect(affordable).toBeLessThan(5);
    expect(accepted).toHaveLength(10 * affordable);
    expect(answers.filter((r) => r.code !== 200).map((r) => r.msg)).toEqual(Array(50 - 10 * affordable).fill('Insufficient balance'));
    for (let n = 0; n < traders.length; n++) {
      const mine = answers.slice(n * 5, n * 5 + 5).filter((r) => r.code === 200);
      expect(mine).toHaveLength(affordable);
      const spent = mine.reduce((sum, r) => sum.add(r.data.margin).add(r.data.handlingFee), new Dec(0));
      const wallet = await forex(traders[n]!.token);
      expect(wallet.balance).toBe(fixed(new Dec('25').sub(spent), 2));
      expect(wallet.usedBalance).toBe(
        fixed(
          mine.reduce((sum, r) => sum.add(r.data.margin), new Dec(0)),
          2,
        ),
      );
    }
    // Every fee reached the house, whichever shard took it; on PostgreSQL the groups ran in lanes of their own shards.
    const after = await fees();
    const charged = await h.db.query<{ fee: string; shard: number }>(
      `select e.amount::text as fee, a.shard from ledger_journals j join ledger_entries e on e.journal_id = j.id join ledger_accounts a on a.id = e.account_id
        where j.ref_type = 'position' and j.ref_id = any($1::bigint[]) and a.user_id is null and a.code = 'fees'`,
      [accepted.map((r) => r.data.id as number)],
    );
    expect(charged).toHaveLength(accepted.length);
    const sum = charged.reduce((s, c) => s.add(c.fee), new Dec(0));
    expect(sum.toFixed()).toBe(accepted.reduce((s, r) => s.add(r.data.handlingFee), new Dec(0)).toFixed());
    expect(after.total.sub(before.total).toFixed()).toBe(sum.toFixed());
    const shards = new Set(charged.map((c) => c.shard));
    if (driver === 'postgres') {
      expect(shards.size).toBeGreaterThan(1);
      expect(shards.has(0)).toBe(false);
    } else expect([...shards]).toEqual([0]);
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
  });

  it('refuses an order at once after its session ends, though the session was just cached', async () => {
    const u = await trader(h, op, '1000');
    expect((await call(h, 'POST', '/web/gold/create', { token: u.token, headers: key(), body: btc('0.00001') })).code).toBe(200);
    expect((await call(h, 'POST', '/web/logout', { token: u.token, body: {} })).code).toBe(200);
    const r = await call(h, 'POST', '/web/gold/create', { token: u.token, headers: key(), body: btc('0.00001') });
    expect([r.status, r.msg]).toEqual([401, 'login expired']);
  });

  it("refuses an order at once after an operator's disabling", async () => {
    const u = await trader(h, op, '1000');
    expect((await call(h, 'POST', '/web/gold/create', { token: u.token, headers: key(), body: btc('0.00001') })).code).toBe(200);
    const r = await call(h, 'POST', `/web/operator/users/${u.id}/status`, { token: op, body: { status: 'disabled', reason: 'fraud check' } });
    expect(r.code).toBe(200);
    expect((await call(h, 'POST', '/web/gold/create', { token: u.token, headers: key(), body: btc('0.00001') })).status).toBe(401);
  });
});

describe('the session cache', () => {
  const caller = (id: number, sessionId: number) => ({ id, role: 'investor' as const, status: 'active' as const, sessionId });

  it('keeps an entry no longer than the database would answer the same, and forgets ended sessions', () => {
    let now = 0;
    const cache = new SessionCache(() => now);
    cache.setListening(true);
    cache.keep('a', caller(1, 10), 500, cache.mark());
    expect(cache.get('a')?.sessionId).toBe(10);
    now = 500;
    // Past the moment its last use must be written again (or its idle end, or expiry): the database is asked.
    expect(cache.get('a')).toBeUndefined();
    cache.keep('b', caller(1, 11), 60_000, cache.mark());
    now = 2500;
    expect(cache.get('b')).toBeUndefined();
    now = 0;
    cache.keep('c', caller(2, 20), 60_000, cache.mark());
    cache.keep('d', caller(2, 21), 60_000, cache.mark());
    cache.ended({ userId: 2, exceptSessionId: 21 });
    expect([cache.get('c'), cache.get('d')?.sessionId]).toEqual([undefined, 21]);
  });

  it('keeps nothing a lookup found while a session ended, nor anything while it may miss an end', () => {
    const cache = new SessionCache(() => 0);
    cache.setListening(true);
    const mark = cache.mark();
    cache.ended({ userId: 3, sessionId: 30 });
    cache.keep('e', caller(3, 30), 60_000, mark);
    expect(cache.get('e')).toBeUndefined();
    cache.setListening(false);
    cache.keep('f', caller(4, 40), 60_000, cache.mark());
    expect(cache.get('f')).toBeUndefined();
  });
});

const twoNodes = (await redisAvailable()) && (await postgresAvailable());

describe.runIf(twoNodes)('the order calls on two nodes', () => {
  const nodes: Harness[] = [];
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  beforeAll(async () => {
    database = await createPostgresDatabase('test_order_nodes');
    for (let i = 0; i < 2; i++) {
      const dataDir = tempDataDir();
      const db = await openPostgres(database.url, 3);
      const app = await buildApp(testConfig(dataDir, { DATABASE_URL: database.url, REDIS_URL }), { db, logger: false });
      nodes.push({ app, db, dataDir, base: await listen(app), close: () => app.close() });
    }
  });
  afterAll(async () => {
    for (const n of nodes) {
      await n.app.close();
      await n.db.close();
      rmSync(n.dataDir, { recursive: true, force: true });
    }
    await database?.drop();
  });

  it('refuses on node B at once a session signed out on node A, though B had just cached it', async () => {
    const [a, b] = [nodes[0]!, nodes[1]!];
    const op = (await call(a, 'POST', '/web/operator/login', { body: { email: OPERATOR.email, password: OPERATOR.password } })).data.token;
    const u = await trader(a, op, '1000');
    expect((await call(b, 'POST', '/web/gold/create', { token: u.token, headers: key(), body: btc('0.00001') })).code).toBe(200);
    expect((await call(a, 'POST', '/web/logout', { token: u.token, body: {} })).code).toBe(200);
    const r = await call(b, 'POST', '/web/gold/create', { token: u.token, headers: key(), body: btc('0.00001') });
    expect([r.status, r.msg]).toEqual([401, 'login expired']);
  });

  it('refuses on node B at once the sessions a password change on node A ended', async () => {
    const [a, b] = [nodes[0]!, nodes[1]!];
    const op = (await call(a, 'POST', '/web/operator/login', { body: { email: OPERATOR.email, password: OPERATOR.password } })).data.token;
    const u = await trader(a, op, '1000');
    const other = (await call(a, 'POST', '/web/loginByUsername', { body: { username: u.username, password: u.password } })).data.token;
    expect((await call(b, 'POST', '/web/gold/create', { token: other, headers: key(), body: btc('0.00001') })).code).toBe(200);
    const changed = await call(a, 'POST', '/web/updatePassword', { token: u.token, body: { oldPassword: u.password, newPassword: 'another-pass2' } });
    expect(changed.code).toBe(200);
    expect((await call(b, 'POST', '/web/gold/create', { token: other, headers: key(), body: btc('0.00001') })).status).toBe(401);
    // The session that changed the password goes on.
    expect((await call(b, 'POST', '/web/gold/create', { token: u.token, headers: key(), body: btc('0.00001') })).code).toBe(200);
  });
});
