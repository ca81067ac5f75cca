import '../../ui/money.css';
import './robots.css';
import type { Robot } from '@tradeapp/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { formatInCurrency } from '../../lib/format';
import { isSignedIn, subscribeSession } from '../../lib/session';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { robotPagesQuery } from './api';
import { Figure, SimulatedNote, useDays, useFills, useRobotName, useStrategyText } from './components';

// The specification's robots (/pages/robotai/index): every robot on offer with its pair, its rule
// in words, its cycle, rent and price in euros, its energy and bounds; owned and paused said; the
// way to the caller's robot orders. Results are simulated and nothing is promised: said first.

const money = (v: string) => formatInCurrency(v, 'EUR');

/** One robot: the card's heading opens its page, and a tap anywhere on the card does the same. */
function RobotCard({ robot: r }: { robot: Robot }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nameOf = useRobotName();
  const strategy = useStrategyText();
  const days = useDays();
  const fills = useFills();
  return (
    <li className="card robot-card" data-testid="robot" data-id={r.id} data-kind={r.kind} data-symbol={r.symbol} data-paused={r.paused} data-owned={r.owned}>
      <div className="robot-card-head">
        <div className="robot-card-name">
          <h3>
            <button type="button" className="card-open" data-testid="robot-open" onClick={() => void navigate(paths.robots.product(r.id))}>
              {nameOf(r)}
            </button>
          </h3>
          <p>
            {r.symbol} · {t(`robots.kindStyles.${r.kind}`)}
          </p>
        </div>
        <div className="robot-tags">
          {r.owned && (
            <span className="status-badge tone-done" data-testid="robot-owned">
              {t('robots.owned')}
            </span>
          )}
          {r.running > 0 && (
            <span className="record-tag strong" data-testid="robot-running">
              {t('robots.running', { n: r.running })}
            </span>
          )}
          {r.paused && (
            <span className="status-badge tone-muted" data-testid="robot-paused">
              {t('robots.paused')}
            </span>
          )}
        </div>
      </div>
      <p className="robot-params" data-testid="robot-params">
        {strategy(r.params)}
      </p>
      <dl className="figures robot-figures three">
        <Figure label={t('robots.figures.cycle')} testId="robot-cycle">
          {days(r.cycleDays)}
        </Figure>
        <Figure label={t('robots.figures.rent')} testId="robot-rent">
          {money(r.rent)}
        </Figure>
        <Figure label={t('robots.figures.price')} testId="robot-price">
          {money(r.price)}
        </Figure>
        <Figure label={t('robots.figures.energy')} testId="robot-energy">
          {fills(r.energy)}
        </Figure>
        <Figure label={t('robots.figures.bounds')} testId="robot-bounds" wide>
          {t('robots.figures.boundsValue', { min: money(r.minAmount), max: money(r.maxAmount) })}
        </Figure>
      </dl>
    </li>
  );
}

export default function RobotsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn);
  const query = useInfiniteQuery(robotPagesQuery());
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.list) ?? [], [query.data]);
  const state = query.isPending ? 'loading' : query.isError && rows.length === 0 ? 'error' : rows.length ? 'list' : 'empty';

  let body;
  if (state === 'loading') body = <div className="card sk-card" aria-busy="true" data-testid="robots-loading" />;
  else if (state === 'error')
    body = <EmptyState kind="records" title={t('robots.list.loadFailed')} onRetry={() => void query.refetch()} retryTestId="robots-retry" />;
  else if (state === 'empty') body = <EmptyState kind="records" title={t('robots.list.empty')} body={t('robots.list.emptyBody')} />;
  else
    body = (
      <>
        <ul className="robot-list" aria-label={t('titles.robotIndex')} data-testid="robots">
          {rows.map((r) => (
            <RobotCard key={r.id} robot={r} />
          ))}
        </ul>
        <LoadMore hasMore={query.hasNextPage} onMore={() => query.fetchNextPage({ cancelRefetch: false })} />
      </>
    );

  return (
    <Page
      title={t('titles.robotIndex')}
      className="money-page robot-page"
      right={
        signedIn ? (
          <button type="button" className="nav-text" data-testid="robots-mine" onClick={() => void navigate(paths.robots.record())}>
            {t('robots.list.myRobots')}
          </button>
        ) : null
      }
    >
      <Refreshable onRefresh={() => query.refetch()}>
        <p className="page-intro">{t('robots.list.intro')}</p>
        <SimulatedNote />
        <div data-testid="robots-state" data-state={state}>
          {body}
        </div>
      </Refreshable>
    </Page>
  );
}
