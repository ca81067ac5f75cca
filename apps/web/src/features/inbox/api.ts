import { isMessageKey, type NOTICE_KINDS } from '@tradeapp/contract';
import { infiniteQueryOptions, queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { call } from '../../api/client';
import { msg } from '../../i18n/messages';
import { queryClient } from '../../lib/queryClient';
import { isSignedIn, subscribeSession } from '../../lib/session';

// The inbox (server module: content, notices). Query keys live under ['inbox'].

export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const inboxKeys = {
  all: ['inbox'] as const,
  list: () => ['inbox', 'list'] as const,
  unread: () => ['inbox', 'unread'] as const,
  notice: (id: number) => ['inbox', 'notice', id] as const,
};

const PAGE_SIZE = 20;

export function noticesQuery() {
  return infiniteQueryOptions({
    queryKey: inboxKeys.list(),
    queryFn: ({ pageParam, signal }) => call('notices', { page: pageParam, size: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total && last.list.length > 0 ? last.page + 1 : undefined),
  });
}

export function unreadQuery(enabled: boolean) {
  return queryOptions({
    queryKey: inboxKeys.unread(),
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
    queryKey: inboxKeys.notice(id),
    queryFn: ({ signal }) => call('notice', {}, { signal, params: { id } }),
    enabled: id > 0,
  });
}

export async function markAllRead() {
  const result = await call('noticesRead', { all: true });
  await queryClient.invalidateQueries({ queryKey: inboxKeys.all });
  return result;
}

/** A notice's title in the UI language, from its kind ("kyc.approved" -> n.kycApproved.title). */
export function kindTitle(kind: string): string {
  const key = `n.${kind.replace(/\.(\w)/g, (_m, c: string) => c.toUpperCase())}.title`;
  return isMessageKey(key) ? msg(key) : '';
}
