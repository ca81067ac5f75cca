import { createRobotContext, type RobotServiceOptions } from './context';
import { createRobotInvestor } from './investor';
import { createRobotOperator } from './operator';
import { ensureRobots } from './seed';

/**
 * Robots as the investor and the back office see them (decision 0021): the robots on offer, the
 * orders that start, show and redeem them, every figure computed from the order's positions and
 * journals. The trading itself is the engine's (engine.ts).
 */
export function createRobotService(opts: RobotServiceOptions) {
  const ctx = createRobotContext(opts);
  return {
    ensureRobots: () => ensureRobots(opts.db),
    ...createRobotInvestor(ctx),
    ...createRobotOperator(ctx),
  };
}

export type RobotService = ReturnType<typeof createRobotService>;
