import '../../ui/money.css';
import './funds.css';
import { FUND_HOLDING_STATUSES, FUND_ORDER_STATUSES, type FundHolding, type FundHoldingStatus, type FundOrder, type FundOrderStatus } from '@tradeapp/contract';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/router';
import { ROUTES } from '../../app/paths';
import { formatDateTime, signOf } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { Page } from '../../ui/Page';
import { RecordsSection, RowsSkeleton } from '../../ui/records';
import { Refreshable } from '../../ui/Refreshable';
import { TabStrip } from '../../ui/TabStrip';
import { Profit } from '../trading';
import { holdingsQuery, ordersQuery, profitsQuery } from './api';
import { formatDay, formatNav, formatRate, formatUnits } from './calc';
import { Figure, HoldingStatusBadge, KindTag, money, OrderStatusBadge, useProductName } from './components';
import { fundKeys } from './keys';
import { canRedeem, RedeemDepositSheet, RedeemFundSheet } from './OrderSheets';
import { StatCard } from './Stat';

// The specification's fund holdings (/pages/yinmutual/myhold): the caller's figures, then the
// holdings (one per purchase, a fund's lots each with its NAV, lock-in and exit-load ends) in their
// statuses (waiting for the NAV, bought, waiting for redemption, redeemed) with the way to redeem;
// the orders in progress or completed; and the profit per holding with its buy and sell times
// (`/stock/fund/profit`). Paged, pulled to refresh.

const TABS = ['holdings', 'orders', 'profit'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => v !== null && (TABS as readonly string[]).includes(v);
const HOLDING_FILTERS = ['all', ...FUND_HOLDING_STATUSES] as const;
type HoldingFilter = (typeof HOLDING_FILTERS)[number];

function Browse() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button size="small" shape="rounded" color="primary" fill="outline" data-testid="fund-hold-browse" onClick={() => void navigate(ROUTES.mutualIndex)}>
      {t('funds.hold.browse')}
    </Button>
  );
}

/** A row of filter chips (tabs of one list). */
function Chips<K extends string>({
  keys,
  active,
  onChange,
  label,
  testPrefix,
  text,
}: {
  keys: readonly K[];
  active: K;
  onChange: (k: K) => void;
  label: string;
  testPrefix: string;
  text: (k: K) => string;
}) {
  return (
    <div className="chip-row fund-chips" role="tablist" aria-label={label}>
      {keys.map((k) => (
        <button
          key={k}
          type="button"
          role="tab"
          aria-selected={k === active}
          className={k === active ? 'chip active' : 'chip'}
          data-testid={`${testPrefix}-${k}`}
          onClick={() => onChange(k)}
        >
          {text(k)}
        </button>
      ))}
    </div>
  );
}

function HoldingRow({ h, onRedeem }: { h: FundHolding; onRedeem: (h: FundHolding) => void }) {
  const { t } = useTranslation();
  const nameOf = useProductName();
  const navigate = useNavigate();
  return (
    <li className="fund-row" data-testid="fund-holding" data-id={h.id} data-status={h.status} data-kind={h.kind} data-code={h.code} data-units={h.units ?? ''}>
      <div className="fund-row-head">
        <div className="fund-row-name">
          <h3>
            <button
              type="button"
              className="card-open"
              data-testid="fund-holding-open"
              onClick={() => void navigate(`${ROUTES.mutualIndex}?tab=${h.kind}&id=${h.productId}`)}
            >
              {nameOf(h)}
            </button>
          </h3>
          <p>
            <KindTag kind={h.kind} /> {t('funds.hold.bought', { time: formatDateTime(h.buyTimeStamp) })}
          </p>
          {h.sellTimeStamp !== null && <p>{t('funds.hold.sold', { time: formatDateTime(h.sellTimeStamp) })}</p>}
        </div>
        <span className="fund-row-status">
          <HoldingStatusBadge status={h.status} testId="fund-holding-status" />
        </span>
      </div>
      <dl className="figures fund-figures three">
        <Figure label={t(h.kind === 'fund' ? 'funds.hold.invested' : 'funds.hold.principal')} testId="fund-holding-amount">
          {money(h.amount)}
        </Figure>
        {h.kind === 'fund' ? (
          <>
            <Figure label={t('funds.hold.units')} testId="fund-holding-units">
              {h.units !== null ? formatUnits(h.units) : '—'}
            </Figure>
            <Figure label={t('funds.hold.remaining')} testId="fund-holding-remaining">
              {formatUnits(h.remaining)}
            </Figure>
            <Figure label={t('funds.hold.nav')} testId="fund-holding-nav" wide>
              {h.nav !== null
                ? t('funds.navOn', { nav: formatNav(h.nav), date: formatDay(h.navDay) })
                : t('funds.hold.navWaiting', { date: formatDay(h.navDay) })}
            </Figure>
          </>
        ) : (
          <Figure label={t('funds.hold.remaining')} testId="fund-holding-remaining">
            {money(h.remaining)}
          </Figure>
        )}
        {h.kind === 'regular' && (
          <Figure label={t('funds.regular.rate')} testId="fund-holding-rate">
            {formatRate(h.ratePercent)}
          </Figure>
        )}
        <Figure label={t('funds.hold.value')} testId="fund-holding-value">
          {money(h.value)}
        </Figure>
        <Figure label={t(h.kind === 'fund' ? 'funds.hold.paidFund' : 'funds.hold.paidDeposit')} testId="fund-holding-paid">
          {money(h.paid)}
        </Figure>
        <Figure label={t('funds.hold.profit')} testId="fund-holding-profit">
          <Profit value={h.profit} currency="EUR" />
        </Figure>
        {h.kind === 'regular' && (
          <>
            <Figure label={t('funds.hold.interest')} testId="fund-holding-interest">
              {h.interest !== null ? money(h.interest) : '—'}
            </Figure>
            <Figure label={t('funds.hold.ends')} testId="fund-holding-ends">
              {formatDay(h.endTimestamp)}
            </Figure>
          </>
        )}
        {h.kind === 'fund' && h.lockedUntil !== null && (
          <Figure label={t('funds.hold.lockedUntil')} testId="fund-holding-locked" wide>
            {formatDay(h.lockedUntil)}
          </Figure>
        )}
        {h.kind === 'fund' && h.exitLoadUntil !== null && (
          <Figure label={t('funds.hold.exitLoadUntil')} testId="fund-holding-exit-load" wide>
            {formatDay(h.exitLoadUntil)}
          </Figure>
        )}
      </dl>
      {canRedeem(h) && (
        <div className="fund-row-actions">
          <Button
            size="small"
            shape="rounded"
            color={h.kind === 'regular' ? 'danger' : 'primary'}
            fill="outline"
            data-testid="fund-holding-redeem"
            onClick={() => onRedeem(h)}
          >
            {t(h.kind === 'regular' ? 'funds.redeem.earlyOpen' : 'funds.redeem.open')}
          </Button>
        </div>
      )}
    </li>
  );
}

function Holdings() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const filter: HoldingFilter = (HOLDING_FILTERS as readonly string[]).includes(raw ?? '') ? (raw as HoldingFilter) : 'all';
  const query = useInfiniteQuery(holdingsQuery(filter));
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.list) ?? [], [query.data]);
  const [redeeming, setRedeeming] = useState<FundHolding | null>(null);

  let body;
  if (query.isPending) body = <RowsSkeleton />;
  else if (query.isError && rows.length === 0)
    body = <EmptyState compact kind="records" title={t('funds.hold.loadFailed')} onRetry={() => void query.refetch()} retryTestId="fund-hold-retry" />;
  else if (rows.length === 0)
    body = (
      <EmptyState compact kind="records" title={t('funds.hold.holdingsEmpty')} body={t('funds.hold.holdingsEmptyBody')}>
        <Browse />
      </EmptyState>
    );
  else
    body = (
      <>
        <ul className="fund-rows" data-testid="fund-holdings">
          {rows.map((h) => (
            <HoldingRow key={h.id} h={h} onRedeem={setRedeeming} />
          ))}
        </ul>
        <LoadMore hasMore={query.hasNextPage} onMore={() => query.fetchNextPage({ cancelRefetch: false })} />
      </>
    );
  return (
    <>
      <Chips
        keys={HOLDING_FILTERS}
        active={filter}
        label={t('funds.tabs.holdings')}
        testPrefix="fund-hold-filter"
        text={(k) => t(k === 'all' ? 'funds.hold.all' : `funds.holdingStatus.${k as FundHoldingStatus}`)}
        onChange={(k) => setParams(k === 'all' ? {} : { status: k }, { replace: true })}
      />
      <RecordsSection testId="fund-holdings-section" titleId="fund-holdings-title" title={t('funds.tabs.holdings')} busy={query.isPending} filter={filter}>
        {body}
      </RecordsSection>
      {redeeming && redeeming.kind === 'fund' && <RedeemFundSheet productId={redeeming.productId} visible onClose={() => setRedeeming(null)} />}
      {redeeming && redeeming.kind !== 'fund' && <RedeemDepositSheet holding={redeeming} visible onClose={() => setRedeeming(null)} />}
    </>
  );
}

function OrderRow({ o }: { o: FundOrder }) {
  const { t } = useTranslation();
  const nameOf = useProductName();
  const redeem = o.side === 'redeem';
  // A redemption of "all" names its units once priced.
  const units = o.units !== null ? formatUnits(o.units) : redeem ? t('funds.order.allUnits') : '—';
  return (
    <li className="fund-row" data-testid="fund-order" data-id={o.id} data-status={o.status} data-side={o.side} data-kind={o.kind}>
      <div className="fund-row-head">
        <div className="fund-row-name">
          <h3>
            {t(`funds.order.sides.${o.side}`)} · {nameOf(o)}
          </h3>
          <p>{t('funds.order.placed', { time: formatDateTime(o.createTimeTimestamp) })}</p>
          {o.doneTimestamp !== null && <p>{t('funds.order.done', { time: formatDateTime(o.doneTimestamp) })}</p>}
        </div>
        <span className="fund-row-status">
          <OrderStatusBadge status={o.status} testId="fund-order-status" />
        </span>
      </div>
      <dl className="figures fund-figures three">
        <Figure label={t(redeem ? 'funds.order.gross' : 'funds.order.amount')} testId="fund-order-amount">
          {o.amount !== null ? money(o.amount) : '—'}
        </Figure>
        {o.kind === 'fund' && (
          <>
            <Figure label={t('funds.hold.units')} testId="fund-order-units">
              {units}
            </Figure>
            <Figure label={t('funds.nav')} testId="fund-order-nav">
              {formatNav(o.nav)}
            </Figure>
            <Figure label={t('funds.order.navDay')} testId="fund-order-nav-day">
              {formatDay(o.navDay)}
            </Figure>
          </>
        )}
        {redeem && (
          <>
            <Figure label={t(o.kind === 'fund' ? 'funds.redeem.exitLoad' : 'funds.order.penalty')} testId="fund-order-load">
              {signOf(o.exitLoad) > 0 ? `−${money(o.exitLoad)}` : money(o.exitLoad)}
            </Figure>
            <Figure label={t('funds.redeem.net')} testId="fund-order-net">
              {o.net !== null ? money(o.net) : '—'}
            </Figure>
            <Figure label={t('funds.redeem.payDay')} testId="fund-order-pay-day">
              {o.payDay !== null ? formatDay(o.payDay) : '—'}
            </Figure>
          </>
        )}
      </dl>
    </li>
  );
}

function Orders() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status: FundOrderStatus = params.get('status') === 'completed' ? 'completed' : 'inProgress';
  const query = useInfiniteQuery(ordersQuery(status));
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.list) ?? [], [query.data]);

  let body;
  if (query.isPending) body = <RowsSkeleton />;
  else if (query.isError && rows.length === 0)
    body = <EmptyState compact kind="records" title={t('funds.hold.loadFailed')} onRetry={() => void query.refetch()} retryTestId="fund-hold-retry" />;
  else if (rows.length === 0)
    body = (
      <EmptyState compact kind="records" title={t(`funds.hold.ordersEmpty.${status}`)} body={t('funds.hold.ordersEmptyBody')}>
        <Browse />
      </EmptyState>
    );
  else
    body = (
      <>
        <ul className="fund-rows" data-testid="fund-orders">
          {rows.map((o) => (
            <OrderRow key={o.id} o={o} />
          ))}
        </ul>
        <LoadMore hasMore={query.hasNextPage} onMore={() => query.fetchNextPage({ cancelRefetch: false })} />
      </>
    );
  return (
    <>
      <Chips
        keys={FUND_ORDER_STATUSES}
        active={status}
        label={t('funds.tabs.orders')}
        testPrefix="fund-order-filter"
        text={(k) => t(`funds.orderStatus.${k}`)}
        onChange={(k) => setParams({ tab: 'orders', ...(k === 'completed' ? { status: k } : {}) }, { replace: true })}
      />
      <RecordsSection testId="fund-orders-section" titleId="fund-orders-title" title={t('funds.tabs.orders')} busy={query.isPending} filter={status}>
        {body}
      </RecordsSection>
    </>
  );
}

function Profits() {
  const { t } = useTranslation();
  const nameOf = useProductName();
  const query = useInfiniteQuery(profitsQuery());
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.list) ?? [], [query.data]);

  let body;
  if (query.isPending) body = <RowsSkeleton />;
  else if (query.isError && rows.length === 0)
    body = <EmptyState compact kind="records" title={t('funds.hold.loadFailed')} onRetry={() => void query.refetch()} retryTestId="fund-hold-retry" />;
  else if (rows.length === 0) body = <EmptyState compact kind="records" title={t('funds.hold.profitEmpty')} body={t('funds.hold.profitEmptyBody')} />;
  else
    body = (
      <>
        <ul className="fund-rows" data-testid="fund-profits">
          {rows.map((p) => (
            <li key={p.holdingId} className="fund-row" data-testid="fund-profit" data-id={p.holdingId}>
              <div className="fund-row-head">
                <div className="fund-row-name">
                  <h3>{nameOf(p)}</h3>
                  <p>
                    <KindTag kind={p.kind} /> {t('funds.hold.bought', { time: formatDateTime(p.buyTimeStamp) })}
                  </p>
                  <p>{p.sellTimeStamp !== null ? t('funds.hold.sold', { time: formatDateTime(p.sellTimeStamp) }) : t('funds.hold.stillHeld')}</p>
                </div>
                <span className="fund-row-amount">
                  <Profit value={p.profit} currency="EUR" testId="fund-profit-amount" />
                </span>
              </div>
            </li>
          ))}
        </ul>
        <LoadMore hasMore={query.hasNextPage} onMore={() => query.fetchNextPage({ cancelRefetch: false })} />
      </>
    );
  return (
    <RecordsSection testId="fund-profits-section" titleId="fund-profits-title" title={t('funds.tabs.profit')} busy={query.isPending}>
      <p className="fund-rule-note">{t('funds.hold.profitRule')}</p>
      {body}
    </RecordsSection>
  );
}

export default function MyHoldPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'holdings';

  return (
    <Page title={t('titles.mutualHold')} className="money-page fund-page">
      <Refreshable onRefresh={() => queryClient.refetchQueries({ queryKey: fundKeys.all, type: 'active' })}>
        <StatCard link={false} />
        <div className="wallet-tabs-bar fund-tabs">
          <TabStrip
            tabs={TABS}
            active={tab}
            onChange={(key) => setParams(key === 'holdings' ? {} : { tab: key }, { replace: true })}
            label={t('titles.mutualHold')}
            testPrefix="fund-hold-tab"
          >
            {(key) => t(`funds.tabs.${key}`)}
          </TabStrip>
        </div>
        {tab === 'holdings' ? <Holdings /> : tab === 'orders' ? <Orders /> : <Profits />}
        <p className="fund-note pad-note">{t('funds.hold.note')}</p>
      </Refreshable>
    </Page>
  );
}
