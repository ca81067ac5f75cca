import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { usePushStatus } from '../../push';
import { formatRecent } from '../../ui/format';
import { Pagination } from '../../ui/Pagination';
import { Spinner } from '../../ui/Spinner';
import { Empty, ErrorState, Loading } from '../../ui/States';
import { CONVERSATIONS_PAGE_SIZE, conversationsQueryOptions, type Conversation } from './api';
import { ConversationPane } from './ConversationPane';

// The chat console: conversations on the left, the selected one on the right (`/chat/:userId`).
// Both stay current through the push socket (live.ts); the list's filter and page are in the URL.

function preview(conversation: Conversation): string {
  const { lastMessage } = conversation;
  const body = lastMessage.text ?? (lastMessage.imageUrl ? '[Image]' : '');
  return lastMessage.from === 'operator' ? `You: ${body}` : body;
}

function LiveStatus() {
  const status = usePushStatus();
  const live = status === 'live';
  return (
    <span className={`live-status${live ? ' live-status-on' : ''}`} data-testid="bo-chat-live" data-status={status}>
      <span className="live-dot" aria-hidden="true" />
      {live ? 'Live' : status === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
    </span>
  );
}

function ConversationList({ selectedId }: { selectedId: number | null }) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const unreadOnly = searchParams.get('unread') === '1';
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const conversations = useQuery(conversationsQueryOptions({ page, unreadOnly }));

  function setFilter(next: boolean) {
    setSearchParams(next ? { unread: '1' } : {});
  }

  function open(userId: number) {
    void navigate({ pathname: `/chat/${String(userId)}`, search: searchParams.toString() });
  }

  return (
    <div className="card chat-list">
      <div className="chat-list-header">
        <div className="segmented" role="group" aria-label="Filter" data-testid="bo-chat-filter">
          {[
            { value: false, label: 'All' },
            { value: true, label: 'Unread' },
          ].map((option) => (
            <button
              key={option.label}
              type="button"
              className={`segment${option.value === unreadOnly ? ' segment-active' : ''}`}
              aria-pressed={option.value === unreadOnly}
              onClick={() => setFilter(option.value)}
            >
              {option.label}
              {option.value && conversations.data && conversations.data.unread > 0 && <span className="count-pill">{conversations.data.unread}</span>}
            </button>
          ))}
        </div>
        {conversations.isFetching && !conversations.isPending && <Spinner label="Refreshing" />}
      </div>
      <div className="chat-list-body">
        {conversations.isPending ? (
          <Loading label="Loading conversations…" />
        ) : conversations.isError ? (
          <ErrorState error={conversations.error} onRetry={() => void conversations.refetch()} />
        ) : conversations.data.list.length === 0 ? (
          <Empty>{unreadOnly ? 'No unread messages.' : 'No conversations yet.'}</Empty>
        ) : (
          <ul className="chat-conversations">
            {conversations.data.list.map((conversation) => {
              const selected = conversation.userId === selectedId;
              return (
                <li key={conversation.userId}>
                  <button
                    type="button"
                    className={`chat-conversation${selected ? ' selected' : ''}${conversation.unread > 0 ? ' unread' : ''}`}
                    aria-current={selected ? 'true' : undefined}
                    onClick={() => open(conversation.userId)}
                    data-testid="bo-chat-conversation"
                    data-user-id={conversation.userId}
                  >
                    <span className="avatar" aria-hidden="true">
                      {conversation.userName.slice(0, 1).toUpperCase()}
                    </span>
                    <span className="chat-conversation-main">
                      <span className="chat-conversation-top">
                        <span className="chat-conversation-name">{conversation.userName}</span>
                        <span className="chat-conversation-time">{formatRecent(conversation.lastMessage.createTimestamp)}</span>
                      </span>
                      <span className="chat-conversation-bottom">
                        <span className="chat-conversation-preview">{preview(conversation)}</span>
                        {conversation.unread > 0 && (
                          <>
                            <span className="unread-badge" data-testid="bo-chat-unread" aria-hidden="true">
                              {conversation.unread}
                            </span>
                            <span className="visually-hidden">, {conversation.unread} unread</span>
                          </>
                        )}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {conversations.data && conversations.data.total > CONVERSATIONS_PAGE_SIZE && (
        <Pagination
          page={page}
          size={CONVERSATIONS_PAGE_SIZE}
          total={conversations.data.total}
          onPage={(next) => setSearchParams({ ...(unreadOnly ? { unread: '1' } : {}), page: String(next) })}
          disabled={conversations.isFetching}
        />
      )}
    </div>
  );
}

export function ChatPage() {
  const { userId: param } = useParams();
  const userId = param === undefined ? null : Number(param);
  const valid = userId === null || (Number.isInteger(userId) && userId > 0);

  return (
    <section className="page page-chat" data-testid="bo-chat">
      <header className="page-header">
        <div>
          <h1>Chat</h1>
          <p className="muted">Conversations with investors, the most recent first. Every operator shares them.</p>
        </div>
        <LiveStatus />
      </header>
      <div className="chat-layout">
        <ConversationList selectedId={valid ? userId : null} />
        {userId === null ? (
          <div className="card chat-pane chat-pane-empty">
            <Empty>Select a conversation.</Empty>
          </div>
        ) : !valid ? (
          <div className="card chat-pane chat-pane-empty">
            <Empty>
              No such conversation. <Link to="/chat">Back to the list</Link>
            </Empty>
          </div>
        ) : (
          <ConversationPane key={userId} userId={userId} />
        )}
      </div>
    </section>
  );
}
