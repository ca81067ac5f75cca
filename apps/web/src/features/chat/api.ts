import { zChatMessage, type RequestOf, type ResponseOf, type Routes } from '@tradeapp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { call } from '../../api/client';
import { isSignedIn, subscribeSession } from '../../lib/session';

// The customer-service chat (server module: chat). The conversation itself lives in the
// chat screen's state; only the unread count is a query, for the profile's badge.

export type ChatMessage = ResponseOf<Routes['chatMessages']>['list'][number];
export type ChatHistory = ResponseOf<Routes['chatMessages']>;
export type ChatSend = RequestOf<Routes['chatSend']>;

export const CHAT_PAGE = 30;

export const chatKeys = {
  all: ['chat'] as const,
  unread: () => ['chat', 'unread'] as const,
};

export function chatUnreadQuery(enabled: boolean) {
  return queryOptions({
    queryKey: chatKeys.unread(),
    queryFn: async ({ signal }) => (await call('chatMessages', { size: 1 }, { signal, silent: true })).unread,
    enabled,
    staleTime: 60_000,
  });
}

/** Operator messages the signed-in user has not read (0 when signed out). */
export function useChatUnread(): number {
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn);
  return useQuery(chatUnreadQuery(signedIn)).data ?? 0;
}

export function fetchHistory(input: { beforeId?: number; afterId?: number; size?: number }, signal?: AbortSignal): Promise<ChatHistory> {
  return call('chatMessages', { size: CHAT_PAGE, ...input }, { silent: true, ...(signal ? { signal } : {}) });
}

export function sendMessage(input: ChatSend): Promise<ChatMessage> {
  return call('chatSend', input, { silent: true });
}

export function markRead(upToId: number) {
  return call('chatRead', { upToId }, { silent: true });
}

/** A pushed `chat.message`: the message itself (or wrapped as `{ message }`); null when it is neither. */
export function pushedMessage(data: unknown): ChatMessage | null {
  const direct = zChatMessage.safeParse(data);
  if (direct.success) return direct.data;
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const inner = zChatMessage.safeParse((data as { message: unknown }).message);
    if (inner.success) return inner.data;
  }
  return null;
}

/** A pushed `chat.read`: which side read the other side's messages, up to which id. */
export function pushedRead(data: unknown): { side: 'user' | 'operator'; upToId: number } | null {
  if (typeof data !== 'object' || data === null) return null;
  const { side, upToId } = data as { side?: unknown; upToId?: unknown };
  if (side !== 'user' && side !== 'operator') return null;
  return typeof upToId === 'number' && Number.isInteger(upToId) && upToId > 0 ? { side, upToId } : null;
}
