import '../../ui/money.css';
import './quantify.css';
import { POOL_RANKING_DAYS, type PoolDetail } from '@tradeapp/contract';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { formatDate, formatQuantity, signOf } from '../../lib/format';
import { isSignedIn, subscribeSession } from '../../lib/session';
import { DetailFallback, EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { RowsSkeleton } from '../../ui/records';
import { Refreshable } from '../../ui/Refreshable';
import { ordersQuery, poolQuery, profitsQuery } from './api';
import { formatDay, formatDrawdown, formatNav } from './calc';
import { Figure, money, OrderRows, PoolTags, ProfitRows, SimReturn, SimulatedNote, SimulatedTag, useIdParam, useRuleName } from './components';
import { quantifyKeys } from './keys';
import { NavChart } from './NavChart';
import { InvestSheet, RedeemSheet } from './OrderSheets';

// The specification's AI quantify record detail (/pages/aiquantify/record-detail?id=<poolId>): one
// pool with its rule in plain words, its NAV against its benchmark (the backtested days marked), its
// figures (every return simulated), the caller's holding with the ways to invest and to redeem, and
// the caller's daily profit and orders in this pool.

const PAUSED_NOTE_ID = 'quant-paused-note';

function Head({ p }: { p: PoolDetail }) {
  const { t } = useTranslation();
  const nameOf = useRuleName();
  return (
    <section className="card card-pad quant-head" data-testid="quant-detail-head" data-id={p.id} data-rule={p.rule} data-paused={p.paused}>
      <h1 className="quant-title" data-testid="quant-detail-name">
        {nameOf(p.rule)}
      </h1>
      <PoolTags pool={p} testPrefix="quant-detail" />
      <p className="quant-sub">{p.symbols.join(' · ')}</p>
      <p className="quant-nav big" data-testid="quant-detail-nav">
        <span>{t('quantify.figures.nav')}</span>{' '}
        <strong>{p.nav !== null ? t('quantify.navOn', { nav: formatNav(p.nav), date: formatDay(p.navDay) }) : t('quantify.noNav')}</strong>
      </p>
      {p.paused && (
        <p className="quant-note warn" role="status" id={PAUSED_NOTE_ID} data-testid="quant-paused-note">
          {t('quantify.detail.pausedNote')}
        </p>
      )}
      <h2 className="money-section-title quant-section-title spaced">{t('quantify.detail.howTitle')}</h2>
      <ul className="quant-how" data-testid="quant-rule-text">
        <li>{t(`quantify.rules.${p.rule}.how1`)}</li>
        <li>{t(`quantify.rules.${p.rule}.how2`)}</li>
        <li>{t(`quantify.rules.${p.rule}.how3`)}</li>
      </ul>
      <p className="quant-fee" data-testid="quant-detail-fee">
        {t('quantify.fee', { fee: formatQuantity(p.feePercent) })}
      </p>
    </section>
  );
}

function Figures({ p }: { p: PoolDetail }) {
  const { t } = useTranslation();
  return (
    <section className="card card-pad" aria-labelledby="quant-figures-title" data-testid="quant-figures">
      <h2 className="money-section-title" id="quant-figures-title">
        {t('quantify.detail.figuresTitle')}
      </h2>
      <dl className="figures quant-figures">
        <Figure label={t('quantify.figures.totalReturn')}>
          <SimReturn value={p.totalReturn} testId="quant-detail-total-return" />
        </Figure>
        <Figure label={t('quantify.figures.liveReturn')}>
          <SimReturn value={p.liveReturn} testId="quant-detail-live-return" />
        </Figure>
        <Figure label={t('quantify.figures.rankingReturn', { days: POOL_RANKING_DAYS })}>
          <SimReturn value={p.rankingReturn} testId="quant-detail-ranking-return" />
        </Figure>
        <Figure label={t('quantify.figures.maxDrawdown')} testId="quant-detail-drawdown">
          {formatDrawdown(p.maxDrawdown)}
        </Figure>
        <Figure label={t('quantify.figures.benchmark')}>
          <SimReturn value={p.benchmarkReturn} testId="quant-detail-benchmark" />
        </Figure>
        <Figure label={t('quantify.figures.benchmarkRanking', { days: POOL_RANKING_DAYS })}>
          <SimReturn value={p.benchmarkRankingReturn} testId="quant-detail-benchmark-ranking" />
        </Figure>
        <Figure label={t('quantify.figures.fees')} testId="quant-detail-fees">
          {money(p.fees)}
        </Figure>
        <Figure label={t('quantify.figures.equity')} testId="quant-detail-equity">
          {p.equity !== null ? money(p.equity) : '—'}
        </Figure>
        <Figure label={t('quantify.figures.unitsOutstanding')} testId="quant-detail-units-outstanding">
          {formatQuantity(p.unitsOutstanding)}
        </Figure>
        <Figure label={t('quantify.figures.minAmount')} testId="quant-detail-min">
          {money(p.minAmount)}
        </Figure>
        <Figure label={t('quantify.figures.started')} testId="quant-detail-started">
          {formatDay(p.startTimestamp)}
        </Figure>
        <Figure label={t('quantify.figures.live')} testId="quant-detail-live">
          {formatDate(p.liveTimestamp)}
        </Figure>
      </dl>
    </section>
  );
}

function Holding({ p }: { p: PoolDetail }) {
  const { t } = useTranslation();
  const held = signOf(p.units) > 0 || signOf(p.pending) > 0;
  return (
    <section className="card card-pad" aria-labelledby="quant-holding-title" data-testid="quant-my-holding">
      <h2 className="money-section-title" id="quant-holding-title">
        {t('quantify.detail.holdingTitle')}
      </h2>
      {held ? (
        <dl className="figures quant-figures three">
          <Figure label={t('quantify.figures.units')} testId="quant-my-units">
            {formatQuantity(p.units)}
          </Figure>
          <Figure
            label={
              <>
                {t('quantify.figures.value')} <SimulatedTag />
              </>
            }
            testId="quant-my-value"
          >
            {money(p.value)}
          </Figure>
          <Figure label={t('quantify.figures.pending')} testId="quant-my-pending">
            {money(p.pending)}
          </Figure>
        </dl>
      ) : (
        <p className="quant-note" data-testid="quant-my-none">
          {t('quantify.detail.holdingNone')}
        </p>
      )}
    </section>
  );
}

/** The caller's daily profit or orders in this pool: the first page, and more on request. */
function MineSection({
  kind,
  query,
  count,
  children,
}: {
  kind: 'profits' | 'orders';
  query: {
    isPending: boolean;
    isError: boolean;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    refetch: () => Promise<unknown>;
    fetchNextPage: (o: { cancelRefetch: boolean }) => Promise<unknown>;
  };
  count: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = `quant-${kind}-title`;
  let body;
  if (query.isPending) body = <RowsSkeleton count={2} />;
  else if (query.isError && count === 0)
    body = <EmptyState compact kind="records" title={t('quantify.record.loadFailed')} onRetry={() => void query.refetch()} />;
  else if (count === 0) body = <p className="quant-empty">{t(kind === 'profits' ? 'quantify.record.profitEmpty' : 'quantify.record.ordersEmpty')}</p>;
  else body = children;
  return (
    <section className="card" aria-labelledby={titleId} data-testid={`quant-my-${kind}`}>
      <h2 className="card-title" id={titleId}>
        {t(kind === 'profits' ? 'quantify.detail.profitsTitle' : 'quantify.detail.ordersTitle')}
      </h2>
      {body}
      {query.hasNextPage && (
        <div className="quant-links inside">
          <button
            type="button"
            className="link"
            disabled={query.isFetchingNextPage}
            data-testid={`quant-${kind}-more`}
            onClick={() => void query.fetchNextPage({ cancelRefetch: false })}
          >
            {t('quantify.detail.more')}
          </button>
        </div>
      )}
    </section>
  );
}

function MyProfits({ poolId }: { poolId: number }) {
  const query = useInfiniteQuery(profitsQuery(poolId));
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.list) ?? [], [query.data]);
  return (
    <MineSection kind="profits" query={query} count={rows.length}>
      <ProfitRows rows={rows} showRule={false} />
    </MineSection>
  );
}

function MyOrders({ poolId }: { poolId: number }) {
  const query = useInfiniteQuery(ordersQuery(poolId));
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.list) ?? [], [query.data]);
  return (
    <MineSection kind="orders" query={query} count={rows.length}>
      <OrderRows rows={rows} />
    </MineSection>
  );
}

function Actions({ p, onInvest, onRedeem }: { p: PoolDetail; onInvest: () => void; onRedeem: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn);
  if (!signedIn)
    return (
      <div className="bottom-actions single">
        <Button
          block
          shape="rounded"
          color="primary"
          data-testid="quant-signin"
          onClick={() => void navigate(paths.login(`${location.pathname}${location.search}`))}
        >
          {t('quantify.detail.signIn')}
        </Button>
      </div>
    );
  return (
    <div className="bottom-actions">
      <Button
        shape="rounded"
        color="primary"
        disabled={p.paused}
        aria-describedby={p.paused ? PAUSED_NOTE_ID : undefined}
        data-testid="quant-invest-open"
        onClick={onInvest}
      >
        {t('quantify.detail.invest')}
      </Button>
      <Button shape="rounded" disabled={signOf(p.units) <= 0} data-testid="quant-redeem-open" onClick={onRedeem}>
        {t('quantify.detail.redeem')}
      </Button>
    </div>
  );
}

export default function PoolPage() {
  const { t } = useTranslation();
  const nameOf = useRuleName();
  const queryClient = useQueryClient();
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn);
  const id = useIdParam();
  const query = useQuery(poolQuery(id));
  const p = query.data;
  const [sheet, setSheet] = useState<'invest' | 'redeem' | null>(null);

  let body;
  if (p)
    body = (
      <>
        <Head p={p} />
        <NavChart days={p.days} />
        <Figures p={p} />
        {signedIn && (
          <>
            <Holding p={p} />
            <MyProfits poolId={p.id} />
            <MyOrders poolId={p.id} />
          </>
        )}
        <SimulatedNote />
      </>
    );
  else
    body = (
      <DetailFallback
        missing={id === 0}
        query={query}
        title={t('quantify.detail.notFound')}
        body={t('quantify.detail.notFoundBody')}
        loadingTestId="quant-detail-loading"
        retryTestId="quant-detail-retry"
      />
    );

  return (
    <Page title={p ? nameOf(p.rule) : t('titles.quantifyRecordDetail')} className={p ? 'money-page quant-page has-actions' : 'money-page quant-page'}>
      <Refreshable onRefresh={() => queryClient.refetchQueries({ queryKey: quantifyKeys.all, type: 'active' })}>
        <div data-testid="quant-detail" data-id={id}>
          {body}
        </div>
      </Refreshable>
      {p && (
        <>
          <Actions p={p} onInvest={() => setSheet('invest')} onRedeem={() => setSheet('redeem')} />
          {signedIn && (
            <>
              <InvestSheet pool={p} visible={sheet === 'invest'} onClose={() => setSheet(null)} />
              <RedeemSheet pool={p} visible={sheet === 'redeem'} onClose={() => setSheet(null)} />
            </>
          )}
        </>
      )}
    </Page>
  );
}
