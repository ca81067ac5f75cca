import type { KlineRange } from '@tradeapp/contract';
import type { TopType } from '../../app/firstRequests';

// Query keys of the market feature. Everything lives under ['market'] so the push socket can
// find every cached quote in one sweep (liveCache.ts).

export type ListSort = 'price_nominal' | 'change_ratio' | 'volume';
export type SortOrder = 'asc' | 'desc';
export type { TopType };

export const marketKeys = {
  all: ['market'] as const,
  home: () => ['market', 'home'] as const,
  top: (type: TopType) => ['market', 'top', type] as const,
  status: () => ['market', 'status'] as const,
  list: (segment: string, sort: ListSort | null, order: SortOrder) => ['market', 'list', segment, sort ?? 'none', order] as const,
  product: (kind: string, classify: string, page?: number) => ['market', 'product', kind, classify, page ?? 'all'] as const,
  futuresCategories: () => ['market', 'futuresCategories'] as const,
  quote: (id: string) => ['market', 'quote', id] as const,
  summary: (symbol: string) => ['market', 'summary', symbol] as const,
  kline: (symbol: string, range: KlineRange, crypto: boolean) => ['market', 'kline', symbol, range, crypto] as const,
  depth: (symbol: string) => ['market', 'depth', symbol] as const,
  search: (q: string) => ['market', 'search', q] as const,
  watchlist: () => ['market', 'watchlist'] as const,
};
