import type { RequestOf, ResponseOf, Routes } from '@tradeapp/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { nextPage, PAGE_SIZE } from '../../api/paging';
import { walletKeys } from '../wallet';

// Deposits (server module: deposits): the methods the site takes, reporting one, the records, and
// the investor's simulated wallet on the simulated chain (faucet, send to the deposit address).

export type DepositMethod = ResponseOf<Routes['depositMethods']>[number];
export type CryptoMethod = Extract<DepositMethod, { method: 'crypto' }>;
export type FiatMethod = Extract<DepositMethod, { method: 'fiat' }>;

export function depositMethodsQuery() {
  return queryOptions({
    queryKey: walletKeys.depositMethods(),
    queryFn: ({ signal }) => call('depositMethods', {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

export type SimWallet = ResponseOf<Routes['depositSimWallet']>;
export type SimSend = ResponseOf<Routes['depositSimSend']>;
type SimCoin = RequestOf<Routes['depositSimSend']>;

/** Under the money screens' root, so every money movement's refresh reloads it too. */
export const simWalletKey = [...walletKeys.all, 'simWallet'] as const;

export function simWalletQuery() {
  return queryOptions({
    queryKey: simWalletKey,
    queryFn: ({ signal }) => call('depositSimWallet', {}, { signal }),
  });
}

/** Demo coins from the simulated faucet; refusals are the caller's to show (silent). */
export function simFaucet(input: SimCoin, idempotencyKey: string) {
  return call('depositSimFaucet', input, { idempotencyKey, silent: true });
}

/** Send from the simulated wallet to the deposit address; answers the transaction's hash. */
export function simSend(input: SimCoin, idempotencyKey: string) {
  return call('depositSimSend', input, { idempotencyKey, silent: true });
}

export function depositsQuery() {
  return infiniteQueryOptions({
    queryKey: walletKeys.deposits(),
    queryFn: ({ pageParam, signal }) => call('depositList', { page: pageParam, size: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

export function createDeposit(input: RequestOf<Routes['depositCreate']>, idempotencyKey: string) {
  return call('depositCreate', input, { idempotencyKey });
}
