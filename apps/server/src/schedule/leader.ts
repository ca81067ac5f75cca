import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db';

/** Advisory lock keys of the jobs that one node at a time runs. */
export const LOCKS = {
  marketFeed: 72707101,
  transferSettlement: 72707102,
  chainWatcher: 72707103,
  dealLifecycle: 72707104,
  auctionMatch: 72707105,
  agencyTrade: 72707106,
  robotTrade: 72707107,
  poolTrade: 72707108,
  fundNav: 72707109,
  fundPayout: 72707110,
  depositTerms: 72707111,
  bondCoupon: 72707112,
  loanAccrual: 72707113,
} as const;

/**
 * Run `fn` if this node takes the lock now, and let go of it after: of the nodes whose timers fire
 * together, one does the run and the others skip it. Nothing is held between runs, so a node that
 * goes away leaves no leader to wait for. Answers undefined when another node had the lock.
 */
export async function runIfLeader<T>(db: Db, key: number, fn: () => Promise<T>): Promise<T | undefined> {
  const release = await db.tryHoldLock(key);
  if (!release) return undefined;
  try {
    return await fn();
  } finally {
    await release();
  }
}

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
