import type { FastifyBaseLogger } from 'fastify';

/**
 * Run `job` every `ms`, never two runs of it at once on this node; a failed run is logged and the
 * next one tries again (`startJobs` adds the lock that keeps other nodes out meanwhile). Returns
 * the stop, which waits for a run in progress.
 */
export function every(ms: number, name: string, log: FastifyBaseLogger, job: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = job()
      .catch((err: unknown) => log.error({ err, job: name }, 'job failed'))
      .finally(() => {
        running = null;
      });
  }, ms);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
