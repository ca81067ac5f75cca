import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db';
import { every } from './every';
import { runIfLeader } from './leader';

/** A periodic job: what it is called, how often it runs, and the lock its runner holds. */
export interface Job {
  name: string;
  everyMs: number;
  /** A key of `LOCKS`: one node at a time runs the job. */
  lock: number;
  run: () => Promise<unknown>;
  /**
   * Its first run catches up on what a start leaves for later (a history to backfill): it runs as
   * soon as the node listens, not one period later, and /web/health names it as warming until that
   * run has ended (whether this node or another one held the lock).
   */
  warmsUp?: boolean;
}

/**
 * Every job must be idempotent (its definition says why): the lock keeps two nodes from running it
 * at once, but a run cut short by a crash is run again from the start by the next one.
 */
export const defineJob = (job: Job): Job => job;

export interface RunningJobs {
  /** Stop every job; waits for runs in progress. */
  stop: () => Promise<void>;
  /** Start the first run of each job that warms up (the node now listens). */
  warmUp: () => void;
  /** The jobs that warm up whose first run has not ended yet. */
  warming: () => string[];
}

/** Start the jobs on this node. */
export function startJobs(jobs: Job[], opts: { db: Db; log: FastifyBaseLogger }): RunningJobs {
  const warming = new Set(jobs.filter((job) => job.warmsUp).map((job) => job.name));
  const timers = jobs.map((job) => ({
    job,
    timer: every(job.everyMs, job.name, opts.log, async () => {
      try {
        return await runIfLeader(opts.db, job.lock, job.run);
      } finally {
        warming.delete(job.name);
      }
    }),
  }));
  return {
    stop: async () => void (await Promise.all(timers.map(({ timer }) => timer.stop()))),
    warmUp: () => {
      for (const { job, timer } of timers) if (job.warmsUp) timer.runNow();
    },
    warming: () => [...warming],
  };
}
