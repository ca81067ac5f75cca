import { keepPreviousData, queryOptions, skipToken, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlacementDetail, PlacementInput, PlacementState, ResponseOf, Routes } from '@tradeapp/contract';
import { call } from '../../api';

// Placements (server module: placements): the list, the QIP floor of a stock, creating one, its
// detail with purchases and keys, closing it early, and issuing or revoking an investor's key (the
// key itself goes to the investor's notices, never to this screen).

export const PLACEMENTS_PAGE_SIZE = 20;

export type PlacementItem = ResponseOf<Routes['operatorPlacements']>['list'][number];

export const placementKeys = {
  all: ['operator', 'placements'] as const,
  lists: () => [...placementKeys.all, 'list'] as const,
  list: (state: PlacementState | undefined, page: number) => [...placementKeys.lists(), { state, page }] as const,
  detail: (id: number) => [...placementKeys.all, 'detail', id] as const,
  floor: (symbol: string) => [...placementKeys.all, 'floor', symbol] as const,
};

export function placementsQueryOptions(state: PlacementState | undefined, page: number) {
  return queryOptions({
    queryKey: placementKeys.list(state, page),
    queryFn: ({ signal }) => call('operatorPlacements', { state, page, size: PLACEMENTS_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function placementQueryOptions(id: number) {
  return queryOptions({ queryKey: placementKeys.detail(id), queryFn: ({ signal }) => call('operatorPlacement', {}, { params: { id }, signal }) });
}

/** A stock's last close and QIP floor now; nothing asked while no symbol is typed. */
export function floorQueryOptions(symbol: string) {
  return queryOptions({
    queryKey: placementKeys.floor(symbol),
    queryFn: symbol ? ({ signal }) => call('operatorPlacementFloor', { symbol }, { signal }) : skipToken,
    // The closes are of completed days: they change once a day.
    staleTime: 60_000,
    retry: false,
  });
}

export const auditLinkOf = (id: number) => `/audit?${new URLSearchParams({ targetType: 'placement', targetId: String(id) }).toString()}`;

/** The answer is the placement as it is now: shown at once, and every list loads afresh, the audit log too. */
function useSettle() {
  const queryClient = useQueryClient();
  return async (detail: PlacementDetail) => {
    queryClient.setQueryData(placementKeys.detail(detail.id), detail);
    await Promise.all([queryClient.invalidateQueries({ queryKey: placementKeys.lists() }), queryClient.invalidateQueries({ queryKey: ['operator', 'audit'] })]);
  };
}

export function useCreatePlacement() {
  const settle = useSettle();
  return useMutation({ mutationFn: (input: PlacementInput) => call('operatorPlacementCreate', input), onSuccess: settle });
}

export type PlacementAction =
  { action: 'close'; reason: string } | { action: 'issueKey'; investor: string } | { action: 'revokeKey'; keyId: number; reason: string };

function act(id: number, a: PlacementAction): Promise<PlacementDetail> {
  if (a.action === 'close') return call('operatorPlacementClose', { reason: a.reason }, { params: { id } });
  if (a.action === 'issueKey') return call('operatorPlacementIssueKey', { investor: a.investor }, { params: { id } });
  return call('operatorPlacementRevokeKey', { reason: a.reason }, { params: { id: a.keyId } });
}

export function usePlacementAction(id: number) {
  const settle = useSettle();
  return useMutation({ mutationFn: (a: PlacementAction) => act(id, a), onSuccess: settle });
}
