import { LineSeries, LineStyle, type IChartApi, type ISeriesApi, type LineData, type UTCTimestamp } from 'lightweight-charts';
import { formatChartPrice } from '../../lib/format';
import { subscribeAppearance, themeColor } from '../../lib/theme';
import { applyChartFrameColours, chartFrameColours, createUtcDayChart } from '../../lib/utcDayChart';
import type { ChartPoint } from './calc';

// An agency's equity curve (lightweight-charts, the quote pages' library), loaded only by the agency
// page: the NAV at each day's close, the backfilled days as a dashed grey line and the live days as
// a solid line in the chart colour, joined where live trading began. Days are UTC days, so the
// axis and the crosshair are formatted in UTC. The NAV has four places.

const NAV_DECIMALS = 4;

function palette() {
  return {
    ...chartFrameColours(),
    live: themeColor('--mm-chart-line', '#2f6bff'),
    backfilled: themeColor('--mm-text-3', '#626d81'),
  };
}

export interface CurveChartHandle {
  setData(lines: { backfilled: readonly ChartPoint[]; live: readonly ChartPoint[] }): void;
  remove(): void;
}

export function createCurveChart(container: HTMLElement): CurveChartHandle {
  let colours = palette();
  const chart: IChartApi = createUtcDayChart(container, colours, { top: 0.1 });
  const priceFormat = { type: 'custom', minMove: 0.0001, formatter: (price: number) => formatChartPrice(price, NAV_DECIMALS) } as const;
  const backfilledSeries: ISeriesApi<'Line'> = chart.addSeries(LineSeries, {
    color: colours.backfilled,
    lineWidth: 2,
    lineStyle: LineStyle.Dashed,
    priceFormat,
    priceLineVisible: false,
    lastValueVisible: false,
  });
  const liveSeries: ISeriesApi<'Line'> = chart.addSeries(LineSeries, { color: colours.live, lineWidth: 2, priceFormat, priceLineVisible: false });
  const toLine = (p: ChartPoint): LineData => ({ time: p.time as UTCTimestamp, value: p.value });

  const unsubscribe = subscribeAppearance(() => {
    colours = palette();
    applyChartFrameColours(chart, colours);
    backfilledSeries.applyOptions({ color: colours.backfilled });
    liveSeries.applyOptions({ color: colours.live });
  });

  return {
    setData({ backfilled, live }) {
      backfilledSeries.setData(backfilled.map(toLine));
      liveSeries.setData(live.map(toLine));
      chart.timeScale().fitContent();
    },
    remove() {
      unsubscribe();
      chart.remove();
    },
  };
}
