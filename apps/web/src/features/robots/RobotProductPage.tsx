import '../../ui/money.css';
import './robots.css';
import type { Robot } from '@tradeapp/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { formatInCurrency } from '../../lib/format';
import { isSignedIn, subscribeSession } from '../../lib/session';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { robotsQuery } from './api';
import { formatParamPercent } from './calc';
import { Figure, SimulatedNote, useDays, useFills, useIdParam, useRobotName, useStrategyText } from './components';

// One robot (/pages/robotai/product?id=): what its rule does in words (grid: its levels around the
// price at the start, a buy at each level under it, a sell one level up; DCA: the first order, the
// safety orders, the take-profit on the average), its cycle, its energy (the fills a cycle includes),
// renting against buying, and the way to its order form.

const money = (v: string) => formatInCurrency(v, 'EUR');

function How({ r }: { r: Robot }) {
  const { t } = useTranslation();
  const p = r.params;
  const steps =
    p.kind === 'grid'
      ? [
          t('robots.product.gridHow1', {
            levels: p.cells + 1,
            cells: p.cells,
            range: formatParamPercent(p.rangePercent),
            mode: t(p.mode === 'geometric' ? 'robots.product.gridHow1Geometric' : 'robots.product.gridHow1Arithmetic'),
          }),
          t('robots.product.gridHow2'),
          t('robots.product.gridHow3'),
          t('robots.product.gridHow4'),
        ]
      : [
          t('robots.product.dcaHow1', { first: formatParamPercent(p.firstOrderPercent) }),
          t('robots.product.dcaHow2', {
            deviation: formatParamPercent(p.deviationPercent),
            safety: formatParamPercent(p.safetyOrderPercent),
            orders: p.safetyOrders,
          }),
          t('robots.product.dcaHow3', { takeProfit: formatParamPercent(p.takeProfitPercent) }),
          t('robots.product.dcaHow4'),
        ];
  return (
    <section className="card card-pad" aria-labelledby="robot-how-title" data-testid="robot-how" data-kind={p.kind}>
      <h2 className="money-section-title" id="robot-how-title">
        {t('robots.product.howTitle')}
      </h2>
      <ol className="robot-how">
        {steps.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ol>
    </section>
  );
}

function Detail({ r }: { r: Robot }) {
  const { t } = useTranslation();
  const nameOf = useRobotName();
  const strategy = useStrategyText();
  const days = useDays();
  const fills = useFills();
  return (
    <>
      <section className="card card-pad" data-testid="robot-head" data-id={r.id} data-kind={r.kind} data-owned={r.owned} data-paused={r.paused}>
        <div className="robot-head-row">
          <div>
            <h1 className="robot-title" data-testid="robot-name">
              {nameOf(r)}
            </h1>
            <p className="robot-sub">
              {r.symbol} · {t(`robots.kindStyles.${r.kind}`)}
            </p>
          </div>
          <div className="robot-tags">
            {r.owned && <span className="status-badge tone-done">{t('robots.owned')}</span>}
            {r.paused && <span className="status-badge tone-muted">{t('robots.paused')}</span>}
          </div>
        </div>
        <dl className="figures robot-figures">
          <Figure label={t('robots.figures.strategy')} testId="robot-strategy" wide>
            {strategy(r.params)}
          </Figure>
          <Figure label={t('robots.figures.cycle')} testId="robot-cycle">
            {days(r.cycleDays)}
          </Figure>
          <Figure label={t('robots.figures.energy')} testId="robot-energy">
            {fills(r.energy)}
          </Figure>
        </dl>
        {r.paused && <p className="robot-note warn">{t('robots.product.pausedNote')}</p>}
      </section>
      <How r={r} />
      <section className="card card-pad" aria-labelledby="robot-energy-title" data-testid="robot-energy-note">
        <h2 className="money-section-title" id="robot-energy-title">
          {t('robots.product.energyTitle')}
        </h2>
        <p className="robot-note">{t('robots.product.energyBody', { energy: fills(r.energy) })}</p>
      </section>
      <section className="card card-pad" aria-labelledby="robot-cost-title" data-testid="robot-cost">
        <h2 className="money-section-title" id="robot-cost-title">
          {t('robots.product.costTitle')}
        </h2>
        {r.owned ? (
          <p className="robot-owned" data-testid="robot-cost-owned">
            {t('robots.product.ownedBody')}
          </p>
        ) : (
          <ul className="robot-statement">
            <li data-testid="robot-cost-rent">{t('robots.product.rentBody', { rent: money(r.rent), days: days(r.cycleDays) })}</li>
            <li data-testid="robot-cost-buy">{t('robots.product.buyBody', { price: money(r.price) })}</li>
          </ul>
        )}
        <p className="robot-note" data-testid="robot-cost-bounds">
          {t('robots.product.boundsBody', { min: money(r.minAmount), max: money(r.maxAmount) })}
        </p>
      </section>
      <SimulatedNote />
    </>
  );
}

function Actions({ r }: { r: Robot }) {
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
          data-testid="robot-signin"
          onClick={() => void navigate(paths.login(`${location.pathname}${location.search}`))}
        >
          {t('robots.product.signIn')}
        </Button>
      </div>
    );
  if (r.owned)
    return (
      <div className="bottom-actions single">
        <Button
          block
          shape="rounded"
          color="primary"
          disabled={r.paused}
          data-testid="robot-start"
          onClick={() => void navigate(paths.robots.rental(r.id, 'buy'))}
        >
          {t('robots.product.start')}
        </Button>
      </div>
    );
  return (
    <div className="bottom-actions">
      <Button shape="rounded" color="primary" disabled={r.paused} data-testid="robot-rent" onClick={() => void navigate(paths.robots.rental(r.id, 'rent'))}>
        {t('robots.product.rent')} · {formatInCurrency(r.rent, 'EUR')}
      </Button>
      <Button shape="rounded" disabled={r.paused} data-testid="robot-buy" onClick={() => void navigate(paths.robots.rental(r.id, 'buy'))}>
        {t('robots.product.buy')} · {formatInCurrency(r.price, 'EUR')}
      </Button>
    </div>
  );
}

export default function RobotProductPage() {
  const { t } = useTranslation();
  const nameOf = useRobotName();
  const id = useIdParam();
  const query = useQuery(robotsQuery());
  const r = query.data?.list.find((x) => x.id === id);

  let body;
  if (r) body = <Detail r={r} />;
  else if (id === 0 || query.data) body = <EmptyState kind="notFound" title={t('robots.product.notFound')} body={t('robots.product.notFoundBody')} />;
  else if (query.isPending)
    body = (
      <div className="card card-pad" aria-busy="true" data-testid="robot-loading">
        <span className="sk sk-line" />
        <span className="sk sk-short" />
      </div>
    );
  else
    body = (
      <EmptyState
        kind="notFound"
        title={t('robots.list.loadFailed')}
        body={query.error?.message}
        onRetry={() => void query.refetch()}
        retryTestId="robot-retry"
      />
    );

  return (
    <Page title={r ? nameOf(r) : t('titles.robotProduct')} className={r ? 'money-page robot-page has-actions' : 'money-page robot-page'}>
      <Refreshable onRefresh={() => query.refetch()}>{body}</Refreshable>
      {r && <Actions r={r} />}
    </Page>
  );
}
