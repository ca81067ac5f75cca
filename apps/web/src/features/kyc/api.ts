import type { RequestOf, Routes } from '@tradeapp/contract';
import { call } from '../../api/client';
import { userInfoQueryKey } from '../../api/user';
import { queryClient } from '../../lib/queryClient';

// Identity verification (server module: kyc). The status itself lives on the user (api/user.ts).

export async function submitKyc(input: RequestOf<Routes['updateReal']>, idempotencyKey: string) {
  const result = await call('updateReal', input, { idempotencyKey, silent: true });
  await queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
  return result;
}
