import type { QuoteRow as QuoteRowDto } from '@tradeapp/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { useLiveQuote } from '../../api/liveQuote';
import { formatChange, formatPercent, formatPrice, riseFallColor } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { QuoteRow, QuoteRowSkeleton } from '../../ui/QuoteRow';
import { Sparkline } from '../../ui/Sparkline';
import { homeStripQuery, marketStatusQuery, PhaseTag, quoteHref, rowData, SEGMENT_IDS, SimulatedNotice, topListQuery } from '../market';
import type { TopType } from '../market';

function LoadFailed({ onRetry, testId }: { onRetry: () => void; testId: string }) {
  const { t } = useTranslation();
  return <EmptyState compact kind="market" title={t('market.loadFailed')} body={t('market.loadFailedBody')} onRetry={onRetry} retryTestId={testId} />;
}

function IndexCard({ quote }: { quote: QuoteRowDto }) {
  const navigate = useNavigate();
  const color = riseFallColor(quote.change);
  return (
    <button type="button" className="index-card" data-testid="home-index" data-symbol={quote.symbol} onClick={() => void navigate(quoteHref(quote))}>
      <span className="index-card-name">{quote.name}</span>
      <span className="index-card-price" style={{ color }}>
        {formatPrice(quote.price_nominal, quote.tickSize)}
      </span>
      <span className="index-card-change" style={{ color }}>
        {formatChange(quote.change, quote.tickSize)} {formatPercent(quote.change_ratio)}
      </span>
      <Sparkline values={quote.spark} color={color} width={112} height={30} />
    </button>
  );
}

/** Global indices and the leading crypto, scrolled sideways. */
export function IndexStrip() {
  const { t } = useTranslation();
  const strip = useQuery(homeStripQuery());
  const list = strip.data?.list ?? [];
  useLiveQuote(list.map((q) => q.symbol));
  if (strip.isPending)
    return (
      <div className="index-strip" aria-busy="true" data-testid="home-index-strip-loading">
        {[0, 1, 2].map((i) => (
          <div key={i} className="index-card skeleton-card" />
        ))}
      </div>
    );
  if (strip.isError && list.length === 0)
    return (
      <section className="card">
        <LoadFailed onRetry={() => void strip.refetch()} testId="home-index-retry" />
      </section>
    );
  if (list.length === 0)
    return (
      <section className="card">
        <EmptyState compact kind="market" title={t('market.empty')} body={t('market.emptyBody')} />
      </section>
    );
  return (
    <div className="index-strip" data-testid="home-index-strip">
      {list.map((quote) => (
        <IndexCard key={quote.symbol} quote={quote} />
      ))}
    </div>
  );
}

/** Session phase of every market, with the simulated-market notice. */
export function MarketStatusChips() {
  const { t } = useTranslation();
  const status = useQuery(marketStatusQuery());
  const markets = [...(status.data ?? [])].sort((a, b) => SEGMENT_IDS.indexOf(a.market) - SEGMENT_IDS.indexOf(b.market));
  return (
    <section className="card market-status" data-testid="home-market-status">
      <div className="market-status-head">
        <span className="card-title-inline">{t('home.marketHours')}</span>
      </div>
      <div className="status-chips">
        {status.isPending
          ? [0, 1, 2, 3].map((i) => <span key={i} className="status-chip skeleton-chip" />)
          : markets.map((market) => (
              <span key={market.market} className="status-chip" data-testid={`home-market-${market.market}`}>
                <span className="status-chip-name">{t(`market.segments.${market.market}`)}</span>
                <PhaseTag phase={market.phase} />
              </span>
            ))}
        {status.isError && !status.data && <span className="status-error">{t('market.loadFailed')}</span>}
      </div>
      <SimulatedNotice compact />
    </section>
  );
}

const TOP_TYPES: TopType[] = ['gainers', 'losers', 'active'];

/** Gainers, losers and most active, one segment at a time. */
export function HotLists() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [type, setType] = useState<TopType>('gainers');
  const top = useQuery(topListQuery(type));
  const list = top.data?.list ?? [];
  useLiveQuote(list.map((q) => q.symbol));
  const open = useCallback((href: string) => void navigate(href), [navigate]);
  return (
    <section className="card hot-lists">
      <div className="pill-tabs" role="tablist">
        {TOP_TYPES.map((item) => (
          <button
            key={item}
            type="button"
            role="tab"
            aria-selected={type === item}
            className={type === item ? 'pill active' : 'pill'}
            data-testid={`home-hot-${item}`}
            onClick={() => setType(item)}
          >
            {t(`home.${item}`)}
          </button>
        ))}
      </div>
      {top.isPending ? (
        <QuoteRowSkeleton count={5} />
      ) : top.isError && list.length === 0 ? (
        <LoadFailed onRetry={() => void top.refetch()} testId="home-top-retry" />
      ) : list.length === 0 ? (
        <EmptyState compact kind="market" title={t('market.empty')} body={t('market.emptyBody')} />
      ) : (
        <div className="quote-list" data-testid={`home-top-${type}`}>
          {list.map((quote) => (
            <QuoteRow
              key={quote.symbol}
              row={rowData(quote)}
              testId="home-top-row"
              showVolume={type === 'active'}
              volumeLabel={t('market.vol')}
              showCurrency
              onOpen={open}
            />
          ))}
        </div>
      )}
    </section>
  );
}
