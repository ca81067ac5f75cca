// Query keys of the trading screens (server module: trading). Everything lives under ['trading'],
// so a pushed fill or liquidation refreshes every list in one sweep.

export const tradingKeys = {
  all: ['trading'] as const,
  positions: () => ['trading', 'positions'] as const,
  closed: () => ['trading', 'closed'] as const,
  entrusted: () => ['trading', 'entrusted'] as const,
  position: (id: number) => ['trading', 'position', id] as const,
  tradingRules: (symbol: string) => ['trading', 'tradingRules', symbol] as const,
  minCount: (symbol: string) => ['trading', 'minCount', symbol] as const,
  leverageRisk: () => ['trading', 'leverageRisk'] as const,
  marginWarnings: () => ['trading', 'marginWarnings'] as const,
};
