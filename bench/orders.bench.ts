// Orders per second through HTTP: market orders on BTCUSDT (always open) that fill, each with its
// journal, from 20 signed-in traders, against the database's own transaction rate measured in the
// same run: pgbench TPC-B on PostgreSQL, and an equivalent single-session TPC-B loop on PGlite.
// Beside the rates, the statements and round trips one order costs, counted in a node run in this
// process on each database, and (on Linux) the CPU one order and one reference transaction cost: on a
// machine shared with other work the rates move with its load, the CPU per order much less.
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { JournalKind, KycStatus, WalletCode } from '@tradeapp/contract';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPglite, openPostgres, type Db } from '../apps/server/src/db/db';
import { postJournal } from '../apps/server/src/ledger/ledger';
import { apiPoster, BENCH_OPERATOR, fmt, loadServerEnv, record, stop, tempDir, timeToReady } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PORT = 8394;
const base = `http://127.0.0.1:${PORT}/web`;
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

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

const api = apiPoster(base, send);

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
  const upload = (await (await send(`${base}/file/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json()) as {
    data: { url: string };
  };
  await api('/updateReal', { firstName: 'Bench', lastName: 'Trader', country: 'NL', idType: 'passport', idNumber: `B${n}`, frontUrl: upload.data.url }, token);
  const queue = (await (await send(`${base}/operator/kyc?status=1&size=100`, { headers: { authorization: `Bearer ${op}` } })).json()) as {
    data: { list: { id: number }[] };
  };
  for (const k of queue.data.list) await approve(`/operator/kyc/${k.id}/approve`, op);
  const d = await api('/recharge/create', { method: 'fiat', currency: 'EUR', amount: '100000', proofUrl: upload.data.url }, token, {
    'idempotency-key': randomUUID(),
  });
  await approve(`/operator/deposits/${d.id}/approve`, op);
  await api('/wallet/transfer', { from: 'BALANCE', to: 'FOREX', amount: '100000' }, token, { 'idempotency-key': randomUUID() });
  return token;
}

/** CPU milliseconds a process has used (user + system, or its waited-for children's), from /proc/<pid>/stat at 100 ticks a second; 0 without it. */
function cpuMsOf(pid: number | 'self', children = false): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const [user, system] = children ? [fields[13], fields[14]] : [fields[11], fields[12]];
    return (Number(user) + Number(system)) * 10;
  } catch {
    return 0;
  }
}

/**
 * The CPU the backends of a PostgreSQL database use from now until the answered function is called:
 * those seen now and those that start meanwhile (a pool opens connections as the load asks for them).
 */
async function backendsCpu(admin: pg.Client, database: string) {
  const pids = async () => (await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database])).rows.map((r) => r.pid);
  const start = new Map((await pids()).map((p) => [p, cpuMsOf(p)]));
  return async () => (await pids()).reduce((sum, p) => sum + cpuMsOf(p) - (start.get(p) ?? 0), 0);
}

/** CPU per order, in ms: the server, its database's backends (PostgreSQL), and this process's load generator (autocannon). */
interface OrderCpu {
  server: number;
  database: number;
  client: number;
}

async function orderLoad(label: string, env: Record<string, string>, backends?: () => Promise<() => Promise<number>>) {
  // Without the agencies (loadServerEnv): their backfill took a sixth of the server's CPU (and, on
  // PGlite, turns of its one connection) while the orders were measured.
  const server = await timeToReady('apps/server/src/main.ts', { ...loadServerEnv(PORT, 'bench-orders-'), ...env }, `${base}/health`);
  try {
    const op = (await api('/operator/login', BENCH_OPERATOR)).token as string;
    const tokens: string[] = [];
    for (let n = 0; n < CONNECTIONS; n++) tokens.push(await trader(op, n));
    const body = JSON.stringify({ stockCode: 'BTCUSDT', direction: 0, source: 100, type: 0, quantity: '0.00001', leverage: 1, goldCode: 'BTCUSDT' });
    let next = 0;
    const serverCpu = cpuMsOf(server.child.pid!);
    const databaseCpu = await backends?.();
    const clientCpu = process.cpuUsage();
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
    const client = process.cpuUsage(clientCpu);
    const orders = Math.max(result.requests.total, 1);
    const cpu: OrderCpu = {
      server: (cpuMsOf(server.child.pid!) - serverCpu) / orders,
      database: (databaseCpu ? await databaseCpu() : 0) / orders,
      client: (client.user + client.system) / 1000 / orders,
    };
    if (result.non2xx > 0 || result.errors > 0) console.log(`  (${label}: ${result.non2xx} non-2xx, ${result.errors} errors)`);
    return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpu };
  } finally {
    await stop(server.child);
  }
}

/** pgbench's TPC-B: its rate, and the CPU per transaction of its backends and of pgbench itself. */
async function pgbench(url: string, admin: pg.Client, database: string): Promise<{ tps: number; database: number; client: number }> {
  execFileSync('pgbench', ['-i', '-q', '-s', '1', url], { stdio: 'ignore' });
  const clientCpu = cpuMsOf('self', true);
  const run = spawn('pgbench', ['-c', '4', '-j', '2', '-T', String(SECONDS), url], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  run.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = once(run, 'exit');
  // The backends are read from its first second to its last, while they live; the rate is the run's.
  await new Promise((r) => setTimeout(r, 1000));
  const databaseCpu = await backendsCpu(admin, database);
  const from = performance.now();
  await new Promise((r) => setTimeout(r, (SECONDS - 1.5) * 1000));
  const backends = await databaseCpu();
  const window = (performance.now() - from) / 1000;
  await exited;
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0);
  const transactions = Math.max(tps * SECONDS, 1);
  return { tps, database: backends / Math.max(tps * window, 1), client: (cpuMsOf('self', true) - clientCpu) / transactions };
}

/** TPC-B's transaction, one session, on PGlite: the embedded database's own ceiling. */
async function pgliteLoop(): Promise<{ tps: number; cpu: number }> {
  const db = await PGlite.create();
  await db.exec(`create table branches (id int primary key, balance int); create table tellers (id int primary key, branch int, balance int);
    create table accounts (id int primary key, branch int, balance int); create table history (teller int, branch int, account int, delta int, at timestamptz);
    insert into branches values (1, 0); insert into tellers select g, 1, 0 from generate_series(1, 10) g; insert into accounts select g, 1, 0 from generate_series(1, 100000) g;`);
  let n = 0;
  const cpu = process.cpuUsage();
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
  const used = process.cpuUsage(cpu);
  await db.close();
  return { tps: n / SECONDS, cpu: (used.user + used.system) / 1000 / Math.max(n, 1) };
}

// Statements as the database counts them, one CommandComplete each (a multi-statement exec ends
// in one per statement), beside the Db's own count of round trips (queries sent and awaited).
// Counted at each driver's protocol layer, which both server and bench load from the same package.
let completed = 0;
const countCompleted = (messages: Array<{ name?: string }>) => {
  for (const m of messages) if (m.name === 'commandComplete') completed++;
  return messages;
};
const liteStream = PGlite.prototype.execProtocolStream;
PGlite.prototype.execProtocolStream = async function (this: PGlite, ...args: Parameters<PGlite['execProtocolStream']>) {
  return countCompleted(await liteStream.apply(this, args)) as Awaited<ReturnType<PGlite['execProtocolStream']>>;
};
// The server's named statements (db/pgliteStatements.ts) go through `execProtocol`.
const liteProtocol = PGlite.prototype.execProtocol;
PGlite.prototype.execProtocol = async function (this: PGlite, ...args: Parameters<PGlite['execProtocol']>) {
  const result = await liteProtocol.apply(this, args);
  countCompleted(result.messages);
  return result;
};
(pg as unknown as { Connection: { prototype: EventEmitter } }).Connection.prototype.emit = function (
  this: EventEmitter,
  event: string | symbol,
  ...args: unknown[]
) {
  if (event === 'commandComplete') completed++;
  return EventEmitter.prototype.emit.call(this, event, ...args);
};

interface PerOrder {
  statements: number;
  roundTrips: number;
}

/**
 * Statements and round trips per order, BEGIN and COMMIT included, in a node of this process on
 * `db`: orders one at a time, and CONNECTIONS at once (the groups; on PostgreSQL in its lanes).
 * Whatever else the node sends meanwhile (the trigger engine looking at the quote) counts too.
 */
async function perOrder(db: Db): Promise<{ alone: PerOrder; together: PerOrder }> {
  const dir = tempDir('bench-statements-');
  const app = await buildApp(
    loadConfig({
      DATA_DIR: dir,
      OPERATOR_EMAIL: BENCH_OPERATOR.email,
      OPERATOR_PASSWORD: BENCH_OPERATOR.password,
      LOG_LEVEL: 'silent',
      AGENCIES: '0',
      RATE_LIMIT_FACTOR: '10000',
      WEB_DIST: join(dir, 'none'),
      OPERATOR_DIST: join(dir, 'none'),
    }),
    { db, logger: false },
  );
  try {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, read by name
    const inject = async (url: string, payload: object, token?: string, headers: Record<string, string> = {}): Promise<any> => {
      const r = await app.inject({
        method: 'POST',
        url: `/web${url}`,
        payload,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      });
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
    // Two orders each first: an account opened by the first is looked up once more by the second, then remembered.
    for (let r = 0; r < 2; r++) for (const t of tokens) await order(t);
    const measure = async (orders: number, run: () => Promise<void>): Promise<PerOrder> => {
      const [statements, roundTrips] = [completed, db.statements()];
      await run();
      return { statements: (completed - statements) / orders, roundTrips: (db.statements() - roundTrips) / orders };
    };
    const alone = await measure(tokens.length, async () => {
      for (const t of tokens) await order(t);
    });
    const rounds = 10;
    const together = await measure(rounds * tokens.length, async () => {
      for (let r = 0; r < rounds; r++) await Promise.all(tokens.map(order));
    });
    return { alone, together };
  } finally {
    await app.close();
    await db.close();
  }
}

const liteCounts = await perOrder(await openPglite());

// PostgreSQL
const name = `bench_orders_${process.pid}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`drop database if exists ${name}_count`);
await admin.query(`create database ${name}_count`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}_count`;
// Opened as main.ts opens it (its default pool, so as many lanes), migrated by buildApp.
const pgCounts = await perOrder(await openPostgres(url.toString()));
await admin.query(`drop database if exists ${name}_count with (force)`);
await admin.query(`drop database if exists ${name}`);
await admin.query(`create database ${name}`);
url.pathname = `/${name}`;
const pgOrders = await orderLoad('postgres', { DATABASE_URL: url.toString() }, () => backendsCpu(admin, name));
await admin.query(`drop database if exists ${name}_tpcb`);
await admin.query(`create database ${name}_tpcb`);
url.pathname = `/${name}_tpcb`;
const tpcb = await pgbench(url.toString(), admin, `${name}_tpcb`);
const tps = tpcb.tps;
await admin.query(`drop database if exists ${name} with (force)`);
await admin.query(`drop database if exists ${name}_tpcb with (force)`);
await admin.end();

// PGlite
const liteOrders = await orderLoad('pglite', {});
const lite = await pgliteLoop();
const liteTps = lite.tps;

const counts = (c: { alone: PerOrder; together: PerOrder }) =>
  `${fmt(c.together.statements, 2)} statements and ${fmt(c.together.roundTrips, 2)} round trips per order with ${CONNECTIONS} at once, ` +
  `${fmt(c.alone.statements, 2)} and ${fmt(c.alone.roundTrips, 2)} one at a time`;
// What the rates' ratio would be where everything is CPU bound on the same cores: the reference's CPU per transaction over an order's.
const ms = (n: number) => fmt(n, 2);
const pgCpu = pgOrders.cpu.server + pgOrders.cpu.database + pgOrders.cpu.client;
const pgCpuRatio = (tpcb.database + tpcb.client) / pgCpu;
const liteCpu = liteOrders.cpu.server + liteOrders.cpu.client;
const liteCpuRatio = lite.cpu / liteCpu;
console.log(`market orders that fill, through HTTP (${CONNECTIONS} traders, ${SECONDS} s)`);
console.log(
  `  PostgreSQL: ${fmt(pgOrders.rps)} orders/s, p50 ${pgOrders.p50} ms, p99 ${pgOrders.p99} ms; pgbench TPC-B ${fmt(tps)} tps -> ${fmt(pgOrders.rps / tps, 3)}x`,
);
console.log(`              ${counts(pgCounts)}`);
console.log(
  `              CPU per order ${ms(pgCpu)} ms (server ${ms(pgOrders.cpu.server)}, PostgreSQL ${ms(pgOrders.cpu.database)}, autocannon ${ms(pgOrders.cpu.client)}); ` +
    `per TPC-B transaction ${ms(tpcb.database + tpcb.client)} ms (PostgreSQL ${ms(tpcb.database)}, pgbench ${ms(tpcb.client)}) -> ${fmt(pgCpuRatio, 3)}x if CPU bound`,
);
console.log(
  `  PGlite:     ${fmt(liteOrders.rps)} orders/s, p50 ${liteOrders.p50} ms, p99 ${liteOrders.p99} ms; TPC-B loop ${fmt(liteTps)} tps -> ${fmt(liteOrders.rps / liteTps, 3)}x`,
);
console.log(`              ${counts(liteCounts)}`);
console.log(
  `              CPU per order ${ms(liteCpu)} ms (server ${ms(liteOrders.cpu.server)}, autocannon ${ms(liteOrders.cpu.client)}); per TPC-B loop transaction ${ms(lite.cpu)} ms -> ${fmt(liteCpuRatio, 3)}x if CPU bound`,
);

const detail = (o: { p50: number; p99: number; cpu: OrderCpu }, c: { alone: PerOrder; together: PerOrder }, reference: number) => ({
  'p50 ms': o.p50,
  'p99 ms': o.p99,
  [`statements per order, ${CONNECTIONS} at once`]: Number(fmt(c.together.statements, 2)),
  [`round trips per order, ${CONNECTIONS} at once`]: Number(fmt(c.together.roundTrips, 2)),
  'statements per order, one at a time': Number(fmt(c.alone.statements, 2)),
  'round trips per order, one at a time': Number(fmt(c.alone.roundTrips, 2)),
  'server CPU ms per order': Number(ms(o.cpu.server)),
  'database CPU ms per order': Number(ms(o.cpu.database)),
  'load generator CPU ms per order': Number(ms(o.cpu.client)),
  'reference CPU ms per transaction': Number(ms(reference)),
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
    detail: { ...detail(pgOrders, pgCounts, tpcb.database + tpcb.client), 'ratio if CPU bound': Number(fmt(pgCpuRatio, 3)) },
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
    detail: { ...detail(liteOrders, liteCounts, lite.cpu), 'ratio if CPU bound': Number(fmt(liteCpuRatio, 3)) },
  },
);
