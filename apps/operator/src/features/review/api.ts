import { keepPreviousData, queryOptions, skipToken, useMutation, useQueryClient } from '@tanstack/react-query';
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
  lists: (kind: QueueKind) => [...reviewKeys.queue(kind), 'list'] as const,
  list: <K extends QueueKind>(kind: K, query: QueueQuery<K>) => [...reviewKeys.lists(kind), query] as const,
  /** An item as the server answered a decision on it: the panel keeps showing it once it leaves the filtered list. */
  decided: (kind: QueueKind, id: number) => [...reviewKeys.queue(kind), 'decided', id] as const,
};

/**
 * One item of each queue: the target type its audit entries are written under, and the middle word
 * of its test ids (`bo-kyc-row`, `bo-deposit-panel`, `data-withdrawal-id`).
 */
export const ITEM_NAME: Record<QueueKind, string> = { kyc: 'kyc', deposits: 'deposit', withdrawals: 'withdrawal' };

export function auditLinkOf(kind: QueueKind, id: number): string {
  return `/audit?${new URLSearchParams({ targetType: ITEM_NAME[kind], targetId: String(id) }).toString()}`;
}

export type Page<T> = { list: T[]; total: number; page: number; size: number };

const fetchers: { [K in QueueKind]: (query: QueueQuery<K>, signal: AbortSignal) => Promise<Page<ItemOf[K]>> } = {
  kyc: (q, signal) => call('operatorKyc', { page: q.page, size: QUEUE_PAGE_SIZE, status: q.status }, { signal }),
  deposits: (q, signal) => call('operatorDeposits', { page: q.page, size: QUEUE_PAGE_SIZE, status: q.status }, { signal }),
  withdrawals: (q, signal) => call('operatorWithdrawals', { page: q.page, size: QUEUE_PAGE_SIZE, status: q.status }, { signal }),
};

/** The item last decided here with this id, from the cache only (never fetched). */
export function decidedQueryOptions<K extends QueueKind>(kind: K, id: number) {
  return queryOptions<ItemOf[K]>({ queryKey: reviewKeys.decided(kind, id), queryFn: skipToken, staleTime: Infinity });
}

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
 * A cached page after a decision on `item`: the item replaced where the page's status filter still
 * takes it, gone (and the count one less) where it does not.
 */
export function withDecided<T extends { id: number; status: number }>(page: Page<T>, query: { status: number | undefined } | undefined, item: T): Page<T> {
  const stays = query?.status === undefined || query.status === item.status;
  const had = page.list.some((row) => row.id === item.id);
  if (stays) return { ...page, list: page.list.map((row) => (row.id === item.id ? item : row)) };
  return { ...page, list: page.list.filter((row) => row.id !== item.id), total: had ? page.total - 1 : page.total };
}

/**
 * Approves or refuses one item. The answer replaces the item in every cached page whose filter it
 * still matches and leaves the others at once (a decided item is no longer pending); then every
 * page of the queue loads afresh, the one on screen and the other filters alike, so the lists and
 * their counts agree with the server. The panel keeps showing the decided item (`decided`).
 */
export function useDecision<K extends QueueKind>(kind: K, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision): Promise<ItemOf[K]> =>
      decision.action === 'approve' ? decisions[kind].approve(id) : decisions[kind].reject(id, decision.reason),
    onSuccess: async (item) => {
      queryClient.setQueryData(reviewKeys.decided(kind, item.id), item);
      for (const [key, page] of queryClient.getQueriesData<Page<ItemOf[K]>>({ queryKey: reviewKeys.lists(kind) })) {
        if (!page) continue;
        queryClient.setQueryData<Page<ItemOf[K]>>(key, withDecided(page, key[3] as QueueQuery<K> | undefined, item));
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.lists(kind), refetchType: 'all' }),
        queryClient.invalidateQueries({ queryKey: ['operator', 'audit'] }),
        queryClient.invalidateQueries({ queryKey: ['operator', 'users'] }),
        queryClient.invalidateQueries({ queryKey: ledgerKeys.check, refetchType: 'none' }),
      ]);
    },
  });
}
