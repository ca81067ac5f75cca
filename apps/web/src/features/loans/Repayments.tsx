import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { RowsSkeleton } from '../../ui/records';
import { repaymentsQuery } from './api';
import { money } from './components';

// The caller's repayments, newest first and paged: each with the loan it went to and how it was
// split, penalty first, then interest, then principal.

export function Repayments() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(repaymentsQuery());
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.list) ?? [], [query.data]);
  let body;
  if (query.isPending) body = <RowsSkeleton />;
  else if (query.isError && rows.length === 0)
    body = <EmptyState compact kind="records" title={t('loans.repayments.loadFailed')} onRetry={() => void query.refetch()} />;
  else if (rows.length === 0) body = <EmptyState compact kind="records" title={t('loans.repayments.empty')} body={t('loans.repayments.emptyBody')} />;
  else
    body = (
      <>
        <ul className="loan-rows" data-testid="loan-repayments">
          {rows.map((r) => (
            <li key={r.id} className="record-row" data-testid="loan-repayment" data-id={r.id} data-loan={r.loanId}>
              <div className="record-main">
                <div className="record-title">{t('loans.repayments.to', { id: r.loanId })}</div>
                <div className="record-sub">{formatDateTime(r.createTimeTimestamp)}</div>
                <div className="record-sub" data-testid="loan-repayment-split">
                  {t('loans.repayments.split', { penalty: money(r.penalty), interest: money(r.interest), principal: money(r.principal) })}
                </div>
              </div>
              <div className="record-figures">
                <div className="record-amount" data-testid="loan-repayment-amount">
                  {money(r.amount)}
                </div>
              </div>
            </li>
          ))}
        </ul>
        <LoadMore hasMore={query.hasNextPage} onMore={() => query.fetchNextPage({ cancelRefetch: false })} />
      </>
    );
  return (
    <section className="card record-list" data-testid="loan-repayments-list" aria-labelledby="loan-repayments-title" aria-busy={query.isPending || undefined}>
      <h2 className="sr-only" id="loan-repayments-title">
        {t('loans.tabs.repayments')}
      </h2>
      {body}
    </section>
  );
}
