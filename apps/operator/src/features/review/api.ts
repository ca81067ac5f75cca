import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { FundsReviewStatus, KycStatus, ResponseOf, Routes } from '@tradeapp/contract';
import { call } from '../../api';
import { ledgerKeys } from '../ledger';

// The review queues: KYC submissions, deposits and withdrawals, each listed by status and
// approved or refused with a reason. Not a server module: the frame the kyc, deposits and
// withdrawals features share.

export const QUEUE_PAGE_SIZE = 20;

export type KycItem = ResponseOf<Routes['operatorKyc']>['list'][number];
export type DepositItem = ResponseOf<Routes['operatorDeposits']>['list'][number];
export type WithdrawalItem = ResponseOf<Routes['operatorWithdrawals']>['list'][number];

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
  queue: (kind: QueueKind) => ['operator', kind] as const,
  list: <K extends QueueKind>(kind: K, query: QueueQuery<K>) => [...reviewKeys.queue(kind), 'list', query] as const,
};

/**
 * One item of each queue: the target type its audit entries are written under, and the middle word
 * of its test ids (`bo-kyc-row`, `bo-deposit-panel`, `data-withdrawal-id`).
 */
export const ITEM_NAME: Record<QueueKind, string> = { kyc: 'kyc', deposits: 'deposit', withdrawals: 'withdrawal' };

export function auditLinkOf(kind: QueueKind, id: number): string {
  return `/audit?${new URLSearchParams({ targetType: ITEM_NAME[kind], targetId: String(id) }).toString()}`;
}

type Page<T> = { list: T[]; total: number; page: number; size: number };

const fetchers: { [K in QueueKind]: (query: QueueQuery<K>, signal: AbortSignal) => Promise<Page<ItemOf[K]>> } = {
  kyc: (q, signal) => call('operatorKyc', { page: q.page, size: QUEUE_PAGE_SIZE, status: q.status }, { signal }),
  deposits: (q, signal) =>
    call('operatorDeposits', { page: q.page, size: QUEUE_PAGE_SIZE, status: q.status }, { signal }),
  withdrawals: (q, signal) =>
    call('operatorWithdrawals', { page: q.page, size: QUEUE_PAGE_SIZE, status: q.status }, { signal }),
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
    approve: (id) => call('operatorKycApprove', {}, { params: { id } }),
    reject: (id, reason) => call('operatorKycReject', { reason }, { params: { id } }),
  },
  deposits: {
    approve: (id) => call('operatorDepositApprove', {}, { params: { id } }),
    reject: (id, reason) => call('operatorDepositReject', { reason }, { params: { id } }),
  },
  withdrawals: {
    approve: (id) => call('operatorWithdrawalApprove', {}, { params: { id } }),
    reject: (id, reason) => call('operatorWithdrawalReject', { reason }, { params: { id } }),
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
        queryClient.invalidateQueries({ queryKey: ['operator', 'audit'] }),
        queryClient.invalidateQueries({ queryKey: ['operator', 'users'] }),
        queryClient.invalidateQueries({ queryKey: ledgerKeys.check, refetchType: 'none' }),
      ]);
    },
  });
}
