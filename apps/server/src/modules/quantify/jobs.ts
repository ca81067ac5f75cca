import { defineJob } from '../../schedule/job';
import { LOCKS } from '../../schedule/leader';
import type { PoolEngine } from './engine';

/**
 * The quantify pools (decision 0021): each pool's rule trades its due days and each UTC day that has
 * ended is valued and its orders priced. Idempotent: a day is traded once (`decided_through`) and
 * valued once (`valued_through`), each under the pool's row lock.
 */
export const poolTrade = (engine: PoolEngine) =>
  defineJob({
    name: 'pool-trade',
    everyMs: 10_000,
    lock: LOCKS.poolTrade,
    warmsUp: true,
    run: () => engine.run(),
  });
