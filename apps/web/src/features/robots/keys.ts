import type { KlineRange } from '@tradeapp/contract';

// Query keys of the robot screens (server module: robots). Everything lives under ['robots'], so a
// robot's fill (a pushed order event) or a robot notice refreshes every robot screen at once.

export const robotKeys = {
  all: ['robots'] as const,
  robots: () => ['robots', 'robots'] as const,
  quota: (robotId: number) => ['robots', 'quota', robotId] as const,
  orders: () => ['robots', 'orders'] as const,
  running: () => ['robots', 'running'] as const,
  order: (id: number) => ['robots', 'order', id] as const,
  kline: (id: number, range: KlineRange) => ['robots', 'kline', id, range] as const,
};
