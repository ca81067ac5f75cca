import type { DealStatus } from '@tradeapp/contract';

// Query keys of the IPO screens (server module: deals). Everything lives under ['deals'], so a
// subscription, a pushed allotment or a pull to refresh asks for every list and detail again.

export const dealKeys = {
  all: ['deals'] as const,
  list: (status: DealStatus | null) => ['deals', 'list', status ?? 'all'] as const,
  /** Open and announced deals of one market (the Hong Kong stock page's IPO section). */
  upcoming: (market: 'HK' | 'US') => ['deals', 'upcoming', market] as const,
  detail: (symbol: string) => ['deals', 'detail', symbol] as const,
  subscriptions: () => ['deals', 'subscriptions'] as const,
  subscription: (id: number) => ['deals', 'subscription', id] as const,
  fullLots: (dealId: number) => ['deals', 'fullLots', dealId] as const,
};
