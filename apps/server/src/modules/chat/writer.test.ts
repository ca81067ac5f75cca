// The chat's two ways of doing less per message under load (decision 0024, Push and chat): the
// messages of many senders written by one statement, and the consoles' re-reads of the
// conversation list shared without ever answering from before the caller asked.
import { describe, expect, it } from 'vitest';
import type { Sql } from '../../db/db';
import { createShareNext } from './service';
import { createGroupWriter, type NewMessage, type WrittenRow } from './writer';

const tick = () => new Promise((r) => setImmediate(r));

/** A statement runner that answers each insert after `release()`, recording the batches. */
function fakeSql(fail?: (batch: unknown[][]) => boolean) {
  const batches: number[][] = [];
  const waiting: Array<() => void> = [];
  let nextId = 1;
  const sql: Sql = {
    async query<T>(_text: string, params?: readonly unknown[]): Promise<T[]> {
      const columns = params as unknown[][];
      const users = columns[0] as number[];
      batches.push(users);
      await new Promise<void>((r) => waiting.push(r));
      if (fail?.(columns)) throw new Error('constraint');
      return users.map((userId, i) => ({
        n: i + 1,
        id: columns[5]![i] === 'dup' ? null : nextId++,
        user_id: userId,
        sender: columns[1]![i],
        operator_name: null,
        body: columns[3]![i],
        upload_id: null,
        client_id: columns[5]![i],
        read_at: null,
        created_at: new Date(0),
      })) as T[];
    },
    exec: async () => undefined,
  };
  return { sql, batches, release: () => waiting.splice(0).forEach((r) => r()) };
}

const message = (userId: number, body: string, clientId: string | null = null): NewMessage => ({
  userId,
  side: 'user',
  operatorId: null,
  body,
  uploadId: null,
  clientId,
});

describe('chat group writer', () => {
  it('writes the messages that arrive while a batch runs with one statement, each answered its own row', async () => {
    const db = fakeSql();
    const writer = createGroupWriter(db.sql);
    const first = writer.write(message(1, 'a'));
    await tick();
    expect(db.batches).toEqual([[1]]);
    // Three arrive while the first statement runs: they wait for it, then go together.
    const more = [writer.write(message(2, 'b')), writer.write(message(3, 'c')), writer.write(message(4, 'd', 'dup'))];
    db.release();
    expect((await first)?.body).toBe('a');
    await tick();
    expect(db.batches).toEqual([[1], [2, 3, 4]]);
    db.release();
    const rows = (await Promise.all(more)) as Array<WrittenRow | null>;
    expect(rows.map((r) => r?.body ?? null)).toEqual(['b', 'c', null]); // null: a resend, nothing inserted
  });

  it('retries a failed batch one message at a time, so only the message that broke it fails', async () => {
    const db = fakeSql((columns) => (columns[3] as string[]).includes('bad'));
    const writer = createGroupWriter(db.sql);
    const blocker = writer.write(message(1, 'first'));
    await tick();
    const results = [writer.write(message(2, 'ok')), writer.write(message(3, 'bad')), writer.write(message(4, 'fine'))].map((p) =>
      p.then(
        (row) => row?.body,
        (err: Error) => `failed: ${err.message}`,
      ),
    );
    for (let i = 0; i < 6; i++) {
      db.release();
      await tick();
    }
    await blocker;
    expect(await Promise.all(results)).toEqual(['ok', 'failed: constraint', 'fine']);
    expect(db.batches).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });
});

describe('shared reads of the conversation list', () => {
  it('shares one read among callers arriving while another runs, and never answers from a read that began before the caller', async () => {
    const shareNext = createShareNext(0);
    let reads = 0;
    const releases: Array<() => void> = [];
    const read = () => {
      const n = ++reads;
      return new Promise<number>((resolve) => releases.push(() => resolve(n)));
    };
    const a = shareNext('k', read);
    // b, c and d arrive while read 1 runs: they must not get its answer, and share read 2.
    const b = shareNext('k', read);
    const c = shareNext('k', read);
    const other = shareNext('other', read); // another key reads on its own
    releases.shift()!();
    expect(await a).toBe(1);
    const d = shareNext('k', read); // arrives after read 1 ended, before read 2 started
    await new Promise((r) => setTimeout(r, 10));
    expect(reads).toBe(3);
    releases.shift()!(); // 'other'
    releases.shift()!(); // read 3, shared by b, c and d
    expect([await b, await c, await d, await other]).toEqual([3, 3, 3, 2]);
    // Nothing is kept: the next caller reads again.
    const e = shareNext('k', read);
    releases.shift()!();
    expect(await e).toBe(4);
  });
});

it('starts the reads of one key at least the gap apart, still never answering from before the caller', async () => {
  const shareNext = createShareNext(200);
  const startedAt: number[] = [];
  const read = () => {
    startedAt.push(performance.now());
    return Promise.resolve(startedAt.length);
  };
  expect(await shareNext('k', read)).toBe(1);
  // The first read is over; the next caller still waits for the gap, and callers meanwhile share it.
  const [b, c] = await Promise.all([shareNext('k', read), shareNext('k', read)]);
  expect([b, c]).toEqual([2, 2]);
  expect(startedAt[1]! - startedAt[0]!).toBeGreaterThanOrEqual(195);
});
