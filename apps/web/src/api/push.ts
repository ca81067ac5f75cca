import { createPushClient, type PushClient } from '@tradeapp/client';
import { applyQuotes } from '../features/market/liveCache';
import { queryClient } from '../lib/queryClient';
import { getToken, subscribeSession } from '../lib/session';

export type { PushClient, PushEventListener, SocketLike } from '@tradeapp/client';

// The investor app's push socket: @tradeapp/client with quotes. Screens subscribe to the symbols
// they show (api/liveQuote.ts); incoming quotes go into the query cache (liveCache.ts), never into
// component state.

let shared: PushClient | null = null;

/** The app's push client, created on first use. */
export function getPushClient(): PushClient {
  if (shared) return shared;
  const client = createPushClient({
    getToken,
    onQuotes: (quotes) => applyQuotes(queryClient, quotes),
    // The investor app has always retried sooner and waited longer for a ping than the back office.
    maxBackoffMs: 15_000,
    idleTimeoutMs: 75_000,
  });
  subscribeSession(() => client.refreshAuth());
  shared = client;
  return client;
}
