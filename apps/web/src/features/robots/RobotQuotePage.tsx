import '../../ui/money.css';
import '../../ui/quotes.css';
import './robots.css';
import { isRobotWorking, VENUES, type KlineRange } from '@tradeapp/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { useLiveQuote } from '../../api/liveQuote';
import { paths } from '../../app/paths';
import { formatExchangeDateTime, formatQuantity, formatTimeZoneName, priceDecimals } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { HISTORY_OF, KlineChart, klineQuery, quoteQuery, RangeTabs, warmUp } from '../market';
import { positionPrice } from '../trading';
import { robotKlineQuery, robotOrderQuery } from './api';
import { pairCurrency } from './calc';
import { RobotStatusBadge, SimulatedNote, useIdParam, useRobotName } from './components';

// The specification's robot K-line (/pages/robotai/quote?id=, the robot order's id): the pair's
// candles on the chosen range, drawn by the quote page's chart, with the robot's buys and sells as
// markers and its grid's levels as dashed lines; the fills listed in words beside it (a chart says
// nothing to a screen reader). The chart's axis and the listed fills are on one clock, the pair's
// (crypto trades on UTC), named on both: a fill at 14:05 in the list is the marker at 14:05.

/** The fills listed under the chart, newest first. */
const LISTED_MARKS = 30;

export default function RobotQuotePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nameOf = useRobotName();
  const id = useIdParam();
  const [range, setRange] = useState<KlineRange>('intraday');
  const order = useQuery({ ...robotOrderQuery(id), refetchInterval: false });
  const o = order.data;
  const working = o !== undefined && isRobotWorking(o.status) && !o.redeemed;
  const quote = useQuery(quoteQuery({ symbol: o?.symbol ?? null, code: null, crypto: true }));
  useLiveQuote([o?.symbol]);
  const kline = useQuery(robotKlineQuery(id, range, working));
  const data = kline.data;
  const q = quote.data;
  const timeZone = q?.timeZone ?? VENUES.CRYPTO.timeZone;
  // As on the quote page, candles before the range's warm the averages up (the same pair's, from the market).
  const historyRange = data ? HISTORY_OF[data.kline.range] : undefined;
  const history = useQuery({ ...klineQuery(o?.symbol, historyRange ?? '1y', true), enabled: Boolean(o?.symbol) && historyRange !== undefined });
  const waiting = historyRange !== undefined && history.isPending;
  const chart = useMemo(() => (data && !waiting ? warmUp(data.kline, history.data, timeZone) : undefined), [data, history.data, waiting, timeZone]);
  // The fills on the candles drawn: none listed that the chart hides among its warm-up candles.
  const visibleFrom = chart?.visibleFrom;
  const marks = useMemo(() => (data?.marks ?? []).filter((m) => visibleFrom === undefined || m.time >= visibleFrom), [data, visibleFrom]);
  const buys = marks.filter((m) => m.side === 'buy').length;
  const sells = marks.length - buys;
  const currency = o ? pairCurrency(o.symbol) : '';
  const zone = formatTimeZoneName(timeZone);

  let body;
  if (id === 0 || (order.isError && !o))
    body = <EmptyState kind="notFound" title={t('robots.kline.notFound')} body={order.error?.message ?? t('robots.order.notFoundBody')} />;
  else if (!o)
    body = (
      <div className="card card-pad" aria-busy="true" data-testid="robot-kline-loading">
        <span className="sk sk-line" />
        <span className="sk sk-short" />
      </div>
    );
  else
    body = (
      <>
        <section className="card card-pad" data-testid="robot-kline-head" data-id={o.id}>
          <h1 className="robot-title">{nameOf(o)}</h1>
          <div className="robot-tags start">
            <RobotStatusBadge order={o} testId="robot-kline-status" />
          </div>
          <p className="robot-sub">
            {o.symbol}
            {o.lower !== null &&
              o.upper !== null &&
              ` · ${t('robots.order.gridRange', { lower: positionPrice(o.lower), upper: positionPrice(o.upper), currency })}`}
          </p>
        </section>
        <section
          className="card quote-chart"
          data-testid="robot-kline-chart"
          data-marks={marks.length}
          data-buys={buys}
          data-sells={sells}
          data-levels={data?.levels.length ?? 0}
        >
          <RangeTabs range={range} onChange={setRange} />
          <ul className="robot-legend" data-testid="robot-kline-legend">
            <li>
              <span className="robot-swatch buy" aria-hidden="true" />
              {t('robots.kline.legendBuy')} {buys}
            </li>
            <li>
              <span className="robot-swatch sell" aria-hidden="true" />
              {t('robots.kline.legendSell')} {sells}
            </li>
            {(data?.levels.length ?? 0) > 0 && (
              <li>
                <span className="robot-swatch level" aria-hidden="true" />
                {t('robots.kline.legendLevels')} {data?.levels.length}
              </li>
            )}
            {kline.isFetching && <li className="ma-legend-loading">{t('common.loading')}</li>}
          </ul>
          <KlineChart
            candles={chart?.candles}
            interval={data?.kline.interval}
            range={data?.kline.range}
            decimals={priceDecimals(q?.tickSize ?? '0.01')}
            timeZone={timeZone}
            visibleFrom={visibleFrom}
            previousClose={data?.kline.previousClose ?? undefined}
            livePrice={q?.price_nominal}
            liveTime={q?.timestamp}
            loading={kline.isPending || waiting}
            marks={marks}
            levels={data?.levels}
            label={t('robots.kline.chartLabel', { name: o.stockName, buys, sells })}
            focusMarks
          />
          {kline.isError && !data && (
            <button type="button" className="link chart-retry" onClick={() => void kline.refetch()}>
              {t('quote.chartFailed')} · {t('common.retry')}
            </button>
          )}
        </section>
        <section className="card" aria-labelledby="robot-marks-title" data-testid="robot-marks">
          <h2 className="card-title" id="robot-marks-title">
            {t('robots.kline.marksTitle')}
          </h2>
          <p className="robot-marks-zone" data-testid="robot-marks-zone" data-time-zone={timeZone}>
            {t('quote.chartZone', { zone })}
          </p>
          {marks.length === 0 ? (
            <p className="robot-empty">{t('robots.kline.marksEmpty')}</p>
          ) : (
            <ol className="robot-messages">
              {[...marks]
                .reverse()
                .slice(0, LISTED_MARKS)
                .map((m, index) => (
                  <li key={`${m.time}-${m.side}-${m.price}-${index}`} className="robot-mark" data-testid="robot-mark" data-side={m.side}>
                    <span>
                      <span className={`robot-mark-side ${m.side}`}>{t(m.side === 'buy' ? 'robots.kline.buy' : 'robots.kline.sell')}</span>{' '}
                      {formatQuantity(m.quantity)} @ {positionPrice(m.price)}
                    </span>
                    <time dateTime={new Date(m.time).toISOString()}>{formatExchangeDateTime(m.time, timeZone)}</time>
                  </li>
                ))}
            </ol>
          )}
        </section>
        <div className="robot-links">
          <Button
            size="small"
            shape="rounded"
            color="primary"
            fill="outline"
            data-testid="robot-kline-order"
            onClick={() => void navigate(paths.robots.detail(o.id))}
          >
            {t('robots.kline.back')}
          </Button>
        </div>
        <SimulatedNote />
      </>
    );

  return (
    <Page title={o ? t('robots.kline.title', { name: nameOf(o) }) : t('titles.robotQuote')} className="money-page robot-page">
      <Refreshable onRefresh={() => Promise.all([order.refetch(), kline.refetch(), quote.refetch()])}>{body}</Refreshable>
    </Page>
  );
}
