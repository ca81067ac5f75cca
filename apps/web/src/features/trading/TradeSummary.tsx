import type { WalletCode } from '@tradeapp/contract';
import { useQuery, type InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatInCurrency } from '../../lib/format';
import { CountedAt, overviewQuery, portfolioQuery, WALLET_LABEL, type PortfolioLine } from '../wallet';
import { LIVE_REFRESH_MS, type PositionsPage } from './api';
import { Profit } from './components';

// The holding tab's summary (issue 32): the open positions' floating P&L and margin, never euros and
// dollars added together under one sign. In one currency it shows the server's sums of the positions
// in that currency; across currencies the floating P&L counted in euros at the stated rate (the
// server's sum), each wallet's own floating P&L in its currency, and no summed margin.

/** An open position's line of the portfolio: priced by the market, with a floating profit (what the overview counts as floating). */
export const isOpenPositionLine = (line: PortfolioLine) => line.priceSource === 'market' && line.pnlGross !== null && line.wallet !== null;

export function TradeSummary({ data, complete }: { data: InfiniteData<PositionsPage> | undefined; complete: boolean }) {
  const { t } = useTranslation();
  const portfolio = useQuery(portfolioQuery());
  const first = data?.pages[0];
  const rows = data?.pages.flatMap((page) => page.list) ?? [];
  const openLines = portfolio.data?.lines.filter(isOpenPositionLine) ?? [];
  // Every currency the open positions are in: those loaded here, and those the portfolio values.
  const currencies = new Set([...rows.map((p) => p.walletCurrency), ...openLines.map((l) => l.currency)]);
  const wallets = new Set<WalletCode>([...rows.map((p) => p.walletCode), ...openLines.flatMap((l) => (l.wallet ? [l.wallet] : []))]);
  // With more positions than loaded, only the portfolio knows every currency.
  const known = first !== undefined && (complete || portfolio.data !== undefined);
  const mixed = known && currencies.size > 1;
  const overview = useQuery({ ...overviewQuery(), enabled: mixed, refetchInterval: LIVE_REFRESH_MS });
  const currency = [...currencies][0] ?? 'EUR';

  if (!known || !mixed)
    return (
      <section
        className="card balance-card trade-summary"
        data-testid="trade-summary"
        data-currency={known ? currency : undefined}
        aria-busy={!known || undefined}
      >
        <div className="balance-label">{t('trading.summary.profitIn', { currency })}</div>
        <div className="balance-big">{known ? <Profit value={first.totalProfit} currency={currency} testId="trade-total-profit" big /> : '—'}</div>
        <div className="balance-split">
          <div>
            <span>{t('trading.summaryTitle')}</span>
            <strong data-testid="trade-open-count">{first ? t('trading.positionsCount', { count: first.total }) : '—'}</strong>
          </div>
          <div>
            <span>{t('trading.summary.marginIn', { currency })}</span>
            <strong data-testid="trade-total-margin">{known ? formatInCurrency(first.totalMargin, currency) : '—'}</strong>
          </div>
        </div>
        <div className="balance-note">{t('trading.liveNote')}</div>
      </section>
    );

  const counted = overview.data;
  return (
    <section className="card balance-card trade-summary" data-testid="trade-summary" data-currency="mixed" aria-busy={!counted || undefined}>
      <div className="balance-label">{t('trading.summary.converted', { currency: counted?.currency ?? 'EUR' })}</div>
      <div className="balance-big">{counted ? <Profit value={counted.floating} currency={counted.currency} testId="trade-total-profit" big /> : '—'}</div>
      <div className="balance-split">
        <div>
          <span>{t('trading.summaryTitle')}</span>
          <strong data-testid="trade-open-count">{t('trading.positionsCount', { count: first.total })}</strong>
        </div>
      </div>
      <div className="trade-summary-wallets" data-testid="trade-wallets">
        <span>{t('trading.summary.perWallet')}</span>
        {counted?.wallets
          .filter((w) => wallets.has(w.code))
          .map((w) => (
            <div key={w.code} className="trade-summary-wallet" data-testid={`trade-wallet-${w.code}`} data-currency={w.currency}>
              <span>
                {t(WALLET_LABEL[w.code])} · {w.currency}
              </span>
              <Profit value={w.floating} currency={w.currency} testId={`trade-wallet-profit-${w.code}`} />
            </div>
          ))}
      </div>
      {counted && <CountedAt className="balance-note" testId="trade-rate" eurUsd={counted.eurUsd} timestamp={counted.rateTimestamp} />}
      <div className="balance-note" data-testid="trade-margin-note">
        {t('trading.summary.marginNote')}
      </div>
      <div className="balance-note">{t('trading.liveNote')}</div>
    </section>
  );
}
