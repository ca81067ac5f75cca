import type { ChatMessage } from './api';

// The chat screen's state as a pure reducer: messages arrive from several places (the first page,
// older pages, the push socket, catching up after a reconnect, the answer to a send) and in any
// order, so every arrival is merged by id and the newest read mark wins.

/** A message the user wrote that the server has not confirmed yet. */
export interface Pending {
  /** Sent with every try: the server stores the message once however often it is retried. */
  clientId: string;
  text?: string;
  /** Set once the image is uploaded; a retry before that uploads `file` again. */
  imageUrl?: string;
  file?: File;
  /** An object URL of the picked image, shown while it uploads. */
  preview?: string;
  status: 'sending' | 'failed';
  createdAt: number;
}

export interface Conversation {
  /** Oldest first. */
  messages: ChatMessage[];
  /** Older messages exist on the server. */
  hasMore: boolean;
  status: 'loading' | 'ready' | 'error';
  pending: Pending[];
}

export type ChatAction =
  | { type: 'loaded'; list: ChatMessage[]; hasMore: boolean }
  | { type: 'older'; list: ChatMessage[]; hasMore: boolean }
  | { type: 'merge'; list: ChatMessage[] }
  | { type: 'loadFailed' }
  | { type: 'queue'; pending: Pending }
  | { type: 'pending'; clientId: string; patch: Partial<Omit<Pending, 'clientId'>> }
  | { type: 'read'; side: 'user' | 'operator'; upToId: number };

export const initialConversation: Conversation = { messages: [], hasMore: false, status: 'loading', pending: [] };

function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const message of incoming) {
    const known = byId.get(message.id);
    byId.set(message.id, known ? { ...message, read: known.read || message.read } : message);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** A confirmed message of the user replaces the pending bubble it was sent as. */
function settlePending(pending: Pending[], incoming: ChatMessage[]): Pending[] {
  const confirmed = new Set(incoming.filter((m) => m.from === 'user' && m.clientId).map((m) => m.clientId));
  return confirmed.size === 0 ? pending : pending.filter((p) => !confirmed.has(p.clientId));
}

export function chatReducer(state: Conversation, action: ChatAction): Conversation {
  switch (action.type) {
    case 'loaded':
      return {
        ...state,
        messages: mergeMessages(state.messages, action.list),
        // A later refresh of the newest page says nothing about pages already loaded.
        hasMore: state.status === 'ready' ? state.hasMore : action.hasMore,
        status: 'ready',
        pending: settlePending(state.pending, action.list),
      };
    case 'older':
      return { ...state, messages: mergeMessages(state.messages, action.list), hasMore: action.hasMore };
    case 'merge':
      return { ...state, messages: mergeMessages(state.messages, action.list), pending: settlePending(state.pending, action.list) };
    case 'loadFailed':
      return state.status === 'ready' ? state : { ...state, status: 'error' };
    case 'queue':
      return { ...state, pending: [...state.pending.filter((p) => p.clientId !== action.pending.clientId), action.pending] };
    case 'pending':
      return { ...state, pending: state.pending.map((p) => (p.clientId === action.clientId ? { ...p, ...action.patch } : p)) };
    case 'read': {
      // `side` read the messages of the other side up to `upToId`.
      const author = action.side === 'user' ? 'operator' : 'user';
      let changed = false;
      const messages = state.messages.map((m) => {
        if (m.from !== author || m.read || m.id > action.upToId) return m;
        changed = true;
        return { ...m, read: true };
      });
      return changed ? { ...state, messages } : state;
    }
    default:
      return state;
  }
}

/** The newest operator message the user has not read yet, or null. */
export function lastUnreadFromOperator(messages: readonly ChatMessage[]): number | null {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const m = messages[i]!;
    if (m.from === 'operator' && !m.read) return m.id;
  }
  return null;
}
