import type { Quote } from '@tradeapp/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { getPushClient } from '../../api/push';
import { depthQuery } from './api';

const subscribe = (listener: () => void) => getPushClient().onStatus(listener);
const connected = () => getPushClient().connected;

/**
 * The book and the prints at the quote's moment. The quote page's quote is live over the push
 * socket: each pushed quote a second or more newer than the book shown asks for the book of its
 * moment, so the two move together without a fast poll. Without the socket, depthQuery polls.
 */
export function useDepth(quote: Quote) {
  const live = useSyncExternalStore(subscribe, connected, () => false);
  const query = useQuery(depthQuery(quote.symbol, live));
  const shown = query.data?.timestamp;
  const { isFetching, refetch } = query;
  useEffect(() => {
    if (live && shown !== undefined && !isFetching && quote.timestamp - shown >= 1000) void refetch();
  }, [live, shown, isFetching, refetch, quote.timestamp]);
  return query;
}
