import { MarketSource, type ListQuery, type Quote, type ResponseOf, type Routes } from '@tradeapp/contract';
import { call } from '../../api/client';

// The market tab's segments: one per market and asset class, each with its own list call.

export const SEGMENT_IDS = ['US', 'HK', 'DE', 'NL', 'BE', 'MX', 'FUT', 'FX', 'INDEX', 'BOND', 'CRYPTO'] as const;
export type SegmentId = (typeof SEGMENT_IDS)[number];

export type QuotePage = ResponseOf<Routes['stockList']>;

export function isSegmentId(value: string | null): value is SegmentId {
  return value !== null && (SEGMENT_IDS as readonly string[]).includes(value);
}

/** The list call of a segment. */
export function fetchSegment(segment: SegmentId, query: ListQuery, signal?: AbortSignal): Promise<QuotePage> {
  const opts = { signal };
  switch (segment) {
    case 'HK':
      return call('hkAllStockList', query, opts);
    case 'FUT':
      return call('futuresList', query, opts);
    case 'FX':
      return call('forexList', query, opts);
    case 'INDEX':
      return call('globalIndex', query, opts);
    case 'BOND':
      return call('bondsList', query, opts);
    case 'CRYPTO':
      return call('cryptoQuantifyList', query, opts);
    default:
      return call('stockList', { ...query, market: segment }, opts);
  }
}

type QuoteIdentity = Pick<Quote, 'symbol' | 'name' | 'stock_code' | 'source' | 'market'> & { assetClass?: Quote['assetClass'] };

export function isCrypto(quote: { market?: string | null; assetClass?: string | null; source?: number | string | null }): boolean {
  return quote.market === 'CRYPTO' || quote.assetClass === 'crypto' || String(quote.source) === String(MarketSource.RobotCrypto);
}

/** The quote page of an instrument, chosen by its source (spec section 2). */
export function quoteRoute(quote: QuoteIdentity): string {
  if (isCrypto(quote)) return '/pages/quote/forex';
  switch (quote.source) {
    case MarketSource.HKStock:
      return '/pages/hkstock/quote';
    case MarketSource.Future:
      return '/pages/quote/future';
    case MarketSource.GlobalIndex:
      return '/pages/quote/globalindex';
    case MarketSource.Forex:
      return '/pages/quote/forex';
    default:
      return '/pages/quote/stock';
  }
}

/** Route and query (name, code, source, market, symbol) of an instrument's quote page. */
export function quoteHref(quote: QuoteIdentity): string {
  const query = new URLSearchParams({
    name: quote.name,
    code: quote.stock_code,
    source: String(quote.source),
    market: quote.market,
    symbol: quote.symbol,
  });
  return `${quoteRoute(quote)}?${query.toString()}`;
}

/** The order page of an instrument by source; `direction` 0 buys, 1 sells. */
export function orderHref(quote: QuoteIdentity, direction: 0 | 1): string {
  let path = '/pages/payment/stock';
  if (quote.source === MarketSource.Future) path = '/pages/payment/future';
  else if (quote.source === MarketSource.Forex || isCrypto(quote)) path = '/pages/payment/forex';
  const query = new URLSearchParams({
    name: quote.name,
    code: quote.stock_code,
    source: String(quote.source),
    direction: String(direction),
    market: quote.market,
    symbol: quote.symbol,
  });
  return `${path}?${query.toString()}`;
}
