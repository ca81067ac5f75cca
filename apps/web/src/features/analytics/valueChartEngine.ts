import { AreaSeries, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { formatChartPrice } from '../../lib/format';
import { subscribeAppearance, themeColor } from '../../lib/theme';
import { applyChartFrameColours, chartFrameColours, createUtcDayChart } from '../../lib/utcDayChart';

// The account's value at each UTC day's end (lightweight-charts, the quote pages' library), loaded
// only by the analytics page. A chart is pixels: its points are floats, the figures beside it are
// the server's decimal strings. Days are UTC days, so the axis and crosshair are in UTC.

export interface ValuePoint {
  /** Seconds at 00:00 UTC of the day. */
  time: number;
  value: number;
}

/** The line's colour faded for the area under it; a colour that is not #rrggbb is used as it is. */
const faded = (colour: string, alpha: string) => (/^#[0-9a-f]{6}$/i.test(colour) ? `${colour}${alpha}` : colour);

function palette() {
  return {
    ...chartFrameColours(),
    line: themeColor('--mm-chart-line', '#2f6bff'),
  };
}

export interface ValueChartHandle {
  setData(points: readonly ValuePoint[]): void;
  remove(): void;
}

export function createValueChart(container: HTMLElement): ValueChartHandle {
  let colours = palette();
  const chart: IChartApi = createUtcDayChart(container, colours, { top: 0.1, still: true });
  const series: ISeriesApi<'Area'> = chart.addSeries(AreaSeries, {
    lineColor: colours.line,
    topColor: faded(colours.line, '55'),
    bottomColor: faded(colours.line, '05'),
    lineWidth: 2,
    priceFormat: { type: 'custom', minMove: 0.01, formatter: (price: number) => formatChartPrice(price, 2) },
    priceLineVisible: false,
  });
  const unsubscribe = subscribeAppearance(() => {
    colours = palette();
    applyChartFrameColours(chart, colours);
    series.applyOptions({ lineColor: colours.line, topColor: faded(colours.line, '55'), bottomColor: faded(colours.line, '05') });
  });
  return {
    setData(points) {
      series.setData(points.map((p) => ({ time: p.time as UTCTimestamp, value: p.value })));
      chart.timeScale().fitContent();
    },
    remove() {
      unsubscribe();
      chart.remove();
    },
  };
}
