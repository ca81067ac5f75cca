import { DealStatus, MarketSource, type NewStock, type ResponseOf, type Routes, type Subscription } from '@tradeapp/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { nextPage, PAGE_SIZE } from '../../api/paging';
import { queryClient } from '../../lib/queryClient';
import { walletKeys } from '../wallet';
import { dealKeys } from './keys';

// Fetchers of the IPO screens: the new-stock list and detail, the caller's subscriptions, the most
// lots the subscription wallet pays for, and the three money calls (subscribe, change and
// reconfirm a United States offer), each under the idempotency key of the investor's intent.

export type { NewStock, Subscription };
export type NewStockPage = ResponseOf<Routes['newStockList']>;
export type FullLots = ResponseOf<Routes['ipoFullNum']>;

/** While a deal is open its demand and odds move with every application: asked for again this often. */
const OPEN_REFRESH_MS = 15_000;

export function newStocksQuery(status: DealStatus | null) {
  return infiniteQueryOptions({
    queryKey: dealKeys.list(status),
    queryFn: ({ pageParam, signal }) => call('newStockList', { page: pageParam, size: PAGE_SIZE, ...(status ? { status } : {}) }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/**
 * Open and announced deals of one market, for the Hong Kong stock page. The list call has no
 * market filter, so both phases are asked for in full (a page of 100 is far more deals than run
 * at once) and the other market's are left out here.
 */
export function upcomingDealsQuery(market: 'HK' | 'US') {
  return queryOptions({
    queryKey: dealKeys.upcoming(market),
    queryFn: async ({ signal }) => {
      const [open, announced] = await Promise.all(
        [DealStatus.Open, DealStatus.Announced].map((status) => call('newStockList', { page: 1, size: 100, status }, { signal })),
      );
      return [...open!.list, ...announced!.list].filter((d) => d.market === market);
    },
  });
}

export function newStockQuery(symbol: string | null) {
  return queryOptions({
    queryKey: dealKeys.detail(symbol ?? ''),
    queryFn: ({ signal }) => call('newStockDetail', { symbol: symbol ?? '' }, { signal }),
    enabled: Boolean(symbol),
    refetchInterval: (query) => (query.state.data?.dealStatus === DealStatus.Open ? OPEN_REFRESH_MS : false),
  });
}

export function subscriptionsQuery() {
  return infiniteQueryOptions({
    queryKey: dealKeys.subscriptions(),
    queryFn: ({ pageParam, signal }) => call('subscriptions', { page: pageParam, size: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/**
 * One subscription of the caller's, by id. The contract has no call for one subscription, so
 * the list is read a page of 100 at a time until it turns up (newest first: it is on the first
 * page but for an investor with more than 100 applications).
 */
export function subscriptionQuery(id: number | null) {
  return queryOptions({
    queryKey: dealKeys.subscription(id ?? 0),
    queryFn: async ({ signal }): Promise<Subscription | null> => {
      for (let page = 1; ; page += 1) {
        const answer = await call('subscriptions', { page, size: 100 }, { signal });
        const found = answer.list.find((s) => s.id === id);
        if (found) return found;
        if (nextPage(answer) === undefined) return null;
      }
    },
    enabled: id !== null,
  });
}

/** The most lots the subscription wallet pays for, with the live rate and what is available (the order page's Full). */
export function fullLotsQuery(dealId: number | null) {
  return queryOptions({
    queryKey: dealKeys.fullLots(dealId ?? 0),
    queryFn: ({ signal }) => call('ipoFullNum', { dealId: dealId ?? 0 }, { signal }),
    enabled: dealId !== null,
    // What is available changes with every transfer, which refreshes the wallet's keys, not these:
    // asked for again each time the order page opens. The rate it converts at moves with the market.
    staleTime: 0,
    refetchInterval: OPEN_REFRESH_MS,
  });
}

/** An application: a Hong Kong deal's is paid through `/hk/create` (the specification's payipo call), any other's through `/NewShares/create`. */
export async function subscribe(deal: Pick<NewStock, 'id' | 'name' | 'market'>, lots: number, idempotencyKey: string): Promise<Subscription> {
  const input = { dealId: deal.id, lots, stockName: deal.name };
  if (deal.market !== 'HK') return call('subscribe', input, { idempotencyKey, silent: true });
  const paid = await call('orderHk', { ...input, source: MarketSource.NewStock }, { idempotencyKey, silent: true });
  if (!('dealId' in paid)) throw new Error('/hk/create answered a position for an IPO payment');
  return paid;
}

export function changeOffer(input: { dealId: number; lots: number }, idempotencyKey: string) {
  return call('changeSubscription', input, { idempotencyKey, silent: true });
}

export function reconfirmOffer(input: { dealId: number; lots: number }, idempotencyKey: string) {
  return call('reconfirmSubscription', input, { idempotencyKey, silent: true });
}

/** After money moved for a deal: the deals, the subscriptions and the wallets are asked for again. */
export function refreshDeals(): Promise<unknown> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: dealKeys.all }), queryClient.invalidateQueries({ queryKey: walletKeys.all })]);
}
