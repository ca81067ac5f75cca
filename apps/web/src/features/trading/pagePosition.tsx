import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router';
import { EmptyState } from '../../ui/EmptyState';
import { positionQuery } from './api';

/** The position a page names in its query (`?id=`), asked for while the page is shown. */
export function usePagePosition() {
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const query = useQuery(positionQuery(Number.isSafeInteger(id) ? id : 0));
  return { id, query, params };
}

/** What a position page shows until its position is there: not found, grey lines, or a retry. */
export function PositionPlaceholder({
  id,
  pending,
  onRetry,
  lines = 2,
  testId,
}: {
  id: number;
  pending: boolean;
  onRetry: () => void;
  lines?: number;
  testId?: string;
}): ReactNode {
  const { t } = useTranslation();
  if (!(id > 0)) return <EmptyState kind="notFound" title={t('trading.detail.notFound')} body={t('trading.detail.notFoundBody')} />;
  if (pending)
    return (
      <div className="card card-pad" aria-busy="true" data-testid={testId}>
        {Array.from({ length: lines }, (_, i) => (
          <span key={i} className={i % 2 === 0 ? 'sk sk-line' : 'sk sk-short'} />
        ))}
      </div>
    );
  return <EmptyState kind="notFound" title={t('trading.detail.notFound')} body={t('trading.detail.notFoundBody')} onRetry={onRetry} />;
}
