import '../../ui/money.css';
import './analytics.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { addPrecise, ANALYTICS_PERIODS, divDecimal, mulPrecise, roundDecimal, subPrecise, type Analytics, type AnalyticsPeriod } from '@tradeapp/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateText, formatInCurrency, formatMonthName, formatNumber, formatPercent, riseFallColor, signOf, weekdayInitials } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { RowsSkeleton } from '../../ui/records';
import { Refreshable } from '../../ui/Refreshable';
import { useLazyChart } from '../../ui/useLazyChart';
import { analyticsKeys, analyticsQuery } from './api';
import type { ValuePoint } from './valueChartEngine';

const eur = (v: string) => formatInCurrency(v, 'EUR');
// A word joiner keeps the plus with the amount when a line breaks.
const signedEur = (v: string) => (signOf(v) > 0 ? `+\u2060${eur(v)}` : eur(v));
/** A fraction (0.01234568) as a signed percent to two places, through decimal strings. */
const percentOf = (fraction: string) => formatPercent(roundDecimal(mulPrecise(fraction, 100), 2));
const daySeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

const monthLabel = formatMonthName;

function PeriodTabs({ period, onChange }: { period: AnalyticsPeriod; onChange: (p: AnalyticsPeriod) => void }) {
  const { t } = useTranslation();
  return (
    <div className="analytics-periods" role="group" aria-label={t('analytics.periodLabel')} data-testid="analytics-periods">
      {ANALYTICS_PERIODS.map((p) => (
        <button
          key={p}
          type="button"
          className={p === period ? 'active' : ''}
          aria-pressed={p === period}
          onClick={() => onChange(p)}
          data-testid={`analytics-period-${p}`}
        >
          {t(`analytics.periods.${p}`)}
        </button>
      ))}
    </div>
  );
}

function Summary({ a }: { a: Analytics }) {
  const { t } = useTranslation();
  return (
    <section className="card card-pad analytics-summary" data-testid="analytics-summary">
      <div className="analytics-label">{t('analytics.value')}</div>
      <div className="balance-big" data-testid="analytics-value">
        {eur(a.endValue)}
      </div>
      <dl className="analytics-figures">
        <div>
          <dt>{t('analytics.pnl')}</dt>
          <dd data-testid="analytics-pnl" style={{ color: riseFallColor(a.pnl) }}>
            {signedEur(a.pnl)}
          </dd>
        </div>
        <div>
          <dt>{t('analytics.netFlow')}</dt>
          <dd data-testid="analytics-flow">{signedEur(a.netFlow)}</dd>
        </div>
        <div>
          <dt>{t('analytics.start')}</dt>
          <dd>{eur(a.startValue)}</dd>
        </div>
      </dl>
      <p className="analytics-note" data-testid="analytics-valued-note">
        {t('analytics.valueNote')}
      </p>
      {a.stale.length > 0 && (
        <p className="analytics-note" role="status" data-testid="analytics-stale">
          {t('analytics.staleNote', { products: a.stale.map((p) => t(`analytics.products.${p}`)).join(', ') })}
        </p>
      )}
    </section>
  );
}

const loadChart = () => import('./valueChartEngine').then((m) => m.createValueChart);

function ValueChart({ days }: { days: Analytics['days'] }) {
  const { t } = useTranslation();
  const { container, handle, ready, failed } = useLazyChart(loadChart);
  // Pixels: the chart draws floats; every figure in words stays a decimal string.
  const points = useMemo<ValuePoint[]>(() => days.map((d) => ({ time: daySeconds(d.day), value: Number(d.value) })), [days]);
  useEffect(() => {
    if (ready) handle.current?.setData(points);
  }, [ready, handle, points]);
  const first = days[0];
  const last = days[days.length - 1];
  return (
    <section className="card card-pad" data-testid="analytics-chart-section">
      {first && last && (
        <p className="sr-only">
          {t('analytics.chartLabel', { from: formatDateText(first.day), first: eur(first.value), to: formatDateText(last.day), last: eur(last.value) })}
        </p>
      )}
      <div className="analytics-chart-wrap">
        <div ref={container} className="analytics-chart" data-testid="analytics-chart" data-ready={ready ? 'true' : 'false'} data-points={points.length} />
        {failed && <div className="analytics-chart-overlay">{t('analytics.chartFailed')}</div>}
      </div>
    </section>
  );
}

function Returns({ a }: { a: Analytics }) {
  const { t } = useTranslation();
  const figure = (v: string | null, testId: string) => (
    <strong data-testid={testId} style={{ color: v === null ? undefined : riseFallColor(v) }}>
      {v === null ? t('analytics.notDefined') : percentOf(v)}
    </strong>
  );
  return (
    <>
      <div className="section-title">{t('analytics.returns')}</div>
      <section className="card card-pad analytics-returns" data-testid="analytics-returns">
        <div className="analytics-return">
          <div className="analytics-return-head">
            <span>{t('analytics.twr')}</span>
            {figure(a.twr, 'analytics-twr')}
          </div>
          <p className="analytics-note">{t('analytics.twrMeans')}</p>
        </div>
        <div className="analytics-return">
          <div className="analytics-return-head">
            <span>{t('analytics.mwr')}</span>
            {figure(a.mwr, 'analytics-mwr')}
          </div>
          <p className="analytics-note">{t('analytics.mwrMeans')}</p>
        </div>
      </section>
    </>
  );
}

/** Monday-first weeks of one UTC month, each day with its P&L when the period has it. */
function weeksOf(month: string, byDay: Map<string, Analytics['days'][number]>) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1, 1));
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7;
  const cells: Array<{ day: string; date: number; entry: Analytics['days'][number] | undefined } | null> = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= daysInMonth; d++) {
    const day = `${month}-${String(d).padStart(2, '0')}`;
    cells.push({ day, date: d, entry: byDay.get(day) });
  }
  while (cells.length % 7) cells.push(null);
  const weeks = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

function Calendar({ days }: { days: Analytics['days'] }) {
  const { t } = useTranslation();
  const months = useMemo(() => [...new Set(days.map((d) => d.day.slice(0, 7)))], [days]);
  const [chosenMonth, setMonth] = useState(months[months.length - 1] ?? '');
  const [picked, setPicked] = useState<string | null>(null);
  // Another period may not have the month shown: its last month then.
  const month = months.includes(chosenMonth) ? chosenMonth : (months[months.length - 1] ?? '');
  const byDay = useMemo(() => new Map(days.map((d) => [d.day, d])), [days]);
  const index = months.indexOf(month);
  if (!month) return null;
  const weekdays = weekdayInitials();
  const chosen = picked ? byDay.get(picked) : undefined;
  return (
    <>
      <div className="section-title">{t('analytics.calendar')}</div>
      <section className="card card-pad analytics-calendar" data-testid="analytics-calendar">
        <div className="analytics-month">
          <button
            type="button"
            aria-label={t('analytics.previousMonth')}
            disabled={index <= 0}
            onClick={() => setMonth(months[index - 1]!)}
            data-testid="calendar-previous"
          >
            ‹
          </button>
          <strong data-testid="calendar-month">{monthLabel(month)}</strong>
          <button
            type="button"
            aria-label={t('analytics.nextMonth')}
            disabled={index >= months.length - 1}
            onClick={() => setMonth(months[index + 1]!)}
            data-testid="calendar-next"
          >
            ›
          </button>
        </div>
        <table className="analytics-grid">
          <thead>
            <tr>
              {weekdays.map((w, i) => (
                <th key={i} scope="col">
                  {w}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeksOf(month, byDay).map((week, i) => (
              <tr key={i}>
                {week.map((cell, j) => (
                  <td key={j}>
                    {cell &&
                      (cell.entry ? (
                        <button
                          type="button"
                          className={`analytics-day ${signOf(cell.entry.pnl) > 0 ? 'rise' : signOf(cell.entry.pnl) < 0 ? 'fall' : 'flat'}${picked === cell.day ? ' picked' : ''}`}
                          aria-pressed={picked === cell.day}
                          // The visible day number leads the name (axe's label-content-name-mismatch on days 1-9).
                          aria-label={`${cell.date}: ${formatDateText(cell.day)} ${signedEur(cell.entry.pnl)}`}
                          onClick={() => setPicked(cell.day)}
                          data-testid="calendar-day"
                          data-day={cell.day}
                          data-pnl={cell.entry.pnl}
                        >
                          {cell.date}
                        </button>
                      ) : (
                        <span className="analytics-day outside" title={t('analytics.outside')}>
                          {cell.date}
                        </span>
                      ))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="analytics-day-figure" aria-live="polite" data-testid="calendar-figure">
          {chosen
            ? t('analytics.dayFigure', { day: formatDateText(chosen.day), pnl: signedEur(chosen.pnl), value: eur(chosen.value), flow: signedEur(chosen.flow) })
            : t('analytics.calendarNote')}
        </p>
      </section>
    </>
  );
}

type PnlRow = Analytics['byMarket'][number];

function PnlList({ title, rows, testId }: { title: string; rows: Array<PnlRow & { key: string; name: string }>; testId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="section-title">{title}</div>
      <section className="card record-list" data-testid={testId}>
        {rows.length === 0 ? (
          <EmptyState compact kind="records" title={t('analytics.noTrades')} />
        ) : (
          rows.map((r) => (
            <div key={r.key} className="record-row" data-testid={`${testId}-row`} data-key={r.key}>
              <span className="record-main">
                <span className="record-title">{r.name}</span>
                <span className="record-sub">
                  {t('analytics.realised', { value: signedEur(r.realised) })} · {t('analytics.floating', { value: signedEur(r.floating) })} ·{' '}
                  {t('analytics.fees', { value: eur(r.fees) })}
                </span>
              </span>
              <strong className="analytics-amount" style={{ color: riseFallColor(r.pnl) }}>
                {signedEur(r.pnl)}
              </strong>
            </div>
          ))
        )}
      </section>
    </>
  );
}

function Bars({ title, rows, total, testId }: { title: string; rows: Array<{ key: string; label: string; value: string }>; total: string; testId: string }) {
  return (
    <div className="analytics-bars" data-testid={testId}>
      <h3>{title}</h3>
      {rows.map((r) => {
        const share = divDecimal(mulPrecise(r.value, 100), total, 1) ?? '0.0';
        return (
          <div key={r.key} className="analytics-bar" data-testid={`${testId}-row`} data-key={r.key}>
            <div className="analytics-bar-label">
              <span>{r.label}</span>
              <span>
                {eur(r.value)} · {formatNumber(share)}%
              </span>
            </div>
            {/* Pixels: the bar's width is a float share of the total. */}
            <div className="analytics-bar-track" aria-hidden="true">
              <div className="analytics-bar-fill" style={{ width: `${Math.max(0, Math.min(100, Number(share)))}%` }} />
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** The P&L that is no instrument's: each product's row, exchange and the rest. */
function ProductPnl({ rows }: { rows: Analytics['byProduct'] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <>
      <div className="section-title">{t('analytics.byProduct')}</div>
      <section className="card record-list" data-testid="analytics-products">
        {rows.map((r) => (
          <div key={r.product} className="record-row" data-testid="analytics-products-row" data-key={r.product}>
            <span className="record-main">
              <span className="record-title">{t(`analytics.products.${r.product}`)}</span>
            </span>
            <strong className="analytics-amount" style={{ color: riseFallColor(r.pnl) }}>
              {signedEur(r.pnl)}
            </strong>
          </div>
        ))}
        <p className="analytics-note analytics-list-note">{t('analytics.byProductNote')}</p>
      </section>
    </>
  );
}

const sumOf = (values: string[]) => values.reduce((s, v) => addPrecise(s, v), '0');

function Allocation({ a }: { a: Analytics }) {
  const { t } = useTranslation();
  const { total, cash } = a.allocation;
  // Cash, and what is neither cash nor in the market's instruments, after each chart's rows: every chart adds up to the total held.
  const withRest = (rows: Array<{ key: string; label: string; value: string }>) => {
    const rest = subPrecise(subPrecise(total, cash), sumOf(rows.map((r) => r.value)));
    return [
      ...rows,
      ...(signOf(cash) !== 0 ? [{ key: 'cash', label: t('analytics.cash'), value: cash }] : []),
      ...(signOf(rest) !== 0 ? [{ key: 'other', label: t('analytics.otherHoldings'), value: rest }] : []),
    ];
  };
  const assets = a.allocation.byProduct.filter((p) => p.side === 'asset');
  return (
    <>
      <div className="section-title">{t('analytics.allocation')}</div>
      <section className="card card-pad" data-testid="analytics-allocation">
        <p className="analytics-note">{t('analytics.allocationNote')}</p>
        <Bars
          title={t('analytics.byProductChart')}
          total={total}
          testId="allocation-product"
          rows={assets.map((p) => ({ key: p.product, label: t(`analytics.products.${p.product}`), value: p.value }))}
        />
        {signOf(a.allocation.liabilities) !== 0 && (
          <p className="analytics-owed" data-testid="allocation-owed">
            <span>{t('analytics.owed')}</span>
            <span>-{eur(a.allocation.liabilities)}</span>
          </p>
        )}
        <Bars
          title={t('analytics.byMarketChart')}
          total={total}
          testId="allocation-market"
          rows={withRest(a.allocation.byMarket.map((m) => ({ key: m.market, label: t(`analytics.markets.${m.market}`), value: m.value })))}
        />
        <Bars
          title={t('analytics.byAssetClass')}
          total={total}
          testId="allocation-class"
          rows={withRest(a.allocation.byAssetClass.map((c) => ({ key: c.assetClass, label: t(`analytics.assetClasses.${c.assetClass}`), value: c.value })))}
        />
      </section>
    </>
  );
}

/** Nothing ever held and nothing traded: the page explains what will appear. */
const isEmpty = (a: Analytics) =>
  a.byInstrument.length === 0 && a.byProduct.length === 0 && a.days.every((d) => signOf(d.value) === 0 && signOf(d.flow) === 0) && signOf(a.startValue) === 0;

export default function AnalyticsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState<AnalyticsPeriod>('1M');
  const query = useQuery(analyticsQuery(period));
  let body;
  if (query.isPending) body = <RowsSkeleton count={4} lines={2} testId="analytics-loading" />;
  else if (query.isError) body = <EmptyState kind="records" title={t('money.loadFailed')} onRetry={() => void query.refetch()} />;
  else if (isEmpty(query.data))
    body = (
      <div data-testid="analytics-empty">
        <EmptyState kind="records" title={t('analytics.empty')} body={t('analytics.emptyBody')} />
      </div>
    );
  else {
    const a = query.data;
    body = (
      <>
        <Summary a={a} />
        <ValueChart days={a.days} />
        <Returns a={a} />
        <Calendar days={a.days} />
        <PnlList
          title={t('analytics.byInstrument')}
          testId="analytics-instruments"
          rows={a.byInstrument.map((r) => ({ ...r, key: r.symbol, name: `${r.name} · ${r.symbol}` }))}
        />
        <PnlList
          title={t('analytics.byMarket')}
          testId="analytics-markets"
          rows={a.byMarket.map((r) => ({ ...r, key: r.market, name: t(`analytics.markets.${r.market}`) }))}
        />
        <ProductPnl rows={a.byProduct} />
        <Allocation a={a} />
      </>
    );
  }
  return (
    <Page title={t('analytics.title')} className="money-page">
      <Refreshable onRefresh={() => queryClient.refetchQueries({ queryKey: analyticsKeys.all, type: 'active' })}>
        <PeriodTabs period={period} onChange={setPeriod} />
        {body}
      </Refreshable>
    </Page>
  );
}
