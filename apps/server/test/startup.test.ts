import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openPglite, openPostgres, type Db } from '../src/db/db';
import { drivers, tempDataDir } from './harness';
import { createPostgresDatabase } from './services';

// What a start does and what it leaves for later (decision 0024, Start-up).

const SERVER = join(import.meta.dirname, '..');

describe('the packages a start loads', () => {
  it('imports the server with PGlite, and loads neither pg nor what only a configured Redis, SMTP, an upload, a password or an article needs', () => {
    // A resolve hook in the child records every bare specifier its modules import (ESM, as tsx compiles our sources).
    const dir = tempDataDir();
    const seen = join(dir, 'seen.txt');
    const hook = join(dir, 'hook.mjs');
    writeFileSync(
      hook,
      `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  if (!/^[.\\/]|^node:|^file:|^data:/.test(specifier)) appendFileSync(${JSON.stringify(seen)}, specifier + '\\n');
  return next(specifier, context);
}`,
    );
    const register = join(dir, 'register.mjs');
    writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hook).href)});\n`);
    const script = `
      const { openPglite } = await import(${JSON.stringify(pathToFileURL(join(SERVER, 'src/db/db.ts')).href)});
      const db = await openPglite();
      await import(${JSON.stringify(pathToFileURL(join(SERVER, 'src/app.ts')).href)});
      await db.close();`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--import', pathToFileURL(register).href, '--input-type=module', '-e', script], {
      cwd: SERVER,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(child.status, child.stderr).toBe(0);
    const loaded = [...new Set(readFileSync(seen, 'utf8').split('\n').filter(Boolean))];
    rmSync(dir, { recursive: true, force: true });
    // The hook saw the imports: the database driver in use and the web framework.
    expect(loaded).toContain('@electric-sql/pglite');
    expect(loaded).toContain('fastify');
    for (const lazy of ['pg', 'ioredis', 'nodemailer', 'sanitize-html', 'file-type', '@node-rs/argon2', 'libphonenumber-js'])
      expect(loaded).not.toContain(lazy);
  }, 150_000);
});

describe.each(await drivers())('a start on %s', (driver) => {
  let db: Db;
  let drop = async () => {};
  beforeAll(async () => {
    if (driver === 'postgres') {
      const database = await createPostgresDatabase();
      db = await openPostgres(database.url, 2);
      drop = database.drop;
    } else {
      db = await openPglite();
    }
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  it('applies every migration to a new database, and checks a migrated one with one statement', async () => {
    const applied = await migrate(db);
    expect(applied.length).toBeGreaterThan(10);
    expect(applied).toEqual([...applied].sort());
    const before = db.statements();
    expect(await migrate(db)).toEqual([]);
    expect(db.statements() - before).toBe(1);
  });
});

describe('a new PGlite data directory', () => {
  it('is made with its schema by a child process, and opened with small shared buffers', async () => {
    const dir = join(tempDataDir(), 'pglite');
    const db = await openPglite(dir);
    try {
      // The child applied every migration: the node finds none to apply, in one statement.
      const before = db.statements();
      expect(await migrate(db)).toEqual([]);
      expect(db.statements() - before).toBe(1);
      const [buffers] = await db.query<{ shared_buffers: string }>('show shared_buffers');
      expect(buffers!.shared_buffers).toBe('16MB');
      // The schema is whole: the last migration's column is there.
      const [column] = await db.query<{ n: number }>(
        "select count(*)::int as n from information_schema.columns where table_name = 'bond_holdings' and column_name = 'settlement_day'",
      );
      expect(column!.n).toBe(1);
    } finally {
      await db.close();
    }
    // Opened again, as an existing directory: nothing to make, nothing to apply.
    const again = await openPglite(dir);
    expect(await migrate(again)).toEqual([]);
    await again.close();
    rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});
