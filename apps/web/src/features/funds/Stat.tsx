import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths, ROUTES } from '../../app/paths';
import { signOf } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { Profit } from '../trading';
import { statQuery } from './api';
import { Figure, money } from './components';

/**
 * The caller's figures in funds and deposit terms: the total at the latest NAVs and principals,
 * today's and total earnings (after every load and penalty), the split by kind, and the money on
 * its way (purchases waiting for their NAV, redemptions not yet paid).
 */
export function StatCard({ link = true }: { link?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery(statQuery());
  const s = query.data;
  return (
    <section className="card card-pad fund-stat" data-testid="fund-stat" aria-labelledby="fund-stat-title" aria-busy={query.isPending || undefined}>
      <h2 className="money-section-title" id="fund-stat-title">
        {t('funds.stat.title')}
      </h2>
      {query.isError && !s ? (
        <EmptyState compact kind="records" title={t('funds.stat.loadFailed')} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <div className="fund-stat-total">
            <span>{t('funds.stat.total')}</span>
            <strong data-testid="fund-stat-total">{s ? money(s.total) : <span className="sk sk-short" />}</strong>
          </div>
          <dl className="figures fund-figures">
            <Figure label={t('funds.stat.today')} testId="fund-stat-today">
              {s ? <Profit value={s.today} currency="EUR" /> : '—'}
            </Figure>
            <Figure label={t('funds.stat.earnings')} testId="fund-stat-earnings">
              {s ? <Profit value={s.earnings} currency="EUR" /> : '—'}
            </Figure>
          </dl>
          <dl className="figures fund-figures three fund-split">
            <Figure label={t('funds.tabs.fund')} testId="fund-stat-fund">
              {s ? money(s.fund) : '—'}
            </Figure>
            <Figure label={t('funds.tabs.current')} testId="fund-stat-current">
              {s ? money(s.current) : '—'}
            </Figure>
            <Figure label={t('funds.tabs.regular')} testId="fund-stat-regular">
              {s ? money(s.regular) : '—'}
            </Figure>
          </dl>
          {s && (signOf(s.pending) > 0 || signOf(s.redeeming) > 0) && (
            <p className="fund-note" data-testid="fund-stat-moving">
              {signOf(s.pending) > 0 && t('funds.stat.pending', { amount: money(s.pending) })}
              {signOf(s.pending) > 0 && signOf(s.redeeming) > 0 && ' · '}
              {signOf(s.redeeming) > 0 && t('funds.stat.redeeming', { amount: money(s.redeeming) })}
            </p>
          )}
        </>
      )}
      {link && (
        <button type="button" className="link fund-link" data-testid="fund-hold-link" onClick={() => void navigate(ROUTES.mutualHold)}>
          {t('funds.stat.mine')}
        </button>
      )}
    </section>
  );
}

export function SignedOutCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="card card-pad fund-stat" data-testid="fund-signed-out">
      <p className="fund-note first">{t('funds.stat.signedOut')}</p>
      <Button
        size="small"
        shape="rounded"
        color="primary"
        className="fund-signin"
        data-testid="fund-signin"
        onClick={() => void navigate(paths.login(ROUTES.mutualIndex))}
      >
        {t('funds.stat.signIn')}
      </Button>
    </section>
  );
}
