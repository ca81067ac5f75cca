import { FollowStatus, type FollowDetail, type FollowInput } from '@tradeapp/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { nextPage, PAGE_SIZE } from '../../api/paging';
import { queryClient } from '../../lib/queryClient';
import { tradingKeys } from '../trading';
import { refreshWallet } from '../wallet';
import { followKeys } from './keys';

// Fetchers of the copy-following screens (decision 0020): the agencies and their records, one
// agency, the caller's follows and one follow; following, adding money and stopping carry the
// idempotency key of the investor's intent. Every figure comes from the server as it is.

/** A running follow's equity floats with its copies' prices: asked for again this often while shown. */
export const FOLLOW_REFRESH_MS = 5_000;
/** An agency's record moves with its open positions' prices, more slowly than a follow is watched. */
const AGENCY_REFRESH_MS = 15_000;

export function agenciesQuery() {
  return queryOptions({
    queryKey: followKeys.agencies(),
    queryFn: ({ signal }) => call('agencies', {}, { signal }),
    refetchInterval: AGENCY_REFRESH_MS * 2,
  });
}

export function agencyQuery(id: number) {
  return queryOptions({
    queryKey: followKeys.agency(id),
    queryFn: ({ signal }) => call('agency', {}, { signal, params: { id } }),
    enabled: id > 0,
    refetchInterval: AGENCY_REFRESH_MS,
  });
}

/** An agency's closed positions, newest first, a page at a time: the page scrolls through every one of them. */
export function agencyClosedQuery(id: number) {
  return infiniteQueryOptions({
    queryKey: followKeys.agencyClosed(id),
    queryFn: ({ pageParam, signal }) => call('agencyClosed', { page: pageParam, size: PAGE_SIZE }, { signal, params: { id } }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: id > 0,
  });
}

export function followsQuery() {
  return infiniteQueryOptions({
    queryKey: followKeys.follows(),
    queryFn: ({ pageParam, signal }) => call('follows', { page: pageParam, size: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    refetchInterval: FOLLOW_REFRESH_MS * 2,
  });
}

/** The running follows (following or stopping), for the follow wallet's tab: they come first in the list. */
export function runningFollowsQuery() {
  return queryOptions({
    queryKey: followKeys.running(),
    queryFn: async ({ signal }) => (await call('follows', { page: 1, size: 100 }, { signal })).list.filter((f) => f.status !== FollowStatus.Stopped),
    refetchInterval: FOLLOW_REFRESH_MS * 3,
  });
}

export function followQuery(id: number, enabled = true) {
  return queryOptions({
    queryKey: followKeys.follow(id),
    queryFn: ({ signal }) => call('follow', { id }, { signal }),
    enabled: enabled && id > 0,
    // A stopped follow no longer moves.
    refetchInterval: (query) => (query.state.data && query.state.data.status !== FollowStatus.Stopped ? FOLLOW_REFRESH_MS : false),
  });
}

/** The follow as the server answered it, shown at once; the lists, positions and wallets load afresh. */
async function settle(detail: FollowDetail): Promise<FollowDetail> {
  queryClient.setQueryData(followKeys.follow(detail.id), detail);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: followKeys.all, predicate: (q) => q.queryKey[1] !== 'follow' || q.queryKey[2] !== detail.id }),
    queryClient.invalidateQueries({ queryKey: tradingKeys.all }),
    refreshWallet(),
  ]);
  return detail;
}

/** Follow an agency (`/userFollowInvest/add`). Refusals are the form's to show: `silent`. */
export async function startFollow(input: FollowInput, idempotencyKey: string): Promise<FollowDetail> {
  return settle(await call('followAdd', input, { idempotencyKey, silent: true }));
}

/** Add money to a running follow (`/orders/additions`, the follow being the specification's `orderId`). */
export async function addToFollow(input: { orderId: number; amount: string }, idempotencyKey: string): Promise<FollowDetail> {
  return settle(await call('followAddition', input, { idempotencyKey, silent: true }));
}

/** Stop following: the copies close (those whose market is closed, at its next open), the money returns. */
export async function stopFollow(id: number, idempotencyKey: string): Promise<FollowDetail> {
  return settle(await call('followStop', { id }, { idempotencyKey }));
}
