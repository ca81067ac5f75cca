import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { call } from '../../api';
import { applyChatEvent, chatKeys, LIST_REFRESH_MS, mergeMessages, threadQueryOptions, type ChatMessage, type Thread } from './api';

vi.mock('../../api', () => ({ call: vi.fn() }));
const callMock = vi.mocked(call);

function message(id: number, from: 'user' | 'operator', read = false): ChatMessage {
  return {
    id,
    userId: 7,
    from,
    text: `m${id}`,
    imageUrl: null,
    operatorName: from === 'operator' ? 'ops' : null,
    read,
    clientId: null,
    createTimestamp: 1_767_225_600_000 + id,
  };
}

function cached(queryClient: QueryClient): Thread | undefined {
  return queryClient.getQueryData<Thread>(chatKeys.thread(7));
}

describe('mergeMessages', () => {
  it('keeps one copy per id, the newer one, oldest first', () => {
    const merged = mergeMessages([message(3, 'user'), message(1, 'user')], [message(3, 'user', true), message(2, 'operator')]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(merged[2]!.read).toBe(true);
  });

  it('never turns a read message back to unread (a late answer to the send)', () => {
    const merged = mergeMessages([message(4, 'operator', true)], [message(4, 'operator', false)]);
    expect(merged[0]!.read).toBe(true);
  });
});

describe('applyChatEvent', () => {
  it('appends a pushed message to its conversation once, however often it arrives', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Thread>(chatKeys.thread(7), { list: [message(1, 'user')], hasMore: false });
    applyChatEvent(queryClient, 'chat.message', message(2, 'user'));
    applyChatEvent(queryClient, 'chat.message', message(2, 'user'));
    expect(cached(queryClient)?.list.map((m) => m.id)).toEqual([1, 2]);
  });

  it('sets read ticks from a read receipt, only on the other side’s messages up to its id', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Thread>(chatKeys.thread(7), {
      list: [message(1, 'user'), message(2, 'operator'), message(3, 'operator'), message(4, 'operator')],
      hasMore: false,
    });
    applyChatEvent(queryClient, 'chat.read', { userId: 7, side: 'user', upToId: 3 });
    expect(cached(queryClient)?.list.map((m) => m.read)).toEqual([false, true, true, false]);
  });

  it('leaves conversations it does not hold alone and ignores other events', () => {
    const queryClient = new QueryClient();
    applyChatEvent(queryClient, 'chat.message', message(5, 'user'));
    applyChatEvent(queryClient, 'notice', { id: 1 });
    expect(cached(queryClient)).toBeUndefined();
  });
});

describe('the conversation list under a burst of messages', () => {
  it('is read again once per second after the first message, not once per message', async () => {
    vi.useFakeTimers();
    try {
      const queryClient = new QueryClient();
      const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
      for (let id = 1; id <= 40; id += 1) applyChatEvent(queryClient, 'chat.message', { ...message(id, 'user'), userId: id });
      expect(invalidate).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(LIST_REFRESH_MS - 1);
      expect(invalidate).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(invalidate.mock.calls).toEqual([[{ queryKey: chatKeys.lists }]]);
      // A message after that read starts the next one.
      applyChatEvent(queryClient, 'chat.read', { userId: 3, side: 'user', upToId: 3 });
      await vi.advanceTimersByTimeAsync(LIST_REFRESH_MS);
      expect(invalidate).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a conversation held in the cache, fetched again (after a reconnect)', () => {
  it('catches up from its last message, page by page, and refreshes the read ticks', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Thread>(chatKeys.thread(7), { list: [message(1, 'user'), message(2, 'operator')], hasMore: true });
    const page = (list: ChatMessage[], hasMore = false) => ({ list, hasMore, unread: 0 });
    const fullPage = Array.from({ length: 100 }, (_, i) => message(3 + i, 'user'));
    callMock.mockImplementation(async (_route, input) => {
      const query = input as { afterId?: number; beforeId?: number };
      if (query.afterId === 2) return page(fullPage, true);
      if (query.afterId === 102) return page([message(103, 'user')]);
      // the newest page: the operator's message has been read meanwhile
      return page([message(2, 'operator', true), message(103, 'user')]);
    });

    const options = threadQueryOptions(queryClient, 7);
    const thread = await queryClient.fetchQuery({ ...options, staleTime: 0 });

    expect(thread.list.map((m) => m.id)).toEqual([1, 2, ...fullPage.map((m) => m.id), 103]);
    expect(thread.list.find((m) => m.id === 2)?.read).toBe(true);
    expect(thread.hasMore).toBe(true);
    const afterIds = callMock.mock.calls.map(([, input]) => (input as { afterId?: number }).afterId);
    expect(afterIds).toEqual([2, 102, undefined]);
  });

  it('starts from the newest page when nothing is held', async () => {
    const queryClient = new QueryClient();
    callMock.mockReset();
    callMock.mockResolvedValue({ list: [message(8, 'user')], hasMore: false, unread: 1 });
    const thread = await queryClient.fetchQuery(threadQueryOptions(queryClient, 7));
    expect(thread).toEqual({ list: [message(8, 'user')], hasMore: false });
    expect(callMock).toHaveBeenCalledTimes(1);
  });
});
