import type { ResponseOf, Routes, WalletCode } from '@tradeapp/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { nextPage, PAGE_SIZE } from '../../api/paging';
import { queryClient } from '../../lib/queryClient';
import { walletKeys } from './keys';

// Fetchers and query options of the wallet screens: balances, bills and transfers. Money-moving
// calls carry the idempotency key of the user's intent.

export type Wallet = ResponseOf<Routes['walletBalance']>[number];
export type FundingOverview = ResponseOf<Routes['fundingOverview']>;
export type Portfolio = ResponseOf<Routes['portfolio']>;
export type PortfolioLine = Portfolio['lines'][number];

export function balancesQuery() {
  return queryOptions({
    queryKey: walletKeys.balances(),
    queryFn: ({ signal }) => call('walletBalance', {}, { signal }),
  });
}

export function overviewQuery() {
  return queryOptions({
    queryKey: walletKeys.overview(),
    queryFn: ({ signal }) => call('fundingOverview', { currency: 'EUR' }, { signal }),
    // Open positions float with the market: the total is asked for again while it is on screen.
    refetchInterval: 15_000,
  });
}

/**
 * The portfolio (issue 32): every line the investor holds or owes, valued at one set of rates, with
 * the totals net assets, total assets and liabilities. The home card, the overview tab, the profile's
 * card and the trade tab read this one answer, so they show the same figures.
 */
export function portfolioQuery() {
  return queryOptions({
    queryKey: walletKeys.portfolio('EUR'),
    queryFn: ({ signal }) => call('portfolio', { currency: 'EUR' }, { signal }),
    // Open positions and quotes move: asked for again while on screen.
    refetchInterval: 15_000,
  });
}

export function transfersQuery() {
  return infiniteQueryOptions({
    queryKey: walletKeys.transfers(),
    queryFn: ({ pageParam, signal }) => call('transferList', { page: pageParam, size: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** The quote of a currency's dollar pair (DOLLAR_PAIRS) for showing what an amount converts to; the server fixes the real rate. */
export function pairQuery(symbol: string, enabled: boolean) {
  return queryOptions({
    queryKey: walletKeys.exchangeRate(symbol),
    queryFn: ({ signal }) => call('stockDetail', { symbol }, { signal, silent: true }),
    enabled,
    staleTime: 10_000,
    refetchInterval: enabled ? 15_000 : false,
  });
}

/** The EURUSD exchange rate (dollars per euro): what the wallets' euros and dollars convert at. */
export const exchangeRateQuery = (enabled: boolean) => pairQuery('EURUSD', enabled);

export function transfer(input: { from: WalletCode; to: WalletCode; amount: string }, idempotencyKey: string) {
  return call('transfer', input, { idempotencyKey });
}

export function cancelTransfer(id: number, idempotencyKey: string) {
  return call('cancelTransfer', { id }, { idempotencyKey });
}

/** After money moved: every balance, bill and record is asked for again. */
export function refreshWallet(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: walletKeys.all });
}
