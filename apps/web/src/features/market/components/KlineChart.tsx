import type { Candle } from '@tradeapp/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KlineChartHandle } from '../chartEngine';

interface KlineChartProps {
  candles: readonly Candle[] | undefined;
  interval: string | undefined;
  /** The range the candles belong to (shown to tests as data-range). */
  range: string | undefined;
  decimals: number;
  /** The exchange's IANA time zone: the time axis and the crosshair show its clock. */
  timeZone?: string | undefined;
  /** The previous close: intraday draws the price as a line against it, dashed. */
  previousClose?: string | undefined;
  /** The live price and its time, drawn into the forming candle. */
  livePrice?: string | undefined;
  liveTime?: number | undefined;
  loading: boolean;
}

/**
 * Intraday: the price as a line with a dashed line at the previous close; other ranges: candles
 * with MA5/MA10/MA20. Volume under both, times on the exchange's clock. The chart library is fetched when the first chart mounts,
 * so no other page pays for it.
 */
export function KlineChart({ candles, interval, range, decimals, timeZone, previousClose, livePrice, liveTime, loading }: KlineChartProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const handle = useRef<KlineChartHandle | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

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
    handle.current?.setData(candles, interval, { decimals, timeZone, line, previousClose: line ? close : null });
  }, [ready, candles, interval, range, decimals, timeZone, previousClose]);

  useEffect(() => {
    if (!ready || livePrice === undefined || liveTime === undefined) return;
    const seconds = liveTime > 1e11 ? Math.floor(liveTime / 1000) : liveTime;
    handle.current?.live(Number(livePrice), seconds);
  }, [ready, livePrice, liveTime]);

  const empty = !loading && candles !== undefined && candles.length === 0;
  return (
    <div className="kline-wrap">
      <div ref={container} className="kline-canvas" data-testid="chart" data-ready={ready ? 'true' : 'false'} data-candles={candles?.length ?? 0} data-range={range} data-style={range === 'intraday' ? 'line' : 'candles'} data-time-zone={timeZone} />
      {(loading || !ready) && !failed && <div className="kline-overlay kline-loading" aria-busy="true" />}
      {empty && <div className="kline-overlay">{t('quote.chartEmpty')}</div>}
      {failed && <div className="kline-overlay">{t('quote.chartFailed')}</div>}
    </div>
  );
}
