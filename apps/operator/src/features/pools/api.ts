import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestOf, ResponseOf, Routes } from '@tradeapp/contract';
import { call } from '../../api';
import { replacePool, withPool } from './labels';

// AI quantify pools as operators see them (decision 0021, server module: quantify): the pools with
// their investors, units, value, fees, pending orders, pause state and keys; opening a new one;
// pausing or resuming one; issuing a private pool's key to an investor or revoking one, each with a
// reason written to the audit log. No call here sets a pool's NAV or an investor's result: both are
// recomputed from the pool's journals, positions and daily NAVs.

export type PoolAdmin = ResponseOf<Routes['operatorPools']>[number];
export type PoolCreateInput = RequestOf<Routes['operatorPoolCreate']>;

export const poolKeys = {
  all: ['operator', 'pools'] as const,
  list: () => [...poolKeys.all, 'list'] as const,
};

export function poolsQueryOptions() {
  return queryOptions({
    queryKey: poolKeys.list(),
    queryFn: ({ signal }) => call('operatorPools', {}, { signal }),
  });
}

/** The list and the audit log load afresh after a change. */
function useSettle() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: poolKeys.list() }), queryClient.invalidateQueries({ queryKey: ['operator', 'audit'] })]);
  };
}

/** Opens a new pool. */
export function createPool(input: PoolCreateInput): Promise<PoolAdmin> {
  return call('operatorPoolCreate', input);
}

/** Opens a new pool; the answer joins the list at once, then the list loads afresh. */
export function useCreatePool() {
  const queryClient = useQueryClient();
  const settle = useSettle();
  return useMutation({
    mutationFn: createPool,
    onSuccess: async (pool) => {
      queryClient.setQueryData(poolKeys.list(), (list: PoolAdmin[] | undefined) => withPool(list, pool));
      await settle();
    },
  });
}

export type PoolAction =
  { action: 'pause' | 'resume'; reason: string } | { action: 'issueKey'; investor: string } | { action: 'revokeKey'; keyId: number; reason: string };

/** One action on pool `id` (a key is revoked by its own id); the answer is the pool as it is now. */
export function poolAction(id: number, a: PoolAction): Promise<PoolAdmin> {
  switch (a.action) {
    case 'pause':
      return call('operatorPoolPause', { reason: a.reason }, { params: { id } });
    case 'resume':
      return call('operatorPoolResume', { reason: a.reason }, { params: { id } });
    case 'issueKey':
      return call('operatorPoolIssueKey', { investor: a.investor }, { params: { id } });
    case 'revokeKey':
      return call('operatorPoolRevokeKey', { reason: a.reason }, { params: { id: a.keyId } });
  }
}

/** An action on one pool; the answer replaces its row at once, then the list and the audit log load afresh. */
export function usePoolAction(id: number) {
  const queryClient = useQueryClient();
  const settle = useSettle();
  return useMutation({
    mutationFn: (a: PoolAction) => poolAction(id, a),
    onSuccess: async (pool) => {
      queryClient.setQueryData(poolKeys.list(), (list: PoolAdmin[] | undefined) => replacePool(list, pool));
      await settle();
    },
  });
}

/** The audit log's entries about one pool (its opening, pauses, resumptions and keys, with their reasons and times). */
export const auditLinkOf = (id: number) => `/audit?${new URLSearchParams({ targetType: 'pool', targetId: String(id) }).toString()}`;
