import { queryOptions } from '@tanstack/react-query';
import type { ResponseOf, Routes } from '@tradeapp/contract';
import { call } from '../../api';

export type LedgerCheck = ResponseOf<Routes['operatorLedgerCheck']>;

export const ledgerKeys = {
  check: ['operator', 'ledger'] as const,
};

export function ledgerQueryOptions() {
  return queryOptions({
    queryKey: ledgerKeys.check,
    queryFn: ({ signal }) => call('operatorLedgerCheck', {}, { signal }),
    staleTime: 0,
  });
}
