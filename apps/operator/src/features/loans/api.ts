import { keepPreviousData, queryOptions, skipToken, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LOAN_STATUSES, ResponseOf, Routes } from '@tradeapp/contract';
import { call } from '../../api';

// The loan review queue (decision 0022, server module: loans): applications in review first, oldest
// first, each with the applicant's credit score factor by factor and the key fact statement they
// accepted; approved (the amount is disbursed to the applicant's funding account at once) or refused,
// each with a reason written to the audit log. Loans in other states are read here, never changed: no
// call sets a repayment or a figure of the schedule.

export const LOANS_PAGE_SIZE = 20;

/** A loan's status as the queue names it (the contract's LOAN_STATUSES). */
export type LoanState = (typeof LOAN_STATUSES)[number];

export type LoanAdmin = ResponseOf<Routes['operatorLoans']>['list'][number];
type Page = ResponseOf<Routes['operatorLoans']>;

export interface LoansQuery {
  /** Undefined lists every status. */
  status: LoanState | undefined;
  page: number;
}

export const loanKeys = {
  all: ['operator', 'loans'] as const,
  lists: () => [...loanKeys.all, 'list'] as const,
  list: (query: LoansQuery) => [...loanKeys.lists(), query] as const,
  /** A loan as the server answered a decision on it: the panel keeps showing it once it leaves the filtered list. */
  decided: (id: number) => [...loanKeys.all, 'decided', id] as const,
};

export function loansQueryOptions(query: LoansQuery) {
  return queryOptions({
    queryKey: loanKeys.list(query),
    queryFn: ({ signal }) => call('operatorLoans', { page: query.page, size: LOANS_PAGE_SIZE, status: query.status }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The loan last decided here with this id, from the cache only (never fetched). */
export function decidedQueryOptions(id: number) {
  return queryOptions<LoanAdmin>({ queryKey: loanKeys.decided(id), queryFn: skipToken, staleTime: Infinity });
}

export const auditLinkOf = (id: number) => `/audit?${new URLSearchParams({ targetType: 'loan', targetId: String(id) }).toString()}`;

export type LoanDecision = { action: 'approve' | 'refuse'; reason: string };

export function decideLoan(id: number, decision: LoanDecision): Promise<LoanAdmin> {
  return decision.action === 'approve'
    ? call('operatorLoanApprove', { reason: decision.reason }, { params: { id } })
    : call('operatorLoanRefuse', { reason: decision.reason }, { params: { id } });
}

/** A cached page after a decision on `loan`: replaced where the page's filter still takes it, gone (one fewer) where not. */
export function withDecided(page: Page, query: LoansQuery | undefined, loan: LoanAdmin): Page {
  const stays = query?.status === undefined || query.status === loan.status;
  const had = page.list.some((row) => row.id === loan.id);
  if (stays) return { ...page, list: page.list.map((row) => (row.id === loan.id ? loan : row)) };
  return { ...page, list: page.list.filter((row) => row.id !== loan.id), total: had ? page.total - 1 : page.total };
}

/**
 * Approves or refuses one loan. The answer replaces it in every cached page whose filter still takes
 * it and leaves the others at once; then every page of the queue loads afresh, so the lists and their
 * counts agree with the server, and the audit log and the users' balances after it.
 */
export function useLoanDecision(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: LoanDecision) => decideLoan(id, decision),
    onSuccess: async (loan) => {
      queryClient.setQueryData(loanKeys.decided(loan.id), loan);
      for (const [key, page] of queryClient.getQueriesData<Page>({ queryKey: loanKeys.lists() })) {
        if (!page) continue;
        queryClient.setQueryData<Page>(key, withDecided(page, key[3] as LoansQuery | undefined, loan));
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: loanKeys.lists(), refetchType: 'all' }),
        queryClient.invalidateQueries({ queryKey: ['operator', 'audit'] }),
        queryClient.invalidateQueries({ queryKey: ['operator', 'users'] }),
      ]);
    },
  });
}
