import '../../ui/quotes.css';
import './market.css';
import { STOCK_MARKETS } from '@tradeapp/contract';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/router';
import { useLiveQuote } from '../../api/liveQuote';
import { formatChange, formatCompact, formatPercent, formatPrice, riseFallColor } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { QuoteRowSkeleton } from '../../ui/QuoteRow';
import { Refreshable } from '../../ui/Refreshable';
import { stockTableQuery } from './api';
import { SimulatedNotice } from './components/SimulatedNotice';
import { quoteHref } from './segments';

const PAGE_SIZE = 20;
type StockMarket = (typeof STOCK_MARKETS)[number];
const isStockMarket = (value: string | null): value is StockMarket => value !== null && (STOCK_MARKETS as readonly string[]).includes(value);

/**
 * /pages/product/ucstock: the specification's scrolling table of stocks, one market at a time (the
 * classify segment), a page at a time. The name column stays put while the figures scroll sideways;
 * prices are live; pulling refreshes the page.
 */
export default function UcStockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const marketParam = params.get('market');
  const market: StockMarket = isStockMarket(marketParam) ? marketParam : 'US';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const table = useQuery(stockTableQuery(market, page, PAGE_SIZE));
  const rows = table.data?.list ?? [];
  useLiveQuote(rows.map((row) => row.symbol));
  const pages = table.data ? Math.max(1, Math.ceil(table.data.total / PAGE_SIZE)) : 1;
  const go = (next: { market?: StockMarket; page?: number }) => {
    setParams(new URLSearchParams({ market: next.market ?? market, page: String(next.page ?? 1) }), { replace: true });
    // Another market or page: its table from the top.
    window.scrollTo(0, 0);
  };

  let body;
  if (table.isPending) body = <QuoteRowSkeleton />;
  else if (table.isError && rows.length === 0)
    body = (
      <EmptyState kind="market" title={t('market.loadFailed')} body={t('market.loadFailedBody')}>
        <Button size="small" shape="rounded" color="primary" fill="outline" onClick={() => void table.refetch()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  else if (rows.length === 0) body = <EmptyState kind="market" title={t('market.empty')} body={t('market.emptyBody')} />;
  else
    body = (
      <>
        {/* It scrolls sideways: focusable and named, so a keyboard can scroll it too. */}
        <div className="uc-table-wrap" data-testid="ucstock-table-wrap" tabIndex={0} role="region" aria-label={t('titles.productUcStock')}>
          <table className="uc-table" data-testid="ucstock-table" data-market={market} data-page={page}>
            <thead>
              <tr>
                <th scope="col">{t('market.colName')}</th>
                <th scope="col">{t('market.colPrice')}</th>
                <th scope="col">{t('market.colChange')}</th>
                <th scope="col">{t('products.colChangeAmount')}</th>
                <th scope="col">{t('products.colHigh')}</th>
                <th scope="col">{t('products.colLow')}</th>
                <th scope="col">{t('market.colVolume')}</th>
                <th scope="col">{t('products.colMarketCap')}</th>
                <th scope="col">{t('products.colExchange')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((q) => {
                const color = riseFallColor(q.change);
                return (
                  <tr key={q.symbol} data-testid="ucstock-row" data-symbol={q.symbol} onClick={() => void navigate(quoteHref(q))}>
                    <td>
                      <span className="uc-name">{q.name}</span>
                      <span className="uc-code">{q.stock_code}</span>
                    </td>
                    <td style={{ color }} data-testid="ucstock-price">
                      {formatPrice(q.price_nominal, q.tickSize)}
                    </td>
                    <td style={{ color }}>{formatPercent(q.change_ratio)}</td>
                    <td style={{ color }}>{formatChange(q.change, q.tickSize)}</td>
                    <td>{formatPrice(q.high, q.tickSize)}</td>
                    <td>{formatPrice(q.low, q.tickSize)}</td>
                    <td>{formatCompact(q.volume)}</td>
                    <td>{formatCompact(q.marketCap)}</td>
                    <td>{q.marketType}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <div className="uc-pager">
          <Button size="small" shape="rounded" disabled={page <= 1} data-testid="ucstock-prev" onClick={() => go({ page: page - 1 })}>
            {t('products.previous')}
          </Button>
          <span data-testid="ucstock-page">{t('products.page', { page, pages })}</span>
          <Button size="small" shape="rounded" disabled={page >= pages} data-testid="ucstock-next" onClick={() => go({ page: page + 1 })}>
            {t('products.next')}
          </Button>
        </div>
      </>
    );

  return (
    <Page title={t('titles.productUcStock')} tone="dark" className="market-page product-page">
      <div className="segment-bar">
        <div className="segment-tabs" role="tablist" aria-label={t('products.classify')}>
          {STOCK_MARKETS.map((id) => (
            <button
              key={id}
              type="button"
              role="tab"
              aria-selected={id === market}
              className={id === market ? 'segment-tab active' : 'segment-tab'}
              data-testid={`ucstock-segment-${id}`}
              onClick={() => go({ market: id })}
            >
              {t(`market.segments.${id}`)}
            </button>
          ))}
        </div>
      </div>
      <Refreshable onRefresh={() => table.refetch()}>
        {body}
        <SimulatedNotice />
      </Refreshable>
    </Page>
  );
}
