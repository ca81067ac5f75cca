import '../../ui/money.css';
import './robots.css';
import type { RobotOrder } from '@tradeapp/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { formatDateTime, formatInCurrency } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { Page } from '../../ui/Page';
import { RowsSkeleton } from '../../ui/records';
import { Refreshable } from '../../ui/Refreshable';
import { Profit } from '../trading';
import { robotOrdersQuery } from './api';
import { Figure, RobotPercent, RobotStatusBadge, useRobotName } from './components';

// The specification's robot record (/pages/robotai/record): the caller's robot orders, working ones
// first, paged; each with its status in its colour (1-4 yellow, 5-6 red, redeemed grey), what was put
// in, its total and total percent (to the 0.001 % step) and its energy left.

const money = (v: string) => formatInCurrency(v, 'EUR');

function OrderRow({ o }: { o: RobotOrder }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nameOf = useRobotName();
  return (
    <li className="robot-row" data-testid="robot-order" data-id={o.id} data-status={o.status} data-redeemed={o.redeemed}>
      <div className="robot-card-name">
        <h3>
          <button type="button" className="card-open" data-testid="robot-order-open" onClick={() => void navigate(paths.robots.detail(o.id))}>
            {nameOf(o)}
          </button>
        </h3>
        <div className="robot-tags start">
          <RobotStatusBadge order={o} testId="robot-order-status" />
        </div>
        <p>
          {t(`robots.modes.${o.mode}`)} · {t('robots.record.started', { time: formatDateTime(o.createTimeTimestamp) })}
        </p>
      </div>
      <dl className="figures robot-figures three">
        <Figure label={t('robots.order.putIn')} testId="robot-order-amount">
          {money(o.amount)}
        </Figure>
        <Figure label={t('robots.order.total')} testId="robot-order-total">
          <Profit value={o.total} currency="EUR" />
        </Figure>
        <Figure label={t('robots.order.totalPercent')} testId="robot-order-percent">
          <RobotPercent value={o.totalPercent} />
        </Figure>
        <Figure label={t('robots.order.energyLeft')} testId="robot-order-energy">
          {t('robots.order.energyValue', { left: o.energyLeft, energy: o.energy })}
        </Figure>
        {o.returned !== null && (
          <Figure label={t('robots.order.returned')} testId="robot-order-returned" wide>
            {money(o.returned)}
          </Figure>
        )}
      </dl>
    </li>
  );
}

export default function RobotRecordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useInfiniteQuery(robotOrdersQuery());
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.list) ?? [], [query.data]);
  const browse = (
    <Button size="small" shape="rounded" color="primary" fill="outline" data-testid="robot-record-browse" onClick={() => void navigate(paths.robots.index())}>
      {t('robots.record.browse')}
    </Button>
  );

  let body;
  if (query.isPending) body = <RowsSkeleton />;
  else if (query.isError && rows.length === 0)
    body = <EmptyState compact kind="records" title={t('robots.record.loadFailed')} onRetry={() => void query.refetch()} retryTestId="robot-record-retry" />;
  else if (rows.length === 0)
    body = (
      <EmptyState compact kind="records" title={t('robots.record.empty')} body={t('robots.record.emptyBody')}>
        {browse}
      </EmptyState>
    );
  else
    body = (
      <>
        <ul className="robot-rows">
          {rows.map((o) => (
            <OrderRow key={o.id} o={o} />
          ))}
        </ul>
        <LoadMore hasMore={query.hasNextPage} onMore={() => query.fetchNextPage({ cancelRefetch: false })} />
      </>
    );

  return (
    <Page title={t('titles.robotRecord')} className="money-page robot-page">
      <Refreshable onRefresh={() => query.refetch()}>
        <section className="card" data-testid="robot-orders" aria-busy={query.isPending || undefined}>
          {body}
        </section>
        {rows.length > 0 && <div className="robot-links">{browse}</div>}
        <p className="robot-note pad-note">{t('robots.stepNote')}</p>
      </Refreshable>
    </Page>
  );
}
