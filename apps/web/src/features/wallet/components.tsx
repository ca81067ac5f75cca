import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatMoney } from '../../lib/format';
import { REVIEW_STATUS, TRANSFER_STATUS } from './labels';

/** A coloured status word: in progress (amber), done (green), failed (red), muted (grey). */
export function StatusBadge({ tone, children, testId, status }: { tone: string; children: ReactNode; testId?: string; status?: number }) {
  return (
    <span className={`status-badge tone-${tone}`} data-testid={testId} data-status={status}>
      {children}
    </span>
  );
}

export function ReviewBadge({ status, testId }: { status: 1 | 2 | 3; testId?: string }) {
  const { t } = useTranslation();
  const item = REVIEW_STATUS[status];
  return (
    <StatusBadge tone={item.tone} testId={testId} status={status}>
      {t(item.label)}
    </StatusBadge>
  );
}

export function TransferBadge({ status, testId }: { status: 0 | 1 | 2 | 3; testId?: string }) {
  const { t } = useTranslation();
  const item = TRANSFER_STATUS[status];
  return (
    <StatusBadge tone={item.tone} testId={testId} status={status}>
      {t(item.label)}
    </StatusBadge>
  );
}

/** An amount with its currency sign: € or $ from the wallet, or a currency code. */
export function money(value: string | null | undefined, currency: string): string {
  if (currency === 'EUR') return formatMoney(value, 'BALANCE');
  if (currency === 'USD') return formatMoney(value, 'US_STOCK');
  const amount = formatAmount(value, { grouping: true });
  return `${amount} ${currency}`;
}

/** Grey rows while a record list loads. */
export function RowsSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div className="record-skeleton" aria-busy="true" data-testid="list-skeleton">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="record-row">
          <span className="sk sk-line" />
          <span className="sk sk-short" />
        </div>
      ))}
    </div>
  );
}
