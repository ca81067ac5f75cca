import '../../ui/money.css';
import './follow.css';
import { WalletCode, walletCurrency, type Follow } from '@tradeapp/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { formatDate, formatInCurrency, formatNumber } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { RowsSkeleton } from '../../ui/records';
import { followsQuery } from './api';
import { Figure, FollowStatusBadge, Return, useAgencyName } from './components';

const CURRENCY = walletCurrency(WalletCode.Follow);

function FollowRow({ f }: { f: Follow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nameOf = useAgencyName();
  return (
    <li className="follow-row" data-testid="follow-row" data-id={f.id} data-status={f.status} data-agency={f.agencyId}>
      <div className="follow-row-head">
        <div className="follow-agency-name">
          <h3>
            <button type="button" className="card-open" data-testid="follow-row-open" onClick={() => void navigate(paths.follow.detail(f.id))}>
              {nameOf(f.strategy)}
            </button>
          </h3>
          <p>{formatDate(f.createTimeTimestamp)}</p>
        </div>
        <FollowStatusBadge status={f.status} testId="follow-row-status" />
      </div>
      <dl className="figures follow-figures three">
        <Figure label={t('follow.putIn')} testId="follow-row-amount">
          {formatInCurrency(f.amount, CURRENCY)}
        </Figure>
        <Figure label={t('follow.equity')} testId="follow-row-equity">
          {formatInCurrency(f.equity, CURRENCY)}
        </Figure>
        <Figure label={t('follow.openCopies')} testId="follow-row-copies">
          {formatNumber(f.openCopies, { grouping: true })}
        </Figure>
        <Figure label={t('follow.yourReturn')} testId="follow-row-return">
          <Return value={f.returnPercent} />
        </Figure>
        <Figure label={t('follow.agencyReturn')} testId="follow-row-agency-return">
          <Return value={f.agencyReturnPercent} />
        </Figure>
      </dl>
    </li>
  );
}

/**
 * The trade tab's "follow": the caller's follows, running ones first, each with what was put in,
 * its equity, its return beside the agency's over the same time and its open copies.
 */
export default function FollowList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useInfiniteQuery(followsQuery());
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.list) ?? [], [query.data]);
  const browse = (
    <Button size="small" shape="rounded" color="primary" fill="outline" data-testid="follow-browse" onClick={() => void navigate(paths.follow.agencies())}>
      {t('follow.tab.browse')}
    </Button>
  );

  let body;
  if (query.isPending) body = <RowsSkeleton />;
  else if (query.isError && rows.length === 0)
    body = <EmptyState compact kind="records" title={t('follow.tab.loadFailed')} onRetry={() => void query.refetch()} retryTestId="follow-list-retry" />;
  else if (rows.length === 0)
    body = (
      <EmptyState compact kind="records" title={t('follow.tab.empty')} body={t('follow.tab.emptyBody')}>
        {browse}
      </EmptyState>
    );
  else
    body = (
      <>
        <p className="follow-note follow-list-note">{t('follow.differNote')}</p>
        <ul className="follow-rows">
          {rows.map((f) => (
            <FollowRow key={f.id} f={f} />
          ))}
        </ul>
        <LoadMore hasMore={query.hasNextPage} onMore={() => query.fetchNextPage({ cancelRefetch: false })} />
      </>
    );

  return (
    <>
      <section className="card record-list" data-testid="follow-list" aria-busy={query.isPending || undefined}>
        {body}
      </section>
      {rows.length > 0 && <div className="follow-links">{browse}</div>}
    </>
  );
}
