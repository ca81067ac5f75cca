import { createFollowContext, type FollowServiceOptions } from './context';
import { createFollowInvestor } from './investor';
import { createFollowOperator } from './operator';

/**
 * Copy-following as the investor and the back office see it (decision 0020): the agencies' records
 * computed from their own journals and positions, the follows and their copies, and the calls that
 * start, add to and stop a follow. The trading itself is the engine's (engine.ts).
 */
export function createFollowService(opts: FollowServiceOptions) {
  const ctx = createFollowContext(opts);
  return { ...createFollowInvestor(ctx), ...createFollowOperator(ctx) };
}

export type FollowService = ReturnType<typeof createFollowService>;
