import type { QuoteRow, WatchlistRow } from '@tradeapp/contract';
import type { QuoteRowData } from '../../ui/QuoteRow';
import { quoteHref } from './segments';

// Rows of the API as the shared quote row shows them. Cached per object: the push socket keeps the
// identity of unchanged rows, so memoised rows re-render only when their own quote moved.

const quoteRows = new WeakMap<QuoteRow, QuoteRowData>();
const watchRows = new WeakMap<WatchlistRow, QuoteRowData>();

export function rowData(quote: QuoteRow): QuoteRowData {
  let data = quoteRows.get(quote);
  if (!data) {
    data = {
      symbol: quote.symbol,
      href: quoteHref(quote),
      name: quote.name,
      code: quote.stock_code,
      tag: quote.marketType,
      currency: quote.currency,
      price: quote.price_nominal,
      change: quote.change,
      changeRatio: quote.change_ratio,
      volume: quote.volume,
      tickSize: quote.tickSize,
      spark: quote.spark,
    };
    quoteRows.set(quote, data);
  }
  return data;
}

/** A watchlist row: the provider fields f14 name, f12 code, f2 price, f4 change, f3 change %, f5 volume. */
export function watchRowData(row: WatchlistRow): QuoteRowData {
  let data = watchRows.get(row);
  if (!data) {
    data = {
      symbol: row.symbol,
      href: quoteHref(row.quote),
      name: row.f14,
      code: row.f12,
      tag: row.quote.marketType,
      currency: row.quote.currency,
      price: row.f2,
      change: row.f4,
      changeRatio: row.f3,
      volume: row.f5,
      tickSize: row.quote.tickSize,
      spark: row.quote.spark,
    };
    watchRows.set(row, data);
  }
  return data;
}

/**
 * The one currency every price of a list is in, named once in its header; null when the list mixes
 * currencies (each row then names its own) or is empty.
 */
export function listCurrency(rows: ReadonlyArray<{ currency?: string | undefined }>): string | null {
  const first = rows[0]?.currency;
  if (!first) return null;
  return rows.every((row) => row.currency === first) ? first : null;
}

/** Every row of a paged list's pages loaded so far. */
export function pagedRows<Row>(data: { pages: ReadonlyArray<{ list: readonly Row[] }> } | undefined): Row[] {
  return data?.pages.flatMap((page) => page.list) ?? [];
}
