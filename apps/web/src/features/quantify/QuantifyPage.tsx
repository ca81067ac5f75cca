import '../../ui/money.css';
import './quantify.css';
import { POOL_RANKING_DAYS, zPlacementKeyInput, type Pool } from '@tradeapp/contract';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popup } from 'antd-mobile';
import { useId, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/router';
import { paths } from '../../app/paths';
import { formatQuantity, signOf } from '../../lib/format';
import { isSignedIn, subscribeSession } from '../../lib/session';
import { EmptyState } from '../../ui/EmptyState';
import { KeyForm } from '../../ui/KeyForm';
import { LoadMore } from '../../ui/LoadMore';
import { Page } from '../../ui/Page';
import { RowsSkeleton } from '../../ui/records';
import { Refreshable } from '../../ui/Refreshable';
import { TabStrip } from '../../ui/TabStrip';
import { showToast } from '../../ui/toast';
import { Profit } from '../trading';
import { enterKey, poolsQuery, rankingQuery, statQuery } from './api';
import { formatDay, formatDrawdown, formatNav, isHeld } from './calc';
import { Figure, money, PoolTags, SimReturn, SimulatedNote, SimulatedTag, useRuleName } from './components';
import { quantifyKeys } from './keys';

// The specification's AI quantify page (/pages/aiquantify/index): the caller's figures (signed in),
// then the pools, each with its rule, NAV, returns (simulated, after fees), benchmark, drawdown, its
// declared fee and the caller's units; or their ranking with its rule stated. A key from a notice
// unlocks a private pool; the way to the caller's investments.

const TABS = ['pools', 'ranking'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => v !== null && (TABS as readonly string[]).includes(v);

/** The caller's figures: value at the latest NAVs, the latest day's profit, earnings after fees, subscriptions waiting. */
function StatCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery(statQuery());
  const s = query.data;
  const labelled = (key: 'today' | 'earnings' | 'pending') => (
    <>
      {t(`quantify.stat.${key}`)} <SimulatedTag />
    </>
  );
  return (
    <section className="card card-pad quant-stat" data-testid="quant-stat" aria-labelledby="quant-stat-title" aria-busy={query.isPending || undefined}>
      <h2 className="money-section-title" id="quant-stat-title">
        {t('quantify.stat.title')}
      </h2>
      {query.isError && !s ? (
        <EmptyState compact kind="records" title={t('quantify.stat.loadFailed')} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <div className="quant-stat-total">
            <span>
              {t('quantify.stat.total')} <SimulatedTag />
            </span>
            <strong data-testid="quant-stat-total">{s ? money(s.total) : <span className="sk sk-short" />}</strong>
          </div>
          <dl className="figures quant-figures three">
            <Figure label={labelled('today')} testId="quant-stat-today">
              {s ? <Profit value={s.today} currency="EUR" /> : '—'}
            </Figure>
            <Figure label={labelled('earnings')} testId="quant-stat-earnings">
              {s ? <Profit value={s.earnings} currency="EUR" /> : '—'}
            </Figure>
            <Figure label={labelled('pending')} testId="quant-stat-pending">
              {s ? money(s.pending) : '—'}
            </Figure>
          </dl>
          {s && s.navDay !== null && (
            <p className="quant-note" data-testid="quant-stat-day">
              {t('quantify.stat.navDay', { date: formatDay(s.navDay) })}
            </p>
          )}
        </>
      )}
      <button type="button" className="link quant-link" data-testid="quant-record-link" onClick={() => void navigate(paths.quantify.record())}>
        {t('quantify.list.mine')}
      </button>
    </section>
  );
}

function SignedOutCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="card card-pad quant-stat" data-testid="quant-signed-out">
      <p className="quant-note first">{t('quantify.stat.signedOut')}</p>
      <Button
        size="small"
        shape="rounded"
        color="primary"
        className="quant-signin"
        data-testid="quant-signin"
        onClick={() => void navigate(paths.login(paths.quantify.index()))}
      >
        {t('quantify.stat.signIn')}
      </Button>
    </section>
  );
}

/** One pool: the heading opens its page, and a tap anywhere on the card does the same. */
function PoolCard({ pool: p }: { pool: Pool }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nameOf = useRuleName();
  return (
    <li className="card quant-card" data-testid="quant-pool" data-id={p.id} data-rule={p.rule} data-private={p.private} data-paused={p.paused}>
      <div className="quant-card-head">
        <div className="quant-card-name">
          <h3>
            <button type="button" className="card-open" data-testid="quant-pool-open" onClick={() => void navigate(paths.quantify.detail(p.id))}>
              {nameOf(p.rule)}
            </button>
          </h3>
          <p>{p.symbols.join(' · ')}</p>
        </div>
        <PoolTags pool={p} testPrefix="quant-pool" />
      </div>
      <p className="quant-nav" data-testid="quant-pool-nav">
        <span>{t('quantify.figures.nav')}</span>{' '}
        <strong>{p.nav !== null ? t('quantify.navOn', { nav: formatNav(p.nav), date: formatDay(p.navDay) }) : t('quantify.noNav')}</strong>
      </p>
      <dl className="figures quant-figures">
        <Figure label={t('quantify.figures.rankingReturn', { days: POOL_RANKING_DAYS })}>
          <SimReturn value={p.rankingReturn} testId="quant-pool-ranking-return" />
        </Figure>
        <Figure label={t('quantify.figures.totalReturn')}>
          <SimReturn value={p.totalReturn} testId="quant-pool-total-return" />
        </Figure>
        <Figure label={t('quantify.figures.benchmark')}>
          <SimReturn value={p.benchmarkReturn} testId="quant-pool-benchmark" />
        </Figure>
        <Figure label={t('quantify.figures.maxDrawdown')} testId="quant-pool-drawdown">
          {formatDrawdown(p.maxDrawdown)}
        </Figure>
      </dl>
      <p className="quant-fee">
        <span data-testid="quant-pool-fee">{t('quantify.fee', { fee: formatQuantity(p.feePercent) })}</span> ·{' '}
        <span data-testid="quant-pool-min">{t('quantify.minAmount', { min: money(p.minAmount) })}</span>
      </p>
      {isHeld(p) && (
        <p className="quant-yours" data-testid="quant-pool-yours">
          {t('quantify.yours', { units: formatQuantity(p.units), value: money(p.value) })}
          {signOf(p.pending) > 0 && <> · {t('quantify.yourPending', { amount: money(p.pending) })}</>}
        </p>
      )}
    </li>
  );
}

function Pools() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(poolsQuery());
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.list) ?? [], [query.data]);
  const state = query.isPending ? 'loading' : query.isError && rows.length === 0 ? 'error' : rows.length ? 'list' : 'empty';

  let body;
  if (state === 'loading') body = <div className="card sk-card" aria-busy="true" data-testid="quant-pools-loading" />;
  else if (state === 'error')
    body = <EmptyState kind="records" title={t('quantify.list.loadFailed')} onRetry={() => void query.refetch()} retryTestId="quant-pools-retry" />;
  else if (state === 'empty') body = <EmptyState kind="records" title={t('quantify.list.empty')} body={t('quantify.list.emptyBody')} />;
  else
    body = (
      <>
        <ul className="quant-list" aria-label={t('quantify.tabs.pools')} data-testid="quant-pools">
          {rows.map((p) => (
            <PoolCard key={p.id} pool={p} />
          ))}
        </ul>
        <LoadMore hasMore={query.hasNextPage} onMore={() => query.fetchNextPage({ cancelRefetch: false })} />
      </>
    );
  return (
    <div data-testid="quant-pools-state" data-state={state}>
      <h2 className="sr-only">{t('quantify.tabs.pools')}</h2>
      <p className="page-intro">{t('quantify.list.intro')}</p>
      {body}
    </div>
  );
}

function Ranking() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nameOf = useRuleName();
  const query = useQuery(rankingQuery());
  const days = query.data?.days ?? POOL_RANKING_DAYS;
  const rows = query.data?.list ?? [];

  let body;
  if (query.isPending) body = <RowsSkeleton />;
  else if (query.isError && rows.length === 0)
    body = (
      <EmptyState compact kind="records" title={t('quantify.ranking.loadFailed')} onRetry={() => void query.refetch()} retryTestId="quant-ranking-retry" />
    );
  else if (rows.length === 0) body = <EmptyState compact kind="records" title={t('quantify.ranking.empty')} body={t('quantify.ranking.emptyBody', { days })} />;
  else
    body = (
      <ol className="quant-rows" aria-label={t('quantify.tabs.ranking')}>
        {rows.map((r) => (
          <li key={r.poolId} className="quant-row" data-testid="quant-rank" data-id={r.poolId} data-rank={r.rank}>
            <div className="quant-row-head">
              <div className="quant-row-name with-rank">
                <span className="quant-rank-no" data-testid="quant-rank-no">
                  {t('quantify.ranking.rank', { rank: r.rank })}
                </span>
                <h3>
                  <button type="button" className="card-open" data-testid="quant-rank-open" onClick={() => void navigate(paths.quantify.detail(r.poolId))}>
                    {nameOf(r.rule)}
                  </button>
                </h3>
              </div>
              <PoolTags pool={{ private: r.private, paused: false }} testPrefix="quant-rank" />
            </div>
            <dl className="figures quant-figures three">
              <Figure label={t('quantify.ranking.return', { days })}>
                <SimReturn value={r.rankingReturn} testId="quant-rank-return" />
              </Figure>
              <Figure label={t('quantify.ranking.benchmark')}>
                <SimReturn value={r.benchmarkRankingReturn} testId="quant-rank-benchmark" />
              </Figure>
              <Figure label={t('quantify.ranking.drawdown')} testId="quant-rank-drawdown">
                {formatDrawdown(r.maxDrawdown)}
              </Figure>
            </dl>
          </li>
        ))}
      </ol>
    );

  return (
    <section className="card" data-testid="quant-ranking" aria-labelledby="quant-ranking-title" aria-busy={query.isPending || undefined}>
      <h2 className="sr-only" id="quant-ranking-title">
        {t('quantify.tabs.ranking')}
      </h2>
      <p className="quant-rule-note" data-testid="quant-ranking-rule">
        {t('quantify.ranking.rule', { days })}
      </p>
      {body}
    </section>
  );
}

/** A key from a pool notice: the private pool it unlocks opens; the server's one refusal under the field. */
function KeySheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet" destroyOnClose>
      <div className="sheet-form" role="dialog" aria-labelledby={`${id}-title`} data-testid="quant-key-sheet">
        <div className="sheet-head">
          <h2 className="quant-sheet-title" id={`${id}-title`}>
            {t('quantify.key.title')}
          </h2>
          <button type="button" className="link" onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
        <KeyForm
          schema={zPlacementKeyInput}
          send={enterKey}
          onEntered={(pool) => {
            showToast(t('quantify.key.done'), 'success');
            onClose();
            void navigate(paths.quantify.detail(pool.id));
          }}
          className="quant-key-form"
          label={t('quantify.key.label')}
          placeholder={t('quantify.key.placeholder')}
          testId="quant-key-input"
          submitTestId="quant-key-submit"
          submitLabel={t('quantify.key.submit')}
        >
          <p className="form-note">{t('quantify.key.body')}</p>
        </KeyForm>
      </div>
    </Popup>
  );
}

export default function QuantifyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn);
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'pools';
  const [keyOpen, setKeyOpen] = useState(false);

  return (
    <Page title={t('titles.quantifyIndex')} className="money-page quant-page">
      <Refreshable onRefresh={() => queryClient.refetchQueries({ queryKey: quantifyKeys.all, type: 'active' })}>
        {signedIn ? <StatCard /> : <SignedOutCard />}
        <div className="quant-actions-row">
          <Button
            size="small"
            shape="rounded"
            color="primary"
            fill="outline"
            data-testid="quant-key-open"
            onClick={() => (signedIn ? setKeyOpen(true) : void navigate(paths.login(paths.quantify.index())))}
          >
            {t('quantify.key.open')}
          </Button>
        </div>
        <SimulatedNote />
        <div className="wallet-tabs-bar quant-tabs">
          <TabStrip
            tabs={TABS}
            active={tab}
            onChange={(key) => setParams(key === 'pools' ? {} : { tab: key }, { replace: true })}
            label={t('titles.quantifyIndex')}
            testPrefix="quant-tab"
          >
            {(key) => t(`quantify.tabs.${key}`)}
          </TabStrip>
        </div>
        {tab === 'pools' ? <Pools /> : <Ranking />}
      </Refreshable>
      {signedIn && <KeySheet visible={keyOpen} onClose={() => setKeyOpen(false)} />}
    </Page>
  );
}
