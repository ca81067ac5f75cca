import { MarketSource, type ListQuery, type Quote, type ResponseOf, type Routes } from '@tradeapp/contract';
import { call } from '../../api/client';
import { isCrypto } from '../../app/firstRequests';
import { paths } from '../../app/paths';

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

export { isCrypto };

/** The quote page of an instrument with its query, chosen by its source (spec section 2). */
export function quoteHref(quote: QuoteIdentity): string {
  const query = { name: quote.name, code: quote.stock_code, source: quote.source, market: quote.market, symbol: quote.symbol };
  if (isCrypto(quote)) return paths.quote.forex(query);
  switch (quote.source) {
    case MarketSource.HKStock:
      return paths.quote.hkStock(query);
    case MarketSource.Future:
      return paths.quote.future(query);
    case MarketSource.GlobalIndex:
      return paths.quote.globalIndex(query);
    case MarketSource.Forex:
      return paths.quote.forex(query);
    default:
      return paths.quote.stock(query);
  }
}

/** The order page of an instrument by source; `direction` 0 buys, 1 sells; `type` 'limit' opens it on a limit order. */
export function orderHref(quote: QuoteIdentity, direction: 0 | 1, type?: 'limit'): string {
  const query = { name: quote.name, code: quote.stock_code, source: quote.source, market: quote.market, symbol: quote.symbol };
  let href: string;
  if (quote.source === MarketSource.Future) href = paths.trading.order.future(query, direction);
  else if (quote.source === MarketSource.Forex || isCrypto(quote)) href = paths.trading.order.forex(query, direction);
  else href = paths.trading.order.stock(query, direction);
  return type ? `${href}&type=${type}` : href;
}
