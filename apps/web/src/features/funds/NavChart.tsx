import type { FundDetail } from '@tradeapp/contract';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, formatNav, navPoints } from './calc';
import { loadCurveChart } from '../follow';
import { useLazyChart } from '../../ui/useLazyChart';

// The agencies' NAV chart, with every day on its solid line: a fund has no backfilled days.
const loadChart = () => loadCurveChart().then((m) => m.createCurveChart);

/**
 * A fund's NAV per day as a line. The chart library is fetched when the chart first mounts; a
 * screen reader hears the span and the first and last NAV (the list under it has every recent day).
 */
export function NavChart({ days }: { days: FundDetail['days'] }) {
  const { t } = useTranslation();
  const { container, handle, ready, failed } = useLazyChart(loadChart);
  const points = useMemo(() => navPoints(days), [days]);

  useEffect(() => {
    if (ready) handle.current?.setData({ backfilled: [], live: points });
  }, [ready, handle, points]);

  const first = days[0];
  const last = days[days.length - 1];
  const empty = points.length === 0;
  const label =
    first && last
      ? t('funds.detail.chartLabel', { from: formatDay(first.day), to: formatDay(last.day), first: formatNav(first.value), last: formatNav(last.value) })
      : t('funds.detail.chartEmpty');

  return (
    <section className="card card-pad fund-chart" aria-labelledby="fund-chart-title" data-testid="fund-chart-section">
      <h2 className="money-section-title" id="fund-chart-title">
        {t('funds.detail.chartTitle')}
      </h2>
      <p className="fund-sub">{t('funds.detail.chartSub')}</p>
      <div className="fund-chart-wrap">
        {/* The chart library puts focusable parts inside its canvas, so the chart's summary is text beside it, not an image's label. */}
        <p className="sr-only">{label}</p>
        <div ref={container} className="fund-chart-canvas" data-testid="fund-chart" data-ready={ready ? 'true' : 'false'} data-points={points.length} />
        {!ready && !failed && !empty && <div className="fund-chart-overlay loading" aria-busy="true" />}
        {empty && <div className="fund-chart-overlay">{t('funds.detail.chartEmpty')}</div>}
        {failed && <div className="fund-chart-overlay">{t('funds.detail.chartFailed')}</div>}
      </div>
    </section>
  );
}
