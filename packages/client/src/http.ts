import { isMessageKey, routes, translate, type RouteId } from '@tradeapp/contract';
import { createApiClientCore, type ApiClient, type ApiClientOptions, type Failure } from './core';

// The HTTP client of both apps (spec sections 7 and 8) with the whole contract: the route table
// and the English messages. The logic is in core.ts (`@tradeapp/client/core`), which an app uses
// directly when it brings a lighter route table and its own wording.

export function defaultText(failure: Failure): string {
  return translate('en', failure.key, failure.params);
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  return createApiClientCore({
    ...options,
    text: options.text ?? defaultText,
    isMessageKey,
    route: (id: RouteId) => routes[id],
  });
}
