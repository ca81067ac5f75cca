import type { RequestOf, ResponseOf, Routes } from '@tradeapp/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { userInfoQueryKey } from '../../api/user';
import { queryClient } from '../../lib/queryClient';

// Calls of the account module beyond the profile: bank cards, crypto withdrawal addresses,
// identity verification and invited friends. Query keys live under ['account'].

export type BankCard = ResponseOf<Routes['cardList']>[number];
export type CryptoAddress = ResponseOf<Routes['addressList']>[number];

export const accountKeys = {
  cards: () => ['account', 'cards'] as const,
  addresses: () => ['account', 'addresses'] as const,
  invitees: () => ['account', 'invitees'] as const,
};

const INVITEES_PAGE = 20;

export function cardsQuery() {
  return queryOptions({ queryKey: accountKeys.cards(), queryFn: ({ signal }) => call('cardList', {}, { signal }) });
}

export function addressesQuery() {
  return queryOptions({ queryKey: accountKeys.addresses(), queryFn: ({ signal }) => call('addressList', {}, { signal }) });
}

/** Users who registered with the caller's invitation code, newest first, a page at a time. */
export function inviteesQuery() {
  return infiniteQueryOptions({
    queryKey: accountKeys.invitees(),
    queryFn: ({ pageParam, signal }) => call('invitees', { page: pageParam, size: INVITEES_PAGE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total && last.list.length > 0 ? last.page + 1 : undefined),
  });
}

export async function saveCard(input: RequestOf<Routes['cardAdd']>, id: number | null) {
  const card = id ? await call('cardUpdate', { ...input, id }, { silent: true }) : await call('cardAdd', input, { silent: true });
  await queryClient.invalidateQueries({ queryKey: accountKeys.cards() });
  return card;
}

export async function deleteCard(id: number) {
  await call('cardDelete', { id });
  await queryClient.invalidateQueries({ queryKey: accountKeys.cards() });
}

export async function saveAddress(input: RequestOf<Routes['addressSave']>) {
  const address = await call('addressSave', input, { silent: true });
  await queryClient.invalidateQueries({ queryKey: accountKeys.addresses() });
  return address;
}

export async function deleteAddress(id: number) {
  await call('addressDelete', { id });
  await queryClient.invalidateQueries({ queryKey: accountKeys.addresses() });
}

export async function submitKyc(input: RequestOf<Routes['updateReal']>, idempotencyKey: string) {
  const result = await call('updateReal', input, { idempotencyKey, silent: true });
  await queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
  return result;
}
