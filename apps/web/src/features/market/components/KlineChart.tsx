import type { Candle } from '@tradeapp/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimeZoneName } from '../../../lib/format';
import type { ChartMark, KlineChartHandle } from '../chartEngine';
import type { Indicators } from './Indicators';

interface KlineChartProps {
  candles: readonly Candle[] | undefined;
  interval: string | undefined;
  /** The range the candles belong to (shown to tests as data-range). */
  range: string | undefined;
  decimals: number;
  /** The exchange's IANA time zone: the time axis and the crosshair show its clock, and the chart names it. */
  timeZone?: string | undefined;
  /** The first candle drawn (warmUp.ts): the candles before it only warm the indicators up. */
  visibleFrom?: number | undefined;
  /** The previous close: intraday draws the price as a line against it, dashed. */
  previousClose?: string | undefined;
  /** The live price and its time, drawn into the forming candle. */
  livePrice?: string | undefined;
  liveTime?: number | undefined;
  loading: boolean;
  /** Fills drawn as markers (the robot K-line): time, side and price as the server sent them. */
  marks?: ReadonlyArray<{ time: number; side: 'buy' | 'sell'; price: string }> | undefined;
  /** Price levels drawn as dashed lines (a robot's grid). */
  levels?: readonly string[] | undefined;
  /** What the chart shows, in words, for screen readers (the canvas says nothing). */
  label?: string | undefined;
  /** Refreshed data keeps the investor's pan and zoom, and the view opens on the marks (the robot K-line). */
  focusMarks?: boolean | undefined;
  /** The overlay and oscillator chosen (quote pages); without it, the moving averages alone. */
  indicators?: Indicators | undefined;
}

/**
 * Intraday: the price as a line with a dashed line at the previous close; other ranges: candles
 * with MA5/MA10/MA20. Volume under both, times on the exchange's clock, named in the corner. The chart library is fetched when the first chart mounts,
 * so no other page pays for it.
 */
export function KlineChart({
  candles,
  interval,
  range,
  decimals,
  timeZone,
  visibleFrom,
  previousClose,
  livePrice,
  liveTime,
  loading,
  marks,
  levels,
  label,
  focusMarks,
  indicators,
}: KlineChartProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const handle = useRef<KlineChartHandle | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  /** The range whose view was opened on the marks already. */
  const focused = useRef<string | undefined>(undefined);

  useEffect(() => {
    let disposed = false;
    import('../chartEngine')
      .then(({ createKlineChart }) => {
        if (disposed || !container.current) return;
        handle.current = createKlineChart(container.current);
        setReady(true);
      })
      .catch(() => {
        if (!disposed) setFailed(true);
      });
    return () => {
      disposed = true;
      handle.current?.remove();
      handle.current = null;
    };
  }, []);

  useEffect(() => {
    if (!ready || !candles || !interval) return;
    const line = range === 'intraday';
    const close = previousClose === undefined ? null : Number(previousClose);
    handle.current?.setData(candles, interval, {
      decimals,
      timeZone,
      visibleFrom,
      line,
      previousClose: line ? close : null,
      viewKey: focusMarks ? `${range}|${interval}` : undefined,
    });
  }, [ready, candles, interval, range, decimals, timeZone, visibleFrom, previousClose, focusMarks]);

  useEffect(() => {
    if (!ready || (marks === undefined && levels === undefined)) return;
    const drawn: ChartMark[] = (marks ?? []).map((m) => ({ time: m.time, side: m.side, price: Number(m.price) }));
    handle.current?.setOverlay(drawn, (levels ?? []).map(Number));
    if (focusMarks && candles && focused.current !== range && handle.current?.focusMarks()) focused.current = range;
  }, [ready, candles, marks, levels, focusMarks, range]);

  const overlay = indicators?.overlay ?? 'ma';
  const oscillator = indicators?.oscillator ?? null;
  useEffect(() => {
    if (ready) handle.current?.setIndicators(overlay, oscillator);
  }, [ready, overlay, oscillator]);

  useEffect(() => {
    if (!ready || livePrice === undefined || liveTime === undefined) return;
    const seconds = liveTime > 1e11 ? Math.floor(liveTime / 1000) : liveTime;
    handle.current?.live(Number(livePrice), seconds);
  }, [ready, livePrice, liveTime]);

  const drawn = candles === undefined ? 0 : visibleFrom === undefined ? candles.length : candles.filter((c) => c.time >= visibleFrom).length;
  const empty = !loading && candles !== undefined && drawn === 0;
  return (
    <div className={oscillator && range !== 'intraday' ? 'kline-wrap with-pane' : 'kline-wrap'}>
      {label && <p className="sr-only">{label}</p>}
      <div
        ref={container}
        className="kline-canvas"
        data-testid="chart"
        data-ready={ready ? 'true' : 'false'}
        data-candles={drawn}
        data-range={range}
        data-style={range === 'intraday' ? 'line' : 'candles'}
        data-time-zone={timeZone}
      />
      {(loading || !ready) && !failed && <div className="kline-overlay kline-loading" aria-busy="true" />}
      {empty && <div className="kline-overlay">{t('quote.chartEmpty')}</div>}
      {failed && <div className="kline-overlay">{t('quote.chartFailed')}</div>}
      {timeZone && (
        <span className="chart-zone" data-testid="chart-zone" data-time-zone={timeZone}>
          {t('quote.chartZone', { zone: formatTimeZoneName(timeZone) })}
        </span>
      )}
    </div>
  );
}
