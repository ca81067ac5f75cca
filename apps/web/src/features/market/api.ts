import type { KlineRange, ListQuery, Quote, ResponseOf, Routes, WatchlistRow } from '@tradeapp/contract';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from '../../lib/router';
import { call } from '../../api/client';
import { paths } from '../../app/paths';
import { isSignedIn } from '../../lib/session';
import { marketKeys, type ListSort, type SortOrder } from './keys';
import { applySelfSelect } from './liveCache';
import { fetchSegment, type SegmentId } from './segments';

/** The toast module (and antd-mobile's Toast) loads with the first message, not with the page. */
function toast(text: string): void {
  void import('../../ui/toast').then(({ showToast }) => showToast(text, 'success'));
}

// Fetchers and query options of the market screens. Live prices are written into these
// queries by the push socket (push.ts + liveCache.ts).

export type KlineData = ResponseOf<Routes['kline']>;
export type SummaryData = ResponseOf<Routes['summaryDetail']>;
export type MarketStatus = ResponseOf<Routes['getMarkets']>[number];

export const PAGE_SIZE = 20;

export { homeStripQuery, marketStatusQuery, quoteIdentOf, quoteQuery, topListQuery, type QuoteIdent } from './firstScreen';

export function segmentListQuery(segment: SegmentId, sort: ListSort | null, order: SortOrder) {
  return infiniteQueryOptions({
    queryKey: marketKeys.list(segment, sort, order),
    queryFn: ({ pageParam, signal }) => fetchSegment(segment, { page: pageParam, size: PAGE_SIZE, spark: true, order, ...(sort ? { sort } : {}) }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total && last.list.length > 0 ? last.page + 1 : undefined),
  });
}

/** The live lists of the product pages (/pages/product/future, popular, forex; /pages/hkstock/index). */
export type ProductList = 'future' | 'popular' | 'forex' | 'hk';

function fetchProduct(kind: ProductList, query: ListQuery, signal: AbortSignal) {
  const opts = { signal };
  switch (kind) {
    case 'future':
      return call('futuresList', query, opts);
    case 'popular':
      return call('hotStock', query, opts);
    case 'forex':
      return call('forexList', query, opts);
    case 'hk':
      return call('hkAllStockList', query, opts);
  }
}

/** A product page's list, paged on scroll; `classify` narrows it to one category. */
export function productListQuery(kind: ProductList, classify: string | null) {
  return infiniteQueryOptions({
    queryKey: marketKeys.product(kind, classify ?? ''),
    queryFn: ({ pageParam, signal }) => fetchProduct(kind, { page: pageParam, size: PAGE_SIZE, spark: true, ...(classify ? { classify } : {}) }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total && last.list.length > 0 ? last.page + 1 : undefined),
  });
}

/** The futures categories (index, metals, energy ...) with their number of contracts. */
export function futuresCategoriesQuery() {
  return queryOptions({
    queryKey: marketKeys.futuresCategories(),
    queryFn: ({ signal }) => call('futuresOptList', {}, { signal }),
    staleTime: 10 * 60_000,
  });
}

/** One page of a stock market's list, for the stock table of /pages/product/ucstock. */
export function stockTableQuery(market: string, page: number, size: number) {
  return queryOptions({
    queryKey: marketKeys.product('ucstock', market, page),
    queryFn: ({ signal }) => call('stockList', { market: market as ListQuery['market'], page, size }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Recent large fills (10,000 shares or more) of a stock, for its quote page. */
export function largeOrdersQuery(symbol: string) {
  return queryOptions({
    queryKey: [...marketKeys.summary(symbol), 'largeOrders'],
    queryFn: ({ signal }) => call('largeOrders', { stockCode: symbol, size: 10 }, { signal }),
    refetchInterval: 15_000,
  });
}

export function summaryQuery(symbol: string | undefined) {
  return queryOptions({
    queryKey: marketKeys.summary(symbol ?? ''),
    queryFn: ({ signal }) => call('summaryDetail', { symbol: symbol ?? '' }, { signal }),
    enabled: Boolean(symbol),
    staleTime: 10 * 60_000,
  });
}

export type DepthData = ResponseOf<Routes['depth']>;

/**
 * The simulated book and time and sales of one instrument. While the push socket is up the quote page
 * asks again on each pushed quote (useDepth); without it, this modest poll keeps it fresh while visible.
 */
export function depthQuery(symbol: string, live: boolean) {
  return queryOptions({
    queryKey: marketKeys.depth(symbol),
    queryFn: ({ signal }) => call('depth', { symbol }, { signal }),
    refetchInterval: live ? false : 5_000,
  });
}

export function klineQuery(symbol: string | undefined, range: KlineRange, crypto: boolean) {
  return queryOptions({
    queryKey: marketKeys.kline(symbol ?? '', range, crypto),
    queryFn: ({ signal }) =>
      crypto ? call('cryptoKline', { symbol: symbol ?? '', range }, { signal }) : call('kline', { symbol: symbol ?? '', range }, { signal }),
    enabled: Boolean(symbol),
    staleTime: range === 'intraday' ? 60_000 : 5 * 60_000,
    refetchInterval: range === 'intraday' ? 60_000 : false,
    placeholderData: keepPreviousData,
  });
}

export function searchQuery(q: string) {
  return queryOptions({
    queryKey: marketKeys.search(q),
    queryFn: ({ signal }) => call('search', { q, size: 30 }, { signal }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function watchlistQuery(signedIn: boolean) {
  return queryOptions({
    queryKey: marketKeys.watchlist(),
    queryFn: ({ signal }) => call('watchlist', { spark: true }, { signal }),
    enabled: signedIn,
  });
}

/** What the star needs to know of an instrument. */
export type Starrable = Pick<Quote, 'symbol' | 'name' | 'market' | 'classify' | 'source' | 'selfSelectStatus'>;

/**
 * The watchlist star: add or remove, reflected at once in every cached quote and list; signed out,
 * it leads to the login page and back.
 */
export function useWatchToggle() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const mutation = useMutation({
    mutationFn: async ({ item, add }: { item: Starrable; add: boolean }) => {
      if (add) {
        await call('watchlistSave', {
          secuCode: item.symbol,
          market: item.market,
          securityName: item.name,
          classify: item.classify,
          assettype: item.source,
        });
      } else {
        await call('watchlistDeleteByCode', {}, { params: { stockCode: item.symbol } });
      }
    },
    onMutate: ({ item, add }) => applySelfSelect(qc, item.symbol, add ? 1 : 0),
    onError: (_error, { item, add }) => applySelfSelect(qc, item.symbol, add ? 0 : 1),
    onSuccess: (_data, { item, add }) => {
      // The watchlist shows its cached rows until its next read answers: a removed row leaves them now.
      if (!add) qc.setQueryData<WatchlistRow[]>(marketKeys.watchlist(), (rows) => rows?.filter((r) => r.symbol !== item.symbol));
      toast(t(add ? 'quote.added' : 'quote.removed'));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: marketKeys.watchlist() }),
  });
  return {
    pending: mutation.isPending,
    toggle(item: Starrable) {
      if (!isSignedIn()) {
        void navigate(paths.login(`${location.pathname}${location.search}`));
        return;
      }
      mutation.mutate({ item, add: item.selfSelectStatus !== 1 });
    },
  };
}

/** Remove watchlist rows by id, and put them in a new order. */
export function useWatchlistEdit() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const remove = useMutation({
    mutationFn: (row: WatchlistRow) => call('watchlistDelete', {}, { params: { id: row.id } }),
    onSuccess: (_data, row) => {
      qc.setQueryData<WatchlistRow[]>(marketKeys.watchlist(), (rows) => rows?.filter((r) => r.id !== row.id));
      applySelfSelect(qc, row.symbol, 0);
      toast(t('quote.removed'));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: marketKeys.watchlist() }),
  });
  const reorder = useMutation({
    mutationFn: (rows: WatchlistRow[]) => call('watchlistReorder', { ids: rows.map((r) => r.id) }),
    onMutate: async (rows) => {
      await qc.cancelQueries({ queryKey: marketKeys.watchlist() });
      const before = qc.getQueryData<WatchlistRow[]>(marketKeys.watchlist());
      qc.setQueryData<WatchlistRow[]>(marketKeys.watchlist(), rows);
      return { before };
    },
    onError: (_error, _rows, context) => {
      if (context?.before) qc.setQueryData(marketKeys.watchlist(), context.before);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: marketKeys.watchlist() }),
  });
  return { remove, reorder };
}
