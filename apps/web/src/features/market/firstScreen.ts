import type { Quote } from '@tradeapp/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryClient } from '../../lib/queryClient';
import { homeStripInput, quoteIdentOf, quoteRequest, topListInput, type QuoteIdent } from '../../app/firstRequests';
import { marketKeys, type TopType } from './keys';

export { quoteIdentOf, type QuoteIdent } from '../../app/firstRequests';

// The queries of the first screens a phone opens (the home tab, a quote page), in a module of their
// own: the routes' loaders start them while the pages' code downloads (app/routes.ts `prefetch`),
// so this module brings only the HTTP client and the query cache, which those pages load anyway.
// Their inputs are app/firstRequests.ts's, which the page's boot script sent before any of this
// loaded: the client then takes those answers (api/early.ts).

export function homeStripQuery() {
  return queryOptions({
    queryKey: marketKeys.home(),
    queryFn: ({ signal }) => call('homeCustomList', homeStripInput(), { signal }),
  });
}

export function topListQuery(type: TopType) {
  return queryOptions({
    queryKey: marketKeys.top(type),
    queryFn: ({ signal }) => call('topList', topListInput(type), { signal }),
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

export function quoteQuery(ident: QuoteIdent) {
  const id = ident.symbol ?? `code:${ident.code ?? ''}`;
  return queryOptions({
    queryKey: marketKeys.quote(id),
    queryFn: ({ signal }): Promise<Quote> => {
      const request = quoteRequest(ident);
      if (request?.route === 'getStock') return call('getStock', { code: String(request.input.code) }, { signal });
      return call(request?.route === 'cryptoDetail' ? 'cryptoDetail' : 'stockDetail', { symbol: String(request?.input.symbol) }, { signal });
    },
    enabled: Boolean(ident.symbol || ident.code),
  });
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
