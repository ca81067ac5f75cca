import { queryOptions } from '@tanstack/react-query';
import { call, clearToken, getToken, setToken } from '../../api';

export const meQueryKey = ['operator', 'me'] as const;

export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => call('operatorMe', {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

export async function signIn(email: string, password: string) {
  const result = await call('operatorLogin', { email, password });
  setToken(result.token);
  return result;
}

/** Revokes the session on the server when it can, and forgets it here in any case. */
export async function signOut(): Promise<void> {
  if (getToken()) {
    try {
      await call('logout', {}, { quietAuth: true });
    } catch {
      // The session may already be gone; signing out here is what matters.
    }
  }
  clearToken();
}
