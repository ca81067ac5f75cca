import { OrderStatus, type Position, type RequestOf, type ResponseOf, type Routes } from '@tradeapp/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryClient } from '../../lib/queryClient';
import { walletKeys } from '../wallet/keys';
import { tradeKeys } from './keys';

// Fetchers of the trading screens: orders, positions, closing, margin. Every call that moves money
// carries the idempotency key of the user's intent.

export type { Position };
export type PositionsPage = ResponseOf<Routes['positions']>;
export type TradingRule = ResponseOf<Routes['rates']>[number];
export type MinCount = ResponseOf<Routes['minCount']>;
export type HalfOrFull = ResponseOf<Routes['halfOrFull']>;
export type OrderInput = RequestOf<Routes['orderStock']>;

export const PAGE_SIZE = 20;
/** Open positions are asked for again this often while shown: their P&L follows the live price. */
export const LIVE_REFRESH_MS = 3_000;

interface Paged {
  page: number;
  size: number;
  total: number;
  list: unknown[];
}
const nextPage = (last: Paged) => (last.page * last.size < last.total && last.list.length > 0 ? last.page + 1 : undefined);

export function positionsQuery(enabled = true) {
  return infiniteQueryOptions({
    queryKey: tradeKeys.positions(),
    queryFn: ({ pageParam, signal }) => call('positions', { page: pageParam, size: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export function closedQuery(enabled = true) {
  return infiniteQueryOptions({
    queryKey: tradeKeys.closed(),
    queryFn: ({ pageParam, signal }) => call('closedPositions', { page: pageParam, size: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
  });
}

export function entrustedQuery(enabled = true) {
  return infiniteQueryOptions({
    queryKey: tradeKeys.entrusted(),
    queryFn: ({ pageParam, signal }) => call('entrustedOrders', { page: pageParam, size: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
    // A resting order fills when the quote crosses: look again now and then.
    refetchInterval: 10_000,
  });
}

export function positionQuery(id: number) {
  return queryOptions({
    queryKey: tradeKeys.position(id),
    queryFn: ({ signal }) => call('position', { id }, { signal }),
    enabled: id > 0,
    // An open position's P&L moves with the price; a closed one does not.
    refetchInterval: (query) => (query.state.data?.status === OrderStatus.InProgress ? LIVE_REFRESH_MS : false),
  });
}

export function rulesQuery(symbol: string | undefined) {
  return queryOptions({
    queryKey: tradeKeys.rules(symbol ?? ''),
    queryFn: ({ signal }) => call('rates', { stockCode: symbol ?? '' }, { signal }),
    enabled: Boolean(symbol),
    staleTime: 5 * 60_000,
  });
}

export function minCountQuery(symbol: string | undefined) {
  return queryOptions({
    queryKey: tradeKeys.minCount(symbol ?? ''),
    queryFn: ({ signal }) => call('minCount', { stockCode: symbol ?? '' }, { signal }),
    enabled: Boolean(symbol),
    staleTime: 5 * 60_000,
  });
}

export function halfOrFull(input: RequestOf<Routes['halfOrFull']>) {
  return call('halfOrFull', input);
}

/** Which create call orders an instrument (contract: trading routes). */
export type OrderRoute = 'orderStock' | 'orderHk' | 'orderGold' | 'orderCrude';

export function orderRouteFor(assetClass: string, market: string): OrderRoute | null {
  switch (assetClass) {
    case 'stock':
      return market === 'HK' ? 'orderHk' : 'orderStock';
    case 'energy':
    case 'agri':
      return 'orderCrude';
    case 'future':
    case 'forex':
    case 'metal':
    case 'crypto':
      return 'orderGold';
    default:
      // Indices and bonds are not traded here.
      return null;
  }
}

export function createOrder(route: OrderRoute, input: OrderInput, idempotencyKey: string) {
  return call(route, input, { idempotencyKey });
}

export function closePosition(input: { id: number; quantity?: string }, idempotencyKey: string) {
  return call('closePosition', input, { idempotencyKey });
}

export function cancelOrder(id: number, idempotencyKey: string) {
  return call('cancelOrder', { id }, { idempotencyKey });
}

export function addMargin(input: { id: number; amount: string }, idempotencyKey: string) {
  return call('addMargin', input, { idempotencyKey, silent: true });
}

/** After an order, a close, a cancel or added margin: positions and wallets are asked for again. */
export function refreshTrading(): Promise<unknown> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: tradeKeys.all }), queryClient.invalidateQueries({ queryKey: walletKeys.all })]);
}
