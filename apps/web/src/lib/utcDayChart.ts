import { ColorType, createChart, TickMarkType, type IChartApi, type Time } from 'lightweight-charts';
import { formatChartTick, formatChartTime } from './format';
import { themeColor } from './theme';

// The frame of the charts of one point a UTC day (an agency's equity, a pool's or fund's NAV, the
// account's value): lightweight-charts, the quote pages' library, imported only by the lazily loaded
// chart engines. Days are UTC days, so the axis and the crosshair are formatted in UTC.

export interface ChartFrameColours {
  background: string;
  text: string;
  grid: string;
}

export function chartFrameColours(): ChartFrameColours {
  return {
    background: themeColor('--mm-card', '#ffffff'),
    text: themeColor('--mm-chart-text', '#8a94a6'),
    grid: themeColor('--mm-chart-grid', '#f2f4f8'),
  };
}

export function createUtcDayChart(
  container: HTMLElement,
  colours: ChartFrameColours,
  { top, still = false }: { /** The price scale's top margin. */ top: number; /** No scrolling or zooming. */ still?: boolean },
): IChartApi {
  return createChart(container, {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: colours.background },
      textColor: colours.text,
      fontSize: 10,
      fontFamily: getComputedStyle(document.body).fontFamily,
    },
    grid: { vertLines: { color: colours.grid }, horzLines: { color: colours.grid } },
    rightPriceScale: { borderVisible: false, scaleMargins: { top, bottom: 0.08 } },
    ...(still ? { handleScroll: false, handleScale: false } : {}),
    timeScale: {
      borderVisible: false,
      fixLeftEdge: true,
      fixRightEdge: true,
      tickMarkFormatter: (time: Time, type: TickMarkType) =>
        formatChartTick(time as number, type === TickMarkType.Year ? 'year' : type === TickMarkType.Month ? 'month' : 'day', 'UTC'),
    },
    localization: { timeFormatter: (time: Time) => formatChartTime(time as number, false, 'UTC') },
  });
}

/** After a change of appearance. */
export function applyChartFrameColours(chart: IChartApi, colours: ChartFrameColours): void {
  chart.applyOptions({
    layout: { background: { type: ColorType.Solid, color: colours.background }, textColor: colours.text },
    grid: { vertLines: { color: colours.grid }, horzLines: { color: colours.grid } },
  });
}
