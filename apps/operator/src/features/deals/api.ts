import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { DealStatus, type Deal, type DealExchange, type RequestOf, type Routes, type SubscriptionStatus } from '@tradeapp/contract';
import { call } from '../../api';

// The server's `deals` module as operators run it (decision 0019): IPO deals listed, created and
// edited while announced, then moved along their lifecycle one audited step at a time.

export type { Deal };
/** What the editor sends: the contract's input before its defaults and transforms. */
export type DealDraftInput = RequestOf<Routes['dealCreate']>;
export type BasisRow = NonNullable<Deal['allotmentTable']>[number];

export const DEALS_PAGE_SIZE = 20;
/** The list call's largest page. */
const FETCH_SIZE = 100;
/**
 * The most deals the list and the calendar load. The list call filters by status only, so the
 * exchange filter and the calendar's months work on what is loaded; a deal is a public offering,
 * a few dozen a year, far below this.
 */
export const DEALS_LOADED_MAX = 1000;

export const STATUS_LABELS: Record<DealStatus, string> = {
  announced: 'Announced',
  open: 'Open',
  closed: 'Closed',
  priced: 'Priced',
  allotted: 'Allotted',
  listed: 'Listed',
  cancelled: 'Cancelled',
};

/** The lifecycle in its order, cancelled aside (decision 0019). */
export const LIFECYCLE: readonly DealStatus[] = [
  DealStatus.Announced,
  DealStatus.Open,
  DealStatus.Closed,
  DealStatus.Priced,
  DealStatus.Allotted,
  DealStatus.Listed,
];

export const EXCHANGE_LABELS: Record<DealExchange, string> = { NASDAQ: 'Nasdaq', NYSE: 'NYSE', HKEX: 'HKEX' };

export const dealKeys = {
  all: ['operator', 'deals'] as const,
  lists: () => [...dealKeys.all, 'list'] as const,
  list: (status: DealStatus | undefined) => [...dealKeys.lists(), status ?? 'all'] as const,
  detail: (id: number) => [...dealKeys.all, 'detail', id] as const,
  pools: (id: number) => [...dealKeys.all, 'pools', id] as const,
  audit: (id: number) => [...dealKeys.all, 'audit', id] as const,
  applications: (id: number, status: SubscriptionStatus | undefined, page: number) => [...dealKeys.all, 'applications', id, status ?? 'all', page] as const,
};

/** Every deal with `status` (newest first), page after page up to DEALS_LOADED_MAX. */
async function allDeals(status: DealStatus | undefined, signal: AbortSignal): Promise<{ list: Deal[]; total: number }> {
  const list: Deal[] = [];
  for (let page = 1; ; page++) {
    const answer = await call('dealList', { page, size: FETCH_SIZE, status }, { signal });
    list.push(...answer.list);
    if (answer.list.length < FETCH_SIZE || list.length >= answer.total || list.length >= DEALS_LOADED_MAX) {
      return { list, total: answer.total };
    }
  }
}

export function dealsQueryOptions(status: DealStatus | undefined) {
  return queryOptions({
    queryKey: dealKeys.list(status),
    queryFn: ({ signal }) => allDeals(status, signal),
    placeholderData: keepPreviousData,
  });
}

export function dealQueryOptions(id: number) {
  return queryOptions({
    queryKey: dealKeys.detail(id),
    queryFn: ({ signal }) => call('dealDetail', {}, { params: { id }, signal }),
  });
}

/**
 * Hong Kong's pools A and B, their demand and the odds of one lot: only the investors' detail call
 * answers them (the operator's deal has the totals alone).
 */
export function poolsQueryOptions(id: number) {
  return queryOptions({
    queryKey: dealKeys.pools(id),
    queryFn: async ({ signal }) => (await call('newStockDetail', { id }, { signal })).pools,
  });
}

export const APPLICATIONS_PAGE_SIZE = 20;

export const SUBSCRIPTION_LABELS: Record<SubscriptionStatus, string> = {
  subscribed: 'Subscribed',
  allotted: 'Allotted',
  notAllotted: 'Not allotted',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

/** One page of the deal's applications, oldest first, each with its investor and pool. */
export function applicationsQueryOptions(id: number, status: SubscriptionStatus | undefined, page: number) {
  return queryOptions({
    queryKey: dealKeys.applications(id, status, page),
    queryFn: ({ signal }) => call('dealSubscriptions', { page, size: APPLICATIONS_PAGE_SIZE, ...(status ? { status } : {}) }, { params: { id }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The deal's audit entries, newest first: its creation, edits and every step. */
export function dealAuditQueryOptions(id: number) {
  return queryOptions({
    queryKey: dealKeys.audit(id),
    queryFn: ({ signal }) => call('operatorAudit', { page: 1, size: 10, targetType: 'deal', targetId: String(id) }, { signal }),
  });
}

export const auditLinkOf = (id: number) => `/audit?${new URLSearchParams({ targetType: 'deal', targetId: String(id) }).toString()}`;

export function saveDeal(id: number | null, input: DealDraftInput): Promise<Deal> {
  return id === null ? call('dealCreate', input) : call('dealUpdate', input, { params: { id } });
}

export type DealStep =
  { step: 'open' } | { step: 'close' } | { step: 'price'; finalPrice: string } | { step: 'allot' } | { step: 'list' } | { step: 'cancel'; reason: string };

function runStep(id: number, action: DealStep): Promise<Deal> {
  const params = { params: { id } };
  switch (action.step) {
    case 'open':
      return call('dealOpen', {}, params);
    case 'close':
      return call('dealClose', {}, params);
    case 'price':
      return call('dealPrice', { finalPrice: action.finalPrice }, params);
    case 'allot':
      return call('dealAllot', {}, params);
    case 'list':
      return call('dealListing', {}, params);
    case 'cancel':
      return call('dealCancel', { reason: action.reason }, params);
  }
}

/** One lifecycle step; the answer replaces the deal in the cache and the lists, pools, audit and applications refetch. */
export function useDealStep(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: DealStep) => runStep(id, action),
    onSuccess: (deal) => {
      queryClient.setQueryData(dealKeys.detail(id), deal);
      void queryClient.invalidateQueries({ queryKey: dealKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: dealKeys.pools(id) });
      void queryClient.invalidateQueries({ queryKey: dealKeys.audit(id) });
      void queryClient.invalidateQueries({ queryKey: [...dealKeys.all, 'applications', id] });
    },
  });
}
