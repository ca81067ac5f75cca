import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ResponseOf, Routes } from '@tradeapp/contract';
import { call } from '../../api';

export type ServiceRequest = ResponseOf<Routes['operatorServiceRequests']>['list'][number];

export const SERVICE_REQUESTS_PAGE_SIZE = 20;

export const serviceRequestKeys = {
  page: (page: number) => ['operator', 'serviceRequests', page] as const,
};

export function serviceRequestsQueryOptions(page: number) {
  return queryOptions({
    queryKey: serviceRequestKeys.page(page),
    queryFn: ({ signal }) => call('operatorServiceRequests', { page, size: SERVICE_REQUESTS_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
  });
}
