import { defineJob } from '../../schedule/job';
import { LOCKS } from '../../schedule/leader';
import type { FollowEngine } from './engine';

/**
 * The agencies' trading and the follows' guard (decision 0020): each agency acts on the days whose
 * trading moment has come (the first run backfills its history), then running follows are checked
 * against their copy stop-loss and stopping ones close the copies whose markets now trade.
 * Idempotent: a day is acted on once, under the agency's row lock (`decided_through`), and a follow
 * is rechecked under its own lock, so a run cut short is simply taken up again by the next.
 */
export const agencyTrade = (engine: FollowEngine) =>
  defineJob({
    name: 'agency-trade',
    // A day's trading moment is at a session's open plus five minutes: fifteen seconds late at most.
    everyMs: 15_000,
    lock: LOCKS.agencyTrade,
    warmsUp: true,
    run: () => engine.run(),
  });
