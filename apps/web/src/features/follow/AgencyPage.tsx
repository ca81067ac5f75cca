import '../../ui/money.css';
import './follow.css';
import { RECORD_WINDOWS, type AgencyDetail, type AgencyTrade } from '@tradeapp/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/router';
import { paths } from '../../app/paths';
import { formatDateText, formatDateTime, formatInCurrency, formatNumber, formatQuantity } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { DirectionTag, positionPrice, Profit } from '../trading';
import { agencyClosedQuery, agencyQuery, followQuery } from './api';
import { formatFraction, riskRows } from './calc';
import { BackfilledTag, Figure, Return, ReturnBeside, useAgencyName } from './components';
import { EquityCurve } from './EquityCurve';

// One agency (/pages/product/follow/agency?id=): its declared style, the equity curve with the
// backfilled and live parts told apart, returns over five windows, drawdowns, win rate,
// volatility and the risk score with its table, followers, open positions and every closed trade
// (newest first, a page at a time as the list scrolls). Every figure is the server's, from the agency's own positions and the market's prices.

const WINDOW_KEYS = { 7: 'd7', 30: 'd30', 90: 'd90', 180: 'd180', 365: 'd365' } as const;

function Head({ a }: { a: AgencyDetail }) {
  const { t } = useTranslation();
  const nameOf = useAgencyName();
  return (
    <section className="card card-pad follow-head" data-testid="agency-head" data-id={a.id} data-strategy={a.strategy} data-paused={a.paused}>
      <div className="follow-head-row">
        <div>
          <h1 className="follow-title" data-testid="agency-name">
            {nameOf(a.strategy)}
          </h1>
          <p className="follow-sub" data-testid="agency-style">
            {t(`follow.strategies.${a.strategy}.style`)}
          </p>
        </div>
        <div className="follow-tags">
          {a.rank !== null && (
            <span className="record-tag strong" data-testid="agency-rank">
              {t('follow.rank', { n: a.rank })}
            </span>
          )}
          {a.paused && (
            <span className="status-badge tone-muted" data-testid="agency-paused">
              {t('follow.paused')}
            </span>
          )}
        </div>
      </div>
      <dl className="figures follow-figures">
        <Figure label={t('follow.agency.markets')} testId="agency-symbols">
          {a.symbols.join(', ')}
        </Figure>
        <Figure label={t('follow.agency.leverage')} testId="agency-leverage">
          {t('trading.leverageX', { n: a.leverage })}
        </Figure>
        <Figure label={t('follow.equity')} testId="agency-equity">
          {formatInCurrency(a.record.equity, a.currency)}
        </Figure>
        <Figure label={t('follow.agency.capital')} testId="agency-capital">
          {formatInCurrency(a.record.capital, a.currency)}
        </Figure>
        <Figure label={t('follow.agency.nav')} testId="agency-nav">
          {formatNumber(a.record.nav)}
        </Figure>
      </dl>
      {a.paused && <p className="follow-note warn">{t('follow.agency.pausedNote')}</p>}
    </section>
  );
}

function Returns({ a }: { a: AgencyDetail }) {
  const { t } = useTranslation();
  const younger = RECORD_WINDOWS.some((days) => a.record.returns[WINDOW_KEYS[days]] === null);
  return (
    <section className="card card-pad" aria-labelledby="agency-returns-title" data-testid="agency-returns">
      <h2 className="money-section-title" id="agency-returns-title">
        {t('follow.agency.returnsTitle')}
      </h2>
      <dl className="figures follow-figures five">
        {RECORD_WINDOWS.map((days) => (
          <Figure key={days} label={t('follow.agency.days', { n: days })} testId={`agency-return-${days}`}>
            <Return value={a.record.returns[WINDOW_KEYS[days]]} />
          </Figure>
        ))}
      </dl>
      {younger && (
        <p className="follow-note" data-testid="agency-younger-note">
          {t('follow.agency.youngerNote')}
        </p>
      )}
    </section>
  );
}

function Risk({ a }: { a: AgencyDetail }) {
  const { t } = useTranslation();
  const r = a.record;
  return (
    <section className="card card-pad" aria-labelledby="agency-risk-title" data-testid="agency-risk">
      <h2 className="money-section-title" id="agency-risk-title">
        {t('follow.agency.riskTitle')}
      </h2>
      <dl className="figures follow-figures">
        <Figure label={t('follow.drawdownDays', { n: 90 })} testId="agency-drawdown-90">
          {formatFraction(r.maxDrawdown90)}
        </Figure>
        <Figure label={t('follow.drawdownDays', { n: 365 })} testId="agency-drawdown-365">
          {formatFraction(r.maxDrawdown365)}
        </Figure>
        <Figure label={t('follow.agency.winRate')} testId="agency-win-rate" wide>
          {r.winRate === null
            ? t('follow.agency.noCloses')
            : t('follow.agency.winRateValue', { rate: formatFraction(r.winRate), closed: formatNumber(r.closedTrades, { grouping: true }) })}
        </Figure>
        <Figure label={t('follow.agency.volatility')} testId="agency-volatility">
          {formatFraction(r.volatility)}
        </Figure>
        <Figure label={t('follow.riskScore')} testId="agency-risk-score">
          <strong>{t('follow.riskValue', { n: r.riskScore })}</strong>
        </Figure>
      </dl>
      <details className="follow-details" data-testid="agency-risk-table">
        <summary>{t('follow.agency.riskHow')}</summary>
        <p className="follow-note">{t('follow.agency.riskExplain')}</p>
        <table className="follow-risk-table">
          <thead>
            <tr>
              <th scope="col">{t('follow.agency.riskColScore')}</th>
              <th scope="col">{t('follow.agency.riskColUpTo')}</th>
            </tr>
          </thead>
          <tbody>
            {riskRows().map((row) => (
              <tr key={row.score} className={row.score === r.riskScore ? 'current' : undefined} aria-current={row.score === r.riskScore ? 'true' : undefined}>
                <th scope="row">{t('follow.riskValue', { n: row.score })}</th>
                <td>{row.upTo !== null ? formatFraction(row.upTo) : t('follow.agency.riskAbove', { n: formatFraction(row.above) })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

function TradeRow({ trade: p, currency, closed }: { trade: AgencyTrade; currency: string; closed: boolean }) {
  const { t } = useTranslation();
  return (
    <li
      className="record-row"
      data-testid={closed ? 'agency-closed-row' : 'agency-open-row'}
      data-id={p.id}
      data-symbol={p.symbol}
      data-backfilled={p.backfilled}
    >
      <div className="record-main">
        <div className="record-title">
          {p.stockName}
          <DirectionTag direction={p.direction} leverage={p.leverage} />
          {p.backfilled && <BackfilledTag />}
        </div>
        <div className="record-sub">
          {p.symbol} · {formatQuantity(p.quantity)} · {positionPrice(p.openPrice)} → {positionPrice(p.price)}
        </div>
        <div className="record-sub">
          {closed && p.closeTimestamp !== null
            ? t('follow.agency.closedAt', { time: formatDateTime(p.closeTimestamp) })
            : t('follow.agency.openedAt', { time: formatDateTime(p.openTimestamp) })}
        </div>
      </div>
      <div className="record-figures">
        <span className="record-sub">{closed ? t('follow.agency.net') : t('follow.agency.floating')}</span>
        <div className="record-amount">
          <Profit value={p.profit} currency={currency} />
        </div>
        <span className="record-sub">{t('follow.agency.fees', { amount: formatInCurrency(p.fees, currency) })}</span>
      </div>
    </li>
  );
}

function Trades({ a }: { a: AgencyDetail }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="agency-open-title" data-testid="agency-open">
      <h2 className="card-title" id="agency-open-title">
        {t('follow.agency.openTitle')}
      </h2>
      {a.open.length === 0 ? (
        <p className="follow-empty">{t('follow.agency.openEmpty')}</p>
      ) : (
        <ul className="record-list follow-rows">
          {a.open.map((p) => (
            <TradeRow key={p.id} trade={p} currency={a.currency} closed={false} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Every closed trade of the agency, newest first: the next page loads as the end of the list comes into view. */
function ClosedTrades({ a }: { a: AgencyDetail }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery(agencyClosedQuery(a.id));
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.list) ?? [], [query.data]);
  let body;
  if (query.isPending) body = <span className="sk sk-line" />;
  else if (query.isError && rows.length === 0)
    body = <EmptyState compact kind="records" title={t('follow.agency.loadFailed')} onRetry={() => void query.refetch()} retryTestId="agency-closed-retry" />;
  else if (rows.length === 0) body = <p className="follow-empty">{t('follow.agency.closedEmpty')}</p>;
  else
    body = (
      <>
        <ul className="record-list follow-rows">
          {rows.map((p) => (
            <TradeRow key={p.id} trade={p} currency={a.currency} closed />
          ))}
        </ul>
        <LoadMore hasMore={query.hasNextPage} onMore={() => query.fetchNextPage({ cancelRefetch: false })} />
      </>
    );
  return (
    <section
      className="card"
      aria-labelledby="agency-closed-title"
      data-testid="agency-closed"
      aria-busy={query.isPending || undefined}
      data-total={query.data?.pages[0]?.total}
    >
      <h2 className="card-title" id="agency-closed-title">
        {t('follow.agency.closedTitle')}
      </h2>
      {body}
    </section>
  );
}

/** The caller's running follow of this agency: their return beside the agency's over the same time. */
function YourFollow({ followId }: { followId: number }) {
  const { t } = useTranslation();
  const follow = useQuery(followQuery(followId));
  const f = follow.data;
  if (!f) return null;
  return (
    <section className="card card-pad" aria-labelledby="agency-your-follow-title" data-testid="agency-your-follow">
      <h2 className="money-section-title" id="agency-your-follow-title">
        {t('follow.agency.yourFollowTitle')}
      </h2>
      <ReturnBeside follow={f} testId="agency-your" />
    </section>
  );
}

function Detail({ a }: { a: AgencyDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <Head a={a} />
      {a.followId !== null && <YourFollow followId={a.followId} />}
      <EquityCurve curve={a.curve} liveDay={a.record.liveDay} />
      <Returns a={a} />
      <Risk a={a} />
      <section className="card card-pad" aria-labelledby="agency-audience-title" data-testid="agency-audience">
        <h2 className="money-section-title" id="agency-audience-title">
          {t('follow.agency.audienceTitle')}
        </h2>
        <dl className="figures follow-figures">
          <Figure label={t('follow.followers')} testId="agency-followers">
            {formatNumber(a.followers, { grouping: true })}
          </Figure>
          <Figure label={t('follow.followingAmount')} testId="agency-following-amount">
            {formatInCurrency(a.followingAmount, a.currency)}
          </Figure>
        </dl>
      </section>
      <Trades a={a} />
      <ClosedTrades a={a} />
      <p className="follow-note pad-note" data-testid="agency-record-since">
        {t('follow.agency.recordSince', { start: formatDateText(a.record.startDay), live: formatDateText(a.record.liveDay) })}
      </p>
      <p className="follow-note pad-note" data-testid="agency-computed-note">
        {t('follow.computedNote')}
      </p>
    </>
  );
}

/** Follow it, or open the caller's follow of it. */
function Actions({ a }: { a: AgencyDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="bottom-actions single">
      {a.followId !== null ? (
        <Button block shape="rounded" color="primary" data-testid="agency-view-follow" onClick={() => void navigate(paths.follow.detail(a.followId!))}>
          {t('follow.agency.viewFollow')}
        </Button>
      ) : (
        <Button block shape="rounded" color="primary" disabled={a.paused} data-testid="agency-follow" onClick={() => void navigate(paths.follow.order(a.id))}>
          {t('follow.agency.follow')}
        </Button>
      )}
    </div>
  );
}

export default function AgencyPage() {
  const { t } = useTranslation();
  const nameOf = useAgencyName();
  const [params] = useSearchParams();
  const raw = Number(params.get('id') ?? 0);
  const id = Number.isSafeInteger(raw) && raw > 0 ? raw : 0;
  const query = useQuery(agencyQuery(id));
  const a = query.data;

  let body;
  if (a) body = <Detail a={a} />;
  else if (id === 0) body = <EmptyState kind="notFound" title={t('follow.agency.notFound')} body={t('follow.agency.notFoundBody')} />;
  else if (query.isPending)
    body = (
      <div className="card card-pad" aria-busy="true" data-testid="agency-loading">
        <span className="sk sk-line" />
        <span className="sk sk-short" />
      </div>
    );
  else
    body = (
      <EmptyState
        kind="notFound"
        title={t('follow.agency.loadFailed')}
        body={query.error?.message}
        onRetry={() => void query.refetch()}
        retryTestId="agency-retry"
      />
    );

  return (
    <Page title={a ? nameOf(a.strategy) : t('titles.followAgency')} className={a ? 'money-page follow-page has-actions' : 'money-page follow-page'}>
      <Refreshable onRefresh={() => query.refetch()}>{body}</Refreshable>
      {a && <Actions a={a} />}
    </Page>
  );
}
