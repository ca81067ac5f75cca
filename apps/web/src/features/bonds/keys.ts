// Query keys of the bond screens (server module: bonds). Everything lives under ['bonds'], so a
// purchase, a sale, a coupon or a redemption refreshes every bond screen at once.

export const bondKeys = {
  all: ['bonds'] as const,
  /** Every bond's quote, or one bond's (by symbol). */
  quotes: () => ['bonds', 'quotes'] as const,
  quote: (symbol: string) => ['bonds', 'quote', symbol] as const,
  /** The caller's holdings, of every status or of one. */
  holdings: (status = 'all') => ['bonds', 'holdings', status] as const,
  holding: (id: number) => ['bonds', 'holding', id] as const,
  total: () => ['bonds', 'total'] as const,
  payments: (id: number) => ['bonds', 'payments', id] as const,
};
