import { useQuery } from '@tanstack/react-query';
import { PORTFOLIO_PRODUCTS, type PortfolioProduct, type PriceSource, type ResponseOf, type Routes } from '@tradeapp/contract';
import { WALLET_NAMES as WALLET_NAME_SETS } from '@tradeapp/contract/labels';
import { Badge } from '../../ui/Badges';
import { formatAmount, formatDateTime, show } from '../../ui/format';
import { QueryState } from '../../ui/States';
import { numberColumns, TableHead } from '../../ui/TableHead';
import { portfolioQueryOptions } from './api';

// An investor's portfolio on the user page (issue 32), the answer the investor's app reads: a row for
// every line held or owed, with its price, where the price came from and when, its value in its own
// currency and in the reporting currency, and its P&L; then the server's totals. Nothing is added up
// here: every figure is a decimal string of the answer.

export type Portfolio = ResponseOf<Routes['operatorPortfolio']>;
type Line = Portfolio['lines'][number];

export const PRODUCT_NAMES: Record<PortfolioProduct, string> = {
  cash: 'Cash',
  position: 'Position',
  entrustedOrder: 'Entrusted order',
  deal: 'IPO subscriptions',
  ipoShares: 'IPO shares',
  fund: 'Fund',
  depositTerm: 'Deposit term',
  bond: 'Bond',
  pool: 'Pool',
  robot: 'Robot',
  follow: 'Follow',
  transfer: 'Transfer in flight',
  withdrawal: 'Withdrawal in flight',
  loan: 'Loan',
  held: 'Held',
};

export const SOURCE_NAMES: Record<PriceSource, string> = {
  ledger: 'Ledger',
  market: 'Market quote',
  nav: 'NAV',
  curve: 'Yield curve',
  cost: 'At cost',
  accrual: 'Accrued',
};

/** The wallets' names as the investors' app shows them (in English). */
const WALLET_NAMES = WALLET_NAME_SETS.en;

const ORDER = new Map<PortfolioProduct, number>(PORTFOLIO_PRODUCTS.map((p, i) => [p, i]));

/** The lines as the table lists them: held before owed, then by product in the contract's order (the answer's own order within one). */
export function orderedLines(lines: readonly Line[]): Line[] {
  return lines
    .map((line, index) => ({ line, index }))
    .sort(
      (a, b) =>
        (a.line.side === b.line.side ? 0 : a.line.side === 'asset' ? -1 : 1) ||
        (ORDER.get(a.line.product) ?? 0) - (ORDER.get(b.line.product) ?? 0) ||
        a.index - b.index,
    )
    .map(({ line }) => line);
}

/** "1,234.50 EUR", or an em dash. */
const money = (value: string | null, currency: string | null) => (value === null ? '—' : `${formatAmount(value)} ${currency ?? ''}`.trim());

function PriceCell({ line }: { line: Line }) {
  return (
    <>
      <div className="mono nowrap">{line.price === null ? '—' : `${line.price} ${line.priceCurrency ?? ''}`.trim()}</div>
      <div className="muted small nowrap">
        {SOURCE_NAMES[line.priceSource]}
        {line.priceTimestamp !== null && ` · ${formatDateTime(line.priceTimestamp)}`}
      </div>
    </>
  );
}

/** The instrument and its name; for money in a wallet, the wallet's name and code. */
function InstrumentCell({ line }: { line: Line }) {
  const title = line.instrument ?? (line.wallet ? WALLET_NAMES[line.wallet] : line.name);
  const sub = line.instrument === null && line.wallet ? line.wallet : line.name;
  return (
    <>
      <div>{title}</div>
      {sub !== title && <div className={line.instrument === null && line.wallet ? 'muted small mono' : 'muted small'}>{sub}</div>}
    </>
  );
}

function PnlCell({ line }: { line: Line }) {
  if (line.pnl === null) return <>—</>;
  return (
    <>
      <div className="mono nowrap" data-testid="bo-portfolio-pnl">
        {money(line.pnl, line.currency)}
      </div>
      {(line.pnlGross !== null || line.fees !== null) && (
        <div className="muted small nowrap">
          {line.pnlGross !== null && `gross ${formatAmount(line.pnlGross)}`}
          {line.pnlGross !== null && line.fees !== null && ' · '}
          {line.fees !== null && `fees ${formatAmount(line.fees)}`}
        </div>
      )}
    </>
  );
}

function Total({ label, value, currency, testId }: { label: string; value: string; currency: string; testId: string }) {
  return (
    <div className="field-row">
      <dt>{label}</dt>
      <dd className="mono" data-testid={testId} data-value={value}>
        {money(value, currency)}
      </dd>
    </div>
  );
}

export function PortfolioView({ portfolio }: { portfolio: Portfolio }) {
  const stale = new Set(portfolio.stale);
  const lines = orderedLines(portfolio.lines);
  const reporting = portfolio.currency;
  return (
    <>
      <div className="card-padded">
        <dl className="fields" data-testid="bo-portfolio-totals">
          <Total label="Total assets" value={portfolio.total} currency={reporting} testId="bo-portfolio-total" />
          <Total label="Liabilities" value={portfolio.liabilities} currency={reporting} testId="bo-portfolio-liabilities" />
          <Total label="Net assets" value={portfolio.netAssets} currency={reporting} testId="bo-portfolio-net" />
          <div className="field-row">
            <dt>Today</dt>
            <dd className="mono" data-testid="bo-portfolio-day">
              {money(portfolio.dayChange, reporting)}
              {portfolio.dayChangePercent !== null && ` (${portfolio.dayChangePercent} %)`}
            </dd>
          </div>
        </dl>
        <p className="muted small" data-testid="bo-portfolio-rate">
          Valued {formatDateTime(portfolio.asOf)} in {reporting}; 1 EUR = {portfolio.eurUsd} USD, quoted {formatDateTime(portfolio.rateTimestamp)}.
          {portfolio.simulated && ' Every price comes from the simulated market.'}
        </p>
        {stale.size > 0 && (
          <div className="alert alert-error" role="status" data-testid="bo-portfolio-stale">
            Could not be valued now, shown at their last known figure: {[...stale].map((p) => PRODUCT_NAMES[p]).join(', ')}.
          </div>
        )}
      </div>
      {/* A region that scrolls sideways on a narrow screen: reachable and named for the keyboard. */}
      <div className="portfolio-table-scroll" tabIndex={0} role="region" aria-label="Portfolio lines">
        <table className="table" data-testid="bo-portfolio-lines">
          <TableHead
            columns={[
              { label: 'Product' },
              { label: 'Instrument' },
              ...numberColumns('Quantity'),
              { label: 'Price · source · time' },
              ...numberColumns('Value', `Value (${reporting})`, 'P&L'),
            ]}
          />
          <tbody>
            {lines.length === 0 ? (
              <tr>
                <td colSpan={7} className="muted">
                  Nothing held or owed.
                </td>
              </tr>
            ) : (
              lines.map((line) => (
                <tr key={line.key} data-testid="bo-portfolio-line" data-product={line.product} data-side={line.side}>
                  <td className="nowrap">
                    {PRODUCT_NAMES[line.product]}
                    {line.side === 'liability' && (
                      <>
                        {' '}
                        <Badge tone="warning">Owed</Badge>
                      </>
                    )}
                    {line.stale && (
                      <>
                        {' '}
                        <Badge tone="danger">Stale</Badge>
                      </>
                    )}
                  </td>
                  <td>
                    <InstrumentCell line={line} />
                  </td>
                  <td className="num mono nowrap">{show(line.quantity)}</td>
                  <td>
                    <PriceCell line={line} />
                  </td>
                  <td className="num mono nowrap">{money(line.value, line.currency)}</td>
                  <td className="num mono nowrap" data-testid="bo-portfolio-reporting">
                    {money(line.reportingValue, reporting)}
                  </td>
                  <td className="num">
                    <PnlCell line={line} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The user page's portfolio section: the investor's lines and totals, asked for when the page opens. */
export function PortfolioCard({ userId }: { userId: number }) {
  const portfolio = useQuery(portfolioQueryOptions(userId));
  return (
    <div className="card" data-testid="bo-user-portfolio">
      <h2 className="card-title card-title-padded">Portfolio</h2>
      {portfolio.data ? (
        <PortfolioView portfolio={portfolio.data} />
      ) : (
        <div className="card-padded">
          <QueryState query={portfolio} loadingLabel="Valuing the portfolio…" />
        </div>
      )}
    </div>
  );
}
