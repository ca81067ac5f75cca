import { defineJob } from '../../schedule/job';
import { LOCKS } from '../../schedule/leader';
import type { RobotEngine } from './engine';

/**
 * The robots' trading (decision 0021): each working robot order looks at the seconds of its pair's
 * quote it has not yet seen. Idempotent: a second is acted on once, under the order's row lock
 * (`checked_through`), so a run cut short is taken up again from where it committed.
 */
export const robotTrade = (engine: RobotEngine) =>
  defineJob({
    name: 'robot-trade',
    everyMs: 2_000,
    lock: LOCKS.robotTrade,
    run: () => engine.run(),
  });
