import { keepPreviousData, queryOptions, skipToken, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlockQuoteStatus, BlockTradeActivationStatus, ResponseOf, Routes } from '@tradeapp/contract';
import { call } from '../../api';

// The block-trading queue (server module: blockTrades): applications listed by status, approved
// (a key goes to the investor's notices, never to this screen), refused with a reason, or their key
// revoked with a reason.

export const BLOCK_TRADES_PAGE_SIZE = 20;

export type BlockTradeItem = ResponseOf<Routes['operatorBlockTrades']>['list'][number];
type Page = ResponseOf<Routes['operatorBlockTrades']>;

export interface BlockTradesQuery {
  /** Undefined lists every status. */
  status: BlockTradeActivationStatus | undefined;
  page: number;
}

export const blockTradeKeys = {
  all: ['operator', 'blockTrades'] as const,
  lists: () => [...blockTradeKeys.all, 'list'] as const,
  list: (query: BlockTradesQuery) => [...blockTradeKeys.lists(), query] as const,
  /** An application as the server answered a decision on it: the panel keeps showing it once it leaves the filtered list. */
  decided: (id: number) => [...blockTradeKeys.all, 'decided', id] as const,
  quotes: (query: BlockQuotesQuery) => [...blockTradeKeys.all, 'quotes', query] as const,
};

export type BlockQuoteItem = ResponseOf<Routes['operatorBlockQuotes']>['list'][number];

export interface BlockQuotesQuery {
  /** Undefined lists every status. */
  status: BlockQuoteStatus | undefined;
  page: number;
}

/** A live quote turns expired within half a minute: the list is asked for again while it is shown. */
const QUOTES_REFRESH_MS = 10_000;

/** The house's block quotes, newest first: read-only, the house quotes by itself. */
export function blockQuotesQueryOptions(query: BlockQuotesQuery) {
  return queryOptions({
    queryKey: blockTradeKeys.quotes(query),
    queryFn: ({ signal }) => call('operatorBlockQuotes', { page: query.page, size: BLOCK_TRADES_PAGE_SIZE, status: query.status }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: QUOTES_REFRESH_MS,
  });
}

export function blockTradesQueryOptions(query: BlockTradesQuery) {
  return queryOptions({
    queryKey: blockTradeKeys.list(query),
    queryFn: ({ signal }) => call('operatorBlockTrades', { page: query.page, size: BLOCK_TRADES_PAGE_SIZE, status: query.status }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The application last decided here with this id, from the cache only (never fetched). */
export function decidedQueryOptions(id: number) {
  return queryOptions<BlockTradeItem>({ queryKey: blockTradeKeys.decided(id), queryFn: skipToken, staleTime: Infinity });
}

export const auditLinkOf = (id: number) => `/audit?${new URLSearchParams({ targetType: 'blockTrade', targetId: String(id) }).toString()}`;

export type BlockTradeDecision = { action: 'approve' } | { action: 'refuse'; reason: string } | { action: 'revoke'; reason: string };

function decide(id: number, decision: BlockTradeDecision): Promise<BlockTradeItem> {
  if (decision.action === 'approve') return call('operatorBlockTradeApprove', {}, { params: { id } });
  if (decision.action === 'refuse') return call('operatorBlockTradeRefuse', { reason: decision.reason }, { params: { id } });
  return call('operatorBlockTradeRevoke', { reason: decision.reason }, { params: { id } });
}

/** A cached page after a decision on `item`: replaced where the page's filter still takes it, gone (one fewer) where not. */
export function withDecided(page: Page, query: BlockTradesQuery | undefined, item: BlockTradeItem): Page {
  const stays = query?.status === undefined || query.status === item.status;
  const had = page.list.some((row) => row.id === item.id);
  if (stays) return { ...page, list: page.list.map((row) => (row.id === item.id ? item : row)) };
  return { ...page, list: page.list.filter((row) => row.id !== item.id), total: had ? page.total - 1 : page.total };
}

/**
 * Approves, refuses or revokes one application. The answer replaces it in every cached page whose
 * filter still takes it and leaves the others at once; then every page of the queue loads afresh,
 * so the lists and their counts agree with the server, and the audit log after it.
 */
export function useBlockTradeDecision(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: BlockTradeDecision) => decide(id, decision),
    onSuccess: async (item) => {
      queryClient.setQueryData(blockTradeKeys.decided(item.id), item);
      for (const [key, page] of queryClient.getQueriesData<Page>({ queryKey: blockTradeKeys.lists() })) {
        if (!page) continue;
        queryClient.setQueryData<Page>(key, withDecided(page, key[3] as BlockTradesQuery | undefined, item));
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: blockTradeKeys.lists(), refetchType: 'all' }),
        queryClient.invalidateQueries({ queryKey: ['operator', 'audit'] }),
      ]);
    },
  });
}
