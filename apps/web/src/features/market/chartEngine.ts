import { FALL_COLOR, RISE_COLOR, type Candle } from '@tradeapp/contract';
import {
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  HistogramSeries,
  LineSeries,
  TickMarkType,
  createChart,
  type CandlestickData,
  type HistogramData,
  type IChartApi,
  type ISeriesApi,
  type LineData,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { formatChartPrice, formatChartTick, formatChartTime, formatChartVolume } from '../../lib/format';
import { MA_LEGEND } from './components/maLegend';

// The candlestick chart (lightweight-charts), loaded only by quote pages. Candles arrive as
// decimal strings; drawing converts them to numbers, which is fine: a chart is pixels.

const MA_PERIODS = MA_LEGEND;

const INTERVAL_SECONDS: Record<string, number> = { '1m': 60, '5m': 300, '15m': 900, '30m': 1800, '1h': 3600, '1d': 86_400, '1w': 604_800 };

const RISE_VOLUME = 'rgba(33, 229, 123, 0.45)';
const FALL_VOLUME = 'rgba(253, 0, 92, 0.45)';

/** Seconds since the epoch from a 10-digit (seconds) or 13-digit (milliseconds) time. */
export function toSeconds(time: number): number {
  return time > 1e11 ? Math.floor(time / 1000) : time;
}

export interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export function toBars(candles: readonly Candle[]): Bar[] {
  const bars: Bar[] = [];
  for (const c of candles) {
    const bar = { time: toSeconds(c.time), open: Number(c.open), high: Number(c.high), low: Number(c.low), close: Number(c.close), volume: Number(c.volume) };
    if (![bar.open, bar.high, bar.low, bar.close].every(Number.isFinite)) continue;
    // lightweight-charts wants strictly ascending times
    if (bars.length > 0 && bar.time <= bars[bars.length - 1]!.time) continue;
    bars.push(bar);
  }
  return bars;
}

/** Simple moving average of the closes; the first period-1 bars have none. */
export function movingAverage(bars: readonly Bar[], period: number): Array<{ time: number; value: number }> {
  const out: Array<{ time: number; value: number }> = [];
  let sum = 0;
  for (let i = 0; i < bars.length; i += 1) {
    sum += bars[i]!.close;
    if (i >= period) sum -= bars[i - period]!.close;
    if (i >= period - 1) out.push({ time: bars[i]!.time, value: sum / period });
  }
  return out;
}

export interface KlineChartHandle {
  setData(candles: readonly Candle[], interval: string, decimals: number): void;
  /** A live price: moves the forming candle, or opens the next one on intraday charts. */
  live(price: number, timeSeconds: number): void;
  remove(): void;
}

export function createKlineChart(container: HTMLElement): KlineChartHandle {
  let intervalSeconds = 60;
  let bars: Bar[] = [];
  const chart: IChartApi = createChart(container, {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: '#ffffff' },
      textColor: '#8A94A6',
      fontSize: 10,
      fontFamily: getComputedStyle(document.body).fontFamily,
    },
    grid: { vertLines: { color: '#F2F4F8' }, horzLines: { color: '#F2F4F8' } },
    rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.08, bottom: 0.28 } },
    timeScale: {
      borderVisible: false,
      rightOffset: 2,
      tickMarkFormatter: (time: Time, type: TickMarkType) => {
        const unit = type === TickMarkType.Year ? 'year' : type === TickMarkType.Month ? 'month' : type === TickMarkType.DayOfMonth ? 'day' : 'time';
        return formatChartTick(time as number, unit);
      },
    },
    localization: {
      timeFormatter: (time: Time) => formatChartTime(time as number, intervalSeconds < 86_400),
    },
    crosshair: { mode: CrosshairMode.Normal },
  });
  const candleSeries: ISeriesApi<'Candlestick'> = chart.addSeries(CandlestickSeries, {
    upColor: RISE_COLOR,
    downColor: FALL_COLOR,
    wickUpColor: RISE_COLOR,
    wickDownColor: FALL_COLOR,
    borderVisible: false,
  });
  const volumeSeries: ISeriesApi<'Histogram'> = chart.addSeries(HistogramSeries, {
    priceScaleId: 'volume',
    priceFormat: { type: 'custom', formatter: formatChartVolume },
    lastValueVisible: false,
    priceLineVisible: false,
  });
  chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.78, bottom: 0 } });
  const maSeries = MA_PERIODS.map(({ color }) =>
    chart.addSeries(LineSeries, { color, lineWidth: 1, priceLineVisible: false, lastValueVisible: false, crosshairMarkerVisible: false }),
  );

  const candleOf = (bar: Bar): CandlestickData => ({ time: bar.time as UTCTimestamp, open: bar.open, high: bar.high, low: bar.low, close: bar.close });
  const volumeOf = (bar: Bar): HistogramData => ({ time: bar.time as UTCTimestamp, value: bar.volume, color: bar.close >= bar.open ? RISE_VOLUME : FALL_VOLUME });
  const lineOf = (point: { time: number; value: number }): LineData => ({ time: point.time as UTCTimestamp, value: point.value });

  const drawAverages = () => {
    MA_PERIODS.forEach(({ period }, i) => maSeries[i]!.setData(movingAverage(bars, period).map(lineOf)));
  };

  return {
    setData(candles, interval, decimals) {
      intervalSeconds = INTERVAL_SECONDS[interval] ?? 60;
      bars = toBars(candles);
      // The step of the price scale, not a figure on screen: 10^-decimals without the float's tail.
      const minMove = Number((10 ** -decimals).toFixed(decimals));
      const priceFormat = { type: 'custom', minMove, formatter: (price: number) => formatChartPrice(price, decimals) } as const;
      candleSeries.applyOptions({ priceFormat });
      maSeries.forEach((s) => s.applyOptions({ priceFormat }));
      chart.applyOptions({ timeScale: { timeVisible: intervalSeconds < 86_400, secondsVisible: false } });
      candleSeries.setData(bars.map(candleOf));
      volumeSeries.setData(bars.map(volumeOf));
      drawAverages();
      chart.timeScale().fitContent();
    },
    live(price, timeSeconds) {
      const last = bars[bars.length - 1];
      if (!last || !Number.isFinite(price) || timeSeconds < last.time) return;
      if (timeSeconds < last.time + intervalSeconds) {
        const next = { ...last, close: price, high: Math.max(last.high, price), low: Math.min(last.low, price) };
        if (next.close === last.close && next.high === last.high && next.low === last.low) return;
        bars[bars.length - 1] = next;
        candleSeries.update(candleOf(next));
        volumeSeries.update(volumeOf(next));
      } else if (intervalSeconds < 86_400) {
        const start = Math.floor(timeSeconds / intervalSeconds) * intervalSeconds;
        const next = { time: start, open: last.close, high: Math.max(last.close, price), low: Math.min(last.close, price), close: price, volume: 0 };
        bars.push(next);
        candleSeries.update(candleOf(next));
        volumeSeries.update(volumeOf(next));
      } else {
        return;
      }
      drawAverages();
    },
    remove() {
      chart.remove();
    },
  };
}
