import type { BondHolding, BondHoldingStatus, BondOrderInput } from '@tradeapp/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { nextPage, PAGE_SIZE } from '../../api/paging';
import { queryClient } from '../../lib/queryClient';
import { tradingKeys } from '../trading';
import { refreshWallet } from '../wallet';
import { bondKeys } from './keys';

// Fetchers of the bond screens (decision 0022): every bond's quote from the yield curve, the
// caller's holdings and their totals per currency, one holding's payments; buying and selling carry
// the idempotency key of the investor's intent. Every figure is the server's, shown as it came.

/** The quotes move with the curve every second: asked for again while on screen. */
const QUOTE_REFRESH_MS = 10_000;
/** The contract's largest page: a holding is looked for among the caller's holdings, a page at a time. */
const LOOKUP_PAGE = 100;

export function quotesQuery() {
  return queryOptions({
    queryKey: bondKeys.quotes(),
    queryFn: ({ signal }) => call('bondQuotes', {}, { signal }),
    refetchInterval: QUOTE_REFRESH_MS,
  });
}

/** One bond's quote, or null when the symbol is not listed. */
export function quoteQuery(symbol: string) {
  return queryOptions({
    queryKey: bondKeys.quote(symbol),
    queryFn: async ({ signal }) => (await call('bondQuotes', { symbol }, { signal })).find((q) => q.symbol === symbol) ?? null,
    enabled: symbol !== '',
    refetchInterval: QUOTE_REFRESH_MS,
  });
}

/** The caller's holdings, newest first: of every status, or of one. */
export function holdingsQuery(status?: BondHoldingStatus) {
  return infiniteQueryOptions({
    queryKey: bondKeys.holdings(status),
    queryFn: ({ pageParam, signal }) => call('bondHoldings', { page: pageParam, size: PAGE_SIZE, ...(status ? { status } : {}) }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** One of the caller's holdings (there is no call for one: it is found in the list), or null. */
export function holdingQuery(id: number) {
  return queryOptions({
    queryKey: bondKeys.holding(id),
    queryFn: async ({ signal }): Promise<BondHolding | null> => {
      for (let page = 1; ; page += 1) {
        const answer = await call('bondHoldings', { page, size: LOOKUP_PAGE }, { signal });
        const found = answer.list.find((h) => h.id === id);
        if (found) return found;
        if (nextPage(answer) === undefined) return null;
      }
    },
    enabled: id > 0,
  });
}

/** The caller's bonds per currency and their value in euros. */
export function totalQuery() {
  return queryOptions({
    queryKey: bondKeys.total(),
    queryFn: ({ signal }) => call('bondTotal', {}, { signal }),
  });
}

/** One holding's coupons, sales and redemption, oldest first. */
export function paymentsQuery(id: number) {
  return queryOptions({
    queryKey: bondKeys.payments(id),
    queryFn: ({ signal }) => call('bondPayments', { id }, { signal }),
    enabled: id > 0,
  });
}

/** Money moved between a wallet and a holding: the bond screens, the positions and the wallets load afresh. */
async function settle<T>(result: T): Promise<T> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: bondKeys.all }), queryClient.invalidateQueries({ queryKey: tradingKeys.all }), refreshWallet()]);
  return result;
}

/** Buy a face amount at the dirty ask plus the markup. Refusals are the page's to show: `silent`. */
export async function buyBond(input: BondOrderInput, idempotencyKey: string): Promise<BondHolding> {
  return settle(await call('bondCreate', input, { idempotencyKey, silent: true }));
}

/** Sell face of a holding (all that remains without `face`) at the bid plus accrued, less the markup. */
export async function sellBond(input: { id: number; face?: string }, idempotencyKey: string): Promise<BondHolding> {
  return settle(await call('bondSell', input, { idempotencyKey, silent: true }));
}
