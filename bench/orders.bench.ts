// Orders per second through HTTP: market orders on BTCUSDT (always open) that fill, each with its
// journal, from 20 signed-in traders, against the database's own transaction rate measured in the
// same run: pgbench TPC-B on PostgreSQL, and an equivalent single-session TPC-B loop on PGlite.
// Beside the rates, the statements one order costs, counted in a node run in this process.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { JournalKind, KycStatus, WalletCode } from '@tradeapp/contract';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPglite } from '../apps/server/src/db/db';
import { postJournal } from '../apps/server/src/ledger/ledger';
import { fmt, record, stop, tempDir, timeToReady } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PORT = 8394;
const base = `http://127.0.0.1:${PORT}/web`;
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const OPERATOR = { email: 'bench@example.com', password: 'bench-password' };

/**
 * fetch, sent again once when the server closed the kept-alive connection as the request went out
 * (the setup's requests are minutes apart on a loaded machine): such a request was never read.
 */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    if (code !== 'UND_ERR_SOCKET' && code !== 'ECONNRESET') throw err;
    return fetch(url, init);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, read by name
async function api(path: string, body: unknown, token?: string, headers: Record<string, string> = {}): Promise<any> {
  const res = await send(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg: string; data: unknown };
  if (json.code !== 200) throw new Error(`${path}: ${json.msg}`);
  return json.data;
}

/** An operator's approval; sent again after a lost answer, it finds the review done, which is what was asked. */
const approve = (path: string, op: string) =>
  api(path, {}, op).catch((err: Error) => {
    if (!err.message.includes('already been reviewed')) throw err;
  });

/** A verified trader with 100,000 EUR in the FOREX wallet. */
async function trader(op: string, n: number): Promise<string> {
  const { token } = await api('/register', { username: `bench_${n}_${Date.now().toString(36)}`, password: 'bench-pass1', agreement: true });
  const form = new FormData();
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEklEQVR4nGOsr69nQAJMDKgAAFqgAYtrPDdQAAAAAElFTkSuQmCC', 'base64');
  form.append('file', new Blob([png], { type: 'image/png' }), 'id.png');
  const upload = (await (await send(`${base}/file/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json()) as { data: { url: string } };
  await api('/updateReal', { firstName: 'Bench', lastName: 'Trader', country: 'NL', idType: 'passport', idNumber: `B${n}`, frontUrl: upload.data.url }, token);
  const queue = (await (await send(`${base}/operator/kyc?status=1&size=100`, { headers: { authorization: `Bearer ${op}` } })).json()) as { data: { list: { id: number }[] } };
  for (const k of queue.data.list) await approve(`/operator/kyc/${k.id}/approve`, op);
  const d = await api('/recharge/create', { method: 'fiat', currency: 'EUR', amount: '100000', proofUrl: upload.data.url }, token, { 'idempotency-key': randomUUID() });
  await approve(`/operator/deposits/${d.id}/approve`, op);
  await api('/wallet/transfer', { from: 'BALANCE', to: 'FOREX', amount: '100000' }, token, { 'idempotency-key': randomUUID() });
  return token;
}

async function orderLoad(label: string, env: Record<string, string>) {
  const server = await timeToReady(
    'apps/server/src/main.ts',
    { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: tempDir('bench-orders-'), OPERATOR_EMAIL: OPERATOR.email, OPERATOR_PASSWORD: OPERATOR.password, LOG_LEVEL: 'warn', RATE_LIMIT_FACTOR: '10000', ...env },
    `${base}/health`,
  );
  try {
    const op = (await api('/operator/login', OPERATOR)).token as string;
    const tokens: string[] = [];
    for (let n = 0; n < CONNECTIONS; n++) tokens.push(await trader(op, n));
    const body = JSON.stringify({ stockCode: 'BTCUSDT', direction: 0, source: 100, type: 0, quantity: '0.00001', leverage: 1, goldCode: 'BTCUSDT' });
    let next = 0;
    const result = await autocannon({
      url: `${base}/gold/create`,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => ({
            ...req,
            body,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[next++ % tokens.length]}`, 'idempotency-key': randomUUID() },
          }),
        },
      ],
    });
    if (result.non2xx > 0 || result.errors > 0) console.log(`  (${label}: ${result.non2xx} non-2xx, ${result.errors} errors)`);
    return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
  } finally {
    await stop(server.child);
  }
}

function pgbench(url: string): number {
  execFileSync('pgbench', ['-i', '-q', '-s', '1', url], { stdio: 'ignore' });
  const out = execFileSync('pgbench', ['-c', '4', '-j', '2', '-T', String(SECONDS), url], { encoding: 'utf8' });
  return Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0);
}

/** TPC-B's transaction, one session, on PGlite: the embedded database's own ceiling. */
async function pgliteLoop(): Promise<number> {
  const db = await PGlite.create();
  await db.exec(`create table branches (id int primary key, balance int); create table tellers (id int primary key, branch int, balance int);
    create table accounts (id int primary key, branch int, balance int); create table history (teller int, branch int, account int, delta int, at timestamptz);
    insert into branches values (1, 0); insert into tellers select g, 1, 0 from generate_series(1, 10) g; insert into accounts select g, 1, 0 from generate_series(1, 100000) g;`);
  let n = 0;
  const end = performance.now() + SECONDS * 1000;
  while (performance.now() < end) {
    const a = 1 + (n % 100000);
    const t = 1 + (n % 10);
    await db.transaction(async (tx) => {
      await tx.query('update accounts set balance = balance + $1 where id = $2', [5, a]);
      await tx.query('select balance from accounts where id = $1', [a]);
      await tx.query('update tellers set balance = balance + $1 where id = $2', [5, t]);
      await tx.query('update branches set balance = balance + $1 where id = 1', [5]);
      await tx.query('insert into history values ($1, 1, $2, $3, now())', [t, a, 5]);
    });
    n++;
  }
  await db.close();
  return n / SECONDS;
}

/**
 * Statements sent per order, BEGIN and COMMIT included, in a node of this process on PGlite (the
 * same code path on both databases): orders one at a time, and CONNECTIONS at once (the groups).
 * Whatever else the node sends meanwhile (the trigger engine looking at the quote) counts too.
 */
async function statementsPerOrder(): Promise<{ alone: number; together: number }> {
  const dir = tempDir('bench-statements-');
  const db = await openPglite();
  const app = await buildApp(
    loadConfig({ DATA_DIR: dir, OPERATOR_EMAIL: OPERATOR.email, OPERATOR_PASSWORD: OPERATOR.password, LOG_LEVEL: 'silent', AGENCIES: '0', RATE_LIMIT_FACTOR: '10000', WEB_DIST: join(dir, 'none'), OPERATOR_DIST: join(dir, 'none') }),
    { db, logger: false },
  );
  try {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, read by name
    const inject = async (url: string, payload: object, token?: string, headers: Record<string, string> = {}): Promise<any> => {
      const r = await app.inject({ method: 'POST', url: `/web${url}`, payload, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
      const json = r.json() as { code: number; msg: string; data: unknown };
      if (json.code !== 200) throw new Error(`${url}: ${json.msg}`);
      return json.data;
    };
    const tokens: string[] = [];
    for (let n = 0; n < CONNECTIONS; n++) {
      const { token, userInfo } = await inject('/register', { username: `count_${n}_${Date.now().toString(36)}`, password: 'bench-pass1', agreement: true });
      // Identity and money set straight in the database: only the orders are counted.
      await db.query('update users set kyc_status = $2 where id = $1', [userInfo.id, KycStatus.Verified]);
      await db.tx((sql) =>
        postJournal(sql, { kind: JournalKind.Deposit, userId: userInfo.id, actorId: null, memo: 'bench' }, [
          { account: { house: 'deposits', currency: 'EUR' }, amount: '-100000' },
          { account: { userId: userInfo.id, wallet: WalletCode.Forex, part: 'available', currency: 'EUR' }, amount: '100000' },
        ]),
      );
      tokens.push(token);
    }
    const body = { stockCode: 'BTCUSDT', direction: 0, source: 100, type: 0, quantity: '0.00001', leverage: 1, goldCode: 'BTCUSDT' };
    const order = (token: string) => inject('/gold/create', body, token, { 'idempotency-key': randomUUID() });
    for (const t of tokens) await order(t);
    let before = db.statements();
    for (const t of tokens) await order(t);
    const alone = (db.statements() - before) / tokens.length;
    const rounds = 10;
    before = db.statements();
    for (let r = 0; r < rounds; r++) await Promise.all(tokens.map(order));
    return { alone, together: (db.statements() - before) / (rounds * tokens.length) };
  } finally {
    await app.close();
    await db.close();
  }
}

const statements = await statementsPerOrder();

// PostgreSQL
const name = `bench_orders_${process.pid}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`drop database if exists ${name}`);
await admin.query(`create database ${name}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
const pgOrders = await orderLoad('postgres', { DATABASE_URL: url.toString() });
await admin.query(`drop database if exists ${name}_tpcb`);
await admin.query(`create database ${name}_tpcb`);
url.pathname = `/${name}_tpcb`;
const tps = pgbench(url.toString());
await admin.query(`drop database if exists ${name} with (force)`);
await admin.query(`drop database if exists ${name}_tpcb with (force)`);
await admin.end();

// PGlite
const liteOrders = await orderLoad('pglite', {});
const liteTps = await pgliteLoop();

console.log(`market orders that fill, through HTTP (${CONNECTIONS} traders, ${SECONDS} s)`);
console.log(`  PostgreSQL: ${fmt(pgOrders.rps)} orders/s, p50 ${pgOrders.p50} ms, p99 ${pgOrders.p99} ms; pgbench TPC-B ${fmt(tps)} tps -> ${fmt(pgOrders.rps / tps, 3)}x`);
console.log(`  PGlite:     ${fmt(liteOrders.rps)} orders/s, p50 ${liteOrders.p50} ms, p99 ${liteOrders.p99} ms; TPC-B loop ${fmt(liteTps)} tps -> ${fmt(liteOrders.rps / liteTps, 3)}x`);
console.log(`  statements per order: ${fmt(statements.alone, 2)} one at a time, ${fmt(statements.together, 2)} with ${CONNECTIONS} at once`);

const detail = (o: { p50: number; p99: number }) => ({
  'p50 ms': o.p50,
  'p99 ms': o.p99,
  'statements per order, one at a time': Number(fmt(statements.alone, 2)),
  [`statements per order, ${CONNECTIONS} at once`]: Number(fmt(statements.together, 2)),
  seconds: SECONDS,
});
const pgRatio = tps > 0 ? pgOrders.rps / tps : 0;
const liteRatio = liteTps > 0 ? liteOrders.rps / liteTps : 0;
record(
  {
    figure: `market orders that fill, PostgreSQL, ${CONNECTIONS} traders`,
    value: pgOrders.rps,
    unit: 'orders/s',
    reference: 'pgbench TPC-B',
    referenceValue: tps,
    ratio: pgRatio,
    goal: 'ratio >= 0.5, p99 <= 50 ms',
    met: pgRatio >= 0.5 && pgOrders.p99 <= 50,
    detail: detail(pgOrders),
  },
  {
    figure: 'market orders that fill, PGlite',
    value: liteOrders.rps,
    unit: 'orders/s',
    reference: 'TPC-B loop on PGlite',
    referenceValue: liteTps,
    ratio: liteRatio,
    goal: 'ratio >= 0.3',
    met: liteRatio >= 0.3,
    detail: detail(liteOrders),
  },
);
