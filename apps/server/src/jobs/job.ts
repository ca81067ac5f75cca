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
}

/**
 * Every job must be idempotent (its definition says why): the lock keeps two nodes from running it
 * at once, but a run cut short by a crash is run again from the start by the next one.
 */
export const defineJob = (job: Job): Job => job;

/** Start the jobs on this node; the stop waits for runs in progress. */
export function startJobs(jobs: Job[], opts: { db: Db; log: FastifyBaseLogger }): () => Promise<void> {
  const stops = jobs.map((job) => every(job.everyMs, job.name, opts.log, () => runIfLeader(opts.db, job.lock, job.run)));
  return async () => void (await Promise.all(stops.map((stop) => stop())));
}
