import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { PushEvent, zChatMessage, type ResponseOf, type Routes } from '@tradeapp/contract';
import { call } from '../../api';

// The customer-service chat as operators see it: every user's conversation, shared by all
// operators. A conversation's messages live in the query cache as one growing thread: the newest
// page first, earlier pages prepended on demand, pushed messages appended, and every refetch
// (after a reconnect, or when the other side read something) catching up from the last message
// held rather than starting over.

export type ChatMessage = ResponseOf<Routes['operatorChatSend']>;
export type Conversation = ResponseOf<Routes['operatorChats']>['list'][number];

export interface Thread {
  /** Oldest first, without duplicates. */
  list: ChatMessage[];
  /** Older messages exist on the server. */
  hasMore: boolean;
}

export const CONVERSATIONS_PAGE_SIZE = 20;
const MESSAGES_PAGE_SIZE = 30;
const CATCH_UP_PAGE_SIZE = 100;
/** A conversation is not expected to gain thousands of messages during one disconnection. */
const CATCH_UP_MAX_PAGES = 20;

export interface ConversationsQuery {
  page: number;
  unreadOnly: boolean;
}

export const chatKeys = {
  all: ['operator', 'chat'] as const,
  /** The conversation list and the unread count of the nav: both change with every message. */
  lists: ['operator', 'chat', 'list'] as const,
  list: (query: ConversationsQuery) => [...chatKeys.lists, query] as const,
  unread: ['operator', 'chat', 'list', 'unread'] as const,
  thread: (userId: number) => ['operator', 'chat', 'thread', userId] as const,
};

export function conversationsQueryOptions(query: ConversationsQuery) {
  return queryOptions({
    queryKey: chatKeys.list(query),
    queryFn: ({ signal }) =>
      call(
        'operatorChats',
        // `unreadOnly=false` would read as true on the server (a non-empty string): send it only when set.
        { page: query.page, size: CONVERSATIONS_PAGE_SIZE, ...(query.unreadOnly ? { unreadOnly: true } : {}) },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** User messages no operator has read yet, across every conversation (the nav badge). */
export function unreadQueryOptions() {
  return queryOptions({
    queryKey: chatKeys.unread,
    queryFn: async ({ signal }) => (await call('operatorChats', { page: 1, size: 1 }, { signal })).unread,
    // The push socket keeps it current; this only covers a socket that is down.
    refetchInterval: 60_000,
  });
}

/**
 * One copy per id, oldest first; `b` wins over `a`, except that a message once read stays read:
 * the answer to a send (unread) can arrive after the push saying the user has already read it.
 */
export function mergeMessages(a: readonly ChatMessage[], b: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const message of a) byId.set(message.id, message);
  for (const message of b) {
    const held = byId.get(message.id);
    byId.set(message.id, held?.read && !message.read ? { ...message, read: true } : message);
  }
  return [...byId.values()].sort((x, y) => x.id - y.id);
}

async function loadThread(queryClient: QueryClient, userId: number, signal: AbortSignal): Promise<Thread> {
  const key = chatKeys.thread(userId);
  const held = queryClient.getQueryData<Thread>(key);
  let list: ChatMessage[] = held?.list ?? [];
  let hasMore = held?.hasMore ?? false;

  const last = list.at(-1);
  if (last) {
    // Catch up from the last message held, page by page, so nothing sent meanwhile is lost.
    let afterId = last.id;
    for (let pages = 0; pages < CATCH_UP_MAX_PAGES; pages += 1) {
      const page = await call('operatorChatMessages', { afterId, size: CATCH_UP_PAGE_SIZE }, { params: { userId }, signal });
      list = mergeMessages(list, page.list);
      const newest = page.list.at(-1);
      if (!newest || page.list.length < CATCH_UP_PAGE_SIZE) break;
      afterId = newest.id;
    }
  }
  // The newest page also refreshes the read ticks of what is already on screen.
  const newest = await call('operatorChatMessages', { size: MESSAGES_PAGE_SIZE }, { params: { userId }, signal });
  list = mergeMessages(list, newest.list);
  if (!last) hasMore = newest.hasMore;

  // A pushed message may have landed in the cache while this was loading: keep it.
  const current = queryClient.getQueryData<Thread>(key);
  return { list: mergeMessages(current?.list ?? [], list), hasMore };
}

export function threadQueryOptions(queryClient: QueryClient, userId: number) {
  return queryOptions({
    queryKey: chatKeys.thread(userId),
    queryFn: ({ signal }) => loadThread(queryClient, userId, signal),
    // Pushed messages keep it fresh; refetches happen on reconnect and on read receipts.
    staleTime: Infinity,
  });
}

/** Prepends the page before the oldest message held. */
export async function loadEarlier(queryClient: QueryClient, userId: number): Promise<void> {
  const key = chatKeys.thread(userId);
  const oldest = queryClient.getQueryData<Thread>(key)?.list[0];
  if (!oldest) return;
  const page = await call('operatorChatMessages', { beforeId: oldest.id, size: MESSAGES_PAGE_SIZE }, { params: { userId } });
  queryClient.setQueryData<Thread>(key, (thread) => (thread ? { list: mergeMessages(page.list, thread.list), hasMore: page.hasMore } : thread));
}

/** Adds messages (a pushed one, the answer to a send) to a conversation held in the cache. */
export function addMessages(queryClient: QueryClient, userId: number, messages: ChatMessage[]): void {
  queryClient.setQueryData<Thread>(chatKeys.thread(userId), (thread) => (thread ? { ...thread, list: mergeMessages(thread.list, messages) } : thread));
}

export async function sendMessage(userId: number, message: { text?: string; imageUrl?: string; clientId: string }): Promise<ChatMessage> {
  return call('operatorChatSend', message, { params: { userId } });
}

/** Marks the user's messages up to `upToId` as read by customer service. */
export async function markRead(queryClient: QueryClient, userId: number, upToId: number): Promise<void> {
  await call('operatorChatRead', { upToId }, { params: { userId } });
  queryClient.setQueryData<Thread>(chatKeys.thread(userId), (thread) =>
    thread
      ? {
          ...thread,
          list: thread.list.map((m) => (m.from === 'user' && !m.read && m.id <= upToId ? { ...m, read: true } : m)),
        }
      : thread,
  );
  await queryClient.invalidateQueries({ queryKey: chatKeys.lists });
}

function userIdOf(data: unknown): number | null {
  if (typeof data !== 'object' || data === null || !('userId' in data)) return null;
  const { userId } = data;
  return typeof userId === 'number' && Number.isInteger(userId) && userId > 0 ? userId : null;
}

/** `chat.read` (docs/push.md): `side` read the other side's messages up to `upToId`. */
interface ReadReceipt {
  userId: number;
  side: 'user' | 'operator';
  upToId: number;
}

function readReceiptOf(data: unknown): ReadReceipt | null {
  const userId = userIdOf(data);
  if (userId === null || typeof data !== 'object' || data === null || !('side' in data) || !('upToId' in data)) return null;
  const { side, upToId } = data;
  if ((side !== 'user' && side !== 'operator') || typeof upToId !== 'number') return null;
  return { userId, side, upToId };
}

function applyReadReceipt(queryClient: QueryClient, receipt: ReadReceipt): void {
  const readFrom = receipt.side === 'user' ? 'operator' : 'user';
  queryClient.setQueryData<Thread>(chatKeys.thread(receipt.userId), (thread) =>
    thread
      ? {
          ...thread,
          list: thread.list.map((m) => (m.from === readFrom && !m.read && m.id <= receipt.upToId ? { ...m, read: true } : m)),
        }
      : thread,
  );
}

/**
 * Applies one push event to the cache: a `chat.message` joins its conversation, a `chat.read`
 * sets the read ticks; either changes the list and the unread counts. Anything not in the expected
 * shape makes the conversation catch up by HTTP instead.
 */
export function applyChatEvent(queryClient: QueryClient, event: string, data: unknown): void {
  if (event !== PushEvent.ChatMessage && event !== PushEvent.ChatRead) return;
  const message = event === PushEvent.ChatMessage ? zChatMessage.safeParse(data) : null;
  const receipt = event === PushEvent.ChatRead ? readReceiptOf(data) : null;
  if (message?.success) {
    addMessages(queryClient, message.data.userId, [message.data]);
  } else if (receipt) {
    applyReadReceipt(queryClient, receipt);
  } else {
    const userId = userIdOf(data);
    if (userId !== null) void queryClient.invalidateQueries({ queryKey: chatKeys.thread(userId) });
  }
  refreshListsSoon(queryClient);
}

/**
 * The conversation list and the unread badge are read again at most once per LIST_REFRESH_MS, after
 * the first event that changed them: forty investors writing at once cost each console one read a
 * second, not one per message, and the last message of a burst is always counted (the read starts
 * after it arrived). The conversation itself is updated from the pushed message at once (above).
 */
export const LIST_REFRESH_MS = 1000;
const listRefreshes = new WeakMap<QueryClient, ReturnType<typeof setTimeout>>();
function refreshListsSoon(queryClient: QueryClient): void {
  if (listRefreshes.has(queryClient)) return;
  listRefreshes.set(
    queryClient,
    setTimeout(() => {
      listRefreshes.delete(queryClient);
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists });
    }, LIST_REFRESH_MS),
  );
}

/** After a reconnect: whatever was pushed while the socket was down is fetched. */
export function resyncChats(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: chatKeys.all });
}

/** A sender's id for one message, so a resend after a failure is not stored twice. */
export function newClientId(): string {
  // getRandomValues works on plain http too, where randomUUID does not exist.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
