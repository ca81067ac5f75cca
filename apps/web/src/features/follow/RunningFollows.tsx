import '../../ui/money.css';
import './follow.css';
import { WalletCode, walletCurrency } from '@tradeapp/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { formatInCurrency } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { RowsSkeleton } from '../../ui/records';
import { runningFollowsQuery } from './api';
import { FollowStatusBadge, useAgencyName } from './components';

const CURRENCY = walletCurrency(WalletCode.Follow);

/** The follow wallet's tab: under its balance, the running follows with their equity, each opening its page. */
export default function RunningFollows() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nameOf = useAgencyName();
  const query = useQuery(runningFollowsQuery());
  const rows = query.data ?? [];

  let body;
  if (query.isPending) body = <RowsSkeleton count={2} lines={1} />;
  else if (query.isError) body = <EmptyState compact kind="records" title={t('follow.tab.loadFailed')} onRetry={() => void query.refetch()} />;
  else if (rows.length === 0) body = <p className="follow-empty">{t('follow.wallet.none')}</p>;
  else
    body = (
      <ul className="follow-rows">
        {rows.map((f) => (
          <li key={f.id}>
            <button type="button" className="wallet-line" data-testid="wallet-follow" data-id={f.id} onClick={() => void navigate(paths.follow.detail(f.id))}>
              <span className="wallet-line-name">
                {nameOf(f.strategy)} <FollowStatusBadge status={f.status} />
              </span>
              <span className="wallet-line-figures">
                <strong>{formatInCurrency(f.equity, CURRENCY)}</strong>
                <small>{t('follow.equity')}</small>
              </span>
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <section className="card" aria-labelledby="wallet-follows-title" data-testid="wallet-follows">
      <h2 className="card-title" id="wallet-follows-title">
        {t('follow.wallet.runningTitle')}
      </h2>
      {body}
      <div className="follow-links inside">
        <button type="button" className="link" data-testid="wallet-follows-all" onClick={() => void navigate(paths.trading.index('follow'))}>
          {t('follow.wallet.all')}
        </button>
        <button type="button" className="link" data-testid="wallet-follows-agencies" onClick={() => void navigate(paths.follow.agencies())}>
          {t('follow.wallet.browse')}
        </button>
      </div>
    </section>
  );
}
