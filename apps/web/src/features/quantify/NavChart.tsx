import type { PoolDay } from '@tradeapp/contract';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, formatNav, navLines } from './calc';
import { useLazyChart } from '../../ui/useLazyChart';

const loadChart = () => import('./navEngine').then((m) => m.createNavChart);

/**
 * A pool's NAV per day against its benchmark: the backtested days dashed and grey, the live ones
 * solid with a mark where the pool went live, the benchmark thin; a legend says which is which and
 * until when the NAV is backtested. The chart library is fetched when the chart first mounts; a
 * screen reader hears the span, the first and last NAV and the last benchmark.
 */
export function NavChart({ days }: { days: readonly PoolDay[] }) {
  const { t } = useTranslation();
  const { container, handle, ready, failed } = useLazyChart(loadChart);
  const lines = useMemo(() => navLines(days), [days]);
  const liveLabel = t('quantify.detail.legendLive');

  useEffect(() => {
    if (ready) handle.current?.setData(lines, liveLabel);
  }, [ready, handle, lines, liveLabel]);

  const first = days[0];
  const last = days[days.length - 1];
  const empty = days.length === 0;
  const backtestedDays = days.filter((d) => d.backtested).length;
  const liveDays = days.length - backtestedDays;
  const label =
    first && last
      ? t('quantify.detail.chartLabel', {
          from: formatDay(first.day),
          to: formatDay(last.day),
          first: formatNav(first.nav),
          last: formatNav(last.nav),
          benchmark: formatNav(last.benchmark),
        })
      : t('quantify.detail.chartEmpty');

  return (
    <section className="card card-pad quant-chart" aria-labelledby="quant-chart-title" data-testid="quant-chart-section">
      <h2 className="money-section-title" id="quant-chart-title">
        {t('quantify.detail.chartTitle')}
      </h2>
      <p className="quant-sub">{t('quantify.detail.chartSub')}</p>
      <div className="quant-chart-wrap">
        {/* The chart library puts focusable parts inside its canvas, so the chart's summary is text beside it, not an image's label. */}
        <p className="sr-only">{label}</p>
        <div
          ref={container}
          className="quant-chart-canvas"
          data-testid="quant-chart"
          data-ready={ready ? 'true' : 'false'}
          data-backtested={backtestedDays}
          data-live={liveDays}
          data-benchmark={lines.benchmark.length}
        />
        {!ready && !failed && !empty && <div className="quant-chart-overlay loading" aria-busy="true" />}
        {empty && <div className="quant-chart-overlay">{t('quantify.detail.chartEmpty')}</div>}
        {failed && <div className="quant-chart-overlay">{t('quantify.detail.chartFailed')}</div>}
      </div>
      <ul className="quant-legend" data-testid="quant-chart-legend">
        {lines.lastBacktested !== null && (
          <li data-testid="quant-legend-backtested">
            <span className="quant-swatch backtested" aria-hidden="true" />
            {t('quantify.detail.legendBacktested', { date: formatDay(lines.lastBacktested) })}
          </li>
        )}
        {liveDays > 0 && (
          <li data-testid="quant-legend-live">
            <span className="quant-swatch live" aria-hidden="true" />
            {liveLabel}
          </li>
        )}
        {!empty && (
          <li data-testid="quant-legend-benchmark">
            <span className="quant-swatch benchmark" aria-hidden="true" />
            {t('quantify.detail.legendBenchmark')}
          </li>
        )}
      </ul>
    </section>
  );
}
