import '../../ui/quotes.css';
import './market.css';
import { OrderDirection, orderCallFor, type KlineRange, type Quote } from '@tradeapp/contract';
import { Button } from 'antd-mobile';
import { BellOutline, StarFill, StarOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from '../../lib/router';
import { withPageStrings, usePageStrings } from '../../app/pageStrings';
import { paths } from '../../app/paths';
import {
  decimalsOf,
  EMPTY_VALUE,
  formatAmount,
  formatChange,
  formatCompact,
  formatDateText,
  formatDateTime,
  formatExchangeDateTime,
  formatPercent,
  formatPrice,
  formatTimeZoneName,
  priceDecimals,
  riseFallColor,
} from '../../lib/format';
import { isSignedIn } from '../../lib/session';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { klineQuery, largeOrdersQuery, quoteIdentOf, quoteQuery, summaryQuery, useWatchToggle, type SummaryData } from './api';
import { IndicatorLegend, IndicatorPicker, useIndicators } from './components/Indicators';
import { KlineChart } from './components/KlineChart';
import { PhaseTag } from './components/PhaseTag';
import { RangeTabs } from './components/RangeTabs';
import { QuoteTime } from './components/QuoteTime';
import { SimulatedNotice, SimulatedTag } from './components/SimulatedNotice';
import { TradingNote } from './components/TradingNote';
import { useLiveQuote } from '../../api/liveQuote';
import { BondQuotePrices, bondLinks } from '../bonds';
import { isCrypto } from './segments';
import { HISTORY_OF, warmUp } from './warmUp';

// The route is light (app/routes.ts): the quote, its chart and its trading note paint with the first
// screen's strings. Below them, or shown on a tap, with the feature screens' strings, once the quote
// has painted (app/pageStrings.ts): the book, which follows the push socket (useDepth.ts), and the
// sheets with the order form and the alerts' code (their features' indexes too: each brings more
// than its sheet, the alerts their push events).
const MarketDepth = lazy(withPageStrings(() => import('./components/DepthBook').then((m) => ({ default: m.MarketDepth }))));
const OrderSheet = lazy(withPageStrings(() => import('../trading').then((m) => m.loadOrderSheet())));
const AlertSheet = lazy(withPageStrings(() => import('../alerts').then((m) => m.loadAlertSheet())));

type Field = { key: string; label: string; value: ReactNode; wide?: boolean };

function ExtendedLine({
  label,
  price,
  change,
  percent,
  tickSize,
  testId,
}: {
  label: string;
  price: string | null;
  change: string | null;
  percent: string | null;
  tickSize: string;
  testId: string;
}) {
  const color = riseFallColor(change);
  return (
    <div className="quote-extended" data-testid={testId}>
      <span className="quote-extended-label">{label}</span>
      <span className="quote-extended-price">{formatPrice(price, tickSize)}</span>
      <span style={{ color }}>
        {formatChange(change, tickSize)} ({formatPercent(percent)})
      </span>
    </div>
  );
}

function useFields(quote: Quote, summary: SummaryData | undefined): Field[] {
  const { t } = useTranslation();
  const price = (v: string | null | undefined) => formatPrice(v, quote.tickSize);
  const withSize = (v: string, size: string) => (
    <>
      {price(v)} <span className="field-sub">× {formatCompact(size)}</span>
    </>
  );
  const futures = quote.assetClass === 'future' || quote.market === 'FUT' || ['metal', 'energy', 'agri'].includes(quote.assetClass);
  const bond = quote.assetClass === 'bond' || quote.market === 'BOND';
  const fields: Array<Field | false> = [
    { key: 'open', label: t('quote.open'), value: price(quote.open) },
    { key: 'preClose', label: t('quote.preClose'), value: price(quote.preClose) },
    { key: 'high', label: t('quote.high'), value: price(quote.high) },
    { key: 'low', label: t('quote.low'), value: price(quote.low) },
    // A bond's bid and ask are clean prices, as its price is (BondQuotePrices labels them).
    { key: 'bid', label: bond ? t('bonds.fields.cleanBid') : t('quote.bid'), value: withSize(quote.bid, quote.bidVolume) },
    { key: 'ask', label: bond ? t('bonds.fields.cleanAsk') : t('quote.ask'), value: withSize(quote.ask, quote.askVolume) },
    { key: 'volume', label: t('quote.volume'), value: formatCompact(quote.volume) },
    { key: 'amplitude', label: t('quote.amplitude'), value: `${formatAmount(quote.amplitude)}%` },
    { key: 'high52w', label: t('quote.high52w'), value: price(quote.high52w) },
    { key: 'low52w', label: t('quote.low52w'), value: price(quote.low52w) },
    (quote.marketCap !== null || quote.assetClass === 'stock') && { key: 'marketCap', label: t('quote.marketCap'), value: formatCompact(quote.marketCap) },
    Boolean(summary?.averageVolume) && { key: 'averageVolume', label: t('quote.averageVolume'), value: formatCompact(summary?.averageVolume) },
    (quote.openInterest !== null || futures) && { key: 'openInterest', label: t('quote.openInterest'), value: formatCompact(quote.openInterest) },
    (quote.expiryDate !== null || futures) && {
      key: 'expiryDate',
      label: bond ? t('quote.maturity') : t('quote.expiryDate'),
      value: formatDateText(quote.expiryDate),
    },
    (quote.couponRate !== null || bond) && {
      key: 'couponRate',
      label: t('quote.couponRate'),
      value: quote.couponRate === null ? EMPTY_VALUE : `${formatAmount(quote.couponRate, { decimals: Math.max(2, decimalsOf(quote.couponRate)) })}%`,
    },
    Boolean(summary?.sharesOutstanding) && { key: 'shares', label: t('quote.sharesOutstanding'), value: formatCompact(summary?.sharesOutstanding) },
    { key: 'lotSize', label: t('quote.lotSize'), value: formatAmount(quote.lotSize, { decimals: decimalsOf(quote.lotSize, 0) }) },
    { key: 'currency', label: t('quote.currency'), value: quote.currency },
    {
      key: 'time',
      label: t('quote.time'),
      value: `${formatExchangeDateTime(quote.timestamp, quote.timeZone)} ${formatTimeZoneName(quote.timeZone)}`,
      wide: true,
    },
  ];
  return fields.filter((f): f is Field => Boolean(f));
}

function QuoteBody({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<KlineRange>('intraday');
  const [indicators, setIndicators] = useIndicators();
  const crypto = isCrypto(quote);
  const summary = useQuery(summaryQuery(quote.symbol));
  const kline = useQuery(klineQuery(quote.symbol, range, crypto));
  // The candles before the range's, of the same interval, warm the indicators up (warmUp.ts).
  const historyRange = HISTORY_OF[range];
  const historyQuery = klineQuery(quote.symbol, historyRange ?? '1y', crypto);
  const history = useQuery({ ...historyQuery, enabled: historyQuery.enabled !== false && historyRange !== undefined });
  const waiting = historyRange !== undefined && history.isPending && kline.data?.range === range;
  const chart = useMemo(
    () => (kline.data && !waiting ? warmUp(kline.data, history.data, quote.timeZone) : undefined),
    [kline.data, history.data, waiting, quote.timeZone],
  );
  const fields = useFields(quote, summary.data);
  const color = riseFallColor(quote.change);
  const decimals = priceDecimals(quote.tickSize);
  const profile = summary.data?.profile || quote.profile;
  const bond = quote.assetClass === 'bond';

  return (
    <>
      <section className="quote-head" data-testid="quote-head">
        <div className="quote-title-row">
          <div>
            <h1 className="quote-name" data-testid="quote-name">
              {quote.name}
            </h1>
            <div className="quote-code">
              <span data-testid="quote-code">{quote.stock_code}</span>
              <span className="quote-exchange">{quote.marketType}</span>
            </div>
          </div>
          <div className="quote-tags">
            <PhaseTag phase={quote.marketStatus} testId="quote-status" />
            {quote.simulated && <SimulatedTag />}
          </div>
        </div>
        <div className="quote-price-row">
          <span key={quote.price_nominal} className="quote-price flash" style={{ color }} data-testid="quote-price" data-price={quote.price_nominal}>
            {formatPrice(quote.price_nominal, quote.tickSize)}
          </span>
          <span className="quote-change" style={{ color }} data-testid="quote-change">
            {formatChange(quote.change, quote.tickSize)} {formatPercent(quote.change_ratio)}
          </span>
        </div>
        {quote.hasPreMarketData && (
          <ExtendedLine
            label={t('quote.preMarket')}
            price={quote.preMarketPrice}
            change={quote.preMarketChange}
            percent={quote.preMarketChangePercent}
            tickSize={quote.tickSize}
            testId="quote-premarket"
          />
        )}
        {quote.hasPostMarketData && (
          <ExtendedLine
            label={t('quote.postMarket')}
            price={quote.postMarketPrice}
            change={quote.postMarketChange}
            percent={quote.postMarketChangePercent}
            tickSize={quote.tickSize}
            testId="quote-postmarket"
          />
        )}
        {/* A bond's price is clean (without accrued interest): labelled, with its dirty price beside it. */}
        {bond && (
          <Suspense fallback={null}>
            <BondQuotePrices symbol={quote.symbol} />
          </Suspense>
        )}
        {/* The exchange's clock and zone (the wire's currencyUsDatetime is New York's for every market); closed, the last trade's. */}
        <QuoteTime quote={quote} />
      </section>

      <section className="card quote-chart">
        <RangeTabs range={range} onChange={setRange} />
        <div className="ma-legend">
          {range === 'intraday' ? (
            <span className="chart-preclose" data-testid="chart-preclose">
              {t('quote.previousCloseLine', { price: formatPrice(kline.data?.previousClose ?? quote.preClose, quote.tickSize) })}
            </span>
          ) : (
            <IndicatorLegend indicators={indicators} />
          )}
          {kline.isFetching && <span className="ma-legend-loading">{t('common.loading')}</span>}
        </div>
        <KlineChart
          candles={chart?.candles}
          interval={kline.data?.interval}
          range={kline.data?.range}
          decimals={decimals}
          timeZone={quote.timeZone}
          visibleFrom={chart?.visibleFrom}
          previousClose={kline.data?.previousClose ?? quote.preClose}
          livePrice={quote.price_nominal}
          liveTime={quote.timestamp}
          loading={kline.isPending || waiting}
          indicators={indicators}
        />
        {range !== 'intraday' && <IndicatorPicker indicators={indicators} onChange={setIndicators} />}
        {kline.isError && !kline.data && (
          <button type="button" className="link chart-retry" onClick={() => void kline.refetch()}>
            {t('quote.chartFailed')} · {t('common.retry')}
          </button>
        )}
      </section>

      <TradingNote quote={quote} testId="quote-trading-note" />

      <section className="card quote-fields" data-testid="quote-fields">
        {fields.map((field) => (
          <div key={field.key} className={field.wide ? 'quote-field wide' : 'quote-field'} data-testid={`quote-field-${field.key}`}>
            <span className="quote-field-label">{field.label}</span>
            <span className="quote-field-value">{field.value}</span>
          </div>
        ))}
      </section>

      {/* An index is not traded: it has no book and no prints. */}
      {quote.assetClass !== 'index' && (
        <Suspense fallback={null}>
          <MarketDepth quote={quote} />
        </Suspense>
      )}

      {quote.assetClass === 'stock' && <LargeOrders symbol={quote.symbol} tickSize={quote.tickSize} />}

      <section className="card card-pad quote-profile">
        <h2 className="quote-section-title">{t('quote.profile')}</h2>
        <p data-testid="quote-profile">{profile || t('quote.noProfile')}</p>
        {quote.classify && <p className="quote-classify">{t('quote.category', { name: quote.classify })}</p>}
      </section>
      <SimulatedNotice />
    </>
  );
}

/** Large-order flow: fills of 10,000 shares or more, newest first, without who placed them. */
function LargeOrders({ symbol, tickSize }: { symbol: string; tickSize: string }) {
  const { t } = useTranslation();
  const flow = useQuery(largeOrdersQuery(symbol));
  return (
    <section className="card card-pad" data-testid="quote-large-orders">
      <h2 className="quote-section-title">{t('quote.largeOrders')}</h2>
      {flow.isPending ? (
        <p className="quote-classify">{t('common.loading')}</p>
      ) : !flow.data?.length ? (
        <p className="quote-classify">{t('quote.noLargeOrders')}</p>
      ) : (
        flow.data.map((o) => (
          <div key={`${o.timestamp}-${o.quantity}`} className="quote-large-row" data-testid="quote-large-order">
            <span style={{ color: riseFallColor(o.direction === 0 ? '1' : '-1') }}>{o.direction === 0 ? t('quote.buy') : t('quote.sell')}</span>
            <span>{formatCompact(o.quantity)}</span>
            <span>{formatPrice(o.price, tickSize)}</span>
            <span className="quote-classify">{formatDateTime(o.timestamp)}</span>
          </div>
        ))
      )}
      <p className="quote-classify">{t('quote.largeOrdersNote')}</p>
    </section>
  );
}

/** The quote pages: stock, futures, index, forex / crypto and Hong Kong stock. */
export default function QuotePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  // Read as the route's loader read it to start the same query (firstScreen.ts).
  const ident = quoteIdentOf(params);
  const { symbol: symbolParam, code } = ident;
  const nameParam = params.get('name') ?? '';
  const query = useQuery(quoteQuery(ident));
  const quote = query.data;
  useLiveQuote([quote?.symbol ?? symbolParam]);
  const star = useWatchToggle();
  const [alertOpen, setAlertOpen] = useState(false);
  // Indices and bonds have no order call (the contract's rule): no Buy or Sell. While the market is
  // closed only a limit order can be placed, so the bar offers limit orders.
  const tradable = quote !== undefined && orderCallFor(quote) !== null;
  // A bond is bought on its own order page, at the dirty price with its markup (decision 0022).
  const bond = quote?.assetClass === 'bond';
  const closed = quote !== undefined && !quote.tradable;
  const starred = quote?.selfSelectStatus === 1;
  // The bell's label and a bond's labels and note are the feature screens' strings.
  const strings = usePageStrings();
  const waitsForStrings = !strings && quote !== undefined && (quote.assetClass === 'bond' || quote.market === 'BOND');

  // Buy and Sell open the order form in a bottom sheet over the quote. The sheet lives in the URL
  // (order=buy|sell): opening it adds a history entry, so Back (the browser's or the nav bar's) closes
  // it, and a link can open it. Signed out, the login page comes first and returns to the open sheet.
  const order = params.get('order');
  const sheetDirection = order === 'buy' ? OrderDirection.Buy : order === 'sell' ? OrderDirection.Sell : null;
  const withOrder = (side: 'buy' | 'sell' | null) => {
    const next = new URLSearchParams(params);
    if (side) next.set('order', side);
    else next.delete('order');
    return next;
  };
  const openOrder = (direction: OrderDirection) => {
    const side = direction === OrderDirection.Buy ? 'buy' : 'sell';
    if (!isSignedIn()) {
      void navigate(paths.login(`${location.pathname}?${withOrder(side).toString()}`));
      return;
    }
    setParams(withOrder(side), { state: { orderSheet: true } });
  };
  const closeOrder = () => {
    // Opened here: step back over the entry it added. Opened by a link: drop it from the URL.
    if ((location.state as { orderSheet?: boolean } | null)?.orderSheet) void navigate(-1);
    else setParams(withOrder(null), { replace: true });
  };

  let body: ReactNode;
  if (!symbolParam && !code) body = <EmptyState kind="notFound" title={t('quote.notFound')} body={t('quote.notFoundBody')} />;
  else if (query.isPending || waitsForStrings)
    body = (
      <div className="quote-skeleton" aria-busy="true" data-testid="quote-loading">
        <div className="quote-head">
          <span className="sk sk-title" />
          <span className="sk sk-price-big" />
        </div>
        <div className="card card-pad">
          <span className="sk sk-line" />
          <span className="sk sk-line" />
          <span className="sk sk-line" />
        </div>
      </div>
    );
  else if (!quote) body = <EmptyState kind="notFound" title={t('quote.notFound')} body={t('quote.notFoundBody')} onRetry={() => void query.refetch()} />;
  else body = <QuoteBody quote={quote} />;

  return (
    <Page
      title={quote?.name ?? nameParam}
      tone="dark"
      className={tradable || bond ? 'quote-page with-actions' : 'quote-page'}
      right={
        quote && strings ? (
          <>
            <button
              type="button"
              className="nav-icon"
              aria-label={t('alerts.button')}
              data-testid="quote-alert"
              onClick={() => (isSignedIn() ? setAlertOpen(true) : void navigate(paths.login(`${location.pathname}${location.search}`)))}
            >
              <BellOutline />
            </button>
            <button
              type="button"
              className={starred ? 'nav-icon star on' : 'nav-icon star'}
              aria-pressed={starred}
              aria-label={starred ? t('quote.removeWatch') : t('quote.addWatch')}
              data-testid="quote-star"
              data-starred={starred ? 'true' : 'false'}
              disabled={star.pending}
              onClick={() => star.toggle(quote)}
            >
              {starred ? <StarFill /> : <StarOutline />}
            </button>
          </>
        ) : null
      }
    >
      <Refreshable onRefresh={() => query.refetch()}>{body}</Refreshable>
      {bond && quote && (
        <div className="trade-bar">
          <Button block className="trade-buy" data-testid="quote-buy" onClick={() => void navigate(bondLinks.open(quote))}>
            {t('quote.buy')}
          </Button>
        </div>
      )}
      {tradable && !closed && (
        <div className="trade-bar">
          <Button block className="trade-buy" data-testid="quote-buy" onClick={() => openOrder(OrderDirection.Buy)}>
            {t('quote.buy')}
          </Button>
          <Button block className="trade-sell" data-testid="quote-sell" onClick={() => openOrder(OrderDirection.Sell)}>
            {t('quote.sell')}
          </Button>
        </div>
      )}
      {tradable && closed && (
        <div className="trade-bar">
          <Button block className="trade-buy limit" data-testid="quote-limit-buy" onClick={() => openOrder(OrderDirection.Buy)}>
            {t('marketHours.limitBuy')}
          </Button>
          <Button block className="trade-sell limit" data-testid="quote-limit-sell" onClick={() => openOrder(OrderDirection.Sell)}>
            {t('marketHours.limitSell')}
          </Button>
        </div>
      )}
      {tradable && isSignedIn() && (
        <Suspense fallback={null}>
          <OrderSheet quote={quote} direction={sheetDirection} onClose={closeOrder} />
        </Suspense>
      )}
      {quote && alertOpen && (
        <Suspense fallback={null}>
          <AlertSheet quote={quote} visible={alertOpen} onClose={() => setAlertOpen(false)} />
        </Suspense>
      )}
    </Page>
  );
}
