import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf, Routes } from '@tradeapp/contract';
import { call } from '../../api';
import { replaceAgency } from './labels';

// Copy-following's agencies as operators see them (decision 0020, server module: follow): the list
// with each record, followers and pause state, and pausing or resuming one with a reason. No call
// here changes a record: it is computed from the agency's positions and journals.

export type AgencyAdmin = ResponseOf<Routes['operatorAgencies']>[number];

export const agencyKeys = {
  all: ['operator', 'agencies'] as const,
  list: () => [...agencyKeys.all, 'list'] as const,
};

export function agenciesQueryOptions() {
  return queryOptions({
    queryKey: agencyKeys.list(),
    queryFn: ({ signal }) => call('operatorAgencies', {}, { signal }),
  });
}

export type AgencyAction = { action: 'pause' | 'resume'; reason: string };

function act(id: number, a: AgencyAction): Promise<AgencyAdmin> {
  const route = a.action === 'pause' ? 'operatorAgencyPause' : 'operatorAgencyResume';
  return call(route, { reason: a.reason }, { params: { id } });
}

/** Pause or resume one agency; the answer replaces its row at once, then the list and the audit log load afresh. */
export function useAgencyAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (a: AgencyAction) => act(id, a),
    onSuccess: async (agency) => {
      queryClient.setQueryData(agencyKeys.list(), (list: AgencyAdmin[] | undefined) => replaceAgency(list, agency));
      await Promise.all([queryClient.invalidateQueries({ queryKey: agencyKeys.all }), queryClient.invalidateQueries({ queryKey: ['operator', 'audit'] })]);
    },
  });
}
