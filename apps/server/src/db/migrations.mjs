// The migration runner, in plain JavaScript: the server runs it on its database (db.ts `migrate`), and
// the child process that makes a new PGlite data directory runs it there too (db.ts `preparePgliteDir`),
// so a first start applies the schema where its memory peak is given back. One implementation for both.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Apply the numbered SQL files of `dir` not yet applied, in one transaction, forward-only. An advisory
 * lock keeps two nodes starting together from applying one twice.
 * @param {{ query(text: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>, tx<T>(fn: (sql: { query(text: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>, exec(script: string): Promise<void> }) => Promise<T>): Promise<T> }} db
 * @param {string} dir
 * @returns {Promise<string[]>} the files applied
 */
export async function applyMigrations(db, dir) {
  const files = readdirSync(dir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort();
  // Most starts find every migration applied: one read, without the lock and its transaction. A node
  // that finds one missing (or no table yet) takes the lock and looks again.
  const found = await db.query('select name from schema_migrations').catch(() => undefined);
  const known = new Set(found?.map((r) => r.name));
  if (found && files.every((file) => known.has(file))) return [];
  return db.tx(async (sql) => {
    await sql.query('select pg_advisory_xact_lock(72707001)');
    await sql.query('create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())');
    const done = new Set((await sql.query('select name from schema_migrations')).map((r) => r.name));
    const applied = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await sql.exec(readFileSync(join(dir, file), 'utf8'));
      await sql.query('insert into schema_migrations (name) values ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}
