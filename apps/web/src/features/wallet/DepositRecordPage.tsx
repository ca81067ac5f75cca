import './money.css';
import { FundsReviewStatus } from '@tradeapp/contract';
import { Button } from 'antd-mobile';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { depositsQuery } from './api';
import { money, ReviewBadge, RowsSkeleton } from './components';
import { walletKeys } from './keys';

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
  else if (query.isError && rows.length === 0)
    body = (
      <EmptyState kind="account" title={t('money.loadFailed')}>
        <Button size="small" shape="rounded" color="primary" fill="outline" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  else if (rows.length === 0)
    body = (
      <EmptyState kind="account" title={t('deposit.empty')} body={t('deposit.emptyBody')}>
        <Button size="small" shape="rounded" color="primary" onClick={() => void navigate('/pages/deposit/index')}>
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
                {row.method === 'crypto' ? `${t('deposit.crypto')} · ${row.currency}${row.network ? ` ${row.network}` : ''}` : `${t('deposit.fiat')} · ${row.currency}`}
              </div>
              <div className="record-sub">{formatDateTime(row.createTimeTimestamp)}</div>
              {row.method === 'crypto' && (
                <div className="record-sub" data-testid="deposit-confirmations">
                  {t('deposit.confirmations', { n: Math.min(row.confirmations, row.requiredConfirmations), total: row.requiredConfirmations })}
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
                {money(row.amount, row.currency)}
              </div>
              {row.creditedAmount && row.currency !== 'EUR' && <div className="record-sub">→ {money(row.creditedAmount, 'EUR')}</div>}
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
