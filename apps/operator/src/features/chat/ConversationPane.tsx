import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { messageOf } from '../../api';
import { Lightbox, useAuthorizedImage } from '../../ui/AuthImage';
import { formatDate, formatTime } from '../../ui/format';
import { ErrorState, Loading } from '../../ui/States';
import { Spinner } from '../../ui/Spinner';
import { uploadImage } from '../../api';
import { userQueryOptions } from '../users';
import { addMessages, chatKeys, loadEarlier, markRead, newClientId, sendMessage, threadQueryOptions, type ChatMessage } from './api';

const TEXT_LIMIT = 2000;

/** A message being sent: shown below the conversation until the server has it. */
interface Pending {
  clientId: string;
  text?: string;
  file?: File;
  /** An object URL of `file`, shown while it uploads; revoked when the message leaves the list. */
  localUrl?: string;
  /** Set once the image is uploaded, so a retry does not upload it again. */
  imageUrl?: string;
  failed?: string;
}

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** Messages count as read only when an operator can see them. */
function usePageVisible(): boolean {
  return useSyncExternalStore(subscribeVisibility, () => document.visibilityState === 'visible');
}

function ChatImage({ url, onLoad }: { url: string; onLoad: () => void }) {
  const image = useAuthorizedImage(url);
  const [enlarged, setEnlarged] = useState(false);
  if (image.status === 'loading') return <Spinner className="chat-image chat-image-loading spinner" label="Loading image" />;
  if (image.status === 'error') return <span className="chat-image-error">Cannot load the image: {image.message}</span>;
  return (
    <>
      <button type="button" className="chat-image" onClick={() => setEnlarged(true)} title="Click to enlarge">
        <img src={image.src} alt="Sent image" onLoad={onLoad} data-testid="bo-chat-image" />
      </button>
      {enlarged && <Lightbox src={image.src} label="Chat image" onClose={() => setEnlarged(false)} />}
    </>
  );
}

function Bubble({ message, onMediaLoad }: { message: ChatMessage; onMediaLoad: () => void }) {
  const mine = message.from === 'operator';
  return (
    <div className={`chat-row ${mine ? 'chat-row-mine' : 'chat-row-theirs'}`}>
      <div className="chat-bubble" data-testid="bo-chat-message" data-from={message.from} data-message-id={message.id}>
        {message.imageUrl && <ChatImage url={message.imageUrl} onLoad={onMediaLoad} />}
        {message.text && <p className="chat-text">{message.text}</p>}
        <span className="chat-meta">
          {mine && message.operatorName && <span>{message.operatorName} · </span>}
          {formatTime(message.createTimestamp)}
          {mine && (
            <span className={`chat-tick${message.read ? ' chat-tick-read' : ''}`} data-testid="bo-chat-tick">
              {message.read ? ' · Read' : ' · Sent'}
            </span>
          )}
        </span>
      </div>
    </div>
  );
}

function PendingBubble({ pending, onRetry, onDiscard }: { pending: Pending; onRetry: () => void; onDiscard: () => void }) {
  return (
    <div className="chat-row chat-row-mine">
      <div className={`chat-bubble chat-bubble-pending${pending.failed ? ' chat-bubble-failed' : ''}`} data-testid="bo-chat-pending">
        {pending.localUrl && (
          <span className="chat-image">
            <img src={pending.localUrl} alt="Image being sent" />
          </span>
        )}
        {pending.text && <p className="chat-text">{pending.text}</p>}
        {pending.failed ? (
          <span className="chat-meta chat-meta-failed" role="alert">
            Not sent: {pending.failed}{' '}
            <button type="button" className="link-btn" onClick={onRetry}>
              Retry
            </button>{' '}
            <button type="button" className="link-btn" onClick={onDiscard}>
              Discard
            </button>
          </span>
        ) : (
          <span className="chat-meta">Sending…</span>
        )}
      </div>
    </div>
  );
}

/** One conversation: its messages, earlier pages on demand, and the operator's answer box. */
export function ConversationPane({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const user = useQuery(userQueryOptions(userId));
  const thread = useQuery(threadQueryOptions(queryClient, userId));
  const [pending, setPending] = useState<Pending[]>([]);
  const [draft, setDraft] = useState('');
  const [earlier, setEarlier] = useState<{ loading: boolean; error: string | null }>({ loading: false, error: null });
  const visible = usePageVisible();
  const list = thread.data?.list;

  // Images still on their way when the operator leaves the conversation: free their previews.
  const pendingRef = useRef(pending);
  useEffect(() => {
    pendingRef.current = pending;
  }, [pending]);
  useEffect(
    () => () => {
      for (const item of pendingRef.current) if (item.localUrl) URL.revokeObjectURL(item.localUrl);
    },
    [],
  );

  function dropPending(clientId: string) {
    setPending((all) => {
      for (const item of all) if (item.clientId === clientId && item.localUrl) URL.revokeObjectURL(item.localUrl);
      return all.filter((p) => p.clientId !== clientId);
    });
  }

  // ---- read receipts: whatever the user wrote is read once it is on an operator's screen ----
  const lastUnread = list?.reduce((max, m) => (m.from === 'user' && !m.read && m.id > max ? m.id : max), 0) ?? 0;
  const marked = useRef(0);
  useEffect(() => {
    if (lastUnread === 0 || !visible || marked.current >= lastUnread) return;
    marked.current = lastUnread;
    markRead(queryClient, userId, lastUnread).catch(() => {
      marked.current = 0; // try again with the next message or the next visit
    });
  }, [lastUnread, visible, queryClient, userId]);

  // ---- scrolling: follow new messages when at the bottom; keep the place when earlier ones load ----
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const layout = useRef({ firstId: 0, height: 0 });
  const firstId = list?.[0]?.id ?? 0;
  const lastId = list?.at(-1)?.id ?? 0;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = layout.current;
    if (before.firstId !== 0 && firstId !== 0 && firstId < before.firstId) {
      el.scrollTop += el.scrollHeight - before.height;
    } else if (atBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
    layout.current = { firstId, height: el.scrollHeight };
  }, [firstId, lastId, pending.length]);

  /** An image that finishes loading makes the conversation taller: stay at the bottom if there. */
  function onMediaLoad() {
    const el = scroller.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }

  function onScroll() {
    const el = scroller.current;
    if (el) atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
  }

  async function onEarlier() {
    setEarlier({ loading: true, error: null });
    try {
      await loadEarlier(queryClient, userId);
      setEarlier({ loading: false, error: null });
    } catch (error) {
      setEarlier({ loading: false, error: messageOf(error) });
    }
  }

  // ---- sending ----
  async function deliver(item: Pending) {
    const update = (changes: Partial<Pending>) => setPending((all) => all.map((p) => (p.clientId === item.clientId ? { ...p, ...changes } : p)));
    update({ failed: undefined });
    atBottom.current = true;
    try {
      let imageUrl = item.imageUrl;
      if (item.file && !imageUrl) {
        imageUrl = await uploadImage(item.file);
        update({ imageUrl });
      }
      const sent = await sendMessage(userId, { clientId: item.clientId, ...(item.text ? { text: item.text } : {}), ...(imageUrl ? { imageUrl } : {}) });
      addMessages(queryClient, userId, [sent]);
      dropPending(item.clientId);
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists });
    } catch (error) {
      update({ failed: messageOf(error) });
    }
  }

  function enqueue(item: Omit<Pending, 'clientId'>) {
    const next: Pending = { ...item, clientId: newClientId() };
    setPending((all) => [...all, next]);
    void deliver(next);
  }

  function onSend() {
    const text = draft.trim();
    if (!text) return;
    setDraft('');
    enqueue({ text });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSend();
    }
  }

  const info = user.data?.user;
  const name = info?.userId ?? `User #${String(userId)}`;

  return (
    <div className="card chat-pane">
      <header className="chat-pane-header">
        <div>
          <h2>{name}</h2>
          <p className="muted small">{[`#${String(userId)}`, info?.email].filter(Boolean).join(' · ')}</p>
        </div>
        <Link to={`/users/${String(userId)}`} className="btn btn-small">
          Profile
        </Link>
      </header>

      {/* A log: new messages are read out as they come. Focusable, so the keyboard can scroll it. */}
      <div
        className="chat-messages"
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-label={`Conversation with ${name}`}
        tabIndex={0}
        data-testid="bo-chat-messages"
      >
        {thread.isPending ? (
          <Loading label="Loading messages…" />
        ) : thread.isError ? (
          <ErrorState error={thread.error} onRetry={() => void thread.refetch()} />
        ) : (
          <>
            {thread.data.hasMore && (
              <div className="chat-earlier">
                <button type="button" className="btn btn-small" onClick={() => void onEarlier()} disabled={earlier.loading} data-testid="bo-chat-earlier">
                  {earlier.loading ? 'Loading…' : 'Earlier messages'}
                </button>
                {earlier.error && <span className="field-error">{earlier.error}</span>}
              </div>
            )}
            {thread.data.list.length === 0 && pending.length === 0 && <p className="chat-empty muted">No messages yet. Write the first one below.</p>}
            {thread.data.list.map((message, index) => {
              const day = formatDate(message.createTimestamp);
              const previous = thread.data.list[index - 1];
              const newDay = !previous || formatDate(previous.createTimestamp) !== day;
              return (
                <Fragment key={message.id}>
                  {newDay && <div className="chat-day">{day}</div>}
                  <Bubble message={message} onMediaLoad={onMediaLoad} />
                </Fragment>
              );
            })}
            {pending.map((item) => (
              <PendingBubble key={item.clientId} pending={item} onRetry={() => void deliver(item)} onDiscard={() => dropPending(item.clientId)} />
            ))}
          </>
        )}
      </div>

      <div className="chat-composer">
        <label className="btn chat-attach" title="Send an image">
          Image
          <input
            type="file"
            accept="image/*"
            className="visually-hidden"
            data-testid="bo-chat-image-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) enqueue({ file, localUrl: URL.createObjectURL(file) });
            }}
          />
        </label>
        <textarea
          rows={2}
          value={draft}
          maxLength={TEXT_LIMIT}
          placeholder="Write an answer. Enter sends, Shift+Enter starts a new line."
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          aria-label="Message"
          data-testid="bo-chat-input"
        />
        <button type="button" className="btn btn-primary" onClick={onSend} disabled={!draft.trim()} data-testid="bo-chat-send">
          Send
        </button>
      </div>
    </div>
  );
}
