import type { RequestOf, ResponseOf, Routes } from '@tradeapp/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryClient } from '../../lib/queryClient';

// The user's own bank cards for withdrawals (server module: bankCards).

export type BankCard = ResponseOf<Routes['cardList']>[number];

export const bankCardKeys = {
  all: ['bankCards'] as const,
};

export function cardsQuery() {
  return queryOptions({ queryKey: bankCardKeys.all, queryFn: ({ signal }) => call('cardList', {}, { signal }) });
}

export async function saveCard(input: RequestOf<Routes['cardAdd']>, id: number | null) {
  const card = id ? await call('cardUpdate', { ...input, id }, { silent: true }) : await call('cardAdd', input, { silent: true });
  await queryClient.invalidateQueries({ queryKey: bankCardKeys.all });
  return card;
}

export async function deleteCard(id: number) {
  await call('cardDelete', { id });
  await queryClient.invalidateQueries({ queryKey: bankCardKeys.all });
}
