import type { FundHoldingStatus, FundOrder, FundOrderInput, FundOrderStatus, FundProductKind } from '@tradeapp/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { nextPage, PAGE_SIZE } from '../../api/paging';
import { queryClient } from '../../lib/queryClient';
import { refreshWallet } from '../wallet';
import { fundKeys } from './keys';

// Fetchers of the funds and deposit terms screens (decision 0022): the products of a kind with their
// NAV, cut-off and terms, one product with its NAV history or declared incomes, the caller's figures,
// holdings (one per purchase), orders and profit per holding, and what a redemption would cost now.
// Buying and redeeming carry the idempotency key of the investor's intent. Every figure is the
// server's, shown as it came.

/** The products of one tab (funds, Current or Regular), paged as the list scrolls. */
export function productsQuery(kind: FundProductKind) {
  return infiniteQueryOptions({
    queryKey: fundKeys.products(kind),
    queryFn: ({ pageParam, signal }) => call('fundProducts', { page: pageParam, size: PAGE_SIZE, kind }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** The caller's total, today's earnings, total earnings and the split by kind. */
export function statQuery(enabled = true) {
  return queryOptions({
    queryKey: fundKeys.stat(),
    queryFn: ({ signal }) => call('fundStat', {}, { signal }),
    enabled,
  });
}

/** One product with every NAV (fund) or declared income (Current), and the 7-day yield's inputs. */
export function detailQuery(id: number) {
  return queryOptions({
    queryKey: fundKeys.detail(id),
    queryFn: ({ signal }) => call('fundDetails', { id }, { signal }),
    enabled: id > 0,
  });
}

/** The caller's holdings, one per purchase, newest first: of every status, or of one. */
export function holdingsQuery(status: FundHoldingStatus | 'all' = 'all') {
  return infiniteQueryOptions({
    queryKey: fundKeys.holdings(status),
    queryFn: ({ pageParam, signal }) => call('fundHoldings', { page: pageParam, size: PAGE_SIZE, ...(status === 'all' ? {} : { status }) }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** The caller's orders in progress (waiting for a NAV or a payout) or completed, newest first. */
export function ordersQuery(status: FundOrderStatus) {
  return infiniteQueryOptions({
    queryKey: fundKeys.orders(status),
    queryFn: ({ pageParam, signal }) => call('fundOrders', { page: pageParam, size: PAGE_SIZE, status }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** The caller's profit per holding with its buy and sell times (`/stock/fund/profit`). */
export function profitsQuery() {
  return infiniteQueryOptions({
    queryKey: fundKeys.profits(),
    queryFn: ({ pageParam, signal }) => call('fundProfit', { page: pageParam, size: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/**
 * What redeeming `units` (or `all`) of a fund would cost now, lot by lot; with `holdingId`, what
 * redeeming that deposit would pay and forfeit. Refusals (a locked lot, more than held) are the
 * sheet's to show: `silent`.
 */
export function previewQuery(productId: number, units: string, holdingId?: number) {
  return queryOptions({
    queryKey: fundKeys.preview(productId, units, holdingId),
    queryFn: ({ signal }) => call('fundRedeemPreview', { productId, units, ...(holdingId ? { holdingId } : {}) }, { signal, silent: true }),
    enabled: productId > 0 && units !== '',
    retry: false,
    staleTime: 0,
  });
}

/** Buy or redeem. Every fund screen and every wallet load afresh; refusals are the sheet's to show: `silent`. */
export async function createOrder(input: FundOrderInput, idempotencyKey: string): Promise<FundOrder> {
  const order = await call('fundOrderCreate', input, { idempotencyKey, silent: true });
  await Promise.all([queryClient.invalidateQueries({ queryKey: fundKeys.all }), refreshWallet()]);
  return order;
}
