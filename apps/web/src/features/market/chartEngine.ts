import type { Candle } from '@tradeapp/contract';
import {
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  HistogramSeries,
  LineSeries,
  LineStyle,
  TickMarkType,
  createChart,
  createSeriesMarkers,
  type AutoscaleInfo,
  type CandlestickData,
  type HistogramData,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type LineData,
  type SeriesMarker,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { BollingerBands, EMA, MACD, RSI, StochasticOscillator } from 'trading-signals';
import { formatChartPrice, formatChartTick, formatChartTime, formatChartVolume, toWallClockSeconds } from '../../lib/format';
import { getAppearance, riseFallColors, subscribeAppearance, themeColor, withAlpha } from '../../lib/theme';
import { MA_LEGEND, type Oscillator, type Overlay } from './components/maLegend';

// The quote's chart (lightweight-charts), loaded only by quote pages: intraday a line of the
// price against a dashed line at the previous close, the other ranges candles with MA5/10/20 or
// Bollinger bands, and MACD, RSI or KDJ in a pane below (computed by trading-signals).
// Candles arrive as decimal strings; drawing converts them to numbers, which is fine: a chart is
// pixels. The library counts days and hours in UTC, so it is given the exchange's wall clock as if
// it were UTC (`toWallClockSeconds`) and its labels are formatted as UTC: the axis and the
// crosshair show exchange time, whatever the device's clock.
// A chart may be given candles before the ones it draws (`visibleFrom`, see warmUp.ts): the
// indicators read them, so the first candle drawn already has its MA20, BOLL, MACD, RSI and KDJ.
// Colours follow the appearance (lib/theme.ts): background, text and grid from the theme's custom
// properties, rise and fall from the contract's colours as the investor's setting maps them; the
// chart re-styles itself when either changes.

const MA_PERIODS = MA_LEGEND;

const INTERVAL_SECONDS: Record<string, number> = { '1m': 60, '5m': 300, '15m': 900, '30m': 1800, '1h': 3600, '1d': 86_400, '1w': 604_800 };

/** The chart's colours in the current appearance. */
export function chartPalette() {
  const { rise, fall } = riseFallColors();
  return {
    background: themeColor('--mm-card', '#ffffff'),
    text: themeColor('--mm-chart-text', '#8a94a6'),
    grid: themeColor('--mm-chart-grid', '#f2f4f8'),
    line: themeColor('--mm-chart-line', '#2f6bff'),
    rise,
    fall,
    riseVolume: withAlpha(rise, 0.45),
    fallVolume: withAlpha(fall, 0.45),
    averages: MA_PERIODS.map(({ token }) => themeColor(token, '#8a94a6')),
  };
}

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

type Point = { time: number; value: number };

/** The points from `from` on (seconds): an indicator is computed over the warm-up bars too, and drawn only where the candles are. */
export function fromVisible<T extends { time: number }>(points: readonly T[], from: number): T[] {
  return points.filter((p) => p.time >= from);
}

/** The time the chart is given for an instant: the exchange's wall clock read as UTC (the library counts days and hours in UTC). */
export function seriesTime(seconds: number, timeZone: string | undefined): number {
  return timeZone ? toWallClockSeconds(seconds, timeZone) : seconds;
}

/** An axis label of a series time (seriesTime's): with an exchange zone its wall clock, else the device's. */
export function axisLabel(time: number, unit: 'year' | 'month' | 'day' | 'time', timeZone: string | undefined): string {
  return formatChartTick(time, unit, timeZone ? 'UTC' : undefined);
}

/** The crosshair's label of a series time: day and time on intraday intervals, the date on daily ones. */
export function crosshairLabel(time: number, intraday: boolean, timeZone: string | undefined): string {
  return formatChartTime(time, intraday, timeZone ? 'UTC' : undefined);
}

/** Each bar's result of a trading-signals indicator, from the first bar it has one for. */
function series<R>(bars: readonly Bar[], add: (bar: Bar) => R | null): Array<{ time: number; result: R }> {
  const out: Array<{ time: number; result: R }> = [];
  for (const bar of bars) {
    const result = add(bar);
    if (result !== null) out.push({ time: bar.time, result });
  }
  return out;
}

/** Bollinger bands of the closes: the 20-bar average and two standard deviations either side. */
export function bollinger(bars: readonly Bar[], period = 20, deviations = 2) {
  const bands = new BollingerBands(period, deviations);
  const rows = series(bars, (b) => bands.add(b.close));
  return {
    upper: rows.map((r) => ({ time: r.time, value: r.result.upper })),
    middle: rows.map((r) => ({ time: r.time, value: r.result.middle })),
    lower: rows.map((r) => ({ time: r.time, value: r.result.lower })),
  };
}

/** MACD (12, 26, 9) of the closes: the line, its signal and their difference. */
export function macd(bars: readonly Bar[]) {
  const indicator = new MACD(new EMA(12), new EMA(26), new EMA(9));
  const rows = series(bars, (b) => indicator.add(b.close));
  return {
    macd: rows.map((r) => ({ time: r.time, value: r.result.macd })),
    signal: rows.map((r) => ({ time: r.time, value: r.result.signal })),
    histogram: rows.map((r) => ({ time: r.time, value: r.result.histogram })),
  };
}

/** RSI (14) of the closes, 0 to 100. */
export function rsi(bars: readonly Bar[], period = 14): Point[] {
  const indicator = new RSI(period);
  return series(bars, (b) => indicator.add(b.close)).map((r) => ({ time: r.time, value: r.result }));
}

/** KDJ (9, 3, 3): the stochastic oscillator's K and D of the highs, lows and closes, and J = 3K − 2D. */
export function kdj(bars: readonly Bar[]) {
  const indicator = new StochasticOscillator({ kPeriod: 9, kSlowingPeriod: 3, dPeriod: 3 });
  const rows = series(bars, (b) => indicator.add({ high: b.high, low: b.low, close: b.close }));
  return {
    k: rows.map((r) => ({ time: r.time, value: r.result.stochK })),
    d: rows.map((r) => ({ time: r.time, value: r.result.stochD })),
    j: rows.map((r) => ({ time: r.time, value: r.result.stochJ })),
  };
}

export interface ChartOptions {
  decimals: number;
  /** The exchange's IANA time zone: the axis and the crosshair show its clock. */
  timeZone?: string | undefined;
  /** Draw the closes as a line (intraday) instead of candles. */
  line: boolean;
  /** The previous close, drawn dashed under the line; null for none. */
  previousClose: number | null;
  /** The first candle drawn (seconds or milliseconds): those before it only warm the indicators up. */
  visibleFrom?: number | undefined;
  /**
   * Data refreshed for the view already drawn (the same key as the last call): the investor's pan and
   * zoom are kept instead of fitting the chart to all of it again. Without a key, every call fits.
   */
  viewKey?: string | undefined;
}

/** A fill drawn over the chart (the robot K-line): its time (seconds or milliseconds), side and price. */
export interface ChartMark {
  time: number;
  side: 'buy' | 'sell';
  price: number;
}

/**
 * The marks as markers on the bars they fall in (the last bar at or before each; one after the last
 * bar goes on the last, one before the first is left out), ascending: buys as arrows up at their
 * price, sells as arrows down.
 */
export function snapMarks(bars: readonly Bar[], marks: readonly ChartMark[]): Array<{ time: number; side: 'buy' | 'sell'; price: number }> {
  const out: Array<{ time: number; side: 'buy' | 'sell'; price: number }> = [];
  if (bars.length === 0) return out;
  for (const mark of [...marks].sort((a, b) => toSeconds(a.time) - toSeconds(b.time))) {
    const at = toSeconds(mark.time);
    if (!Number.isFinite(mark.price) || at < bars[0]!.time) continue;
    let lo = 0;
    let hi = bars.length - 1;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (bars[mid]!.time <= at) lo = mid;
      else hi = mid - 1;
    }
    out.push({ time: bars[lo]!.time, side: mark.side, price: mark.price });
  }
  return out;
}

export interface KlineChartHandle {
  setData(candles: readonly Candle[], interval: string, options: ChartOptions): void;
  /** Fills as markers and price levels as dashed lines over the chart (the robot K-line); empty for none. */
  setOverlay(marks: readonly ChartMark[], levels: readonly number[]): void;
  /** Shows the bars around the marks (from a little before the first to the latest bar); false when there is none. */
  focusMarks(): boolean;
  /** The overlay over the candles and the oscillator under them (null: none); intraday lines show neither. */
  setIndicators(overlay: Overlay, oscillator: Oscillator | null): void;
  /** A live price: moves the forming candle, or opens the next one on intraday charts. */
  live(price: number, timeSeconds: number): void;
  remove(): void;
}

export function createKlineChart(container: HTMLElement): KlineChartHandle {
  let intervalSeconds = 60;
  let bars: Bar[] = [];
  /** The first bar drawn (seconds); the bars before it feed the indicators only. */
  let from = Number.NEGATIVE_INFINITY;
  const shown = () => (from === Number.NEGATIVE_INFINITY ? bars : bars.filter((b) => b.time >= from));
  let timeZone: string | undefined;
  let line = false;
  let previousClose: number | null = null;
  let closeLine: IPriceLine | null = null;
  let marks: readonly ChartMark[] = [];
  let levels: readonly number[] = [];
  let levelLines: Array<{ series: ISeriesApi<'Candlestick'> | ISeriesApi<'Line'>; line: IPriceLine }> = [];
  let viewKey: string | undefined;
  let overlay: Overlay = 'ma';
  let oscillator: Oscillator | null = null;
  let oscillatorSeries: Array<ISeriesApi<'Line'> | ISeriesApi<'Histogram'>> = [];
  let palette = chartPalette();
  /** The overlay's levels stay in view: a grid is read against them. */
  const withLevels = (range: AutoscaleInfo | null): AutoscaleInfo | null => {
    if (!range?.priceRange || levels.length === 0) return range;
    return { ...range, priceRange: { minValue: Math.min(range.priceRange.minValue, ...levels), maxValue: Math.max(range.priceRange.maxValue, ...levels) } };
  };
  // Bars keep real instants (the live price compares with them); the series get wall-clock times.
  const shift = (seconds: number) => seriesTime(seconds, timeZone) as UTCTimestamp;
  const chart: IChartApi = createChart(container, {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: palette.background },
      textColor: palette.text,
      fontSize: 10,
      fontFamily: getComputedStyle(document.body).fontFamily,
    },
    grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
    rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.08, bottom: 0.28 } },
    timeScale: {
      borderVisible: false,
      rightOffset: 2,
      tickMarkFormatter: (time: Time, type: TickMarkType) => {
        const unit = type === TickMarkType.Year ? 'year' : type === TickMarkType.Month ? 'month' : type === TickMarkType.DayOfMonth ? 'day' : 'time';
        return axisLabel(time as number, unit, timeZone);
      },
    },
    localization: {
      timeFormatter: (time: Time) => crosshairLabel(time as number, intervalSeconds < 86_400, timeZone),
    },
    crosshair: { mode: CrosshairMode.Normal },
  });
  const candleSeries: ISeriesApi<'Candlestick'> = chart.addSeries(CandlestickSeries, {
    upColor: palette.rise,
    downColor: palette.fall,
    wickUpColor: palette.rise,
    wickDownColor: palette.fall,
    borderVisible: false,
    autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => withLevels(original()),
  });
  const volumeSeries: ISeriesApi<'Histogram'> = chart.addSeries(HistogramSeries, {
    priceScaleId: 'volume',
    priceFormat: { type: 'custom', formatter: formatChartVolume },
    lastValueVisible: false,
    priceLineVisible: false,
  });
  chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.78, bottom: 0 } });
  const lineSeries: ISeriesApi<'Line'> = chart.addSeries(LineSeries, {
    color: palette.line,
    lineWidth: 2,
    visible: false,
    priceLineVisible: false,
    // The previous close stays in view: the line is read against it.
    autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
      const range = withLevels(original());
      if (!range?.priceRange || previousClose === null) return range;
      return {
        ...range,
        priceRange: { minValue: Math.min(range.priceRange.minValue, previousClose), maxValue: Math.max(range.priceRange.maxValue, previousClose) },
      };
    },
  });
  const candleMarkers = createSeriesMarkers(candleSeries, []);
  const lineMarkers = createSeriesMarkers(lineSeries, []);
  const maSeries = MA_PERIODS.map((_, i) =>
    chart.addSeries(LineSeries, { color: palette.averages[i]!, lineWidth: 1, priceLineVisible: false, lastValueVisible: false, crosshairMarkerVisible: false }),
  );

  const bollSeries = [0, 1, 2].map((i) =>
    chart.addSeries(LineSeries, {
      color: palette.averages[i]!,
      lineWidth: 1,
      lineStyle: i === 1 ? LineStyle.Solid : LineStyle.Dashed,
      priceLineVisible: false,
      lastValueVisible: false,
      crosshairMarkerVisible: false,
      visible: false,
    }),
  );

  const candleOf = (bar: Bar): CandlestickData => ({ time: shift(bar.time), open: bar.open, high: bar.high, low: bar.low, close: bar.close });
  const volumeOf = (bar: Bar): HistogramData => ({
    time: shift(bar.time),
    value: bar.volume,
    color: bar.close >= bar.open ? palette.riseVolume : palette.fallVolume,
  });
  const lineOf = (point: { time: number; value: number }): LineData => ({ time: shift(point.time), value: point.value });
  const drawn = <T extends { time: number }>(points: readonly T[]) => fromVisible(points, from);
  const closeOf = (bar: Bar): LineData => ({ time: shift(bar.time), value: bar.close });

  /** The oscillator's pane and series, made again when the choice changes (the pane goes with its last series). */
  const makeOscillator = () => {
    for (const s of oscillatorSeries) chart.removeSeries(s);
    oscillatorSeries = [];
    if (oscillator === null || line) return;
    const lineIn = (color: string) =>
      chart.addSeries(LineSeries, { color, lineWidth: 1, priceLineVisible: false, lastValueVisible: false, crosshairMarkerVisible: false }, 1);
    if (oscillator === 'macd') {
      oscillatorSeries = [
        chart.addSeries(HistogramSeries, { priceLineVisible: false, lastValueVisible: false }, 1),
        lineIn(palette.averages[0]!),
        lineIn(palette.averages[1]!),
      ];
    } else if (oscillator === 'rsi') {
      oscillatorSeries = [lineIn(palette.averages[2]!)];
    } else {
      oscillatorSeries = [lineIn(palette.averages[0]!), lineIn(palette.averages[1]!), lineIn(palette.averages[2]!)];
    }
    chart.panes()[1]?.setHeight(90);
  };

  const drawAverages = () => {
    const ma = !line && overlay === 'ma';
    MA_PERIODS.forEach(({ period }, i) => maSeries[i]!.setData(ma ? drawn(movingAverage(bars, period)).map(lineOf) : []));
    const boll = !line && overlay === 'boll' ? bollinger(bars) : null;
    bollSeries.forEach((s, i) => {
      s.applyOptions({ visible: boll !== null });
      s.setData(boll ? drawn([boll.upper, boll.middle, boll.lower][i]!).map(lineOf) : []);
    });
    if (oscillator === 'macd' && oscillatorSeries.length === 3) {
      const m = macd(bars);
      (oscillatorSeries[0] as ISeriesApi<'Histogram'>).setData(
        drawn(m.histogram).map((p) => ({ time: shift(p.time), value: p.value, color: p.value >= 0 ? palette.riseVolume : palette.fallVolume })),
      );
      (oscillatorSeries[1] as ISeriesApi<'Line'>).setData(drawn(m.macd).map(lineOf));
      (oscillatorSeries[2] as ISeriesApi<'Line'>).setData(drawn(m.signal).map(lineOf));
    } else if (oscillator === 'rsi' && oscillatorSeries.length === 1) {
      (oscillatorSeries[0] as ISeriesApi<'Line'>).setData(drawn(rsi(bars)).map(lineOf));
    } else if (oscillator === 'kdj' && oscillatorSeries.length === 3) {
      const x = kdj(bars);
      [x.k, x.d, x.j].forEach((points, i) => (oscillatorSeries[i] as ISeriesApi<'Line'>).setData(drawn(points).map(lineOf)));
    }
    // What is drawn, for tests and the screen's legend (the canvas says nothing).
    container.dataset.overlay = line ? 'none' : overlay;
    container.dataset.oscillator = line || oscillator === null ? 'none' : oscillator;
  };
  const drawBar = (bar: Bar) => {
    if (line) lineSeries.update(closeOf(bar));
    else candleSeries.update(candleOf(bar));
    volumeSeries.update(volumeOf(bar));
  };

  // The overlay goes on the series shown: the line intraday, the candles otherwise.
  const drawOverlay = () => {
    for (const { series, line: priceLine } of levelLines) series.removePriceLine(priceLine);
    const target = line ? lineSeries : candleSeries;
    levelLines = levels.map((price) => ({
      series: target,
      line: target.createPriceLine({ price, color: palette.text, lineWidth: 1, lineStyle: LineStyle.Dashed, axisLabelVisible: false, title: '' }),
    }));
    const snapped = snapMarks(shown(), marks);
    const markers: Array<SeriesMarker<Time>> = snapped.map((m) => ({
      time: shift(m.time),
      position: m.side === 'buy' ? 'atPriceTop' : 'atPriceBottom',
      price: m.price,
      shape: m.side === 'buy' ? 'arrowUp' : 'arrowDown',
      color: m.side === 'buy' ? palette.rise : palette.fall,
    }));
    (line ? lineMarkers : candleMarkers).setMarkers(markers);
    (line ? candleMarkers : lineMarkers).setMarkers([]);
    // What is drawn, for tests and assistive notes beside the chart (the canvas says nothing).
    container.dataset.marksBuy = String(snapped.filter((m) => m.side === 'buy').length);
    container.dataset.marksSell = String(snapped.filter((m) => m.side === 'sell').length);
    container.dataset.levels = String(levelLines.length);
  };

  const markPalette = () => {
    const { resolved, rise } = getAppearance();
    container.dataset.theme = resolved;
    container.dataset.rise = rise;
  };
  markPalette();
  // A new theme or rise colour: every colour again, the volume bars redrawn in theirs.
  const unsubscribe = subscribeAppearance(() => {
    palette = chartPalette();
    chart.applyOptions({
      layout: { background: { type: ColorType.Solid, color: palette.background }, textColor: palette.text },
      grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
    });
    candleSeries.applyOptions({ upColor: palette.rise, downColor: palette.fall, wickUpColor: palette.rise, wickDownColor: palette.fall });
    lineSeries.applyOptions({ color: palette.line });
    maSeries.forEach((s, i) => s.applyOptions({ color: palette.averages[i]! }));
    bollSeries.forEach((s, i) => s.applyOptions({ color: palette.averages[i]! }));
    makeOscillator();
    drawAverages();
    closeLine?.applyOptions({ color: palette.text });
    volumeSeries.setData(shown().map(volumeOf));
    if (marks.length || levels.length) drawOverlay();
    markPalette();
  });

  return {
    setData(candles, interval, options) {
      const { decimals } = options;
      intervalSeconds = INTERVAL_SECONDS[interval] ?? 60;
      timeZone = options.timeZone;
      line = options.line;
      previousClose = line && options.previousClose !== null && Number.isFinite(options.previousClose) ? options.previousClose : null;
      bars = toBars(candles);
      from = options.visibleFrom === undefined ? Number.NEGATIVE_INFINITY : toSeconds(options.visibleFrom);
      const visible = shown();
      // For tests and e2e: the bars drawn and the ones only read by the indicators.
      container.dataset.drawn = String(visible.length);
      container.dataset.warmUp = String(bars.length - visible.length);
      // The step of the price scale, not a figure on screen: 10^-decimals without the float's tail.
      const minMove = Number((10 ** -decimals).toFixed(decimals));
      // Axis labels in the language's separators, grouped: 65,012.50 · 65.012,50.
      const priceFormat = { type: 'custom', minMove, formatter: (price: number) => formatChartPrice(price, decimals) } as const;
      candleSeries.applyOptions({ priceFormat, visible: !line });
      lineSeries.applyOptions({ priceFormat, visible: line });
      maSeries.forEach((s) => s.applyOptions({ priceFormat, visible: !line }));
      bollSeries.forEach((s) => s.applyOptions({ priceFormat }));
      if (oscillatorSeries.length > 0 !== (oscillator !== null && !line)) makeOscillator();
      chart.applyOptions({ timeScale: { timeVisible: intervalSeconds < 86_400, secondsVisible: false } });
      candleSeries.setData(line ? [] : visible.map(candleOf));
      lineSeries.setData(line ? visible.map(closeOf) : []);
      volumeSeries.setData(visible.map(volumeOf));
      if (closeLine) lineSeries.removePriceLine(closeLine);
      closeLine =
        previousClose === null
          ? null
          : lineSeries.createPriceLine({
              price: previousClose,
              color: palette.text,
              lineWidth: 1,
              lineStyle: LineStyle.Dashed,
              axisLabelVisible: true,
              title: '',
            });
      drawAverages();
      if (marks.length || levels.length || levelLines.length) drawOverlay();
      const keep = options.viewKey !== undefined && options.viewKey === viewKey;
      viewKey = options.viewKey;
      if (!keep) chart.timeScale().fitContent();
    },
    focusMarks() {
      const visible = shown();
      const snapped = snapMarks(visible, marks);
      const first = snapped[0];
      if (!first || visible.length === 0) return false;
      // Logical indexes count the series' bars: the drawn ones.
      const index = visible.findIndex((b) => b.time === first.time);
      const to = visible.length + 2;
      chart.timeScale().setVisibleLogicalRange({ from: Math.max(0, Math.min(index - 15, visible.length - 60)), to });
      return true;
    },
    setIndicators(nextOverlay, nextOscillator) {
      overlay = nextOverlay;
      if (nextOscillator !== oscillator) {
        oscillator = nextOscillator;
        makeOscillator();
      }
      drawAverages();
    },
    setOverlay(nextMarks, nextLevels) {
      marks = nextMarks;
      levels = nextLevels.filter(Number.isFinite);
      drawOverlay();
    },
    live(price, timeSeconds) {
      const last = bars[bars.length - 1];
      if (!last || !Number.isFinite(price) || timeSeconds < last.time) return;
      if (timeSeconds < last.time + intervalSeconds) {
        const next = { ...last, close: price, high: Math.max(last.high, price), low: Math.min(last.low, price) };
        if (next.close === last.close && next.high === last.high && next.low === last.low) return;
        bars[bars.length - 1] = next;
        drawBar(next);
      } else if (intervalSeconds < 86_400) {
        const start = Math.floor(timeSeconds / intervalSeconds) * intervalSeconds;
        const next = { time: start, open: last.close, high: Math.max(last.close, price), low: Math.min(last.close, price), close: price, volume: 0 };
        bars.push(next);
        drawBar(next);
      } else {
        return;
      }
      drawAverages();
    },
    remove() {
      unsubscribe();
      chart.remove();
    },
  };
}
