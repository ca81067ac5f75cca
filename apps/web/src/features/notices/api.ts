import type { NOTICE_KINDS } from '@tradeapp/contract';
import { infiniteQueryOptions, queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { call } from '../../api/client';
import { nextPage, PAGE_SIZE } from '../../api/paging';
import { isMessageKey, msg } from '../../i18n/messages';
import { queryClient } from '../../lib/queryClient';
import { isSignedIn, subscribeSession } from '../../lib/session';

// Notices to the investor (server module: notices; the specification's user messages). Query keys
// live under ['notices'].

export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const noticeKeys = {
  all: ['notices'] as const,
  list: () => ['notices', 'list'] as const,
  unread: () => ['notices', 'unread'] as const,
  notice: (id: number) => ['notices', 'notice', id] as const,
};

export function noticesQuery() {
  return infiniteQueryOptions({
    queryKey: noticeKeys.list(),
    queryFn: ({ pageParam, signal }) => call('notices', { page: pageParam, size: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

export function unreadQuery(enabled: boolean) {
  return queryOptions({
    queryKey: noticeKeys.unread(),
    queryFn: async ({ signal }) => (await call('notices', { page: 1, size: 1 }, { signal, silent: true })).unread,
    enabled,
    staleTime: 60_000,
  });
}

/** Unread notices of the signed-in user (0 when signed out). */
export function useUnreadCount(): number {
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn);
  return useQuery(unreadQuery(signedIn)).data ?? 0;
}

export function noticeQuery(id: number) {
  return queryOptions({
    queryKey: noticeKeys.notice(id),
    queryFn: ({ signal }) => call('notice', {}, { signal, params: { id } }),
    enabled: id > 0,
  });
}

export async function markAllRead() {
  const result = await call('noticesRead', { all: true });
  await queryClient.invalidateQueries({ queryKey: noticeKeys.all });
  return result;
}

/** A notice's title in the UI language, from its kind ("kyc.approved" -> n.kycApproved.title). */
export function kindTitle(kind: string): string {
  const key = `n.${kind.replace(/\.(\w)/g, (_m, c: string) => c.toUpperCase())}.title`;
  return isMessageKey(key) ? msg(key) : '';
}
