import { createPlacementContext, type PlacementServiceOptions } from './context';
import { createPlacementInvestor } from './investor';
import { createPlacementOperator } from './operator';

// Placements (decision 0019, "Placements, keys"): an operator creates a private sale of a listed
// stock's shares (a QIP priced at most 5 % below the average close of the ten trading days before
// today's, an SPO at any price) and issues keys to chosen investors through their notices. An
// investor's key unlocks the placement for them; they buy within its window, paying from the
// instrument's trading wallet as an order would, and the shares become a leverage-1 position that
// trading refuses to close until the lock-up ends.

// The back office's use cases are in operator.ts, the investor's in investor.ts; both share one context.

export type { Operator } from './context';

export function createPlacementService(opts: PlacementServiceOptions) {
  const ctx = createPlacementContext(opts);
  return { ...createPlacementOperator(ctx), ...createPlacementInvestor(ctx) };
}

export type PlacementService = ReturnType<typeof createPlacementService>;
