import { defineJob } from '../../schedule/job';
import { LOCKS } from '../../schedule/leader';
import type { WalletService } from './service';

/**
 * Settles transfers across currencies once their time has come. Idempotent: each transfer is
 * claimed with SKIP LOCKED and settles only while still in progress, and its release names the
 * hold, which the database lets be released once; a cancelled one is no longer in progress.
 */
export const transferSettlement = (wallets: WalletService, settleSeconds: number) =>
  defineJob({
    name: 'transfer-settlement',
    // Often enough that a transfer settles soon after it is due, never more than every second.
    everyMs: Math.max(1000, Math.min(settleSeconds * 1000, 10_000)),
    lock: LOCKS.transferSettlement,
    run: () => wallets.settleDue(),
  });
