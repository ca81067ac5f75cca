import type { Placement, PlacementBuyInput } from '@tradeapp/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { nextPage, PAGE_SIZE } from '../../api/paging';
import { queryClient } from '../../lib/queryClient';
import { tradingKeys } from '../trading';
import { refreshWallet } from '../wallet';

// The placing pages (server module: placements): the placements the investor's keys unlocked,
// entering a key, buying, and the purchases with their lock-up.

export const placementKeys = {
  all: ['placements'] as const,
  unlocked: () => ['placements', 'unlocked'] as const,
  orders: () => ['placements', 'orders'] as const,
  flatCount: () => ['placements', 'flatCount'] as const,
};

export function unlockedQuery() {
  return queryOptions({ queryKey: placementKeys.unlocked(), queryFn: ({ signal }) => call('placementsUnlocked', {}, { signal }) });
}

export function ordersQuery() {
  return infiniteQueryOptions({
    queryKey: placementKeys.orders(),
    queryFn: ({ pageParam, signal }) => call('placementOrders', { page: pageParam, size: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

export function flatCountQuery() {
  return queryOptions({ queryKey: placementKeys.flatCount(), queryFn: ({ signal }) => call('placingFlatCount', {}, { signal }) });
}

/** The placement the key unlocks, put first in the list at once. Errors are the caller's to show (under the field): `silent`. */
export async function enterKey(key: string): Promise<Placement> {
  const placement = await call('placementCheckSecret', { key }, { silent: true });
  queryClient.setQueryData<Placement[]>(placementKeys.unlocked(), (list = []) => [placement, ...list.filter((p) => p.id !== placement.id)]);
  return placement;
}

/** A purchase under the intent's idempotency key; then the placements, records, positions and wallets load afresh. */
export async function buyPlacement(input: PlacementBuyInput, idempotencyKey: string) {
  const order = await call('placementBuy', input, { idempotencyKey, silent: true });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: placementKeys.all }),
    queryClient.invalidateQueries({ queryKey: tradingKeys.all }),
    refreshWallet(),
  ]);
  return order;
}
