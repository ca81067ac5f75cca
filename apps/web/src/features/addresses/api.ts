import type { RequestOf, ResponseOf, Routes } from '@tradeapp/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryClient } from '../../lib/queryClient';

// The user's own crypto addresses for withdrawals (server module: addresses).

export type CryptoAddress = ResponseOf<Routes['addressList']>[number];

export const addressKeys = {
  all: ['addresses'] as const,
};

export function addressesQuery() {
  return queryOptions({ queryKey: addressKeys.all, queryFn: ({ signal }) => call('addressList', {}, { signal }) });
}

export async function saveAddress(input: RequestOf<Routes['addressSave']>) {
  const address = await call('addressSave', input, { silent: true });
  await queryClient.invalidateQueries({ queryKey: addressKeys.all });
  return address;
}

export async function deleteAddress(id: number) {
  await call('addressDelete', { id });
  await queryClient.invalidateQueries({ queryKey: addressKeys.all });
}
