import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './api';
import { chatReducer, initialConversation, lastUnreadFromOperator, type Conversation } from './conversation';

let clock = 1_767_225_600_000;
function message(id: number, from: 'user' | 'operator', extra: Partial<ChatMessage> = {}): ChatMessage {
  clock += 1000;
  return {
    id,
    userId: 7,
    from,
    text: `m${id}`,
    imageUrl: null,
    operatorName: from === 'operator' ? 'ops' : null,
    read: false,
    clientId: null,
    createTimestamp: clock,
    ...extra,
  };
}

const ids = (state: Conversation) => state.messages.map((m) => m.id);

describe('chatReducer', () => {
  it('keeps messages unique and in id order whatever order they arrive in', () => {
    let state = chatReducer(initialConversation, { type: 'loaded', list: [message(5, 'user'), message(6, 'operator')], hasMore: true });
    state = chatReducer(state, { type: 'merge', list: [message(8, 'operator'), message(6, 'operator')] });
    state = chatReducer(state, { type: 'merge', list: [message(7, 'user')] });
    state = chatReducer(state, { type: 'older', list: [message(3, 'user'), message(4, 'operator')], hasMore: false });
    expect(ids(state)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(state.hasMore).toBe(false);
    expect(state.status).toBe('ready');
  });

  it('never takes a read mark back', () => {
    let state = chatReducer(initialConversation, { type: 'loaded', list: [message(1, 'user', { read: true })], hasMore: false });
    state = chatReducer(state, { type: 'merge', list: [message(1, 'user', { read: false })] });
    expect(state.messages[0]!.read).toBe(true);
  });

  it('a refresh of the newest page keeps what is known about older pages', () => {
    let state = chatReducer(initialConversation, { type: 'loaded', list: [message(10, 'user')], hasMore: true });
    state = chatReducer(state, { type: 'loaded', list: [message(10, 'user'), message(11, 'operator')], hasMore: false });
    expect(state.hasMore).toBe(true);
    expect(ids(state)).toEqual([10, 11]);
  });

  it('replaces a pending bubble by the confirmed message with the same clientId, once', () => {
    let state = chatReducer(initialConversation, { type: 'loaded', list: [], hasMore: false });
    state = chatReducer(state, { type: 'queue', pending: { clientId: 'abc-12345', text: 'hi', status: 'sending', createdAt: clock } });
    state = chatReducer(state, { type: 'pending', clientId: 'abc-12345', patch: { status: 'failed' } });
    expect(state.pending[0]!.status).toBe('failed');
    // The push of the first try and the answer of the retry both carry the same message.
    const confirmed = message(20, 'user', { clientId: 'abc-12345', text: 'hi' });
    state = chatReducer(state, { type: 'merge', list: [confirmed] });
    state = chatReducer(state, { type: 'merge', list: [confirmed] });
    expect(state.pending).toEqual([]);
    expect(ids(state)).toEqual([20]);
  });

  it('an operator message with the same clientId does not settle the user’s pending one', () => {
    let state = chatReducer(initialConversation, { type: 'queue', pending: { clientId: 'same-id-1', text: 'a', status: 'sending', createdAt: clock } });
    state = chatReducer(state, { type: 'merge', list: [message(3, 'operator', { clientId: 'same-id-1' })] });
    expect(state.pending).toHaveLength(1);
  });

  it('applies read marks to the other side’s messages up to the id', () => {
    let state = chatReducer(initialConversation, {
      type: 'loaded',
      list: [message(1, 'user'), message(2, 'operator'), message(3, 'user'), message(4, 'user')],
      hasMore: false,
    });
    state = chatReducer(state, { type: 'read', side: 'operator', upToId: 3 });
    expect(state.messages.map((m) => m.read)).toEqual([true, false, true, false]);
    expect(lastUnreadFromOperator(state.messages)).toBe(2);
    state = chatReducer(state, { type: 'read', side: 'user', upToId: 4 });
    expect(lastUnreadFromOperator(state.messages)).toBeNull();
  });

  it('a failed first load is an error; a failed refresh changes nothing', () => {
    expect(chatReducer(initialConversation, { type: 'loadFailed' }).status).toBe('error');
    const ready = chatReducer(initialConversation, { type: 'loaded', list: [], hasMore: false });
    expect(chatReducer(ready, { type: 'loadFailed' })).toBe(ready);
  });
});
