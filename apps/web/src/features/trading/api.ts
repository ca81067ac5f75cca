import { LEVERAGE_RISK_VERSION, OrderStatus, type OrderCall, type Position, type RequestOf, type ResponseOf, type Routes } from '@tradeapp/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { nextPage, PAGE_SIZE } from '../../api/paging';
import { queryClient } from '../../lib/queryClient';
import { walletKeys } from '../wallet';
import { tradingKeys } from './keys';

// Fetchers of the trading screens: orders, positions, closing, margin. Every call that moves money
// carries the idempotency key of the user's intent.

export type { Position };
export type PositionsPage = ResponseOf<Routes['positions']>;
export type TradingRule = ResponseOf<Routes['rates']>[number];
export type MinCount = ResponseOf<Routes['minCount']>;
export type HalfOrFull = ResponseOf<Routes['halfOrFull']>;
export type OrderInput = RequestOf<Routes['orderStock']>;

/** Open positions are asked for again this often while shown: their P&L follows the live price. */
export const LIVE_REFRESH_MS = 3_000;

export function positionsQuery(enabled = true) {
  return infiniteQueryOptions({
    queryKey: tradingKeys.positions(),
    queryFn: ({ pageParam, signal }) => call('positions', { page: pageParam, size: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

/**
 * The caller's open positions at a level of the margin warning ladder now (modules/marginLadder),
 * by position: asked as often as the positions, whose P&L moves them in and out of it.
 */
export function marginWarningsQuery(enabled = true) {
  return queryOptions({
    queryKey: tradingKeys.marginWarnings(),
    queryFn: ({ signal }) => call('marginWarnings', {}, { signal }),
    select: (list) => new Map(list.map((w) => [w.positionId, w])),
    enabled,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export function closedQuery(enabled = true) {
  return infiniteQueryOptions({
    queryKey: tradingKeys.closed(),
    queryFn: ({ pageParam, signal }) => call('closedPositions', { page: pageParam, size: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
  });
}

export function entrustedQuery(enabled = true) {
  return infiniteQueryOptions({
    queryKey: tradingKeys.entrusted(),
    queryFn: ({ pageParam, signal }) => call('entrustedOrders', { page: pageParam, size: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
    // An entrusted order fills when the quote crosses: look again now and then.
    refetchInterval: 10_000,
  });
}

export function positionQuery(id: number) {
  return queryOptions({
    queryKey: tradingKeys.position(id),
    queryFn: ({ signal }) => call('position', { id }, { signal }),
    enabled: id > 0,
    // An open position's P&L moves with the price; a closed one does not.
    refetchInterval: (query) => (query.state.data?.status === OrderStatus.InProgress ? LIVE_REFRESH_MS : false),
  });
}

export function tradingRulesQuery(symbol: string | undefined) {
  return queryOptions({
    queryKey: tradingKeys.tradingRules(symbol ?? ''),
    queryFn: ({ signal }) => call('rates', { stockCode: symbol ?? '' }, { signal }),
    enabled: Boolean(symbol),
    staleTime: 5 * 60_000,
  });
}

export function minCountQuery(symbol: string | undefined) {
  return queryOptions({
    queryKey: tradingKeys.minCount(symbol ?? ''),
    queryFn: ({ signal }) => call('minCount', { stockCode: symbol ?? '' }, { signal }),
    enabled: Boolean(symbol),
    staleTime: 5 * 60_000,
  });
}

/** Whether the investor acknowledged the risk of leverage above the retail caps; it never expires, so it is asked for once. */
export function leverageRiskQuery(enabled = true) {
  return queryOptions({
    queryKey: tradingKeys.leverageRisk(),
    queryFn: ({ signal }) => call('leverageRisk', {}, { signal }),
    enabled,
    staleTime: Infinity,
  });
}

/** Acknowledge the risk warning now shown (its text version); a repeat changes nothing. */
export async function acknowledgeLeverageRisk() {
  const risk = await call('acknowledgeLeverageRisk', { version: LEVERAGE_RISK_VERSION });
  queryClient.setQueryData(tradingKeys.leverageRisk(), risk);
  return risk;
}

export function halfOrFull(input: RequestOf<Routes['halfOrFull']>) {
  return call('halfOrFull', input);
}

/** Place an order through its instrument's order call (`orderCallFor` in the contract). */
export async function createOrder(orderCall: OrderCall, input: OrderInput, idempotencyKey: string): Promise<Position> {
  const placed = await call(orderCall, input, { idempotencyKey });
  // An order answers its position; only `/hk/create` paying an IPO (source NewStock) answers a subscription.
  if (!('positionNum' in placed)) throw new Error(`${orderCall} answered a subscription`);
  return placed;
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

export type StopsInput = RequestOf<Routes['setStops']>;

/** Replace an open position's stops (one left out is removed); the form shows a refusal under its field. */
export function setStops(input: StopsInput) {
  return call('setStops', input, { silent: true });
}

/** After an order, a close, a cancel or added margin: positions and wallets are asked for again. */
export function refreshTrading(): Promise<unknown> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: tradingKeys.all }), queryClient.invalidateQueries({ queryKey: walletKeys.all })]);
}
