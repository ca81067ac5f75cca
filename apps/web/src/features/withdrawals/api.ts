import type { RequestOf, Routes } from '@tradeapp/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { nextPage, PAGE_SIZE } from '../../api/paging';
import { walletKeys } from '../wallet';

// Withdrawals (server module: withdrawals): what may leave the funding account, applying, the records.

export function withdrawalsQuery() {
  return infiniteQueryOptions({
    queryKey: walletKeys.withdrawals(),
    queryFn: ({ pageParam, signal }) => call('withdrawalList', { page: pageParam, size: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

export function usableQuery() {
  return queryOptions({
    queryKey: walletKeys.usable(),
    queryFn: ({ signal }) => call('usableWithdrawal', {}, { signal }),
    refetchOnMount: 'always',
  });
}

export function applyWithdrawal(input: RequestOf<Routes['withdrawalApply']>, idempotencyKey: string) {
  return call('withdrawalApply', input, { idempotencyKey, silent: true });
}
