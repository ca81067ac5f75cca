import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateText, formatNumber } from '../../lib/format';
import { splitCurve, type CurvePoint } from './calc';
import { useLazyChart } from '../../ui/useLazyChart';

const loadChart = () => import('./curveEngine').then((m) => m.createCurveChart);

/**
 * An agency's NAV per day, the backfilled part dashed and grey and the live part solid, with a
 * legend that says which is which. The chart library is fetched when the chart first mounts; a
 * screen reader hears the span and the first and last NAV.
 */
export function EquityCurve({ curve, liveDay }: { curve: readonly CurvePoint[]; liveDay: string }) {
  const { t } = useTranslation();
  const { container, handle, ready, failed } = useLazyChart(loadChart);
  const lines = useMemo(() => splitCurve(curve), [curve]);

  useEffect(() => {
    if (ready) handle.current?.setData(lines);
  }, [ready, handle, lines]);

  const first = curve[0];
  const last = curve[curve.length - 1];
  const empty = curve.length === 0;
  const label =
    first && last
      ? t('follow.agency.curveLabel', {
          from: formatDateText(first.day),
          to: formatDateText(last.day),
          first: formatNumber(first.nav),
          last: formatNumber(last.nav),
        })
      : t('follow.agency.curveEmpty');

  return (
    <section className="card card-pad follow-curve" aria-labelledby="follow-curve-title" data-testid="agency-curve-section">
      <h2 className="money-section-title" id="follow-curve-title">
        {t('follow.agency.curveTitle')}
      </h2>
      <p className="follow-sub">{t('follow.agency.curveSub')}</p>
      <div className="follow-curve-wrap">
        {/* The chart library puts focusable parts inside its canvas, so the curve's summary is text beside it, not an image's label. */}
        <p className="sr-only">{label}</p>
        <div
          ref={container}
          className="follow-curve-canvas"
          data-testid="agency-curve"
          data-ready={ready ? 'true' : 'false'}
          data-backfilled={lines.backfilled.length}
          data-live={lines.live.length}
        />
        {!ready && !failed && !empty && <div className="follow-curve-overlay loading" aria-busy="true" />}
        {empty && <div className="follow-curve-overlay">{t('follow.agency.curveEmpty')}</div>}
        {failed && <div className="follow-curve-overlay">{t('follow.agency.curveFailed')}</div>}
      </div>
      <ul className="follow-legend" data-testid="agency-curve-legend">
        {lines.backfilled.length > 0 && (
          <li data-testid="agency-legend-backfilled">
            <span className="follow-swatch backfilled" aria-hidden="true" />
            {t('follow.agency.legendBackfilled')}
          </li>
        )}
        {lines.live.length > 0 && (
          <li data-testid="agency-legend-live">
            <span className="follow-swatch live" aria-hidden="true" />
            {t('follow.agency.legendLive', { date: formatDateText(liveDay) })}
          </li>
        )}
      </ul>
    </section>
  );
}
