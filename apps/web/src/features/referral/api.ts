import { infiniteQueryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { nextPage } from '../../api/paging';

// Invited friends (server module: referral).

export const referralKeys = {
  invitees: () => ['referral', 'invitees'] as const,
};

const INVITEES_PAGE = 20;

/** Users who registered with the caller's invitation code, newest first, a page at a time. */
export function inviteesQuery() {
  return infiniteQueryOptions({
    queryKey: referralKeys.invitees(),
    queryFn: ({ pageParam, signal }) => call('invitees', { page: pageParam, size: INVITEES_PAGE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}
