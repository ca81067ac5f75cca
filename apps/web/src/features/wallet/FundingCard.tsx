import '../../ui/money.css';
import './wallet.css';
import { useQuery } from '@tanstack/react-query';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { overviewQuery } from './api';
import { CountedAt, formatSignedInCurrency } from './components';
import { formatInCurrency, riseFallColor } from '../../lib/format';

/** The funding overview on the profile: total assets in euros (every wallet, available and held, plus the open positions' floating P&L) and the rate they were counted at. */
export function FundingCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const overview = useQuery(overviewQuery());
  const data = overview.data;
  const currency = data?.currency ?? 'EUR';
  const open = (to: string) => void navigate(to);
  return (
    <section className="card funding-card" data-testid="funding-card">
      <button type="button" className="funding-head" data-testid="funding-open" onClick={() => open(paths.wallet.transactions('overview'))}>
        <span className="funding-label">{t('wallet.totalAssets', { currency })}</span>
        <span className="funding-more">
          {t('wallet.details')}
          <RightOutline />
        </span>
      </button>
      <div className="funding-total" data-testid="funding-total">
        {overview.isError ? <span className="funding-error">{t('money.loadFailed')}</span> : data ? formatInCurrency(data.total, currency) : '—'}
      </div>
      <div className="funding-split three">
        <div>
          <span>{t('wallet.available')}</span>
          <strong data-testid="funding-available">{data ? formatInCurrency(data.available, currency) : '—'}</strong>
        </div>
        <div>
          <span>{t('wallet.usedBalance')}</span>
          <strong data-testid="funding-held">{data ? formatInCurrency(data.held, currency) : '—'}</strong>
        </div>
        <div>
          <span>{t('wallet.floating')}</span>
          <strong data-testid="funding-floating" style={data ? { color: riseFallColor(data.floating) } : undefined}>
            {data ? formatSignedInCurrency(data.floating, currency) : '—'}
          </strong>
        </div>
      </div>
      {data && <CountedAt className="funding-rate" testId="funding-rate" eurUsd={data.eurUsd} timestamp={data.rateTimestamp} />}
      <div className="funding-actions">
        <button type="button" data-testid="funding-deposit" onClick={() => open(paths.deposits.index())}>
          {t('profile.deposit')}
        </button>
        <button type="button" data-testid="funding-withdraw" onClick={() => open(paths.withdrawals.bankCard())}>
          {t('profile.withdraw')}
        </button>
        <button type="button" data-testid="funding-transfer" onClick={() => open(paths.wallet.transfer())}>
          {t('profile.transfer')}
        </button>
      </div>
    </section>
  );
}
