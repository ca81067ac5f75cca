import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** Anything that runs SQL: the database itself, or one transaction of it. */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Run a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
}

export interface Db extends Sql {
  readonly driver: 'pglite' | 'postgres';
  /**
   * Run `fn` in one transaction; it commits when `fn` resolves and rolls back when it throws. Inside
   * a transaction (see `ambient`) it is a savepoint of that transaction instead: its work commits with
   * the outer one, and a throw undoes its own work only.
   */
  tx<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  /**
   * Try to take a session-level advisory lock and keep it until released or the process ends:
   * how exactly one node runs a job. PGlite lives in one process, so there it always succeeds.
   */
  tryHoldLock(key: number): Promise<(() => Promise<void>) | null>;
  close(): Promise<void>;
}

const INT8 = 20;
const NUMERIC = 1700;
// Ids and counts fit a JS number; money and quantities stay decimal strings, never floats.
const toInt = (v: string) => Number(v);
const asText = (v: string) => v;

export async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const lite = await PGlite.create(dataDir, { parsers: { [INT8]: toInt, [NUMERIC]: asText } });
  return ambient({
    driver: 'pglite',
    async query(text, params) {
      return (await lite.query(text, params as unknown[])).rows as never;
    },
    exec: async (script) => void (await lite.exec(script)),
    tx(fn) {
      return lite.transaction((t) =>
        fn({
          query: async (text, params) => (await t.query(text, params as unknown[])).rows as never,
          exec: async (script) => void (await t.exec(script)),
        }),
      );
    },
    tryHoldLock: async () => async () => undefined,
    close: () => lite.close(),
  });
}

/** The lock pool's size: every job key of `jobs/leader.ts` held at once, and one to spare. */
export const LOCK_CONNECTIONS = 14;

export async function openPostgres(url: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8 ? toInt : oid === NUMERIC ? asText : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // A job's advisory lock lives on its own connection for the whole run, while the run's work takes
  // others. On one pool, jobs firing together could each hold a lock connection and all wait for a
  // work connection: a deadlock. The locks get a pool of their own, one connection per job key and
  // a spare, so work never waits behind a lock and a lock never waits behind work.
  const lockPool = new pg.Pool({ connectionString: url, max: LOCK_CONNECTIONS });
  // A dropped idle connection must not take the process down; the pool replaces it.
  pool.on('error', () => undefined);
  lockPool.on('error', () => undefined);
  await pool.query('select 1');
  return ambient({
    driver: 'postgres',
    async query(text, params) {
      return (await pool.query(text, params as unknown[])).rows as never;
    },
    exec: async (script) => void (await pool.query(script)),
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({
          query: async (text, params) => (await client.query(text, params as unknown[])).rows as never,
          exec: async (script) => void (await client.query(script)),
        });
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async tryHoldLock(key) {
      const client = await lockPool.connect();
      try {
        const [row] = (await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [key])).rows;
        if (row?.ok) {
          return async () => {
            await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
            client.release();
          };
        }
      } catch {
        // treated as not acquired
      }
      client.release();
      return null;
    },
    close: async () => {
      await Promise.all([pool.end(), lockPool.end()]);
    },
  });
}

interface Ambient {
  sql: Sql;
  /** False once its transaction has ended: work started inside it that runs later uses the pool. */
  open: boolean;
  savepoints: number;
}

/**
 * The transaction an async call chain runs in. Every `query`, `exec` and `tx` made while a
 * transaction's callback runs (however deep in the services) joins that transaction, so that one
 * request's effects and the record of its idempotency key commit together or not at all
 * (`http/idempotency.ts`). PGlite has one connection: a query outside the open transaction would
 * wait for it forever, so joining it is also the only thing that can work there.
 */
function ambient(raw: Db): Db {
  const current = new AsyncLocalStorage<Ambient>();
  const open = () => {
    const a = current.getStore();
    return a?.open ? a : undefined;
  };
  return {
    driver: raw.driver,
    query: (text, params) => (open()?.sql ?? raw).query(text, params),
    exec: (script) => (open()?.sql ?? raw).exec(script),
    async tx(fn) {
      const a = open();
      if (!a) {
        return raw.tx(async (sql) => {
          const store: Ambient = { sql, open: true, savepoints: 0 };
          try {
            return await current.run(store, () => fn(sql));
          } finally {
            store.open = false;
          }
        });
      }
      a.savepoints += 1;
      const name = `sp${a.savepoints}`;
      await a.sql.query(`savepoint ${name}`);
      try {
        const result = await fn(a.sql);
        await a.sql.query(`release savepoint ${name}`);
        return result;
      } catch (err) {
        await a.sql.query(`rollback to savepoint ${name}`);
        throw err;
      }
    },
    tryHoldLock: (key) => raw.tryHoldLock(key),
    close: () => raw.close(),
  };
}

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Apply the numbered SQL files of `migrations/` not yet applied, each in its own transaction,
 * forward-only. An advisory lock keeps two nodes starting together from applying one twice.
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort();
  return db.tx(async (sql) => {
    await sql.query('select pg_advisory_xact_lock(72707001)');
    await sql.query(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set((await sql.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await sql.exec(readFileSync(join(MIGRATIONS_DIR, file), 'utf8'));
      await sql.query('insert into schema_migrations (name) values ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}

