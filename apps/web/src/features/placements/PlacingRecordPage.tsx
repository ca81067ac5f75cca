import '../../ui/money.css';
import './placing.css';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { formatDateMinute, formatInCurrency, formatNumber, formatQuantity } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { Page } from '../../ui/Page';
import { RowsSkeleton, StatusBadge } from '../../ui/records';
import { Refreshable } from '../../ui/Refreshable';
import { flatCountQuery, ordersQuery, placementKeys } from './api';

// The specification's placing records: the investor's purchases, newest first, each with its
// lock-up's end and what of its position can be sold now; above them, the sellable total.

function Summary() {
  const { t } = useTranslation();
  const count = useQuery(flatCountQuery());
  if (!count.data || count.data.quantity === '0') return null;
  const c = count.data;
  return (
    <section className="card card-pad placing-summary" data-testid="placing-summary" aria-label={t('placingRecord.summary')}>
      <div className="placing-summary-label">{t('placingRecord.summary')}</div>
      <div className="placing-summary-value" data-testid="placing-summary-value">
        {t('placingRecord.summaryValue', { sellable: formatQuantity(c.sellable), held: formatQuantity(c.quantity) })}
      </div>
      {c.nextUnlockTimestamp !== null && <div className="record-sub">{t('placingRecord.nextUnlock', { date: formatDateMinute(c.nextUnlockTimestamp) })}</div>}
    </section>
  );
}

export default function PlacingRecordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(ordersQuery());
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.list) ?? [], [query.data]);

  let body;
  if (query.isPending) body = <RowsSkeleton testId="placing-record-loading" />;
  else if (query.isError && rows.length === 0)
    body = <EmptyState kind="records" title={t('placingRecord.loadFailed')} onRetry={() => void query.refetch()} retryTestId="placing-record-retry" />;
  else if (rows.length === 0)
    body = (
      <EmptyState kind="records" title={t('placingRecord.empty')} body={t('placingRecord.emptyBody')}>
        <Button size="small" shape="rounded" color="primary" data-testid="placing-record-enter-key" onClick={() => void navigate(paths.placing.index())}>
          {t('placingRecord.toPlacing')}
        </Button>
      </EmptyState>
    );
  else
    body = (
      <section className="card record-list" aria-label={t('titles.placingRecord')}>
        {rows.map((o) => {
          const status = !o.positionOpen ? 'sold' : o.locked ? 'locked' : 'free';
          return (
            <div key={o.id} className="record-row" data-testid="placing-record-row" data-id={o.id} data-status={status}>
              <div className="record-main">
                <div className="record-title">
                  {o.name}
                  <span className="record-tag">{o.kind}</span>
                </div>
                <div className="record-sub">
                  {o.stockCode} · {formatDateMinute(o.createTimeTimestamp)}
                </div>
                <div className="record-memo" data-testid="placing-record-bought">
                  {t('placingRecord.bought', { quantity: formatQuantity(o.quantity), price: `${formatNumber(o.price, { grouping: true })} ${o.currency}` })}
                </div>
                <div className="record-sub">
                  {t('placingRecord.paid', { total: formatInCurrency(o.total, o.walletCurrency), fee: formatInCurrency(o.fee, o.walletCurrency) })}
                </div>
                <div className={o.locked ? 'record-sub placing-locked' : 'record-sub'} data-testid="placing-record-lockup">
                  {t(o.locked ? 'placingRecord.lockedUntil' : 'placingRecord.lockupEnded', { date: formatDateMinute(o.lockedUntilTimestamp) })}
                </div>
              </div>
              <div className="record-figures">
                <div className="record-amount">{formatInCurrency(o.total, o.walletCurrency)}</div>
                <StatusBadge tone={status === 'locked' ? 'progress' : status === 'free' ? 'done' : 'muted'} testId="placing-record-status">
                  {t(`placingRecord.${status}`)}
                </StatusBadge>
                {o.positionOpen && (
                  <div className="record-sub" data-testid="placing-record-sellable">
                    {t('placingRecord.sellable', { n: formatQuantity(o.sellableQuantity) })}
                  </div>
                )}
                <button
                  type="button"
                  className="link placing-position"
                  onClick={() => void navigate(paths.trading.detail(o.positionId))}
                  data-testid="placing-record-position"
                >
                  {t('placingRecord.position')}
                </button>
              </div>
            </div>
          );
        })}
        <LoadMore hasMore={query.hasNextPage} onMore={() => query.fetchNextPage({ cancelRefetch: false })} />
      </section>
    );

  return (
    <Page title={t('titles.placingRecord')} className="money-page">
      <Refreshable onRefresh={() => queryClient.refetchQueries({ queryKey: placementKeys.all })}>
        <Summary />
        {body}
      </Refreshable>
    </Page>
  );
}
