import '../../ui/money.css';
import './funds.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { ROUTES } from '../../app/paths';
import { signOf } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { RowsSkeleton } from '../../ui/records';
import { statQuery } from './api';
import { money } from './components';

const KINDS = ['fund', 'current', 'regular'] as const;

/**
 * The financial wallet's tab: beside its robots and pools, what the caller has in funds, Current and
 * Regular deposit terms (at the latest NAVs and principals) with their total and the money on its
 * way; the ways to the holdings and to the products.
 */
export default function FinancialFunds() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery(statQuery());
  const s = query.data;

  let body;
  if (query.isPending) body = <RowsSkeleton count={2} lines={1} />;
  else if (query.isError || !s) body = <EmptyState compact kind="records" title={t('funds.stat.loadFailed')} onRetry={() => void query.refetch()} />;
  else if (signOf(s.total) === 0 && signOf(s.pending) === 0 && signOf(s.redeeming) === 0) body = <p className="fund-empty">{t('funds.wallet.none')}</p>;
  else
    body = (
      <>
        <ul className="fund-rows">
          {KINDS.filter((k) => signOf(s[k]) !== 0).map((k) => (
            <li key={k}>
              <button type="button" className="wallet-line" data-testid="wallet-fund" data-kind={k} onClick={() => void navigate(ROUTES.mutualHold)}>
                <span className="wallet-line-name">{t(`funds.tabs.${k}`)}</span>
                <span className="wallet-line-figures">
                  <strong>{money(s[k])}</strong>
                </span>
              </button>
            </li>
          ))}
        </ul>
        {(signOf(s.pending) > 0 || signOf(s.redeeming) > 0) && (
          <p className="fund-empty" data-testid="wallet-funds-moving">
            {signOf(s.pending) > 0 && t('funds.stat.pending', { amount: money(s.pending) })}
            {signOf(s.pending) > 0 && signOf(s.redeeming) > 0 && ' · '}
            {signOf(s.redeeming) > 0 && t('funds.stat.redeeming', { amount: money(s.redeeming) })}
          </p>
        )}
        <div className="fund-total inside" data-testid="wallet-funds-total">
          <span>{t('funds.wallet.total')}</span>
          <strong>{money(s.total)}</strong>
        </div>
      </>
    );

  return (
    <section className="card" aria-labelledby="wallet-funds-title" data-testid="wallet-funds">
      <h2 className="card-title" id="wallet-funds-title">
        {t('funds.wallet.title')}
      </h2>
      {body}
      <div className="fund-links inside">
        <button type="button" className="link" data-testid="wallet-funds-all" onClick={() => void navigate(ROUTES.mutualHold)}>
          {t('funds.wallet.all')}
        </button>
        <button type="button" className="link" data-testid="wallet-funds-browse" onClick={() => void navigate(ROUTES.mutualIndex)}>
          {t('funds.wallet.browse')}
        </button>
      </div>
    </section>
  );
}
