import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteStatements } from './pgliteStatements';

// The named statements PGlite runs every query as (decision 0024): the same answers as PGlite's own
// `query`, their parameters written by type, a bound on how many stay prepared, and a failed call
// that leaves the next one working.
describe('PGlite named statements', () => {
  let lite: PGlite;
  beforeAll(async () => {
    lite = await PGlite.create({ parsers: { 20: Number, 1700: (v: string) => v } });
    await lite.exec(`create table t (id int8 primary key, amount numeric not null, tags text[] not null, doc jsonb, ok boolean not null);
      insert into t values (1, 10.25, '{a,b}', '{"x": 1}', true), (2, 0.1, '{}', null, false);`);
  });
  afterAll(() => lite.close());

  const inQueryMutex = <T>(s: ReturnType<typeof pgliteStatements>, text: string, params: unknown[] = []) =>
    lite._runExclusiveQuery(() => s.run<T>(text, params, false));

  it('answers as PGlite itself does, with parameters of every kind', async () => {
    const s = pgliteStatements(lite, { parse, protocol });
    const text = 'select id, amount::text, tags, doc, ok from t where id = any($1::int8[]) and ok = $2 and ($3::jsonb is null or doc @> $3) order by id';
    for (const params of [
      [[1, 2], true, { x: 1 }],
      [[1, 2], false, null],
      [[2], true, undefined],
    ]) {
      const ours = await inQueryMutex(s, text, params);
      const theirs = (
        await lite.query(
          text,
          params.map((p) => p ?? null),
        )
      ).rows;
      expect(ours).toEqual(theirs);
    }
    expect(await inQueryMutex(s, text, [[1, 2], true, { x: 1 }])).toEqual([{ id: 1, amount: '10.25', tags: ['a', 'b'], doc: { x: 1 }, ok: true }]);
  });

  it('keeps at most its capacity prepared, and runs a closed one again', async () => {
    const named = async () => (await lite.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;
    const before = await named();
    const s = pgliteStatements(lite, { parse, protocol }, 2);
    const texts = ['select 1 as n', 'select 2 as n', 'select 3 as n'];
    for (const text of texts) await inQueryMutex(s, text);
    expect(s.size()).toBe(2);
    // The third prepare queued the first's close; the next call sends it.
    expect(await inQueryMutex(s, 'select 1 as n')).toEqual([{ n: 1 }]);
    expect(s.size()).toBe(2);
    expect(await named()).toBe(before + 2);
  });

  it('fails a call with the database error and keeps working', async () => {
    const s = pgliteStatements(lite, { parse, protocol });
    await expect(inQueryMutex(s, 'insert into t values ($1, 1, $2, null, true)', [1, []])).rejects.toMatchObject({ code: '23505' });
    await expect(inQueryMutex(s, 'select nope from t')).rejects.toMatchObject({ code: '42703' });
    expect(await inQueryMutex(s, 'select count(*)::int as n from t')).toEqual([{ n: 2 }]);
    // The statement that failed to bind runs again with other values.
    await inQueryMutex(s, 'insert into t values ($1, 1, $2, null, true)', [3, ['c']]);
    expect(await inQueryMutex(s, 'select tags from t where id = $1', [3])).toEqual([{ tags: ['c'] }]);
  });
});
