import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../api';

export const OUTBOX_PAGE_SIZE = 20;

export interface OutboxQuery {
  to: string;
  page: number;
}

export const outboxKeys = {
  all: ['operator', 'outbox'] as const,
  list: (query: OutboxQuery) => [...outboxKeys.all, query] as const,
};

export function outboxQueryOptions(query: OutboxQuery) {
  return queryOptions({
    queryKey: outboxKeys.list(query),
    queryFn: ({ signal }) =>
      call(
        'operatorOutbox',
        { page: query.page, size: OUTBOX_PAGE_SIZE, to: query.to || undefined },
        {
          signal,
        },
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * One mail opened: its redacted copy. Each fetch is written to the server's audit log, so it is
 * fetched once per opening and never refreshed behind the operator's back.
 */
export function mailQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...outboxKeys.all, 'mail', id] as const,
    queryFn: ({ signal }) => call('operatorOutboxMail', {}, { params: { id }, signal }),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
