import type { Loan, LoanApplyInput } from '@tradeapp/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { nextPage, PAGE_SIZE } from '../../api/paging';
import { queryClient } from '../../lib/queryClient';
import { refreshWallet } from '../wallet';
import { loanKeys } from './keys';

// Fetchers of the loan page (decision 0022): the caller's score factor by factor with what it
// allows, their loans with their schedules, what is due today on one, their repayments; applying and
// repaying carry the idempotency key of the investor's intent. Every figure is the server's.

export function profileQuery() {
  return queryOptions({
    queryKey: loanKeys.profile(),
    queryFn: ({ signal }) => call('loanProfile', {}, { signal }),
  });
}

/** The caller's loans, newest first, each with its schedule. */
export function loansQuery() {
  return infiniteQueryOptions({
    queryKey: loanKeys.list(),
    queryFn: ({ pageParam, signal }) => call('loanList', { page: pageParam, size: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** The caller's repayments, newest first, each split into penalty, interest and principal. */
export function repaymentsQuery() {
  return infiniteQueryOptions({
    queryKey: loanKeys.repayments(),
    queryFn: ({ pageParam, signal }) => call('loanRepayments', { page: pageParam, size: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** Exactly what is due today on a loan, and its payoff. */
export function dueQuery(loanId: number) {
  return queryOptions({
    queryKey: loanKeys.due(loanId),
    queryFn: ({ signal }) => call('loanDue', { loanId }, { signal }),
  });
}

/** Money moved between the funding account and a loan: the loan page and the wallets load afresh. */
async function settle<T>(result: T): Promise<T> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: loanKeys.all }), refreshWallet()]);
  return result;
}

/** Apply with the key fact statement accepted. Refusals are the popup's to show: `silent`. */
export async function applyLoan(input: LoanApplyInput, idempotencyKey: string): Promise<Loan> {
  return settle(await call('loanApply', input, { idempotencyKey, silent: true }));
}

/** Repay an amount up to the payoff: penalty first, then interest, then principal. */
export async function repayLoan(input: { loanId: number; amount: string }, idempotencyKey: string): Promise<Loan> {
  return settle(await call('loanRepay', input, { idempotencyKey, silent: true }));
}
