import { DotLoading } from 'antd-mobile';
import { CloseOutline, ExclamationCircleFill, MessageFill } from 'antd-mobile-icons';
import { createContext, use, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format';
import { useFileSrc } from '../../ui/AuthImage';
import type { ChatMessage } from './api';
import type { Pending } from './conversation';

// The pieces of the chat screen: message bubbles, the image viewer and the send icon.

/** Opens an image full screen; provided by the page. */
export const ViewImage = createContext<(src: string) => void>(() => undefined);

/** The full-size image over everything; a tap anywhere or Escape closes it. */
export function Viewer({ src, onClose }: { src: string; onClose: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="chat-viewer" role="dialog" aria-modal="true" aria-label={t('chat.imageAlt')} data-testid="chat-viewer" onClick={onClose}>
      <img src={src} alt={t('chat.imageAlt')} />
      <button type="button" className="chat-viewer-close" aria-label={t('chat.close')} onClick={onClose}>
        <CloseOutline />
      </button>
    </div>
  );
}

function ChatImage({ url, preview, onLoad }: { url: string | null; preview?: string | undefined; onLoad: () => void }) {
  const { t } = useTranslation();
  const view = use(ViewImage);
  const source = useFileSrc(preview ? null : url);
  const src = preview ?? (source.status === 'ready' ? source.src : null);
  if (!src) {
    return (
      <span className={source.status === 'error' ? 'chat-image failed' : 'chat-image waiting'}>
        {source.status === 'error' ? t('chat.imageFailed') : <DotLoading color="primary" />}
      </span>
    );
  }
  return (
    <button type="button" className="chat-image" data-testid="chat-image" aria-label={t('chat.imageAlt')} onClick={() => view(src)}>
      <img src={src} alt={t('chat.imageAlt')} onLoad={onLoad} />
    </button>
  );
}

/** A paper plane: the icon set has none. */
export function SendIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="chat-send-icon">
      <path d="M3.4 20.4 21 12 3.4 3.6l.1 6.5L15 12 3.5 13.9z" />
    </svg>
  );
}

function ReadMark({ read }: { read: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={read ? 'chat-mark read' : 'chat-mark'} data-testid="chat-read-mark">
      <svg viewBox="0 0 18 12" aria-hidden="true">
        <path d="M1 6.5 4.5 10 11 2.5" />
        {read && <path d="M7.5 9 8.5 10 15 2.5" />}
      </svg>
      {read ? t('chat.read') : t('chat.sent')}
    </span>
  );
}

export function Bubble({ message, onMediaLoad }: { message: ChatMessage; onMediaLoad: () => void }) {
  const { t } = useTranslation();
  const own = message.from === 'user';
  return (
    <div
      className={own ? 'chat-row own' : 'chat-row'}
      data-testid="chat-message"
      data-from={message.from}
      data-id={message.id}
      data-read={message.read ? 'true' : 'false'}
    >
      {!own && (
        <span className="chat-avatar" aria-hidden="true">
          <MessageFill />
        </span>
      )}
      <div className="chat-col">
        {!own && <div className="chat-name">{message.operatorName || t('chat.operator')}</div>}
        <div className={message.text ? 'chat-bubble' : 'chat-bubble media-only'}>
          {message.imageUrl && <ChatImage url={message.imageUrl} onLoad={onMediaLoad} />}
          {message.text && <div className="chat-text">{message.text}</div>}
        </div>
        <div className="chat-meta">
          <span>{formatTime(message.createTimestamp)}</span>
          {own && <ReadMark read={message.read} />}
        </div>
      </div>
    </div>
  );
}

export function PendingBubble({ pending, onRetry, onMediaLoad }: { pending: Pending; onRetry: () => void; onMediaLoad: () => void }) {
  const { t } = useTranslation();
  const failed = pending.status === 'failed';
  return (
    <div className="chat-row own pending" data-testid="chat-pending" data-status={pending.status}>
      <div className="chat-col">
        <div className={pending.text ? 'chat-bubble' : 'chat-bubble media-only'}>
          {(pending.preview || pending.imageUrl) && <ChatImage url={pending.imageUrl ?? null} preview={pending.preview} onLoad={onMediaLoad} />}
          {pending.text && <div className="chat-text">{pending.text}</div>}
        </div>
        <div className="chat-meta">
          {failed ? (
            <button type="button" className="chat-retry" data-testid="chat-retry" onClick={onRetry}>
              <ExclamationCircleFill />
              {t('chat.failed')} · {t('chat.retry')}
            </button>
          ) : (
            <span>{t('chat.sending')}</span>
          )}
        </div>
      </div>
    </div>
  );
}
