import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Kind = 'market' | 'feature' | 'records' | 'news' | 'notFound';

// Drawn in app/global.css's --mm-art-* colours, which follow the theme.
function Art({ kind }: { kind: Kind }) {
  switch (kind) {
    case 'market':
      return (
        <svg viewBox="0 0 96 96" aria-hidden="true">
          <rect x="10" y="14" width="76" height="60" rx="10" style={{ fill: 'var(--mm-art-fill)' }} />
          <path
            d="M20 58 L36 44 L48 52 L66 30 L76 38"
            strokeWidth="4"
            fill="none"
            strokeLinecap="round"
            strokeDasharray="6 6"
            style={{ stroke: 'var(--mm-art-line)' }}
          />
          <circle cx="70" cy="72" r="14" strokeWidth="3" style={{ fill: 'var(--mm-art-paper)', stroke: 'var(--mm-art-line)' }} />
          <path d="M70 64 V72 L76 76" strokeWidth="3" fill="none" strokeLinecap="round" style={{ stroke: 'var(--mm-art-line)' }} />
        </svg>
      );
    case 'records':
      return (
        <svg viewBox="0 0 96 96" aria-hidden="true">
          <rect x="18" y="12" width="60" height="72" rx="8" style={{ fill: 'var(--mm-art-fill)' }} />
          <path d="M30 32 H66 M30 46 H66 M30 60 H52" strokeWidth="4" strokeLinecap="round" style={{ stroke: 'var(--mm-art-line)' }} />
        </svg>
      );
    case 'news':
      return (
        <svg viewBox="0 0 96 96" aria-hidden="true">
          <rect x="12" y="18" width="72" height="60" rx="8" style={{ fill: 'var(--mm-art-fill)' }} />
          <rect x="22" y="28" width="22" height="18" rx="3" style={{ fill: 'var(--mm-art-accent)' }} />
          <path d="M52 30 H74 M52 42 H74 M22 56 H74 M22 66 H60" strokeWidth="4" strokeLinecap="round" style={{ stroke: 'var(--mm-art-line)' }} />
        </svg>
      );
    case 'notFound':
      return (
        <svg viewBox="0 0 96 96" aria-hidden="true">
          <circle cx="42" cy="42" r="24" strokeWidth="4" style={{ fill: 'var(--mm-art-fill)', stroke: 'var(--mm-art-line)' }} />
          <path d="M60 60 L80 80" strokeWidth="6" strokeLinecap="round" style={{ stroke: 'var(--mm-art-line)' }} />
          <path d="M34 42 H50" strokeWidth="4" strokeLinecap="round" style={{ stroke: 'var(--mm-art-line)' }} />
        </svg>
      );
    default:
      return (
        <svg viewBox="0 0 96 96" aria-hidden="true">
          <rect x="14" y="22" width="68" height="52" rx="10" style={{ fill: 'var(--mm-art-fill)' }} />
          <path d="M48 36 V52 M48 60 V62" strokeWidth="5" strokeLinecap="round" style={{ stroke: 'var(--mm-art-line)' }} />
        </svg>
      );
  }
}

interface EmptyStateProps {
  kind?: Kind;
  title: ReactNode;
  body?: ReactNode;
  compact?: boolean;
  children?: ReactNode;
  /** What failed can be asked for again: a retry button under the text. */
  onRetry?: () => void;
  retryTestId?: string;
}

/** A real empty state: what is missing and why, never placeholder data. */
export function EmptyState({ kind = 'feature', title, body, compact, children, onRetry, retryTestId }: EmptyStateProps) {
  const { t } = useTranslation();
  if (onRetry)
    children = (
      <Button size="small" shape="rounded" color="primary" fill="outline" onClick={onRetry} data-testid={retryTestId}>
        {t('common.retry')}
      </Button>
    );
  return (
    <div className={compact ? 'empty-state compact' : 'empty-state'} data-testid="empty-state">
      <div className="empty-art">
        <Art kind={kind} />
      </div>
      <div className="empty-title">{title}</div>
      {body && <div className="empty-body">{body}</div>}
      {children && <div className="empty-actions">{children}</div>}
    </div>
  );
}

interface DetailFallbackProps {
  /** No item to ask for (an id that is not a number): not found, without asking. */
  missing: boolean;
  query: { isPending: boolean; error: Error | null; refetch: () => Promise<unknown> };
  title: string;
  body: string;
  loadingTestId: string;
  retryTestId: string;
}

/** A detail screen's body while it has no item: not found, loading, or the server's refusal with a retry. */
export function DetailFallback({ missing, query, title, body, loadingTestId, retryTestId }: DetailFallbackProps) {
  if (missing) return <EmptyState kind="notFound" title={title} body={body} />;
  if (query.isPending)
    return (
      <div className="card card-pad" aria-busy="true" data-testid={loadingTestId}>
        <span className="sk sk-line" />
        <span className="sk sk-short" />
      </div>
    );
  return <EmptyState kind="notFound" title={title} body={query.error?.message ?? body} onRetry={() => void query.refetch()} retryTestId={retryTestId} />;
}
