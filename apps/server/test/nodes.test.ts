import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openPostgres } from '../src/db/db';
import { call, collect, listen, registerUser, tempDataDir, testConfig, unique, type Harness } from './harness';
import { createPostgresDatabase, postgresAvailable, REDIS_URL, redisAvailable } from './services';

const canRun = (await redisAvailable()) && (await postgresAvailable());

// Two API nodes on one PostgreSQL and one Redis, as the runbook describes.
describe.runIf(canRun)('two nodes sharing PostgreSQL and Redis', () => {
  const nodes: Harness[] = [];
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;

  beforeAll(async () => {
    database = await createPostgresDatabase('test_nodes');
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
    // Under the deployment's REDIS_PREFIX (harness: one per test process), apart from anyone else's on that Redis.
    const { Redis } = await import('ioredis');
    const redis = new Redis(REDIS_URL);
    try {
      expect(await redis.keys(`test-${process.pid}:*`)).not.toHaveLength(0);
    } finally {
      redis.disconnect();
    }
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
