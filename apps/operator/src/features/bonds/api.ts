import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf, Routes } from '@tradeapp/contract';
import { call } from '../../api';
import { replaceBond } from './labels';

// The bond listings as operators see them (decision 0022, server module: bonds): every bond and bill
// with its price from the yield curve, its spread over the curve, face increment, holders, face
// outstanding and pause state; pausing or resuming a bond and setting its spread, each with a reason
// written to the audit log. No call here sets a price: the clean price is the curve's, moved only by
// the spread, from the next quote on.

export type BondAdmin = ResponseOf<Routes['operatorBonds']>[number];

export const bondKeys = {
  all: ['operator', 'bonds'] as const,
  list: () => [...bondKeys.all, 'list'] as const,
};

export function bondsQueryOptions() {
  return queryOptions({
    queryKey: bondKeys.list(),
    queryFn: ({ signal }) => call('operatorBonds', {}, { signal }),
  });
}

export type BondAction = { action: 'pause' | 'resume'; reason: string } | { action: 'spread'; spreadBp: string; reason: string };

/** One action on the bond `symbol`; the answer is the bond as it is now. */
export function bondAction(symbol: string, a: BondAction): Promise<BondAdmin> {
  switch (a.action) {
    case 'pause':
      return call('operatorBondPause', { reason: a.reason }, { params: { symbol } });
    case 'resume':
      return call('operatorBondResume', { reason: a.reason }, { params: { symbol } });
    case 'spread':
      return call('operatorBondSpread', { spreadBp: a.spreadBp, reason: a.reason }, { params: { symbol } });
  }
}

/** An action on one bond; the answer replaces its row at once, then the list and the audit log load afresh. */
export function useBondAction(symbol: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (a: BondAction) => bondAction(symbol, a),
    onSuccess: async (bond) => {
      queryClient.setQueryData(bondKeys.list(), (list: BondAdmin[] | undefined) => replaceBond(list, bond));
      await Promise.all([queryClient.invalidateQueries({ queryKey: bondKeys.list() }), queryClient.invalidateQueries({ queryKey: ['operator', 'audit'] })]);
    },
  });
}

/** The audit log's entries about one bond (its pauses, resumptions and spreads, with their reasons). */
export const auditLinkOf = (symbol: string) => `/audit?${new URLSearchParams({ targetType: 'bond', targetId: symbol }).toString()}`;
