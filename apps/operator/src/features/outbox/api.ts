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
      call('operatorOutbox', { page: query.page, size: OUTBOX_PAGE_SIZE, to: query.to || undefined }, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
