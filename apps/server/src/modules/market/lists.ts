import type { Quote, QuoteRow, zListQuery } from '@tradeapp/contract';
import type { z } from 'zod';
import { Dec } from '../../lib/decimal';
import type { Instrument } from '../../market/types';
import type { MarketContext } from './context';

export type ListQuery = z.output<typeof zListQuery>;
export type Filter = (i: Instrument) => boolean;
export interface ListOptions {
  source?: Quote['source'];
  defaultSort?: NonNullable<ListQuery['sort']>;
  where?: (q: Quote) => boolean;
}

export type SortKey = NonNullable<ListQuery['sort']>;
const sortValue: Record<SortKey, (q: Quote) => string> = {
  change_ratio: (q) => q.change_ratio,
  price_nominal: (q) => q.price_nominal,
  volume: (q) => q.volume,
  amplitude: (q) => q.amplitude,
  marketCap: (q) => q.marketCap ?? '0',
  name: (q) => q.name,
  stock_code: (q) => q.stock_code,
};
const TEXT_SORTS = new Set(['name', 'stock_code']);

/** Sort on the server: each key parsed once (decorate, sort, undecorate), decimals compared exactly. Stable, so sorting then filtering equals filtering then sorting. */
export function sorted<T>(items: T[], quoteIn: (item: T) => Quote, sort: SortKey, order: 'asc' | 'desc'): T[] {
  const value = sortValue[sort];
  const sign = order === 'asc' ? 1 : -1;
  if (TEXT_SORTS.has(sort)) return [...items].sort((a, b) => sign * value(quoteIn(a)).localeCompare(value(quoteIn(b))));
  return items
    .map((item) => ({ item, key: new Dec(value(quoteIn(item))) }))
    .sort((a, b) => sign * a.key.comparedTo(b.key))
    .map((d) => d.item);
}

export function matchesText(i: Instrument, q: string) {
  const needle = q.toLowerCase();
  return i.symbol.toLowerCase().includes(needle) || i.code.toLowerCase().includes(needle) || i.name.toLowerCase().includes(needle);
}

export function searchHits(universe: readonly Instrument[], q: string, size: number): Instrument[] {
  if (!q) return [];
  const needle = q.toLowerCase();
  const rank = (i: Instrument) =>
    i.code.toLowerCase() === needle || i.symbol.toLowerCase() === needle
      ? 0
      : i.code.toLowerCase().startsWith(needle)
        ? 1
        : i.name.toLowerCase().startsWith(needle)
          ? 2
          : 3;
  return universe
    .filter((i) => matchesText(i, q))
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name))
    .slice(0, size);
}

/** The lists computed at each call, as objects: the kept lists (boards.ts) answer the same pages as bytes. */
export function createLists(ctx: MarketContext) {
  const { known, quoteOf, spark, watchedSymbols } = ctx;

  /** Filter, sort and page on the server; rows carry the caller's watchlist flag and, asked, the mini chart. */
  async function list(base: Filter, query: ListQuery, callerId: number | null, opts: ListOptions = {}) {
    const watched = await watchedSymbols(callerId);
    let quotes = known()
      .filter(base)
      .filter((i) => !query.market || i.market === query.market)
      .filter((i) => !query.exchange || i.exchange === query.exchange.toUpperCase())
      .filter((i) => !query.classify || i.classify.toLowerCase() === query.classify.toLowerCase())
      .filter((i) => !query.q || matchesText(i, query.q))
      .map((i) => quoteOf(i.symbol, watched.has(i.symbol)));
    if (opts.where) quotes = quotes.filter(opts.where);
    const sort = query.sort ?? opts.defaultSort;
    if (sort) quotes = sorted(quotes, (q) => q, sort, query.order);
    const start = (query.page - 1) * query.size;
    const rows: QuoteRow[] = quotes.slice(start, start + query.size).map((q) => ({
      ...q,
      ...(opts.source !== undefined ? { source: opts.source } : {}),
      ...(query.spark ? { spark: spark(q.symbol) } : {}),
    }));
    return { list: rows, total: quotes.length, page: query.page, size: query.size };
  }

  /** A fixed set of instruments, in the order given (a home strip, the major pairs), on one page. */
  async function listOf(symbols: readonly string[], query: ListQuery, callerId: number | null) {
    const page = await list((i) => symbols.includes(i.symbol), { ...query, size: symbols.length }, callerId);
    page.list.sort((a, b) => symbols.indexOf(a.symbol) - symbols.indexOf(b.symbol));
    return page;
  }

  return {
    list,
    listOf,
    search: async (q: string, size: number, callerId: number | null): Promise<QuoteRow[]> => {
      if (!q) return [];
      const watched = await watchedSymbols(callerId);
      return searchHits(known(), q, size).map((i) => quoteOf(i.symbol, watched.has(i.symbol)));
    },
  };
}
