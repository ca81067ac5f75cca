import type { ResponseOf, Routes, UserInfo } from '@tradeapp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './client';
import { clearSession, getStoredUser, isSignedIn, startSession, storeUser } from '../lib/session';
import { queryClient } from '../lib/queryClient';

// The signed-in user: shared by every feature (profile, settings, share, trading checks).

/** A completed sign-in (the password step alone, or with its second factor). */
export type LoginResult = ResponseOf<Routes['loginSecondFactor']>;

export const userInfoQueryKey = ['account', 'userInfo'] as const;

export async function getUserInfo({ signal }: { signal?: AbortSignal } = {}): Promise<UserInfo> {
  const user = await call('userInfo', {}, { signal, requestId: 'userInfo' });
  storeUser(user);
  return user;
}

export function userInfoQueryOptions() {
  return queryOptions({
    queryKey: userInfoQueryKey,
    queryFn: ({ signal }) => getUserInfo({ signal }),
    enabled: isSignedIn(),
    initialData: () => getStoredUser() ?? undefined,
    initialDataUpdatedAt: 0,
    // KYC and account status change on the operator's side: every screen that shows them asks again.
    refetchOnMount: 'always',
  });
}

export function useUserInfo() {
  return useQuery(userInfoQueryOptions());
}

/** After sign-in or registration: keep the token and user, prime the cache. */
export function signIn(result: LoginResult): void {
  queryClient.clear();
  startSession(result.token, result.userInfo);
  queryClient.setQueryData(userInfoQueryKey, result.userInfo);
}

/** Revoke the session on the server (best effort), then forget it here. */
export async function signOut(): Promise<void> {
  try {
    if (isSignedIn()) await call('logout', {}, { silent: true });
  } catch {
    // signed out locally regardless
  } finally {
    clearSession();
    queryClient.clear();
  }
}
