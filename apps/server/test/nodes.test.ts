import { rmSync } from 'node:fs';
import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPostgres, type Db } from '../src/db/db';
import type { FastifyInstance } from 'fastify';
import { call, collect, drivers, registerUser, tempDataDir, unique, type Harness } from './harness';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function redisReachable(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(1000);
    socket.once('connect', () => resolve(true)).once('error', () => resolve(false)).once('timeout', () => resolve(false));
    socket.connect(Number(port || 6379), hostname, () => socket.end());
  });
}

const canRun = (await redisReachable()) && (await drivers()).includes('postgres');

// Two API nodes on one PostgreSQL and one Redis, as the runbook describes.
describe.runIf(canRun)('two nodes sharing PostgreSQL and Redis', () => {
  const nodes: Harness[] = [];
  const dbs: Db[] = [];
  const name = `test_nodes_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    for (let i = 0; i < 2; i++) {
      const dataDir = tempDataDir();
      const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url.toString(), REDIS_URL, LOG_LEVEL: 'silent', OPERATOR_EMAIL: 'ops@example.com', OPERATOR_PASSWORD: 'operator-secret-1' });
      const db = await openPostgres(url.toString(), 3);
      dbs.push(db);
      const app: FastifyInstance = await buildApp(config, { db, logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      nodes.push({ app, db, dataDir, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, close: () => app.close() });
    }
  });

  afterAll(async () => {
    for (const n of nodes) {
      await n.app.close();
      rmSync(n.dataDir, { recursive: true, force: true });
    }
    for (const db of dbs) await db.close();
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('report Redis as their push driver', async () => {
    for (const n of nodes) expect((await call(n, 'GET', '/web/health')).data.push).toEqual({ driver: 'redis', ok: true });
  });

  it('accept a session made on the other node', async () => {
    const u = await registerUser(nodes[0]!);
    expect((await call(nodes[1]!, 'GET', '/web/api/user/info', { token: u.token })).data.id).toBe(u.id);
  });

  it('count sign-in attempts together, so spreading them over nodes gains nothing', async () => {
    const u = await registerUser(nodes[0]!, unique('spread_'));
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await call(nodes[i % 2]!, 'POST', '/web/loginByUsername', { body: { username: u.username, password: 'wrong-pass1' } });
      statuses.push(r.status);
    }
    expect(statuses.filter((s) => s === 422)).toHaveLength(10);
    expect(statuses[10]).toBe(429);
  });

  it('deliver each tick of the one market feed once to sockets on either node', async () => {
    const quotes = (frames: any[]) => frames.filter((f) => f.type === 'quote' && f.data.symbol === 'ETHUSDT');
    const [a, b] = await Promise.all(
      nodes.map((n) => collect(`${n.base.replace('http', 'ws')}/web/push`, [{ op: 'subscribe', symbols: ['ETHUSDT'] }], (f) => quotes(f).length >= 4)),
    );
    for (const frames of [a!, b!]) {
      const times = quotes(frames).map((q) => q.data.timestamp);
      expect(times.length).toBeGreaterThanOrEqual(4);
      expect(new Set(times).size).toBe(times.length);
    }
  });
});
