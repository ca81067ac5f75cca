import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { FundsReviewStatus, KycStatus, ResponseOf, Routes } from '@tradeapp/contract';
import { call } from '../../api';

// The operators' money queues: KYC submissions, deposits and withdrawals, each listed by status
// and approved or refused with a reason; plus the ledger check and the service requests.

export const QUEUE_PAGE_SIZE = 20;

export type KycItem = ResponseOf<Routes['operatorKyc']>['list'][number];
export type DepositItem = ResponseOf<Routes['operatorDeposits']>['list'][number];
export type WithdrawalItem = ResponseOf<Routes['operatorWithdrawals']>['list'][number];
export type ServiceRequest = ResponseOf<Routes['operatorServiceRequests']>['list'][number];
export type LedgerCheck = ResponseOf<Routes['operatorLedgerCheck']>;

export type QueueKind = 'kyc' | 'deposits' | 'withdrawals';

export interface ItemOf {
  kyc: KycItem;
  deposits: DepositItem;
  withdrawals: WithdrawalItem;
}

interface StatusOf {
  kyc: KycStatus;
  deposits: FundsReviewStatus;
  withdrawals: FundsReviewStatus;
}

export interface QueueQuery<K extends QueueKind> {
  /** Undefined lists every status. */
  status: StatusOf[K] | undefined;
  page: number;
}

export const reviewKeys = {
  queue: (kind: QueueKind) => ['admin', kind] as const,
  list: <K extends QueueKind>(kind: K, query: QueueQuery<K>) => [...reviewKeys.queue(kind), 'list', query] as const,
  ledger: ['admin', 'ledger'] as const,
  service: (page: number) => ['admin', 'service', page] as const,
};

/** The audit entries of one queue item are written under these target types. */
export const AUDIT_TARGET: Record<QueueKind, string> = { kyc: 'kyc', deposits: 'deposit', withdrawals: 'withdrawal' };

export function auditLinkOf(kind: QueueKind, id: number): string {
  return `/audit?${new URLSearchParams({ targetType: AUDIT_TARGET[kind], targetId: String(id) }).toString()}`;
}

type Page<T> = { list: T[]; total: number; page: number; size: number };

const fetchers: { [K in QueueKind]: (query: QueueQuery<K>, signal: AbortSignal) => Promise<Page<ItemOf[K]>> } = {
  kyc: (q, signal) => call('operatorKyc', { page: q.page, size: QUEUE_PAGE_SIZE, status: q.status }, undefined, { signal }),
  deposits: (q, signal) =>
    call('operatorDeposits', { page: q.page, size: QUEUE_PAGE_SIZE, status: q.status }, undefined, { signal }),
  withdrawals: (q, signal) =>
    call('operatorWithdrawals', { page: q.page, size: QUEUE_PAGE_SIZE, status: q.status }, undefined, { signal }),
};

export function queueQueryOptions<K extends QueueKind>(kind: K, query: QueueQuery<K>) {
  return queryOptions({
    queryKey: reviewKeys.list(kind, query),
    queryFn: ({ signal }) => fetchers[kind](query, signal),
    placeholderData: keepPreviousData,
  });
}

const decisions: {
  [K in QueueKind]: { approve: (id: number) => Promise<ItemOf[K]>; reject: (id: number, reason: string) => Promise<ItemOf[K]> };
} = {
  kyc: {
    approve: (id) => call('operatorKycApprove', {}, { id }),
    reject: (id, reason) => call('operatorKycReject', { reason }, { id }),
  },
  deposits: {
    approve: (id) => call('operatorDepositApprove', {}, { id }),
    reject: (id, reason) => call('operatorDepositReject', { reason }, { id }),
  },
  withdrawals: {
    approve: (id) => call('operatorWithdrawalApprove', {}, { id }),
    reject: (id, reason) => call('operatorWithdrawalReject', { reason }, { id }),
  },
};

export type Decision = { action: 'approve' } | { action: 'reject'; reason: string };

/**
 * Approves or refuses one item. The answer replaces the item in every cached page, so the row
 * shows its new status where the operator is looking; the pages are marked stale and load afresh
 * on the next visit, filter change or refresh.
 */
export function useDecision<K extends QueueKind>(kind: K, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision): Promise<ItemOf[K]> =>
      decision.action === 'approve' ? decisions[kind].approve(id) : decisions[kind].reject(id, decision.reason),
    onSuccess: async (item) => {
      const queue: QueryKey = reviewKeys.queue(kind);
      queryClient.setQueriesData<Page<ItemOf[K]>>({ queryKey: queue }, (page) =>
        page ? { ...page, list: page.list.map((row) => (row.id === item.id ? item : row)) } : page,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queue, refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.ledger, refetchType: 'none' }),
      ]);
    },
  });
}

export function ledgerQueryOptions() {
  return queryOptions({
    queryKey: reviewKeys.ledger,
    queryFn: ({ signal }) => call('operatorLedgerCheck', {}, undefined, { signal }),
    staleTime: 0,
  });
}

export function serviceQueryOptions(page: number) {
  return queryOptions({
    queryKey: reviewKeys.service(page),
    queryFn: ({ signal }) => call('operatorServiceRequests', { page, size: QUEUE_PAGE_SIZE }, undefined, { signal }),
    placeholderData: keepPreviousData,
  });
}
