import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { UserRole, type UserStatus } from '@tradeapp/contract';
import { call } from '../../api';

export const USERS_PAGE_SIZE = 20;

export interface UsersQuery {
  q: string;
  page: number;
  /** Investors unless operators are asked for; the server lists one role at a time. */
  role?: UserRole;
}

export const usersKeys = {
  all: ['operator', 'users'] as const,
  list: (query: UsersQuery) => [...usersKeys.all, 'list', query] as const,
  detail: (id: number) => [...usersKeys.all, 'detail', id] as const,
  portfolio: (id: number) => [...usersKeys.all, 'portfolio', id] as const,
};

export function usersQueryOptions(query: UsersQuery) {
  return queryOptions({
    queryKey: usersKeys.list(query),
    queryFn: ({ signal }) =>
      call('operatorUsers', { page: query.page, size: USERS_PAGE_SIZE, q: query.q || undefined, role: query.role ?? UserRole.Investor }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function userQueryOptions(id: number) {
  return queryOptions({
    queryKey: usersKeys.detail(id),
    queryFn: ({ signal }) => call('operatorUser', {}, { params: { id }, signal }),
  });
}

/** The investor's portfolio as they see it (issue 32): every line held or owed and the totals, in euros. */
export function portfolioQueryOptions(id: number) {
  return queryOptions({
    queryKey: usersKeys.portfolio(id),
    queryFn: ({ signal }) => call('operatorPortfolio', { currency: 'EUR' }, { params: { id }, signal }),
  });
}

export function useSetUserStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { status: UserStatus; reason: string }) => call('operatorSetUserStatus', input, { params: { id } }),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: usersKeys.all }), queryClient.invalidateQueries({ queryKey: ['operator', 'audit'] })]);
    },
  });
}

export function useResetTwoFactor(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => call('operatorResetTwoFactor', { reason }, { params: { id } }),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: usersKeys.all }), queryClient.invalidateQueries({ queryKey: ['operator', 'audit'] })]);
    },
  });
}
