import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { WebSocket } from 'ws';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPglite, openPostgres, type Db } from '../src/db/db';
import type { MarketProvider } from '../src/market/types';

export const OPERATOR = { email: 'ops@example.com', password: 'operator-secret-1' };
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let postgresReachable: Promise<boolean> | undefined;
/** PostgreSQL is tested whenever one answers; PGlite always. */
export function drivers(): Promise<Array<'pglite' | 'postgres'>> {
  postgresReachable ??= (async () => {
    const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 1500 });
    try {
      await client.connect();
      await client.end();
      return true;
    } catch {
      return false;
    }
  })();
  return postgresReachable.then((ok) => (ok ? ['pglite', 'postgres'] : ['pglite']));
}

export const tempDataDir = () => mkdtempSync(join(tmpdir(), 'tradeapp-test-'));

export interface Harness {
  app: FastifyInstance;
  db: Db;
  base: string;
  dataDir: string;
  close(): Promise<void>;
}

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
    const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    db = await openPostgres(url.toString(), 5);
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    db = await openPglite();
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    OPERATOR_EMAIL: OPERATOR.email,
    OPERATOR_PASSWORD: OPERATOR.password,
    LOG_LEVEL: 'silent',
    WEB_DIST: join(dataDir, 'no-web'),
    OPERATOR_DIST: join(dataDir, 'no-operator'),
    ...env,
  });
  const app = await buildApp(config, { db, logger: false, ...opts });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    db,
    base: `http://127.0.0.1:${port}`,
    dataDir,
    async close() {
      await app.close();
      await db.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
  opts: { body?: unknown; token?: string; lang?: string; headers?: Record<string, string>; form?: FormData } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.lang) headers.languages = opts.lang;
  let body: FormData | string | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(h.base + path, { method, headers, body });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  return { status: res.status, ...json };
}

/** The latest code mailed to an address, read from the outbox as a person would read the mail. */
export async function lastCode(h: Harness, email: string): Promise<string> {
  const [row] = await h.db.query<{ body_text: string }>('select body_text from mail_outbox where to_address = $1 order by id desc limit 1', [
    email,
  ]);
  const code = row?.body_text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

let seq = 0;
export const unique = (prefix: string) => `${prefix}${process.pid}x${Date.now().toString(36)}${seq++}`;

export async function registerUser(h: Harness, username = unique('user_'), password = 'secret-pass1') {
  const r = await call<{ token: string; userInfo: { id: number } }>(h, 'POST', '/web/register', {
    body: { username, password, agreement: true },
  });
  if (r.code !== 200) throw new Error(`register failed: ${r.msg}`);
  return { username, password, token: r.data.token, id: r.data.userInfo.id };
}

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
