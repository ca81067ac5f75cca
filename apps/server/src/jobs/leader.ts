import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db';

/** Advisory lock keys of the jobs that exactly one node runs. */
export const LOCKS = { marketFeed: 72707101 } as const;

/**
 * Run `start` on whichever node holds the lock; the others try again every `retryMs` and take
 * over when the holder goes away. Returns the stop.
 */
export function runAsLeader(opts: {
  db: Db;
  key: number;
  name: string;
  log: FastifyBaseLogger;
  start: () => () => void;
  retryMs?: number;
}): () => Promise<void> {
  let release: (() => Promise<void>) | null = null;
  let stopJob: (() => void) | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const attempt = async () => {
    if (stopped) return;
    release = await opts.db.tryHoldLock(opts.key).catch(() => null);
    if (stopped) {
      await release?.();
      return;
    }
    if (release) {
      opts.log.info({ job: opts.name }, 'this node runs the job');
      stopJob = opts.start();
    } else {
      timer = setTimeout(() => void attempt(), opts.retryMs ?? 15_000);
      timer.unref();
    }
  };
  void attempt();

  return async () => {
    stopped = true;
    clearTimeout(timer);
    stopJob?.();
    await release?.();
  };
}
