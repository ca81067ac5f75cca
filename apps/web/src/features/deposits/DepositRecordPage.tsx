import '../../ui/money.css';
import { FundsReviewStatus } from '@tradeapp/contract';
import { Button } from 'antd-mobile';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { formatDateTime, formatInCurrency } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { depositsQuery } from './api';
import { ReviewBadge, RowsSkeleton } from '../../ui/records';
import { walletKeys } from '../wallet';

/** Deposits, newest first: pending review, audit failure with its reason, completed. */
export default function DepositRecordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    ...depositsQuery(),
    // Confirmations count up on the chain while a crypto deposit waits: ask again while one does.
    refetchInterval: (q) =>
      q.state.data?.pages.some((page) => page.list.some((d) => d.method === 'crypto' && d.status === FundsReviewStatus.PendingReview)) ? 5000 : false,
  });
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.list) ?? [], [query.data]);

  let body;
  if (query.isPending) body = <RowsSkeleton />;
  else if (query.isError && rows.length === 0) body = <EmptyState kind="records" title={t('money.loadFailed')} onRetry={() => void query.refetch()} />;
  else if (rows.length === 0)
    body = (
      <EmptyState kind="records" title={t('deposits.empty')} body={t('deposits.emptyBody')}>
        <Button size="small" shape="rounded" color="primary" onClick={() => void navigate(paths.deposits.index())}>
          {t('profile.deposit')}
        </Button>
      </EmptyState>
    );
  else
    body = (
      <section className="card record-list">
        {rows.map((row) => (
          <div key={row.id} className="record-row" data-testid="deposit-record-row" data-id={row.id} data-status={row.status}>
            <div className="record-main">
              <div className="record-title">
                {row.method === 'crypto'
                  ? `${t('deposits.crypto')} · ${row.currency}${row.network ? ` ${row.network}` : ''}`
                  : `${t('deposits.fiat')} · ${row.currency}`}
              </div>
              <div className="record-sub">{formatDateTime(row.createTimeTimestamp)}</div>
              {row.method === 'crypto' && (
                <div className="record-sub" data-testid="deposit-confirmations">
                  {t('deposits.confirmations', { n: Math.min(row.confirmations, row.requiredConfirmations), total: row.requiredConfirmations })}
                </div>
              )}
              {row.method === 'crypto' &&
                row.reviewRequired &&
                row.status === FundsReviewStatus.PendingReview &&
                row.confirmations >= row.requiredConfirmations && (
                  <div className="record-sub" data-testid="deposit-awaiting-review">
                    {t('deposits.awaitingReview')}
                  </div>
                )}
              {row.txHash && <div className="record-memo mono">{row.txHash}</div>}
              {row.status === FundsReviewStatus.AuditFailure && row.reason && (
                <div className="record-reason" data-testid="deposit-reason">
                  {t('money.reason')}: {row.reason}
                </div>
              )}
            </div>
            <div className="record-figures">
              <div className="record-amount" data-testid="deposit-record-amount">
                {formatInCurrency(row.amount, row.currency)}
              </div>
              {row.creditedAmount && row.currency !== 'EUR' && <div className="record-sub">→ {formatInCurrency(row.creditedAmount, 'EUR')}</div>}
              <ReviewBadge status={row.status} testId="deposit-record-status" />
            </div>
          </div>
        ))}
        <LoadMore hasMore={query.hasNextPage} onMore={() => query.fetchNextPage({ cancelRefetch: false })} />
      </section>
    );

  return (
    <Page title={t('titles.depositRecord')} className="money-page">
      <Refreshable onRefresh={() => queryClient.refetchQueries({ queryKey: walletKeys.deposits() })}>{body}</Refreshable>
    </Page>
  );
}
