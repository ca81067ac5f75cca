import { FundsReviewStatus } from '@tradeapp/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// Pieces of the record lists (deposits, withdrawals, transfers, trades, notices).

/** A coloured status word: in progress (amber), done (green), failed (red), muted (grey). */
export function StatusBadge({ tone, children, testId, status }: { tone: string; children: ReactNode; testId?: string; status?: number }) {
  return (
    <span className={`status-badge tone-${tone}`} data-testid={testId} data-status={status}>
      {children}
    </span>
  );
}

const REVIEW_STATUS = {
  [FundsReviewStatus.PendingReview]: { label: 'money.review.pending', tone: 'progress' },
  [FundsReviewStatus.AuditFailure]: { label: 'money.review.failed', tone: 'failed' },
  [FundsReviewStatus.Completed]: { label: 'money.review.completed', tone: 'done' },
} as const;

/** The operator's review of a deposit or a withdrawal. */
export function ReviewBadge({ status, testId }: { status: 1 | 2 | 3; testId?: string }) {
  const { t } = useTranslation();
  const item = REVIEW_STATUS[status];
  return (
    <StatusBadge tone={item.tone} testId={testId} status={status}>
      {t(item.label)}
    </StatusBadge>
  );
}

/** Grey rows (of one or two lines) while a record list loads. */
export function RowsSkeleton({ count = 4, lines = 2, testId = 'list-skeleton' }: { count?: number; lines?: 1 | 2; testId?: string | null }) {
  return (
    <div className="record-skeleton" aria-busy="true" data-testid={testId ?? undefined}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="record-row">
          <span className="sk sk-line" />
          {lines === 2 && <span className="sk sk-short" />}
        </div>
      ))}
    </div>
  );
}

interface RecordsSectionProps {
  testId: string;
  /** The id of the title, for the section's label. */
  titleId: string;
  /** Heard only: the tab above already shows it. */
  title: string;
  busy: boolean;
  /** The list's filter, for the tests. */
  filter?: string;
  children: ReactNode;
}

/** A card of records, named by a title for screen readers; busy while its first page loads. */
export function RecordsSection({ testId, titleId, title, busy, filter, children }: RecordsSectionProps) {
  return (
    <section className="card" data-testid={testId} data-filter={filter} aria-labelledby={titleId} aria-busy={busy || undefined}>
      <h2 className="sr-only" id={titleId}>
        {title}
      </h2>
      {children}
    </section>
  );
}
