import '../../ui/money.css';
import './wallet.css';
import { useQuery } from '@tanstack/react-query';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { overviewQuery, portfolioQuery } from './api';
import { CountedAt, formatSignedInCurrency } from './components';
import { formatInCurrency, riseFallColor } from '../../lib/format';
import { owesAnything } from './portfolio';

/**
 * The funding overview on the profile: net assets from the portfolio (with total assets and
 * liabilities when the investor owes anything), the wallets' available and held money and the open
 * positions' floating P&L in euros, and the rate they were counted at.
 */
export function FundingCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const portfolio = useQuery(portfolioQuery());
  const overview = useQuery(overviewQuery());
  const net = portfolio.data;
  const data = overview.data;
  const currency = net?.currency ?? data?.currency ?? 'EUR';
  const open = (to: string) => void navigate(to);
  return (
    <section className="card funding-card" data-testid="funding-card">
      <button type="button" className="funding-head" data-testid="funding-open" onClick={() => open(paths.wallet.transactions('overview'))}>
        <span className="funding-label">{t('portfolio.netAssets', { currency })}</span>
        <span className="funding-more">
          {t('wallet.details')}
          <RightOutline />
        </span>
      </button>
      <div className="funding-total" data-testid="funding-net">
        {portfolio.isError ? <span className="funding-error">{t('money.loadFailed')}</span> : net ? formatInCurrency(net.netAssets, currency) : '—'}
      </div>
      {net && owesAnything(net) && (
        <div className="funding-owed">
          <span>
            {t('portfolio.totalAssets')} <strong data-testid="funding-total">{formatInCurrency(net.total, currency)}</strong>
          </span>
          <span>
            {t('portfolio.liabilities')} <strong data-testid="funding-liabilities">{formatInCurrency(net.liabilities, currency)}</strong>
          </span>
        </div>
      )}
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
      {net && <CountedAt className="funding-rate" testId="funding-rate" eurUsd={net.eurUsd} timestamp={net.rateTimestamp} />}
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
