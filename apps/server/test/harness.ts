import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPglite, openPostgres, type Db } from '../src/db/db';
import type { MarketProvider } from '../src/market/types';
import { pngBytes } from './fixtures';
import { createPostgresDatabase, postgresAvailable } from './services';

export const OPERATOR = { email: 'ops@example.com', password: 'operator-secret-1' };

/** PGlite always; PostgreSQL whenever one answers, and in CI it must (see services.ts). */
export async function drivers(): Promise<Array<'pglite' | 'postgres'>> {
  return (await postgresAvailable()) ? ['pglite', 'postgres'] : ['pglite'];
}

export const tempDataDir = () => mkdtempSync(join(tmpdir(), 'tradeapp-test-'));

export interface Harness {
  app: FastifyInstance;
  db: Db;
  base: string;
  dataDir: string;
  close(): Promise<void>;
}

/** A server's config for tests: quiet, the known operator, no built web apps. */
export const testConfig = (dataDir: string, env: Record<string, string> = {}) =>
  loadConfig({
    DATA_DIR: dataDir,
    OPERATOR_EMAIL: OPERATOR.email,
    OPERATOR_PASSWORD: OPERATOR.password,
    LOG_LEVEL: 'silent',
    WEB_DIST: join(dataDir, 'no-web'),
    OPERATOR_DIST: join(dataDir, 'no-operator'),
    AGENCIES: '0',
    PORTFOLIO_VERIFY_SKIPS: '1',
    // The test client is its own proxy: `registerUser` names a client address of its own per user.
    TRUST_PROXY: '127.0.0.1',
    // Test files run at once in several processes against one Redis: each process its own keys and
    // channels (the nodes of one test share them, as one deployment's do).
    REDIS_PREFIX: `test-${process.pid}:`,
    ...env,
  });

/** A server on a random loopback port, over a fresh database of the given driver. */
export async function startServer(
  driver: 'pglite' | 'postgres',
  env: Record<string, string> = {},
  opts: { now?: () => number; provider?: MarketProvider } = {},
): Promise<Harness> {
  const dataDir = tempDataDir();
  let db: Db;
  let dropDatabase = async () => {};
  if (driver === 'postgres') {
    const database = await createPostgresDatabase();
    db = await openPostgres(database.url, 5);
    dropDatabase = database.drop;
  } else {
    db = await openPglite();
  }
  const app = await buildApp(testConfig(dataDir, env), { db, logger: false, ...opts });
  return {
    app,
    db,
    base: await listen(app),
    dataDir,
    async close() {
      await app.close();
      await db.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Listen on a random loopback port; the base URL to call. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

export interface Answer<T = unknown> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

/** One HTTP call the way the web app makes it. */
export async function call<T = any>(
  h: Harness,
  method: 'GET' | 'POST',
  path: string,
  opts: { body?: unknown; token?: string; lang?: string; headers?: Record<string, string>; form?: FormData | URLSearchParams } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.lang) headers.languages = opts.lang;
  // A URLSearchParams body goes as application/x-www-form-urlencoded (fetch sets the type).
  let body: FormData | URLSearchParams | string | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(h.base + path, { method, headers, body });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  return { status: res.status, ...json };
}

/**
 * The latest code mailed to an address, read as a person would read the mail: from its .eml file in
 * DATA_DIR/outbox (the tests run without SMTP). The database keeps only a redacted copy.
 */
export async function lastCode(h: Harness, email: string): Promise<string> {
  const [row] = await h.db.query<{ file_name: string | null }>('select file_name from mail_outbox where to_address = $1 order by id desc limit 1', [email]);
  const eml = row?.file_name ? readFileSync(join(h.dataDir, 'outbox', row.file_name), 'utf8') : '';
  const code = eml
    .split('\r\n\r\n')
    .slice(1)
    .join('\n')
    .match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

let seq = 0;
export const unique = (prefix: string) => `${prefix}${process.pid}x${Date.now().toString(36)}${seq++}`;

let clients = 0;
/** A client address of its own (through TRUST_PROXY), as every investor has: registrations are limited per address. */
export const clientAddress = () => {
  const n = (process.pid * 7919 + clients++) % 16_777_216;
  return `10.${n >> 16}.${(n >> 8) & 255}.${n & 255}`;
};

export async function registerUser(h: Harness, username = unique('user_'), password = 'secret-pass1') {
  const r = await call<{ token: string; userInfo: { id: number } }>(h, 'POST', '/web/register', {
    body: { username, password, agreement: true },
    headers: { 'x-forwarded-for': clientAddress() },
  });
  if (r.code !== 200) throw new Error(`register failed: ${r.msg}`);
  return { username, password, token: r.data.token, id: r.data.userInfo.id };
}

/** Upload a small PNG as `token`'s user; the URL to refer to it by. */
export async function uploadImage(h: Harness, token: string, name = 'id.png'): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([pngBytes()], { type: 'image/png' }), name);
  const r = await call<{ url: string }>(h, 'POST', '/web/file/upload', { form, token });
  if (r.code !== 200) throw new Error(`upload failed: ${r.msg}`);
  return r.data.url;
}

/** The built-in operator's session token. */
export const operatorToken = async (h: Harness): Promise<string> =>
  (await call(h, 'POST', '/web/operator/login', { body: { email: OPERATOR.email, password: OPERATOR.password } })).data.token;

export async function countRows(h: Harness, table: string): Promise<number> {
  const [row] = await h.db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return row!.n;
}

/** Collect the frames of one socket until `done` says enough, or time runs out. */
export function collect(url: string, send: object[], done: (frames: any[]) => boolean, timeoutMs = 8000): Promise<any[]> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const frames: any[] = [];
    const timer = setTimeout(() => {
      ws.close();
      resolve(frames);
    }, timeoutMs);
    ws.on('open', () => send.forEach((m) => ws.send(JSON.stringify(m))));
    ws.on('message', (raw) => {
      frames.push(JSON.parse(String(raw)));
      if (done(frames)) {
        clearTimeout(timer);
        ws.close();
        resolve(frames);
      }
    });
    ws.on('error', reject);
  });
}

/** A push socket signed in with a token; frames are kept so a test can wait for one or check for none. */
export async function pushSocket(h: Harness, token: string) {
  const ws = new WebSocket(`${h.base.replace('http', 'ws')}/web/push`);
  const frames: any[] = [];
  let wake = () => {};
  ws.on('message', (raw) => {
    frames.push(JSON.parse(String(raw)));
    wake();
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const next = async (match: (f: any) => boolean, timeoutMs = 4000): Promise<any> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = frames.findIndex(match);
      if (i >= 0) return frames.splice(i, 1)[0];
      if (Date.now() > deadline) throw new Error(`no matching frame; have ${JSON.stringify(frames).slice(0, 400)}`);
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, 50);
      });
    }
  };
  ws.send(JSON.stringify({ op: 'auth', token }));
  await next((f) => f.type === 'ack' && f.op === 'auth');
  return {
    next,
    /**
     * Every frame matching `match` that arrived before an echo of the server, consumed. The server
     * pushes an event before it answers the call that caused it, and answers a socket's messages
     * in order: so once the ack of an empty unsubscribe is in, any event it sent this socket is too.
     */
    async rest(match: (f: any) => boolean) {
      ws.send(JSON.stringify({ op: 'unsubscribe', symbols: [] }));
      await next((f) => f.type === 'ack' && f.op === 'unsubscribe' && f.symbols.length === 0);
      const got = frames.filter(match);
      for (const f of got) frames.splice(frames.indexOf(f), 1);
      return got;
    },
    close: () => ws.close(),
  };
}
