import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyMigrations } from './migrations.mjs';
import { pgliteStatements } from './pgliteStatements';
// The drivers (@electric-sql/pglite, pg) are imported by the open functions: a node loads only the one its
// configuration names, and main.ts starts opening it before the rest of the server loads (decision 0024, Start-up).

/** Anything that runs SQL: the database itself, or one transaction of it. */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Run a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
  /**
   * One database's memory of facts that never change once committed (ledger account ids), shared
   * by the database and its transactions; absent on a connection made elsewhere (it then caches nothing).
   */
  readonly memo?: Map<string, unknown>;
  /**
   * The shard of the house's sharded accounts (ledger.ts, `SHARDED`) this transaction posts to: its
   * group's lane's own (`Db.grouped`), so that groups running at once never wait for one another's
   * fee row; absent (shard 0) outside a group.
   */
  readonly shard?: number;
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
   * `tx` for many concurrent callers (group commit): outside a transaction, calls arriving while
   * the lanes are busy wait and then run as the next groups, each group one transaction, each call
   * still all or nothing (a throw undoes its own work only). Each call's promise settles only once
   * its group has committed. A group whose commit fails, and a call refused by a deadlock or a
   * serialization failure, run again alone. `key` names whose rows the call locks (the investor's
   * id): calls of one key never run in two groups at once. With group commit off (`useGroupCommit`)
   * it is `tx`. Inside a transaction it joins it without a savepoint of its own: only for work whose
   * throw ends the caller's transaction (or savepoint) too, as an order's ends the transaction of
   * its idempotency key.
   */
  grouped<T>(fn: (sql: Sql) => Promise<T>, key?: number): Promise<T>;
  /**
   * Run `fn` once the transaction of the calling chain has committed (at once outside one); a
   * rollback of its savepoint or transaction drops it. For what must not announce a rolled-back
   * change (a push).
   */
  afterCommit(fn: () => void): void;
  /**
   * Try to take a session-level advisory lock and keep it until released or the process ends:
   * how exactly one node runs a job. PGlite lives in one process, so there it always succeeds.
   */
  tryHoldLock(key: number): Promise<(() => Promise<void>) | null>;
  /** Statements sent to the database so far, BEGIN and COMMIT included: what bench/orders.bench.ts counts per order. */
  statements(): number;
  close(): Promise<void>;
}

const INT8 = 20;
const NUMERIC = 1700;
// Ids and counts fit a JS number; money and quantities stay decimal strings, never floats.
const toInt = (v: string) => Number(v);
const asText = (v: string) => v;

// PGlite's own memory (issue 34). Its WebAssembly memory grows to the peak of what PostgreSQL
// touched and never shrinks, so a process keeps its peak:
// - PostgreSQL's shared buffers default to 128 MB in PGlite, all of it touched as pages are read.
//   A node's data fits in far less, and a page not in them is read from the kernel's page cache
//   by a system call, so 16 MB costs little time and holds 115 MiB less (RSS 284 -> 169 MiB for a
//   bare open of an existing data directory).
// - A new data directory is made by initdb inside PGlite, which peaks at about 730 MiB. That is done
//   by a child process that exits (its memory goes back to the system), and the node opens the
//   directory it left (an open of an existing directory, at 170 MiB).
// PGlite's default start parameters (0.5.16), kept: `startParams` replaces them whole.
const PGLITE_START = [
  '--single',
  '-F',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
];
/** PostgreSQL's shared buffers in PGlite (PGLITE_SHARED_BUFFERS, a PostgreSQL size such as 16MB). */
const sharedBuffers = () => process.env.PGLITE_SHARED_BUFFERS || '16MB';

const pgliteStart = () => [...PGLITE_START, '-c', `shared_buffers=${sharedBuffers()}`];

/**
 * Make a new PGlite data directory, with the schema, in a child process: initdb and the migrations
 * are where PGlite's memory peaks, and a child gives its peak back when it exits.
 */
async function preparePgliteDir(dataDir: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `const { PGlite } = require(${JSON.stringify(pglite)});
(async () => {
  const { applyMigrations } = await import(${JSON.stringify(MIGRATIONS_RUNNER)});
  const lite = await PGlite.create(process.argv[1], { startParams: ${JSON.stringify(pgliteStart())} });
  const rows = async (result) => (await result).rows;
  await applyMigrations({
    query: (text, params) => rows(lite.query(text, params)),
    tx: (fn) => lite.transaction((t) => fn({ query: (text, params) => rows(t.query(text, params)), exec: async (script) => void (await t.exec(script)) })),
  }, process.argv[2]);
  await lite.close();
})().catch((err) => { console.error(err); process.exit(1); });`;
  const child = spawn(process.execPath, ['-e', script, dataDir, MIGRATIONS_DIR], { stdio: ['ignore', 'inherit', 'inherit'] });
  const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
  if (code !== 0) {
    // Not left half made: the next start would take it for a data directory.
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`could not create the PGlite data directory ${dataDir} (exit ${code ?? signal})`);
  }
}

export async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    if (!existsSync(join(dataDir, 'PG_VERSION'))) await preparePgliteDir(dataDir);
  }
  const pglite = await import('@electric-sql/pglite');
  const lite = await pglite.PGlite.create(dataDir, {
    parsers: { [INT8]: toInt, [NUMERIC]: asText },
    startParams: pgliteStart(),
  });
  const statements = pgliteStatements(lite, pglite);
  const memo = new Map<string, unknown>();
  let sent = 0;
  return ambient({
    driver: 'pglite',
    memo,
    query(text, params) {
      sent++;
      // As PGlite's own `query`: never in the middle of a transaction of another caller.
      return lite._runExclusiveTransaction(() => lite._runExclusiveQuery(() => statements.run(text, params ?? [], false)));
    },
    exec: async (script) => void (sent++, await lite.exec(script)),
    tx(fn) {
      // PGlite's own BEGIN and COMMIT (or ROLLBACK)
      sent += 2;
      return lite.transaction(async (t) => {
        let open = true;
        try {
          return await fn({
            query: async (text, params) => {
              if (!open) throw new Error('the transaction has ended');
              sent++;
              return lite._runExclusiveQuery(() => statements.run(text, params ?? [], true));
            },
            exec: async (script) => void (sent++, await t.exec(script)),
            memo,
          });
        } finally {
          open = false;
        }
      });
    },
    statements: () => sent,
    lanes: 1,
    tryHoldLock: async () => async () => undefined,
    close: () => lite.close(),
  });
}

/**
 * Many wide rows in one JSON text, decoded at once: PGlite decodes a result field by field in
 * JavaScript (about 1.5 µs a field), so 200 rows of 17 columns take 5 ms as rows and 2 as JSON.
 * For a read whose rows run into the hundreds. `text` must select every numeric as text
 * (`amount::text`), never as a JSON number, which would be a float; timestamps come back as ISO
 * strings, ids as numbers. The rows keep the order of `text`'s own `order by`.
 */
export async function queryJsonRows<T>(sql: Sql, text: string, params: unknown[]): Promise<T[]> {
  const [row] = await sql.query<{ rows: string }>(`select coalesce(json_agg(r), '[]')::text as rows from (${text}) r`, params);
  return JSON.parse(row!.rows) as T[];
}

/**
 * The names PostgreSQL's statements run under: `pg` prepares a named statement once per connection
 * and then only binds and executes it, so PostgreSQL neither parses nor, once its plan cache keeps a
 * generic plan, plans it again (on PGlite, pgliteStatements.ts does the same). A text is named the
 * second time it is seen, and at most `capacity` are: a text built per call (ids spelled out) runs
 * unnamed rather than leave a plan on every connection for good.
 */
export function statementNames(capacity = 512): (text: string) => string | undefined {
  const names = new Map<string, string>();
  let seen = new Set<string>();
  return (text) => {
    const name = names.get(text);
    if (name !== undefined || names.size >= capacity) return name;
    if (!seen.has(text)) {
      // Forgotten now and then, so that texts seen once each do not pile up either.
      if (seen.size >= 4 * capacity) seen = new Set();
      seen.add(text);
      return undefined;
    }
    const made = `q${names.size}`;
    names.set(text, made);
    return made;
  };
}

/** The lock pool's size: every job key of `schedule/leader.ts` held at once, and one to spare. */
export const LOCK_CONNECTIONS = 14;

export async function openPostgres(url: string, max = 10): Promise<Db> {
  const { default: pg } = await import('pg');
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
  const memo = new Map<string, unknown>();
  const named = statementNames();
  const statement = (text: string, params: readonly unknown[] | undefined) => ({ name: named(text), text, values: params as unknown[] | undefined });
  let sent = 0;
  return ambient({
    driver: 'postgres',
    memo,
    async query(text, params) {
      sent++;
      return (await pool.query(statement(text, params))).rows as never;
    },
    exec: async (script) => void (sent++, await pool.query(script)),
    async tx(fn) {
      const client = await pool.connect();
      // One statement at a time on the transaction's connection, its COMMIT or ROLLBACK after the
      // last: callers running several at once (Promise.all) would otherwise have `pg` queue them
      // itself, which pg 9 refuses, and a ROLLBACK after one of them failed could overtake the others.
      let last: Promise<unknown> = Promise.resolve();
      const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
        const next = last.then(run);
        last = next.catch(() => undefined);
        return next;
      };
      try {
        sent += 2;
        await client.query('begin');
        const result = await fn({
          query: async (text, params) => (sent++, (await inTurn(() => client.query(statement(text, params)))).rows as never),
          exec: async (script) => void (sent++, await inTurn(() => client.query(script))),
          memo,
        });
        await inTurn(() => client.query('commit'));
        return result;
      } catch (err) {
        await inTurn(() => client.query('rollback')).catch(() => undefined);
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
    statements: () => sent,
    lanes: groupLanes(max),
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
  /** What runs once the transaction commits (`afterCommit`), in the order it was asked for. */
  after: Array<() => void>;
}

type RawDb = Omit<Db, 'grouped' | 'afterCommit' | 'shard'> & {
  /** How many groups may run at once (`Db.grouped`): PGlite has one connection, PostgreSQL a pool. */
  lanes: number;
};

/**
 * Lanes for a pool of `max` connections: a lane holds one connection while its group runs and, for
 * a moment, a second while the previous group commits; the rest of the pool stays for everything else.
 */
export const groupLanes = (max: number) => Math.max(1, Math.min(8, Math.floor((max - 1) / 2)));

/** The most calls one group commits: bounds how long the last of them waits for the group. */
export const GROUP_MAX = 32;
const groupCommit = new WeakMap<Db, boolean>();
const laneLimit = new WeakMap<Db, number>();

/** Turn group commit (`Db.grouped`) on or off for `db`; on by default. */
export function useGroupCommit(db: Db, on: boolean) {
  groupCommit.set(db, on);
}

/** Let at most `lanes` groups of `db` run at once (no more than its driver allows); tests use one to see a group form. */
export function useGroupLanes(db: Db, lanes: number | undefined) {
  if (lanes === undefined) laneLimit.delete(db);
  else laneLimit.set(db, lanes);
}

// A deadlock or a serialization failure says nothing about the call itself: it runs again alone.
const RETRYABLE = new Set(['40P01', '40001']);
const retryable = (err: unknown) => RETRYABLE.has((err as { code?: string } | null)?.code ?? '');

const runAll = (fns: Array<() => void>) => {
  for (const f of fns) {
    try {
      f();
    } catch {
      // one failed announcement must not keep the others from going out
    }
  }
};

/** A call of a group threw in a run without savepoints: the group runs again with them. */
class Refused extends Error {}

interface Outcome {
  w: Waiting;
  ok: boolean;
  value: unknown;
  after: Array<() => void>;
}

interface Waiting {
  fn: (sql: Sql) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
  key: number | undefined;
}

/** A transaction's `Sql` that posts to the house's shard `shard` (`Sql.shard`). */
const onShard = (sql: Sql, shard: number | undefined): Sql =>
  shard === undefined ? sql : { query: sql.query, exec: sql.exec, shard, ...(sql.memo ? { memo: sql.memo } : {}) };

/**
 * The transaction an async call chain runs in. Every `query`, `exec` and `tx` made while a
 * transaction's callback runs (however deep in the services) joins that transaction, so that one
 * request's effects and the record of its idempotency key commit together or not at all
 * (`http/idempotency.ts`). PGlite has one connection: a query outside the open transaction would
 * wait for it forever, so joining it is also the only thing that can work there.
 */
function ambient(raw: RawDb): Db {
  const current = new AsyncLocalStorage<Ambient>();
  const open = () => {
    const a = current.getStore();
    return a?.open ? a : undefined;
  };

  async function outermost<T>(fn: (sql: Sql) => Promise<T>, shard?: number): Promise<T> {
    const store: Ambient = { sql: undefined as unknown as Sql, open: true, savepoints: 0, after: [] };
    const result = await raw.tx(async (tsql) => {
      const sql = onShard(tsql, shard);
      store.sql = sql;
      try {
        return await current.run(store, () => fn(sql));
      } finally {
        store.open = false;
      }
    });
    runAll(store.after);
    return result;
  }

  async function savepoint<T>(a: Ambient, fn: (sql: Sql) => Promise<T>): Promise<T> {
    a.savepoints += 1;
    const name = `sp${a.savepoints}`;
    const mark = a.after.length;
    await a.sql.query(`savepoint ${name}`);
    try {
      const result = await fn(a.sql);
      await a.sql.query(`release savepoint ${name}`);
      return result;
    } catch (err) {
      await a.sql.query(`rollback to savepoint ${name}`);
      a.after.length = mark;
      throw err;
    }
  }

  /** A call of a failed group, or one a deadlock refused, in a transaction of its own (on shard 0). */
  async function alone(w: Waiting) {
    for (let attempt = 1; ; attempt++) {
      try {
        w.resolve(await current.exit(() => outermost(w.fn)));
        return;
      } catch (err) {
        if (attempt < 3 && retryable(err)) continue;
        w.reject(err);
        return;
      }
    }
  }

  // Groups run in lanes, at most one group per lane at a time. Groups running at once cannot
  // deadlock one another: each posts its fees to its lane's own shard of the house's fee account,
  // and calls of one key (one investor's rows) are never in two running groups. What else an order
  // locks is its investor's own wallet rows. A lane's next group starts while its previous one
  // commits (it takes no new lock then), so a commit's wait overlaps the next calls; on PGlite there
  // is one lane, and groups run one after the other.
  const queue: Waiting[] = [];
  /** The keys of the group running in each lane; null while the lane is free. */
  const lanes: Array<Set<number | undefined> | null> = Array.from({ length: raw.lanes }, () => null);
  /** Lane l posts to shard l + 1; shard 0 is everything outside a group's lane (and the only one with one lane). */
  const shardOf = (lane: number) => (raw.lanes > 1 ? lane + 1 : undefined);
  let forming = false;

  const limit = () => Math.max(1, Math.min(raw.lanes, laneLimit.get(db) ?? raw.lanes));
  const freeLanes = () => {
    const free: number[] = [];
    for (let l = 0; l < limit(); l++) if (lanes[l] === null) free.push(l);
    return free;
  };

  function pump() {
    if (forming || queue.length === 0 || freeLanes().length === 0) return;
    forming = true;
    // Groups form one turn of the event loop later, so that calls arriving together share them:
    // on PGlite a whole group runs without giving the event loop a turn (its queries are
    // computed in this thread), so without the turn every group would be of one call.
    setImmediate(() => void current.exit(form));
  }

  /** Share the waiting calls among the free lanes, each key in one lane only; what does not fit waits. */
  function form() {
    forming = false;
    const free = freeLanes();
    if (free.length === 0) return;
    const busy = new Set<number | undefined>();
    for (const keys of lanes) if (keys) for (const k of keys) busy.add(k);
    const groups = new Map<number, Waiting[]>(free.map((l) => [l, []]));
    const laneOfKey = new Map<number, number>();
    const waiting: Waiting[] = [];
    for (const w of queue) {
      if (w.key !== undefined && busy.has(w.key)) {
        waiting.push(w);
        continue;
      }
      // A key already given a lane in this round stays there; a new one goes to the emptiest lane.
      const known = w.key === undefined ? undefined : laneOfKey.get(w.key);
      const lane = known ?? free.reduce((best, l) => (groups.get(l)!.length < groups.get(best)!.length ? l : best));
      const group = groups.get(lane)!;
      if (group.length >= GROUP_MAX) {
        waiting.push(w);
        continue;
      }
      group.push(w);
      if (w.key !== undefined) laneOfKey.set(w.key, lane);
    }
    queue.splice(0, queue.length, ...waiting);
    for (const [lane, group] of groups) {
      if (group.length === 0) continue;
      lanes[lane] = new Set(group.map((w) => w.key).filter((k) => k !== undefined));
      void runGroup(lane, group);
    }
  }

  async function runGroup(lane: number, group: Waiting[]) {
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      lanes[lane] = null;
      pump();
    };
    const shard = shardOf(lane);
    if (group.length === 1) {
      // A group of one needs no savepoint: its own transaction is all or nothing already.
      const w = group[0]!;
      let result: { ok: boolean; value: unknown };
      try {
        result = { ok: true, value: await outermost(w.fn, shard) };
      } catch (err) {
        result = { ok: false, value: err };
      }
      release();
      if (result.ok) w.resolve(result.value);
      else if (retryable(result.value)) await alone(w);
      else w.reject(result.value);
      return;
    }
    // First without savepoints (two statements fewer per call): if every call goes through, the
    // group commits as it is. If one throws, the whole transaction rolls back and the group runs
    // again with a savepoint per call, where a throw undoes that call's work only. Nothing of the
    // first run was announced: answers and `afterCommit` wait for the commit.
    let outcomes: Outcome[] | undefined;
    try {
      outcomes = await attempt(group, false, shard, release);
    } catch (err) {
      if (!(err instanceof Refused)) {
        release();
        for (const w of group) await alone(w);
        return;
      }
    }
    if (!outcomes) {
      try {
        outcomes = await attempt(group, true, shard, release);
      } catch {
        // The commit (or the group's own statement) failed: none of it committed. Each call alone.
        release();
        for (const w of group) await alone(w);
        return;
      }
    }
    release();
    for (const o of outcomes) {
      if (o.ok) {
        runAll(o.after);
        o.w.resolve(o.value);
      } else if (retryable(o.value)) await alone(o.w);
      else o.w.reject(o.value);
    }
  }

  /** One run of a group in one transaction; without savepoints, the first throw rolls it all back (`Refused`). */
  async function attempt(group: Waiting[], savepoints: boolean, shard: number | undefined, release: () => void): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    await raw.tx(async (tsql) => {
      const sql = onShard(tsql, shard);
      for (const w of group) {
        const store: Ambient = { sql, open: true, savepoints: 0, after: [] };
        if (savepoints) await sql.query('savepoint grouped');
        try {
          const value = await current.run(store, () => w.fn(sql));
          if (savepoints) await sql.query('release savepoint grouped');
          outcomes.push({ w, ok: true, value, after: store.after });
        } catch (err) {
          if (!savepoints) throw new Refused();
          await sql.query('rollback to savepoint grouped');
          outcomes.push({ w, ok: false, value: err, after: [] });
        } finally {
          store.open = false;
        }
      }
      release();
    });
    return outcomes;
  }

  const db: Db = {
    driver: raw.driver,
    ...(raw.memo ? { memo: raw.memo } : {}),
    get shard() {
      return open()?.sql.shard;
    },
    query: (text, params) => (open()?.sql ?? raw).query(text, params),
    exec: (script) => (open()?.sql ?? raw).exec(script),
    tx(fn) {
      const a = open();
      return a ? savepoint(a, fn) : outermost(fn);
    },
    grouped<T>(fn: (sql: Sql) => Promise<T>, key?: number): Promise<T> {
      const a = open();
      if (a) return fn(a.sql);
      if (groupCommit.get(db) === false) return outermost(fn);
      return new Promise<T>((resolve, reject) => {
        queue.push({ fn, resolve: resolve as (v: unknown) => void, reject, key });
        pump();
      });
    },
    afterCommit(fn) {
      const a = open();
      if (a) a.after.push(fn);
      else fn();
    },
    tryHoldLock: (key) => raw.tryHoldLock(key),
    statements: () => raw.statements(),
    close: () => raw.close(),
  };
  return db;
}

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATIONS_RUNNER = new URL('./migrations.mjs', import.meta.url).href;

/** Apply the numbered SQL files of `migrations/` not yet applied (migrations.mjs). */
export const migrate = (db: Db): Promise<string[]> => applyMigrations(db, MIGRATIONS_DIR);
