import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestOf, ResponseOf, Routes } from '@tradeapp/contract';
import { call } from '../../api';
import { replaceRow, withRow } from './labels';

// Funds and deposit terms as operators see them (decision 0022, server module: funds): every product
// with its holders, outstanding, value, pending orders, pause state and, for a Current term, the
// incomes declared from today on; opening a product; pausing or resuming one; declaring a Current
// term's income for a day not yet begun. Each with a reason written to the audit log. No call here
// sets a NAV, changes an income already declared or declares one for a day already begun.

export type FundAdmin = ResponseOf<Routes['operatorFunds']>[number];
export type FundCreateInput = RequestOf<Routes['operatorFundCreate']>;

export const fundKeys = {
  all: ['operator', 'funds'] as const,
  list: () => [...fundKeys.all, 'list'] as const,
};

export function fundsQueryOptions() {
  return queryOptions({
    queryKey: fundKeys.list(),
    queryFn: ({ signal }) => call('operatorFunds', {}, { signal }),
  });
}

/** The list and the audit log load afresh after a change. */
function useSettle() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: fundKeys.list() }), queryClient.invalidateQueries({ queryKey: ['operator', 'audit'] })]);
  };
}

/** Opens a fund or a deposit term. */
export function createFund(input: FundCreateInput): Promise<FundAdmin> {
  return call('operatorFundCreate', input);
}

/** Opens a product; the answer joins the list at once, then the list loads afresh. */
export function useCreateFund() {
  const queryClient = useQueryClient();
  const settle = useSettle();
  return useMutation({
    mutationFn: createFund,
    onSuccess: async (fund) => {
      queryClient.setQueryData(fundKeys.list(), (list: FundAdmin[] | undefined) => withRow(list, fund));
      await settle();
    },
  });
}

export type FundAction =
  | { action: 'pause' | 'resume'; reason: string }
  /** `day` is `YYYY-MM-DD`, a day not yet begun; the income is per 10,000 units. */
  | { action: 'income'; day: string; incomePer10k: string; reason: string };

/** One action on product `id`; the answer is the product as it is now. */
export function fundAction(id: number, a: FundAction): Promise<FundAdmin> {
  switch (a.action) {
    case 'pause':
      return call('operatorFundPause', { reason: a.reason }, { params: { id } });
    case 'resume':
      return call('operatorFundResume', { reason: a.reason }, { params: { id } });
    case 'income':
      return call('operatorDepositIncome', { day: a.day, incomePer10k: a.incomePer10k, reason: a.reason }, { params: { id } });
  }
}

/** An action on one product; the answer replaces its row at once, then the list and the audit log load afresh. */
export function useFundAction(id: number) {
  const queryClient = useQueryClient();
  const settle = useSettle();
  return useMutation({
    mutationFn: (a: FundAction) => fundAction(id, a),
    onSuccess: async (fund) => {
      queryClient.setQueryData(fundKeys.list(), (list: FundAdmin[] | undefined) => replaceRow(list, fund));
      await settle();
    },
  });
}

/** The audit log's entries about one product (its opening, pauses, resumptions and declared incomes, with their reasons). */
export const auditLinkOf = (id: number) => `/audit?${new URLSearchParams({ targetType: 'fund', targetId: String(id) }).toString()}`;
