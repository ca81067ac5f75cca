import { defineJob } from '../../schedule/job';
import { LOCKS } from '../../schedule/leader';
import type { DepositService } from './service';

/**
 * The chain watcher's poller: counts confirmations of reported crypto deposits and credits them at
 * the required count. Idempotent: each deposit is claimed with SKIP LOCKED and credited only while
 * pending, in the same transaction that marks it completed.
 */
export const chainWatcher = (deposits: DepositService, blockSeconds: number) =>
  defineJob({
    name: 'chain-watcher',
    // Twice a block, so a confirmation shows up within half a block of happening.
    everyMs: Math.max(500, Math.min(blockSeconds * 500, 5_000)),
    lock: LOCKS.chainWatcher,
    run: () => deposits.watchChain(),
  });
