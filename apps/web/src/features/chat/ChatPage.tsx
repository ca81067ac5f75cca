import './chat.css';
import { Button, DotLoading } from 'antd-mobile';
import { MessageFill, PictureOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { PushEvent } from '@tradeapp/contract';
import { Fragment, useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isAbortError } from '../../api/errors';
import { getPushClient } from '../../api/push';
import { formatDate } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { showToast } from '../../ui/toast';
import { uploadImage } from '../../ui/uploadImage';
import { chatKeys, fetchHistory, markRead, pushedMessage, pushedRead, sendMessage } from './api';
import { Bubble, PendingBubble, SendIcon, Viewer, ViewImage } from './bubbles';
import { chatReducer, initialConversation, lastUnreadFromOperator, type Pending } from './conversation';

const TEXT_MAX = 2000;
/** Within this many pixels of the end the list follows new messages. */
const NEAR_END = 80;
/**
 * How often the push socket's state is looked at, to catch up after it reconnects. The client
 * waits at least 500 ms before reconnecting, so a shorter period cannot miss a drop.
 */

/** /pages/service/chat: the user's conversation with customer service, live over the push socket. */
export default function ChatPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(chatReducer, initialConversation);
  const [draft, setDraft] = useState('');
  const [olderBusy, setOlderBusy] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const closeViewer = useCallback(() => setViewing(null), []);
  const scroller = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  /** The list follows new messages while the user is at its end. */
  const follow = useRef(true);
  /** Set just before older messages are put on top: the view stays on what the user was reading. */
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const lastId = useRef(0);
  const ready = useRef(false);
  const marked = useRef(0);
  const previews = useRef(new Set<string>());
  const olderLoading = useRef(false);

  const newest = state.messages.at(-1)?.id ?? 0;
  useEffect(() => {
    lastId.current = newest;
    ready.current = state.status === 'ready';
  }, [newest, state.status]);

  const loadNewest = useCallback(async (signal?: AbortSignal) => {
    try {
      const page = await fetchHistory({}, signal);
      dispatch({ type: 'loaded', list: page.list, hasMore: page.hasMore });
    } catch (error) {
      if (!isAbortError(error)) dispatch({ type: 'loadFailed' });
    }
  }, []);

  /** What happened while the socket was down or the app in the background: new messages, then read marks. */
  const catchUp = useCallback(async () => {
    if (!ready.current) {
      await loadNewest();
      return;
    }
    try {
      let after = lastId.current;
      for (let round = 0; round < 10; round += 1) {
        const page = await fetchHistory({ afterId: after, size: 100 });
        dispatch({ type: 'merge', list: page.list });
        const last = page.list.at(-1);
        if (!page.hasMore || !last) break;
        after = last.id;
      }
      const latest = await fetchHistory({});
      dispatch({ type: 'loaded', list: latest.list, hasMore: latest.hasMore });
    } catch {
      // The next reconnect or focus tries again.
    }
  }, [loadNewest]);

  useEffect(() => {
    const controller = new AbortController();
    void loadNewest(controller.signal);
    return () => controller.abort();
  }, [loadNewest]);

  useEffect(() => {
    const client = getPushClient();
    const off = client.onEvent((event, data) => {
      if (event === PushEvent.ChatMessage) {
        const message = pushedMessage(data);
        if (message) dispatch({ type: 'merge', list: [message] });
        else void catchUp();
      } else if (event === PushEvent.ChatRead) {
        const read = pushedRead(data);
        if (read) dispatch({ type: 'read', ...read });
      }
    });
    // The client reconnects and signs in again by itself; what was pushed meanwhile is not replayed.
    const offSignedIn = client.onSignedIn(() => void catchUp());
    const onVisible = () => {
      if (document.visibilityState === 'visible') void catchUp();
    };
    window.addEventListener('focus', onVisible);
    window.addEventListener('online', onVisible);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      off();
      offSignedIn();
      window.removeEventListener('focus', onVisible);
      window.removeEventListener('online', onVisible);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [catchUp]);

  // Operator messages on screen are read: tell the server (and the profile's badge).
  const unreadUpTo = lastUnreadFromOperator(state.messages);
  useEffect(() => {
    if (unreadUpTo === null) return undefined;
    const mark = () => {
      if (document.visibilityState !== 'visible' || unreadUpTo <= marked.current) return;
      marked.current = unreadUpTo;
      markRead(unreadUpTo)
        .then((result) => {
          dispatch({ type: 'read', side: 'user', upToId: unreadUpTo });
          queryClient.setQueryData(chatKeys.unread(), result.unread);
        })
        .catch(() => {
          marked.current = 0;
        });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [unreadUpTo, queryClient]);

  useEffect(() => {
    const made = previews.current;
    return () => {
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, []);

  const toEnd = useCallback(() => {
    const el = scroller.current;
    if (el && follow.current) el.scrollTop = el.scrollHeight;
  }, []);

  const count = state.messages.length + state.pending.length;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const held = anchor.current;
    if (held) {
      anchor.current = null;
      el.scrollTop = el.scrollHeight - held.height + held.top;
      return;
    }
    toEnd();
  }, [count, state.status, toEnd]);

  const loadOlder = async () => {
    const first = state.messages[0];
    if (!first || olderLoading.current || !state.hasMore) return;
    olderLoading.current = true;
    setOlderBusy(true);
    try {
      const page = await fetchHistory({ beforeId: first.id });
      const el = scroller.current;
      if (el) anchor.current = { height: el.scrollHeight, top: el.scrollTop };
      dispatch({ type: 'older', list: page.list, hasMore: page.hasMore });
    } catch (error) {
      if (error instanceof ApiError && !error.aborted) showToast(error.message, 'fail');
    } finally {
      olderLoading.current = false;
      setOlderBusy(false);
    }
  };

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    follow.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_END;
    if (el.scrollTop < 40 && state.hasMore) void loadOlder();
  };

  const deliver = async (pending: Pending) => {
    dispatch({ type: 'pending', clientId: pending.clientId, patch: { status: 'sending' } });
    let imageUrl = pending.imageUrl;
    if (pending.file && !imageUrl) {
      const uploaded = await uploadImage(pending.file);
      if (!uploaded) {
        dispatch({ type: 'pending', clientId: pending.clientId, patch: { status: 'failed' } });
        return;
      }
      imageUrl = uploaded;
      dispatch({ type: 'pending', clientId: pending.clientId, patch: { imageUrl } });
    }
    try {
      const message = await sendMessage({ clientId: pending.clientId, ...(pending.text ? { text: pending.text } : {}), ...(imageUrl ? { imageUrl } : {}) });
      dispatch({ type: 'merge', list: [message] });
    } catch (error) {
      dispatch({ type: 'pending', clientId: pending.clientId, patch: { status: 'failed', ...(imageUrl ? { imageUrl } : {}) } });
      // Lost connections are shown on the bubble; a refusal says why.
      if (error instanceof ApiError && error.code !== 0 && !error.aborted && error.key !== 'e.loginExpired') showToast(error.message, 'fail');
    }
  };

  const queue = (pending: Pending) => {
    follow.current = true;
    dispatch({ type: 'queue', pending });
    void deliver(pending);
  };

  const submit = () => {
    const text = draft.trim();
    if (!text) return;
    setDraft('');
    if (input.current) input.current.style.height = '';
    queue({ clientId: crypto.randomUUID(), text, status: 'sending', createdAt: Date.now() });
    input.current?.focus();
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const preview = URL.createObjectURL(file);
    previews.current.add(preview);
    queue({ clientId: crypto.randomUUID(), file, preview, status: 'sending', createdAt: Date.now() });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const onDraft = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setDraft(event.target.value);
    const el = event.target;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 120)}px`;
  };

  let body;
  if (state.status === 'loading')
    body = (
      <div className="empty-state compact" aria-busy="true">
        <DotLoading color="primary" />
      </div>
    );
  else if (state.status === 'error')
    body = (
      <EmptyState kind="feature" title={t('chat.loadFailed')} body={t('news.loadFailedBody')}>
        <Button size="small" shape="rounded" color="primary" fill="outline" data-testid="chat-reload" onClick={() => void loadNewest()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  else {
    body = (
      <>
        {state.hasMore ? (
          <button type="button" className="chat-earlier" data-testid="chat-earlier" disabled={olderBusy} onClick={() => void loadOlder()}>
            {olderBusy ? <DotLoading color="primary" /> : t('chat.earlier')}
          </button>
        ) : (
          count > 0 && <div className="chat-start">{t('chat.start')}</div>
        )}
        {count === 0 && (
          <div className="chat-empty" data-testid="chat-empty">
            <span className="chat-empty-icon" aria-hidden="true">
              <MessageFill />
            </span>
            <strong>{t('chat.introTitle')}</strong>
            <p>{t('chat.introBody')}</p>
          </div>
        )}
        {state.messages.map((message, i) => {
          const date = formatDate(message.createTimestamp);
          const before = state.messages[i - 1];
          const separator = !before || formatDate(before.createTimestamp) !== date;
          return (
            <Fragment key={message.id}>
              {separator && (
                <div className="chat-day">
                  <span>{date}</span>
                </div>
              )}
              <Bubble message={message} onMediaLoad={toEnd} />
            </Fragment>
          );
        })}
        {state.pending.map((pending) => (
          <PendingBubble key={pending.clientId} pending={pending} onMediaLoad={toEnd} onRetry={() => void deliver(pending)} />
        ))}
      </>
    );
  }

  return (
    <Page title={t('titles.chat')} className="chat-page">
      <ViewImage value={setViewing}>
        <div className="chat" data-testid="chat-page" data-status={state.status}>
          <div ref={scroller} className="chat-scroll" onScroll={onScroll} aria-live="polite">
            {body}
          </div>
          <form
            className="chat-composer"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <label className="chat-tool" title={t('chat.image')}>
              <PictureOutline />
              <input type="file" accept="image/*" hidden aria-label={t('chat.image')} data-testid="chat-image-input" onChange={onPick} />
            </label>
            <textarea
              ref={input}
              className="chat-input"
              rows={1}
              value={draft}
              maxLength={TEXT_MAX}
              placeholder={t('chat.placeholder')}
              aria-label={t('chat.placeholder')}
              data-testid="chat-input"
              onChange={onDraft}
              onKeyDown={onKeyDown}
            />
            <button type="submit" className="chat-send" data-testid="chat-send" disabled={!draft.trim()} aria-label={t('chat.send')}>
              <SendIcon />
            </button>
          </form>
        </div>
      </ViewImage>
      {viewing && <Viewer src={viewing} onClose={closeViewer} />}
    </Page>
  );
}
