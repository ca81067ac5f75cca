import type { AuctionPhase, ResponseOf, Routes } from '@tradeapp/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryClient } from '../../lib/queryClient';
import { tradingKeys } from '../trading';
import { walletKeys } from '../wallet';

// The pre-opening auction of the Hong Kong stocks (server module: auction). Query keys live under
// ['auction']; the stocks are /m_ft/preMarketList (quotes with their indicative price and volume,
// and the session), the orders the caller's of the session shown.

export type AuctionStocks = ResponseOf<Routes['preMarketList']>;
export type AuctionStock = AuctionStocks['list'][number];
export type AuctionOrders = ResponseOf<Routes['auctionOrders']>;

export const auctionKeys = {
  all: ['auction'] as const,
  stocks: () => ['auction', 'stocks'] as const,
  orders: () => ['auction', 'orders'] as const,
};

/**
 * While orders come in the indicative figures move with every order (anyone's): they are asked
 * for again every few seconds. The push socket carries quotes and the investor's own events, not a
 * book everyone shares, so polling is what keeps them current.
 */
const refreshEvery = (phase: AuctionPhase | undefined) => (phase === undefined || phase === 'closed' ? 30_000 : 3_000);

export function auctionStocksQuery() {
  return queryOptions({
    queryKey: auctionKeys.stocks(),
    queryFn: ({ signal }) => call('preMarketList', { size: 50 }, { signal }),
    refetchInterval: (query) => refreshEvery(query.state.data?.session.phase),
  });
}

export function auctionOrdersQuery(enabled: boolean) {
  return queryOptions({
    queryKey: auctionKeys.orders(),
    queryFn: ({ signal }) => call('auctionOrders', {}, { signal }),
    enabled,
    refetchInterval: (query) => refreshEvery(query.state.data?.session.phase),
  });
}

/** After an order or a cancel: the book, the orders, the wallets (what is held) and the trading lists. */
export function refreshAuction(): Promise<unknown> {
  return Promise.all([auctionKeys.all, tradingKeys.all, walletKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export async function cancelAuctionOrder(id: number, idempotencyKey: string) {
  const order = await call('auctionCancel', { id }, { idempotencyKey });
  void refreshAuction();
  return order;
}
