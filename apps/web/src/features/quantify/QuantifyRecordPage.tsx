import '../../ui/money.css';
import './quantify.css';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/router';
import { paths } from '../../app/paths';
import { formatQuantity } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { Page } from '../../ui/Page';
import { RecordsSection, RowsSkeleton } from '../../ui/records';
import { Refreshable } from '../../ui/Refreshable';
import { TabStrip } from '../../ui/TabStrip';
import { holdingsQuery, ordersQuery, profitsQuery } from './api';
import { formatDay, formatNav, sumOf } from './calc';
import { Figure, money, OrderRows, PoolTags, ProfitRows, SimulatedTag, useRuleName } from './components';
import { quantifyKeys } from './keys';

// The specification's AI quantify record (/pages/aiquantify/record): the caller's investments. The
// pools held (value at the latest NAV, units, NAV; subscriptions waiting), the subscriptions and
// redemptions with their status in its colour and the NAV day that prices them (a pending one can
// be withdrawn), and the profit day by day. Paged, pulled to refresh.

const TABS = ['holdings', 'orders', 'profit'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => v !== null && (TABS as readonly string[]).includes(v);

function Browse() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button size="small" shape="rounded" color="primary" fill="outline" data-testid="quant-record-browse" onClick={() => void navigate(paths.quantify.index())}>
      {t('quantify.record.browse')}
    </Button>
  );
}

function Holdings() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nameOf = useRuleName();
  const query = useQuery(holdingsQuery());
  const rows = query.data ?? [];

  let body;
  if (query.isPending) body = <RowsSkeleton />;
  else if (query.isError && rows.length === 0)
    body = <EmptyState compact kind="records" title={t('quantify.record.loadFailed')} onRetry={() => void query.refetch()} retryTestId="quant-record-retry" />;
  else if (rows.length === 0)
    body = (
      <EmptyState compact kind="records" title={t('quantify.record.holdingsEmpty')} body={t('quantify.record.holdingsEmptyBody')}>
        <Browse />
      </EmptyState>
    );
  else
    body = (
      <>
        <div className="quant-total" data-testid="quant-holdings-total">
          <span>
            {t('quantify.record.total')} <SimulatedTag />
          </span>
          <strong>{money(sumOf(rows.map((p) => p.value)))}</strong>
        </div>
        <ul className="quant-rows">
          {rows.map((p) => (
            <li key={p.id} className="quant-row" data-testid="quant-holding" data-id={p.id}>
              <div className="quant-row-head">
                <div className="quant-row-name">
                  <h3>
                    <button type="button" className="card-open" data-testid="quant-holding-open" onClick={() => void navigate(paths.quantify.detail(p.id))}>
                      {nameOf(p.rule)}
                    </button>
                  </h3>
                  <p>{p.nav !== null ? t('quantify.navOn', { nav: formatNav(p.nav), date: formatDay(p.navDay) }) : t('quantify.noNav')}</p>
                </div>
                <PoolTags pool={p} testPrefix="quant-holding" />
              </div>
              <dl className="figures quant-figures three">
                <Figure label={t('quantify.figures.value')} testId="quant-holding-value">
                  {money(p.value)}
                </Figure>
                <Figure label={t('quantify.figures.units')} testId="quant-holding-units">
                  {formatQuantity(p.units)}
                </Figure>
                <Figure label={t('quantify.figures.pending')} testId="quant-holding-pending">
                  {money(p.pending)}
                </Figure>
              </dl>
            </li>
          ))}
        </ul>
      </>
    );
  return (
    <RecordsSection testId="quant-holdings" titleId="quant-holdings-title" title={t('quantify.tabs.holdings')} busy={query.isPending}>
      {body}
    </RecordsSection>
  );
}

function Orders() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(ordersQuery());
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.list) ?? [], [query.data]);

  let body;
  if (query.isPending) body = <RowsSkeleton />;
  else if (query.isError && rows.length === 0)
    body = <EmptyState compact kind="records" title={t('quantify.record.loadFailed')} onRetry={() => void query.refetch()} retryTestId="quant-record-retry" />;
  else if (rows.length === 0)
    body = (
      <EmptyState compact kind="records" title={t('quantify.record.ordersEmpty')} body={t('quantify.record.ordersEmptyBody')}>
        <Browse />
      </EmptyState>
    );
  else
    body = (
      <>
        <OrderRows rows={rows} />
        <LoadMore hasMore={query.hasNextPage} onMore={() => query.fetchNextPage({ cancelRefetch: false })} />
      </>
    );
  return (
    <RecordsSection testId="quant-orders-section" titleId="quant-orders-section-title" title={t('quantify.tabs.orders')} busy={query.isPending}>
      {body}
    </RecordsSection>
  );
}

function Profits() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(profitsQuery());
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.list) ?? [], [query.data]);

  let body;
  if (query.isPending) body = <RowsSkeleton />;
  else if (query.isError && rows.length === 0)
    body = <EmptyState compact kind="records" title={t('quantify.record.loadFailed')} onRetry={() => void query.refetch()} retryTestId="quant-record-retry" />;
  else if (rows.length === 0) body = <EmptyState compact kind="records" title={t('quantify.record.profitEmpty')} body={t('quantify.record.profitEmptyBody')} />;
  else
    body = (
      <>
        <ProfitRows rows={rows} />
        <LoadMore hasMore={query.hasNextPage} onMore={() => query.fetchNextPage({ cancelRefetch: false })} />
      </>
    );
  return (
    <RecordsSection testId="quant-profits-section" titleId="quant-profits-section-title" title={t('quantify.tabs.profit')} busy={query.isPending}>
      {body}
    </RecordsSection>
  );
}

export default function QuantifyRecordPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'holdings';

  return (
    <Page title={t('titles.quantifyRecord')} className="money-page quant-page">
      <div className="wallet-tabs-bar">
        <TabStrip
          tabs={TABS}
          active={tab}
          onChange={(key) => setParams(key === 'holdings' ? {} : { tab: key }, { replace: true })}
          label={t('titles.quantifyRecord')}
          testPrefix="quant-tab"
        >
          {(key) => t(`quantify.tabs.${key}`)}
        </TabStrip>
      </div>
      <Refreshable onRefresh={() => queryClient.refetchQueries({ queryKey: quantifyKeys.all, type: 'active' })}>
        {tab === 'holdings' ? <Holdings /> : tab === 'orders' ? <Orders /> : <Profits />}
        <p className="quant-note pad-note">{t('quantify.simulatedNote')}</p>
      </Refreshable>
    </Page>
  );
}
