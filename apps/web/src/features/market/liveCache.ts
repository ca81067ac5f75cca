import type { PushQuote } from '@tradeapp/contract';
import { notifyManager, type QueryClient } from '@tanstack/react-query';
import { marketKeys } from './keys';

// Live prices flow from the push socket into the query cache: every cached market query that
// holds a quote of the pushed symbol (the quote detail, list pages, infinite lists, search results,
// the watchlist) gets the new figures. Unchanged rows keep their identity, so memoised rows do not
// re-render.

type Obj = Record<string, unknown>;

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A quote (or quote row): it has a symbol and a nominal price. */
function isQuoteLike(value: Obj): boolean {
  return typeof value.symbol === 'string' && typeof value.price_nominal === 'string';
}

/** A watchlist row: the provider fields f2..f14 beside the nested quote. */
function isWatchlistRow(value: Obj): boolean {
  return typeof value.symbol === 'string' && typeof value.f2 === 'string' && isObj(value.quote);
}

type Visit = (quote: Obj) => Obj;

function mapArray(items: unknown[], visit: Visit, depth: number): unknown[] {
  let changed = false;
  const out = items.map((item) => {
    const next = mapQuotes(item, visit, depth + 1);
    if (next !== item) changed = true;
    return next;
  });
  return changed ? out : items;
}

/**
 * Apply `visit` to every quote inside a cached value: a quote, an array of rows, a page
 * `{list}`, infinite data `{pages}`, watchlist rows (whose f-fields follow their quote).
 * Returns the same reference when nothing changed.
 */
export function mapQuotes(value: unknown, visit: Visit, depth = 0): unknown {
  if (depth > 4) return value;
  if (Array.isArray(value)) return mapArray(value, visit, depth);
  if (!isObj(value)) return value;
  if (isWatchlistRow(value)) {
    const quote = value.quote as Obj;
    const next = visit(quote);
    if (next === quote) return value;
    return {
      ...value,
      f14: next.name ?? value.f14,
      f2: next.price_nominal,
      f3: next.change_ratio,
      f4: next.change,
      f5: next.volume,
      fall: next.fall,
      quote: next,
    };
  }
  if (isQuoteLike(value)) return visit(value);
  if (Array.isArray(value.pages)) {
    const pages = mapArray(value.pages, visit, depth);
    return pages === value.pages ? value : { ...value, pages };
  }
  if (Array.isArray(value.list)) {
    const list = mapArray(value.list, visit, depth);
    return list === value.list ? value : { ...value, list };
  }
  return value;
}

function updateMarketQueries(queryClient: QueryClient, visit: Visit): void {
  notifyManager.batch(() => {
    for (const query of queryClient.getQueryCache().findAll({ queryKey: marketKeys.all })) {
      const data = query.state.data;
      if (data === undefined) continue;
      const next = mapQuotes(data, visit);
      if (next !== data) queryClient.setQueryData(query.queryKey, next);
    }
  });
}

/** Write pushed quotes into every cached market query that shows their symbols. */
export function applyQuotes(queryClient: QueryClient, quotes: readonly PushQuote[]): void {
  if (quotes.length === 0) return;
  const bySymbol = new Map(quotes.map((quote) => [quote.symbol, quote]));
  updateMarketQueries(queryClient, (row) => {
    const quote = bySymbol.get(row.symbol as string);
    if (!quote) return row;
    // A refetch may already hold a newer quote than a delayed push.
    if (typeof row.timestamp === 'number' && row.timestamp > quote.timestamp) return row;
    if (row.price_nominal === quote.price_nominal && row.timestamp === quote.timestamp) return row;
    // The per-user star (selfSelectStatus) and the mini chart (spark) are kept from the row.
    return { ...row, ...quote };
  });
}

/** After a star toggle: the watchlist flag of a symbol, everywhere it is cached. */
export function applySelfSelect(queryClient: QueryClient, symbol: string, status: 0 | 1): void {
  updateMarketQueries(queryClient, (row) => (row.symbol === symbol && row.selfSelectStatus !== status ? { ...row, selfSelectStatus: status } : row));
}
