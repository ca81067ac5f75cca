import { createSeriesMarkers, LineSeries, LineStyle, type IChartApi, type ISeriesApi, type LineData, type UTCTimestamp } from 'lightweight-charts';
import { POOL_UNIT_DECIMALS } from '@tradeapp/contract';
import { formatChartPrice } from '../../lib/format';
import { subscribeAppearance, themeColor } from '../../lib/theme';
import { applyChartFrameColours, chartFrameColours, createUtcDayChart } from '../../lib/utcDayChart';
import type { ChartPoint, NavLines } from './calc';

// A pool's NAV against its benchmark (lightweight-charts, the quote pages' library), loaded only by
// the pool's page: the NAV of the backtested days as a dashed grey line, of the live days as a solid
// line in the chart colour with a mark where it went live, and the benchmark (its basket held in
// equal parts, 1 at the start, as the NAV) as a thin amber line. Days are UTC days, so the axis and
// the crosshair are formatted in UTC.

/** The axis shows four places; the NAV itself has the contract's six. */
const AXIS_DECIMALS = 4;

function palette() {
  return {
    ...chartFrameColours(),
    live: themeColor('--mm-chart-line', '#2f6bff'),
    backtested: themeColor('--mm-text-3', '#626d81'),
    benchmark: themeColor('--mm-amber-text', '#8a5500'),
  };
}

export interface NavChartHandle {
  /** The lines, and the word on the mark where the pool went live. */
  setData(lines: NavLines, liveLabel: string): void;
  remove(): void;
}

export function createNavChart(container: HTMLElement): NavChartHandle {
  let colours = palette();
  const chart: IChartApi = createUtcDayChart(container, colours, { top: 0.12 });
  const priceFormat = { type: 'custom', minMove: 10 ** -POOL_UNIT_DECIMALS, formatter: (price: number) => formatChartPrice(price, AXIS_DECIMALS) } as const;
  const benchmarkSeries: ISeriesApi<'Line'> = chart.addSeries(LineSeries, {
    color: colours.benchmark,
    lineWidth: 1,
    priceFormat,
    priceLineVisible: false,
    lastValueVisible: false,
  });
  const backtestedSeries: ISeriesApi<'Line'> = chart.addSeries(LineSeries, {
    color: colours.backtested,
    lineWidth: 2,
    lineStyle: LineStyle.Dashed,
    priceFormat,
    priceLineVisible: false,
    lastValueVisible: false,
  });
  const liveSeries: ISeriesApi<'Line'> = chart.addSeries(LineSeries, { color: colours.live, lineWidth: 2, priceFormat, priceLineVisible: false });
  const liveMarks = createSeriesMarkers(liveSeries, []);
  let mark: { time: number; text: string } | null = null;
  const toLine = (p: ChartPoint): LineData => ({ time: p.time as UTCTimestamp, value: p.value });
  const drawMark = () =>
    liveMarks.setMarkers(mark ? [{ time: mark.time as UTCTimestamp, position: 'aboveBar', shape: 'arrowDown', color: colours.live, text: mark.text }] : []);

  const unsubscribe = subscribeAppearance(() => {
    colours = palette();
    applyChartFrameColours(chart, colours);
    benchmarkSeries.applyOptions({ color: colours.benchmark });
    backtestedSeries.applyOptions({ color: colours.backtested });
    liveSeries.applyOptions({ color: colours.live });
    drawMark();
  });

  return {
    setData(lines, liveLabel) {
      benchmarkSeries.setData(lines.benchmark.map(toLine));
      backtestedSeries.setData(lines.backtested.map(toLine));
      liveSeries.setData(lines.live.map(toLine));
      // Where the pool went live: the first live day (the live line's first point is the joint with the backtested one).
      mark = lines.backtested.length > 0 && lines.firstLive !== null ? { time: Math.floor(lines.firstLive / 1000), text: liveLabel } : null;
      drawMark();
      chart.timeScale().fitContent();
    },
    remove() {
      unsubscribe();
      chart.remove();
    },
  };
}
