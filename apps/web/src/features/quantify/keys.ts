// Query keys of the AI quantify screens (server module: quantify). Everything lives under
// ['quantify'], so an order, a withdrawal or an unlocked key refreshes every pool screen at once.

export const quantifyKeys = {
  all: ['quantify'] as const,
  pools: () => ['quantify', 'pools'] as const,
  holdings: () => ['quantify', 'holdings'] as const,
  ranking: () => ['quantify', 'ranking'] as const,
  stat: () => ['quantify', 'stat'] as const,
  pool: (id: number) => ['quantify', 'pool', id] as const,
  /** The caller's orders and daily profit, of every pool (0) or of one. */
  orders: (poolId = 0) => ['quantify', 'orders', poolId] as const,
  profits: (poolId = 0) => ['quantify', 'profits', poolId] as const,
};
