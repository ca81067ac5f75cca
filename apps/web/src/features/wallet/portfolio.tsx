import { PORTFOLIO_PRODUCTS, type PortfolioProduct } from '@tradeapp/contract';
import { useTranslation } from 'react-i18next';
import { formatInCurrency, formatPercent, riseFallColor, signOf } from '../../lib/format';
import type { Portfolio } from './api';
import { formatSignedInCurrency } from './components';

// The portfolio's pieces (issue 32) shared by the home card, the overview tab, the profile's card
// and the trade tab. Every figure is a decimal string of the one answer, shown as sent: the screen
// adds nothing up (the server's totals and per-product sums are the only sums).

type Row = Portfolio['byProduct'][number];

const ORDER = new Map<PortfolioProduct, number>(PORTFOLIO_PRODUCTS.map((p, i) => [p, i]));
const byOrder = (a: Row, b: Row) => (ORDER.get(a.product) ?? 0) - (ORDER.get(b.product) ?? 0);

/** The answer's per-product sums in the contract's order: what is held, then what is owed. */
export function breakdownOf(portfolio: Pick<Portfolio, 'byProduct'>): { assets: Row[]; liabilities: Row[] } {
  return {
    assets: portfolio.byProduct.filter((r) => r.side === 'asset').sort(byOrder),
    liabilities: portfolio.byProduct.filter((r) => r.side === 'liability').sort(byOrder),
  };
}

/** Whether the investor owes anything: then total assets and liabilities are shown beside net assets. */
export const owesAnything = (portfolio: Pick<Portfolio, 'liabilities'>) => signOf(portfolio.liabilities) > 0;

/** Today's change of net assets with its percentage, signed and coloured: "+€12.40 (+0.83%)". */
export function DayChange({ portfolio, testId }: { portfolio: Pick<Portfolio, 'dayChange' | 'dayChangePercent' | 'currency'>; testId: string }) {
  return (
    <strong data-testid={testId} data-value={portfolio.dayChange} style={{ color: riseFallColor(portfolio.dayChange) }}>
      {formatSignedInCurrency(portfolio.dayChange, portfolio.currency)}
      {portfolio.dayChangePercent !== null && ` (${formatPercent(portfolio.dayChangePercent)})`}
    </strong>
  );
}

/** The one line a screen of portfolio figures carries: every price is the simulated market's. */
export function SimulatedLine({
  portfolio,
  className,
  testId = 'portfolio-simulated',
}: {
  portfolio: Pick<Portfolio, 'simulated'>;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (!portfolio.simulated) return null;
  return (
    <p className={className} data-testid={testId}>
      {t('portfolio.simulated')}
    </p>
  );
}

function BreakdownRow({ row, currency, stale }: { row: Row; currency: string; stale: boolean }) {
  const { t } = useTranslation();
  return (
    <li className="breakdown-row" data-testid={`breakdown-${row.product}`} data-side={row.side} data-value={row.value}>
      <span className="breakdown-name">
        {t(`portfolio.products.${row.product}`)}
        {stale && (
          <span className="record-tag" data-testid={`breakdown-stale-${row.product}`}>
            {t('portfolio.stale')}
          </span>
        )}
      </span>
      <strong className="breakdown-value">{formatInCurrency(row.value, currency)}</strong>
    </li>
  );
}

/**
 * The portfolio by product, each product's value as the server summed it in the reporting currency:
 * what is held, then what is owed; a product that could not be valued now says so. One line under it
 * says the prices are simulated.
 */
export function ProductBreakdown({ portfolio }: { portfolio: Portfolio }) {
  const { t } = useTranslation();
  const { assets, liabilities } = breakdownOf(portfolio);
  const stale = new Set(portfolio.stale);
  return (
    <section className="card portfolio-breakdown" data-testid="portfolio-breakdown" aria-label={t('portfolio.byProduct')}>
      <ul className="breakdown-list">
        {assets.map((row) => (
          <BreakdownRow key={row.product} row={row} currency={portfolio.currency} stale={stale.has(row.product)} />
        ))}
      </ul>
      {liabilities.length > 0 && (
        <>
          <div className="breakdown-head">{t('portfolio.owed')}</div>
          <ul className="breakdown-list">
            {liabilities.map((row) => (
              <BreakdownRow key={row.product} row={row} currency={portfolio.currency} stale={stale.has(row.product)} />
            ))}
          </ul>
        </>
      )}
      {stale.size > 0 && (
        <p className="breakdown-note" data-testid="portfolio-stale-note">
          {t('portfolio.staleNote')}
        </p>
      )}
      <SimulatedLine portfolio={portfolio} className="breakdown-note" />
    </section>
  );
}
