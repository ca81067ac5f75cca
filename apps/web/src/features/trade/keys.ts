// Query keys of the trading screens (server module: trading). Everything lives under ['trade'],
// so a pushed fill or liquidation refreshes every list in one sweep.

export const tradeKeys = {
  all: ['trade'] as const,
  positions: () => ['trade', 'positions'] as const,
  closed: () => ['trade', 'closed'] as const,
  entrusted: () => ['trade', 'entrusted'] as const,
  position: (id: number) => ['trade', 'position', id] as const,
  rules: (symbol: string) => ['trade', 'rules', symbol] as const,
  minCount: (symbol: string) => ['trade', 'minCount', symbol] as const,
};
