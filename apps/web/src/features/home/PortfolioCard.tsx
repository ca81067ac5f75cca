import { useQuery } from '@tanstack/react-query';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { formatInCurrency } from '../../lib/format';
import { CountedAt, DayChange, owesAnything, portfolioQuery, SimulatedLine } from '../wallet';

/**
 * The signed-in investor's portfolio on the home screen, from the portfolio answer (issue 32): net
 * assets (everything held in every wallet and product, less what is owed), total assets and
 * liabilities under it when anything is owed, today's change of net assets with its definition, the
 * rate the other currency was counted at, and the one line saying prices are simulated.
 */
export function PortfolioCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const portfolio = useQuery(portfolioQuery());
  const data = portfolio.data;
  const currency = data?.currency ?? 'EUR';
  return (
    <section className="home-portfolio" data-testid="home-portfolio" aria-busy={portfolio.isPending || undefined}>
      <button
        type="button"
        className="home-portfolio-head"
        data-testid="home-portfolio-open"
        onClick={() => void navigate(paths.wallet.transactions('overview'))}
      >
        <span>{t('portfolio.netAssets', { currency })}</span>
        <span className="home-portfolio-more">
          {t('portfolio.details')}
          <RightOutline />
        </span>
      </button>
      <div className="home-portfolio-value" data-testid="portfolio-net" data-value={data?.netAssets}>
        {portfolio.isError ? <span className="home-portfolio-error">{t('money.loadFailed')}</span> : data ? formatInCurrency(data.netAssets, currency) : '—'}
      </div>
      {data && (
        <>
          {owesAnything(data) && (
            <div className="home-portfolio-split">
              <span>
                {t('portfolio.totalAssets')} <strong data-testid="portfolio-total">{formatInCurrency(data.total, currency)}</strong>
              </span>
              <span>
                {t('portfolio.liabilities')} <strong data-testid="portfolio-liabilities">{formatInCurrency(data.liabilities, currency)}</strong>
              </span>
            </div>
          )}
          <div className="home-portfolio-change">
            <span>{t('portfolio.dayChange')}</span>
            <DayChange portfolio={data} testId="portfolio-change" />
          </div>
          <p className="home-portfolio-note" data-testid="portfolio-note">
            {t('portfolio.dayNote')}
          </p>
          <CountedAt className="home-portfolio-note" testId="portfolio-rate" eurUsd={data.eurUsd} timestamp={data.rateTimestamp} />
          <SimulatedLine portfolio={data} className="home-portfolio-note" />
        </>
      )}
    </section>
  );
}
