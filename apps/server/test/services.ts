import { Socket } from 'node:net';
import pg from 'pg';

// PostgreSQL and Redis for the tests that need them. Without CI a missing one skips those tests, so
// a laptop without them still runs the rest; with CI set, a missing one fails the run, so a broken
// service can never pass as a green run that quietly tested less.

export const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const inCi = () => Boolean(process.env.CI) && process.env.CI !== 'false';

function required(name: string, url: string, ok: boolean): boolean {
  if (!ok && inCi()) throw new Error(`${name} at ${url} does not answer; CI runs every test against it, so it must`);
  return ok;
}

let postgres: Promise<boolean> | undefined;
/** Whether PostgreSQL answers (asked once per test file); in CI a silent one throws. */
export function postgresAvailable(): Promise<boolean> {
  postgres ??= (async () => {
    const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 1500 });
    try {
      await client.connect();
      await client.end();
      return true;
    } catch {
      return false;
    }
  })();
  return postgres.then((ok) => required('PostgreSQL', ADMIN_URL, ok));
}

let redis: Promise<boolean> | undefined;
/** Whether Redis accepts a connection (asked once per test file); in CI a silent one throws. */
export function redisAvailable(): Promise<boolean> {
  redis ??= new Promise((resolve) => {
    const { hostname, port } = new URL(REDIS_URL);
    const socket = new Socket();
    socket.setTimeout(1000);
    socket
      .once('connect', () => resolve(true))
      .once('error', () => resolve(false))
      .once('timeout', () => resolve(false));
    socket.connect(Number(port || 6379), hostname, () => socket.end());
  });
  return redis.then((ok) => required('Redis', REDIS_URL, ok));
}

/** A fresh database on the PostgreSQL server, and how to drop it (forcing out what still holds it). */
export async function createPostgresDatabase(prefix = 'test'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
