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
