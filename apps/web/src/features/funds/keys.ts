import type { FundHoldingStatus, FundOrderStatus, FundProductKind } from '@tradeapp/contract';

// Query keys of the funds and deposit terms screens (server module: funds). Everything lives under
// ['funds'], so an order, an allotment or a payout refreshes every fund screen at once.

export const fundKeys = {
  all: ['funds'] as const,
  products: (kind: FundProductKind) => ['funds', 'products', kind] as const,
  stat: () => ['funds', 'stat'] as const,
  detail: (id: number) => ['funds', 'detail', id] as const,
  /** The caller's holdings, of every status ('all') or of one. */
  holdings: (status: FundHoldingStatus | 'all' = 'all') => ['funds', 'holdings', status] as const,
  orders: (status: FundOrderStatus) => ['funds', 'orders', status] as const,
  profits: () => ['funds', 'profits'] as const,
  /** What a redemption would cost now: of a product's units (FIFO), or of one deposit. */
  preview: (productId: number, units: string, holdingId = 0) => ['funds', 'preview', productId, units, holdingId] as const,
};
