import { describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { defineJob, startJobs } from './job';

const log = { error: () => undefined } as never;

/** A database whose advisory lock this node takes, or another node holds. */
const dbWithLock = (taken: boolean) => ({ tryHoldLock: async () => (taken ? null : async () => undefined) }) as unknown as Db;

describe('jobs that warm up', () => {
  it('run at once when the node listens and are warming until that run ends; the others are never warming', async () => {
    let finish!: () => void;
    let runs = 0;
    const backfill = defineJob({
      name: 'backfill',
      everyMs: 3_600_000,
      lock: 1,
      warmsUp: true,
      run: () => ((runs += 1), new Promise<void>((r) => (finish = r))),
    });
    const hourly = defineJob({ name: 'hourly', everyMs: 3_600_000, lock: 2, run: async () => undefined });
    const jobs = startJobs([backfill, hourly], { db: dbWithLock(false), log });
    expect(jobs.warming()).toEqual(['backfill']);
    expect(runs).toBe(0);
    jobs.warmUp();
    await new Promise((r) => setImmediate(r));
    expect(runs).toBe(1);
    // A second call while the first run is in progress starts no other.
    jobs.warmUp();
    await new Promise((r) => setImmediate(r));
    expect([runs, jobs.warming()]).toEqual([1, ['backfill']]);
    finish();
    await new Promise((r) => setImmediate(r));
    expect(jobs.warming()).toEqual([]);
    await jobs.stop();
  });

  it('is warm once its first run has ended, though another node held the lock and did the work', async () => {
    let runs = 0;
    const jobs = startJobs([defineJob({ name: 'backfill', everyMs: 3_600_000, lock: 1, warmsUp: true, run: async () => void (runs += 1) })], {
      db: dbWithLock(true),
      log,
    });
    jobs.warmUp();
    await new Promise((r) => setTimeout(r, 10));
    expect([runs, jobs.warming()]).toEqual([0, []]);
    await jobs.stop();
  });
});
