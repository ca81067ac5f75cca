import type { Pool, PoolOrder, PoolOrderInput } from '@tradeapp/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { nextPage, PAGE_SIZE } from '../../api/paging';
import { queryClient } from '../../lib/queryClient';
import { refreshWallet } from '../wallet';
import { quantifyKeys } from './keys';
import { isHeld } from './calc';

// Fetchers of the AI quantify screens (decision 0021): the pools with their NAV and returns, the
// ranking, one pool with its daily NAVs, the caller's figures, orders and daily profit; subscribing,
// redeeming and withdrawing carry the idempotency key of the investor's intent. Every figure comes
// from the server as it is.

/** The contract's largest page: the caller's holdings are read from every pool at once (there are a few). */
const ALL_POOLS = 100;

/** The pools the caller may see, paged as the list scrolls. */
export function poolsQuery() {
  return infiniteQueryOptions({
    queryKey: quantifyKeys.pools(),
    queryFn: ({ pageParam, signal }) => call('quantPools', { page: pageParam, size: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** The pools the caller holds units of or has a subscription waiting in. */
export function holdingsQuery(enabled = true) {
  return queryOptions({
    queryKey: quantifyKeys.holdings(),
    queryFn: async ({ signal }) => (await call('quantPools', { page: 1, size: ALL_POOLS }, { signal })).list.filter(isHeld),
    enabled,
  });
}

/** The pools ranked by the return of their NAV over the contract's days, after fees. */
export function rankingQuery() {
  return queryOptions({
    queryKey: quantifyKeys.ranking(),
    queryFn: ({ signal }) => call('quantRanking', {}, { signal }),
  });
}

/** The caller's total, today's profit, earnings after fees and pending subscriptions. */
export function statQuery(enabled = true) {
  return queryOptions({
    queryKey: quantifyKeys.stat(),
    queryFn: ({ signal }) => call('quantProfitStat', {}, { signal }),
    enabled,
  });
}

/** One pool with every daily NAV beside its benchmark. */
export function poolQuery(id: number) {
  return queryOptions({
    queryKey: quantifyKeys.pool(id),
    queryFn: ({ signal }) => call('quantPool', { id }, { signal }),
    enabled: id > 0,
  });
}

/** The caller's subscriptions and redemptions, newest first: of every pool, or of `poolId`. */
export function ordersQuery(poolId?: number) {
  return infiniteQueryOptions({
    queryKey: quantifyKeys.orders(poolId),
    queryFn: ({ pageParam, signal }) => call('quantOrders', { page: pageParam, size: PAGE_SIZE, ...(poolId ? { poolId } : {}) }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** The caller's daily profit, newest first: of every pool, or of `poolId`. */
export function profitsQuery(poolId?: number) {
  return infiniteQueryOptions({
    queryKey: quantifyKeys.profits(poolId),
    queryFn: ({ pageParam, signal }) => call('quantProfits', { page: pageParam, size: PAGE_SIZE, ...(poolId ? { poolId } : {}) }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** Every pool screen and every wallet load afresh: money moved between the financial wallet and a pool. */
async function settle<T>(result: T): Promise<T> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: quantifyKeys.all }), refreshWallet()]);
  return result;
}

/** Subscribe an amount or redeem units (`/quantization/order/save`). Refusals are the sheet's to show: `silent`. */
export async function saveOrder(input: PoolOrderInput, idempotencyKey: string): Promise<PoolOrder> {
  return settle(await call('quantOrderSave', input, { idempotencyKey, silent: true }));
}

/** Withdraw a pending order before its NAV prices it; a subscription's amount returns to the financial wallet. */
export async function cancelOrder(id: number, idempotencyKey: string): Promise<PoolOrder> {
  return settle(await call('quantOrderCancel', { id }, { idempotencyKey }));
}

/** The private pool a key unlocks: shown at once on its page, and the lists load afresh. Refusals are the form's: `silent`. */
export async function enterKey(key: string): Promise<Pool> {
  const pool = await call('quantCheckSecret', { key }, { silent: true });
  await queryClient.invalidateQueries({ queryKey: quantifyKeys.all });
  return pool;
}
