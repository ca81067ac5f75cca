import type { Quote } from '@tradeapp/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryClient } from '../../lib/queryClient';
import { marketKeys, type TopType } from './keys';
import { isCrypto } from './segments';

// The queries of the first screens a phone opens (the home tab, a quote page), in a module of their
// own: the routes' loaders start them while the pages' code downloads (app/routes.ts `prefetch`),
// so this module brings only the HTTP client and the query cache, which those pages load anyway.

export function homeStripQuery() {
  return queryOptions({
    queryKey: marketKeys.home(),
    queryFn: ({ signal }) => call('homeCustomList', { size: 12, spark: true }, { signal }),
  });
}

export function topListQuery(type: TopType) {
  return queryOptions({
    queryKey: marketKeys.top(type),
    queryFn: ({ signal }) => call('topList', { type, size: 8, spark: true }, { signal }),
  });
}

export function marketStatusQuery() {
  return queryOptions({
    queryKey: marketKeys.status(),
    queryFn: ({ signal }) => call('getMarkets', {}, { signal }),
    // Phases change on the clock: ask again every minute while shown.
    refetchInterval: 60_000,
  });
}

/** The instrument of a quote page: by `symbol` when the link has it, else by `code`. */
export interface QuoteIdent {
  symbol: string | null;
  code: string | null;
  crypto: boolean;
}

export function quoteQuery(ident: QuoteIdent) {
  const id = ident.symbol ?? `code:${ident.code ?? ''}`;
  return queryOptions({
    queryKey: marketKeys.quote(id),
    queryFn: ({ signal }): Promise<Quote> => {
      if (ident.symbol) {
        return ident.crypto
          ? call('cryptoDetail', { symbol: ident.symbol }, { signal })
          : call('stockDetail', { symbol: ident.symbol }, { signal });
      }
      return call('getStock', { code: ident.code ?? '' }, { signal });
    },
    enabled: Boolean(ident.symbol || ident.code),
  });
}

/** A quote page's instrument, read from its link's query as the page reads it. */
export function quoteIdentOf(params: URLSearchParams): QuoteIdent {
  return {
    symbol: params.get('symbol')?.trim() || null,
    code: params.get('code')?.trim() || null,
    crypto: isCrypto({ market: params.get('market'), source: params.get('source') }),
  };
}

/** The home tab's lists above the fold (its strip, the market hours and the gainers, as it opens). */
export function prefetchHome(): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(homeStripQuery()),
    queryClient.prefetchQuery(marketStatusQuery()),
    queryClient.prefetchQuery(topListQuery('gainers')),
  ]);
}

/** A quote page's quote, the figure its largest paint shows. */
export function prefetchQuote(url: URL): Promise<unknown> {
  const ident = quoteIdentOf(url.searchParams);
  return ident.symbol || ident.code ? queryClient.prefetchQuery(quoteQuery(ident)) : Promise.resolve();
}
