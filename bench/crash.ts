// The crash test (issue 16): transfers under idempotency keys from concurrent clients, the server
// killed with SIGKILL mid-load, restarted on the same database, again and again; on PostgreSQL and on
// PGlite. After each restart:
// - every acknowledged transfer, sent again under its key, gets the very answer it got (it exists);
// - every transfer the crash cut off, sent again under its key, is answered (200 or a refusal),
//   never "in flight": no key is stuck;
// - each trader's FOREX balance is exactly one euro per key answered 200: no transfer lost, none twice;
// - the ledger check is clean.
// `npm run crash -w @tradeapp/bench` (CRASHES, CLIENTS, CRASH_SEED to change the run).
import { type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { tempDir, timeToReady } from './lib';

const CRASHES = Number(process.env.CRASHES ?? 5);
const CLIENTS = Number(process.env.CLIENTS ?? 8);
const PORT = 8396;
const base = `http://127.0.0.1:${PORT}/web`;
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const OPERATOR = { email: 'crash@example.com', password: 'crash-password' };
const START = 100_000;

/** A small seeded generator, so that a failing run's kill moments replay. */
let seed = Number(process.env.CRASH_SEED ?? 16);
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

interface Answer {
  status: number;
  text: string;
}

async function send(path: string, body: unknown, token?: string, key?: string): Promise<Answer> {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, read by name
async function api(path: string, body: unknown, token?: string, key?: string): Promise<any> {
  const a = await send(path, body, token, key);
  const json = JSON.parse(a.text) as { code: number; msg: string; data: unknown };
  if (json.code !== 200) throw new Error(`${path}: ${json.msg}`);
  return json.data;
}

async function trader(op: string, n: number): Promise<string> {
  const { token } = await api('/register', { username: `crash_${n}_${Date.now().toString(36)}`, password: 'crash-pass1', agreement: true });
  const form = new FormData();
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEklEQVR4nGOsr69nQAJMDKgAAFqgAYtrPDdQAAAAAElFTkSuQmCC', 'base64');
  form.append('file', new Blob([png], { type: 'image/png' }), 'proof.png');
  const upload = (await (await fetch(`${base}/file/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json()) as {
    data: { url: string };
  };
  const d = await api('/recharge/create', { method: 'fiat', currency: 'EUR', amount: String(START), proofUrl: upload.data.url }, token, randomUUID());
  await api(`/operator/deposits/${d.id}/approve`, {}, op);
  return token as string;
}

interface Sent {
  trader: number;
  key: string;
  /** The answer the client got before the crash, if any. */
  answer?: Answer;
}

async function run(label: string, env: Record<string, string>) {
  const serverEnv = {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    OPERATOR_EMAIL: OPERATOR.email,
    OPERATOR_PASSWORD: OPERATOR.password,
    LOG_LEVEL: 'fatal',
    RATE_LIMIT_FACTOR: '10000',
    AGENCIES: '0',
    ...env,
  };
  const start = () => timeToReady('apps/server/src/main.ts', serverEnv, `${base}/health`);
  let server: { child: ChildProcess } = await start();
  let op = (await api('/operator/login', OPERATOR)).token as string;
  const tokens: string[] = [];
  for (let n = 0; n < CLIENTS; n++) tokens.push(await trader(op, n));
  const sent: Sent[] = [];
  const body = { from: 'BALANCE', to: 'FOREX', amount: '1' };
  let cut = 0;
  let retried200 = 0;
  let survived = 0;

  for (let crash = 0; crash < CRASHES; crash++) {
    let running = true;
    const clients = tokens.map(async (token, t) => {
      while (running) {
        const s: Sent = { trader: t, key: randomUUID() };
        sent.push(s);
        try {
          s.answer = await send('/wallet/transfer', body, token, s.key);
        } catch {
          return; // the server died under this request
        }
      }
    });
    await new Promise((r) => setTimeout(r, 1_500 + random() * 2_500));
    server.child.kill('SIGKILL');
    running = false;
    await Promise.all(clients);
    await new Promise((r) => (server.child.exitCode !== null || server.child.signalCode !== null ? r(null) : server.child.once('exit', r)));

    server = await start();
    op = (await api('/operator/login', OPERATOR)).token as string;
    for (const s of sent) {
      const again = await send('/wallet/transfer', body, tokens[s.trader], s.key);
      if (s.answer) {
        // A stored answer comes back from jsonb, its keys maybe in another order: compared as JSON.
        if (again.status !== s.answer.status || !isDeepStrictEqual(JSON.parse(again.text), JSON.parse(s.answer.text)))
          throw new Error(`${label}: key ${s.key} answered ${again.status} ${again.text}, before the crash ${s.answer.status} ${s.answer.text}`);
      } else {
        if (again.status === 409 || again.status >= 500) throw new Error(`${label}: key ${s.key}, cut off by the crash, answers ${again.status} ${again.text}`);
        s.answer = again;
        cut += 1;
        if (again.status === 200) retried200 += 1;
      }
    }
    const wallets = await Promise.all(tokens.map((token) => api('/wallet/getWalletBalance', {}, token) as Promise<Array<{ code: string; balance: string }>>));
    wallets.forEach((w, t) => {
      const moved = sent.filter((s) => s.trader === t && s.answer?.status === 200).length;
      const forex = w.find((x) => x.code === 'FOREX')!.balance;
      const balance = w.find((x) => x.code === 'BALANCE')!.balance;
      if (forex !== `${moved}.00` || balance !== `${START - moved}.00`)
        throw new Error(`${label}: trader ${t} has FOREX ${forex} and BALANCE ${balance}, but ${moved} transfers of 1 were answered 200`);
    });
    const check = (await (await fetch(`${base}/operator/ledger/check`, { headers: { authorization: `Bearer ${op}` } })).json()) as { data: { ok: boolean } };
    if (!check.data.ok) throw new Error(`${label}: the ledger check fails after crash ${crash + 1}: ${JSON.stringify(check.data)}`);
    survived += 1;
  }
  const acknowledged = sent.length - cut;
  server.child.kill('SIGTERM');
  await new Promise((r) => (server.child.exitCode !== null ? r(null) : server.child.once('exit', r)));
  console.log(
    `  ${label}: ${survived} crashes survived; ${sent.length} transfers sent, ${acknowledged} acknowledged and answered the same after the crashes, ${cut} cut off and answered on retry (${retried200} moved money then); balances and ledger exact`,
  );
}

console.log(`crash test: SIGKILL under load from ${CLIENTS} clients, ${CRASHES} times, seed ${process.env.CRASH_SEED ?? 16}`);
const name = `bench_crash_${process.pid}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database ${name}`);
try {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  await run('PostgreSQL', { DATABASE_URL: url.toString(), DATA_DIR: tempDir('crash-pg-') });
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
await run('PGlite', { DATA_DIR: tempDir('crash-lite-') });
