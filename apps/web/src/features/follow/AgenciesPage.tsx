import '../../ui/money.css';
import './follow.css';
import { mulDecimal, RANKING_RULE, type Agency } from '@tradeapp/contract';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { formatInCurrency, formatNumber } from '../../lib/format';
import { isSignedIn, subscribeSession } from '../../lib/session';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { agenciesQuery } from './api';
import { formatFraction } from './calc';
import { Figure, Return, useAgencyName } from './components';

// The specification's follow page (/pages/product/follow): the top three by the stated ranking rule,
// the rule in words beside them, then every agency with its record. Every figure is the server's,
// computed from the agency's own positions.

/** The ranking's rule in the investor's language, its numbers from the contract's RANKING_RULE. */
function RankingRule() {
  const { t } = useTranslation();
  const drawdown = `${formatNumber(mulDecimal(RANKING_RULE.maxDrawdown, '100', 0))}%`;
  return (
    <p className="follow-rule" data-testid="follow-ranking-rule">
      {t('follow.list.rankingRule', { days: String(RANKING_RULE.windowDays), drawdown })}
    </p>
  );
}

function Ranking({ ranked }: { ranked: Agency[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nameOf = useAgencyName();
  return (
    <section className="card card-pad follow-ranking" aria-labelledby="follow-ranking-title" data-testid="follow-ranking">
      <h2 className="money-section-title" id="follow-ranking-title">
        {t('follow.list.rankingTitle')}
      </h2>
      {ranked.length === 0 ? (
        <p className="follow-sub" data-testid="follow-ranking-empty">
          {t('follow.list.rankingEmpty')}
        </p>
      ) : (
        <ol className="follow-podium">
          {ranked.map((a, index) => (
            <li key={a.id}>
              <button
                type="button"
                className="follow-podium-item"
                data-testid="follow-ranked"
                data-id={a.id}
                onClick={() => void navigate(paths.follow.agency(a.id))}
              >
                <span className="follow-podium-rank" aria-hidden="true">
                  {index + 1}
                </span>
                <span className="follow-podium-name">
                  <strong>{nameOf(a.strategy)}</strong>
                  <small>
                    {t('follow.drawdownDays', { n: RANKING_RULE.windowDays })} {formatFraction(a.record.maxDrawdown90)}
                  </small>
                </span>
                <span className="follow-podium-figure">
                  <small>{t('follow.returnDays', { n: RANKING_RULE.windowDays })}</small>
                  <Return value={a.record.returns.d90} />
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
      <RankingRule />
    </section>
  );
}

/** One agency: the card's heading opens its page, and a tap anywhere on the card does the same. */
function AgencyCard({ agency: a }: { agency: Agency }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nameOf = useAgencyName();
  return (
    <li className="card follow-agency-card" data-testid="follow-agency" data-id={a.id} data-strategy={a.strategy} data-paused={a.paused}>
      <div className="follow-agency-head">
        <div className="follow-agency-name">
          <h3>
            <button type="button" className="card-open" data-testid="follow-agency-open" onClick={() => void navigate(paths.follow.agency(a.id))}>
              {nameOf(a.strategy)}
            </button>
          </h3>
          <p data-testid="follow-agency-style">{t(`follow.strategies.${a.strategy}.style`)}</p>
        </div>
        <div className="follow-tags">
          {a.rank !== null && <span className="record-tag strong">{t('follow.rank', { n: a.rank })}</span>}
          {a.paused && (
            <span className="status-badge tone-muted" data-testid="follow-agency-paused">
              {t('follow.paused')}
            </span>
          )}
        </div>
      </div>
      <dl className="figures follow-figures three">
        {(['d30', 'd90', 'd365'] as const).map((key) => (
          <Figure key={key} label={t('follow.returnDays', { n: key.slice(1) })} testId={`follow-agency-${key}`}>
            <Return value={a.record.returns[key]} />
          </Figure>
        ))}
        <Figure label={t('follow.drawdownDays', { n: 90 })} testId="follow-agency-drawdown">
          {formatFraction(a.record.maxDrawdown90)}
        </Figure>
        <Figure label={t('follow.riskScore')} testId="follow-agency-risk">
          {t('follow.riskValue', { n: a.record.riskScore })}
        </Figure>
        <Figure label={t('follow.followers')} testId="follow-agency-followers">
          {formatNumber(a.followers, { grouping: true })}
        </Figure>
        <Figure label={t('follow.followingAmount')} testId="follow-agency-amount" wide>
          {formatInCurrency(a.followingAmount, a.currency)}
        </Figure>
      </dl>
    </li>
  );
}

export default function AgenciesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn);
  const agencies = useQuery(agenciesQuery());
  const data = agencies.data;
  const ranked = data ? data.ranking.map((id) => data.list.find((a) => a.id === id)).filter((a): a is Agency => a !== undefined) : [];

  let body;
  if (agencies.isPending) body = <div className="card sk-card" aria-busy="true" data-testid="follow-agencies-loading" />;
  else if (agencies.isError && !data)
    body = <EmptyState kind="records" title={t('follow.list.loadFailed')} onRetry={() => void agencies.refetch()} retryTestId="follow-agencies-retry" />;
  else if (!data || data.list.length === 0) body = <EmptyState kind="records" title={t('follow.list.empty')} body={t('follow.list.emptyBody')} />;
  else
    body = (
      <>
        <Ranking ranked={ranked} />
        <h2 className="section-title" id="follow-all-title">
          {t('follow.list.allTitle')}
        </h2>
        <ul className="follow-agency-list" aria-labelledby="follow-all-title" data-testid="follow-agencies">
          {data.list.map((a) => (
            <AgencyCard key={a.id} agency={a} />
          ))}
        </ul>
        <p className="follow-note pad-note" data-testid="follow-computed-note">
          {t('follow.computedNote')}
        </p>
      </>
    );

  return (
    <Page
      title={t('titles.productFollow')}
      className="money-page follow-page"
      right={
        signedIn ? (
          <button type="button" className="nav-text" data-testid="follow-my-follows" onClick={() => void navigate(paths.trading.index('follow'))}>
            {t('follow.list.myFollows')}
          </button>
        ) : null
      }
    >
      <Refreshable onRefresh={() => agencies.refetch()}>
        <p className="page-intro">{t('follow.list.intro')}</p>
        <div
          data-testid="follow-agencies-state"
          data-state={agencies.isPending ? 'loading' : agencies.isError && !data ? 'error' : data?.list.length ? 'list' : 'empty'}
        >
          {body}
        </div>
      </Refreshable>
    </Page>
  );
}
