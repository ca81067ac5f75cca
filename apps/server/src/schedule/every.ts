import type { FastifyBaseLogger } from 'fastify';

/**
 * Run `job` every `ms`, never two runs of it at once on this node; a failed run is logged and the
 * next one tries again (`startJobs` adds the lock that keeps other nodes out meanwhile). `runNow`
 * starts a run at once (none if one is in progress); `stop` waits for a run in progress.
 */
export function every(ms: number, name: string, log: FastifyBaseLogger, job: () => Promise<unknown>): { stop: () => Promise<void>; runNow: () => void } {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = job()
      .catch((err: unknown) => log.error({ err, job: name }, 'job failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, ms);
  timer.unref();
  return {
    runNow: run,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
