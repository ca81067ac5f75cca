import type { RequestOf, ResponseOf, Routes } from '@tradeapp/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { nextPage, PAGE_SIZE } from '../../api/paging';
import { walletKeys } from '../wallet';

// Deposits (server module: deposits): the methods the site takes, reporting one, the records.

export type DepositMethod = ResponseOf<Routes['depositMethods']>[number];
export type CryptoMethod = Extract<DepositMethod, { method: 'crypto' }>;
export type FiatMethod = Extract<DepositMethod, { method: 'fiat' }>;

export function depositMethodsQuery() {
  return queryOptions({
    queryKey: walletKeys.depositMethods(),
    queryFn: ({ signal }) => call('depositMethods', {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function depositsQuery() {
  return infiniteQueryOptions({
    queryKey: walletKeys.deposits(),
    queryFn: ({ pageParam, signal }) => call('depositList', { page: pageParam, size: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

export function createDeposit(input: RequestOf<Routes['depositCreate']>, idempotencyKey: string) {
  return call('depositCreate', input, { idempotencyKey });
}
