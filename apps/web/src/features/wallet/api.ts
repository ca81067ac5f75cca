import { BILL_TYPES, type RequestOf, type ResponseOf, type Routes, type WalletCode } from '@tradeapp/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryClient } from '../../lib/queryClient';
import { walletKeys, type BillFilter } from './keys';

// Fetchers and query options of the wallet screens: balances, bills, transfers, deposits and
// withdrawals. Money-moving calls carry the idempotency key of the user's intent.

export type Wallet = ResponseOf<Routes['walletBalance']>[number];
export type Bill = ResponseOf<Routes['walletBill']>['list'][number];
export type DepositMethod = ResponseOf<Routes['depositMethods']>[number];
export type CryptoMethod = Extract<DepositMethod, { method: 'crypto' }>;
export type FiatMethod = Extract<DepositMethod, { method: 'fiat' }>;
export type BillType = (typeof BILL_TYPES)[number];

export const PAGE_SIZE = 20;

interface Paged {
  page: number;
  size: number;
  total: number;
  list: unknown[];
}
const nextPage = (last: Paged) => (last.page * last.size < last.total && last.list.length > 0 ? last.page + 1 : undefined);

export function balancesQuery() {
  return queryOptions({
    queryKey: walletKeys.balances(),
    queryFn: ({ signal }) => call('walletBalance', {}, { signal }),
  });
}

export function overviewQuery() {
  return queryOptions({
    queryKey: walletKeys.overview(),
    queryFn: ({ signal }) => call('fundingOverview', { currency: 'EUR' }, { signal }),
  });
}

export function billsQuery(filter: BillFilter) {
  return infiniteQueryOptions({
    queryKey: walletKeys.bills(filter),
    queryFn: ({ pageParam, signal }) => {
      const input: RequestOf<Routes['walletBill']> = { page: pageParam, size: PAGE_SIZE };
      if (filter.walletCode) input.walletCode = filter.walletCode;
      if (filter.type && (BILL_TYPES as readonly string[]).includes(filter.type)) input.type = filter.type as BillType;
      if (filter.from) input.from = filter.from;
      if (filter.to) input.to = filter.to;
      return call('walletBill', input, { signal });
    },
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

export function transfersQuery() {
  return infiniteQueryOptions({
    queryKey: walletKeys.transfers(),
    queryFn: ({ pageParam, signal }) => call('transferList', { page: pageParam, size: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

export function depositMethodsQuery() {
  return queryOptions({
    queryKey: walletKeys.depositMethods(),
    queryFn: ({ signal }) => call('depositMethods', {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function depositsQuery() {
  return infiniteQueryOptions({
    queryKey: walletKeys.deposits(),
    queryFn: ({ pageParam, signal }) => call('depositList', { page: pageParam, size: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

export function withdrawalsQuery() {
  return infiniteQueryOptions({
    queryKey: walletKeys.withdrawals(),
    queryFn: ({ pageParam, signal }) => call('withdrawalList', { page: pageParam, size: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

export function usableQuery() {
  return queryOptions({
    queryKey: walletKeys.usable(),
    queryFn: ({ signal }) => call('usableWithdrawal', {}, { signal }),
    refetchOnMount: 'always',
  });
}

/** EURUSD (dollars per euro) for showing what a transfer converts to; the server fixes the real rate. */
export function eurUsdQuery(enabled: boolean) {
  return queryOptions({
    queryKey: walletKeys.rate(),
    queryFn: ({ signal }) => call('stockDetail', { symbol: 'EURUSD' }, { signal, silent: true }),
    enabled,
    staleTime: 10_000,
    refetchInterval: enabled ? 15_000 : false,
  });
}

export function transfer(input: { from: WalletCode; to: WalletCode; amount: string }, idempotencyKey: string) {
  return call('transfer', input, { idempotencyKey });
}

export function cancelTransfer(id: number, idempotencyKey: string) {
  return call('cancelTransfer', { id }, { idempotencyKey });
}

export function createDeposit(input: RequestOf<Routes['depositCreate']>, idempotencyKey: string) {
  return call('depositCreate', input, { idempotencyKey });
}

export function applyWithdrawal(input: RequestOf<Routes['withdrawalApply']>, idempotencyKey: string) {
  return call('withdrawalApply', input, { idempotencyKey, silent: true });
}

/** After money moved: every balance, bill and record is asked for again. */
export function refreshWallet(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: walletKeys.all });
}
