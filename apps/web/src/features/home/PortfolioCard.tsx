import { useQuery } from '@tanstack/react-query';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { formatInCurrency, formatPercent, riseFallColor } from '../../lib/format';
import { CountedAt, formatSignedInCurrency, overviewQuery } from '../wallet';

/**
 * The signed-in investor's portfolio on the home screen: the wallet tab's total assets (every
 * wallet plus the open positions' floating P&L, in euros at the stated rate) and the day change of
 * what is held now, with its definition written under it.
 */
export function PortfolioCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const overview = useQuery(overviewQuery());
  const data = overview.data;
  const currency = data?.currency ?? 'EUR';
  return (
    <section className="home-portfolio" data-testid="home-portfolio" aria-busy={overview.isPending || undefined}>
      <button type="button" className="home-portfolio-head" data-testid="home-portfolio-open" onClick={() => void navigate(paths.wallet.transactions('overview'))}>
        <span>{t('portfolio.title')}</span>
        <span className="home-portfolio-more">
          {t('portfolio.details')}
          <RightOutline />
        </span>
      </button>
      <div className="home-portfolio-value" data-testid="portfolio-total">
        {overview.isError ? <span className="home-portfolio-error">{t('money.loadFailed')}</span> : data ? formatInCurrency(data.total, currency) : '—'}
      </div>
      {data && (
        <>
          <div className="home-portfolio-change">
            <span>{t('portfolio.dayChange')}</span>
            <strong data-testid="portfolio-change" style={{ color: riseFallColor(data.dayChange) }}>
              {formatSignedInCurrency(data.dayChange, currency)}
              {data.dayChangePercent !== null && ` (${formatPercent(data.dayChangePercent)})`}
            </strong>
          </div>
          <p className="home-portfolio-note" data-testid="portfolio-note">
            {t('portfolio.dayNote')}
          </p>
          <CountedAt className="home-portfolio-note" testId="portfolio-rate" eurUsd={data.eurUsd} timestamp={data.rateTimestamp} />
        </>
      )}
    </section>
  );
}
