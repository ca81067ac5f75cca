import '../../ui/money.css';
import './statements.css';
import { Button } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CALENDAR_FIRST_DAY, CALENDAR_LAST_DAY, type Statement } from '@tradeapp/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths';
import { useNavigate, useSearchParams } from '../../lib/router';
import {
  formatAmount,
  formatDateTime,
  formatInCurrency,
  formatMonthName,
  formatQuantity,
  formatNumber,
  formatUtcDay,
  isoDayOf,
  signOf,
} from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { RowsSkeleton } from '../../ui/records';
import { Refreshable } from '../../ui/Refreshable';
import { showToast } from '../../ui/toast';
import { BILL_TYPE_LABEL, WALLET_LABEL } from '../wallet';
import { downloadFile, monthsQuery, statementKeys, statementQuery } from './api';

const MONTH_PATTERN = /^20\d\d-(0[1-9]|1[0-2])$/;

/** "November 2026" / "november 2026" / "2026年11月", in the reader's language (months are UTC). */
const monthLabel = formatMonthName;

function useDownload() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (id: string, path: string, name: string) => {
    setBusy(id);
    try {
      await downloadFile(path, name);
      showToast(t('statements.downloaded'), 'success');
    } catch (error) {
      showToast(error instanceof Error ? error.message : t('money.loadFailed'), 'fail');
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

function Months() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery(monthsQuery());
  const months = query.data?.months ?? [];
  let body;
  if (query.isPending) body = <RowsSkeleton count={3} lines={1} testId={null} />;
  else if (query.isError) body = <EmptyState compact kind="records" title={t('money.loadFailed')} onRetry={() => void query.refetch()} />;
  else if (months.length === 0) body = <EmptyState compact kind="records" title={t('statements.noMonths')} />;
  else
    body = months.map((m) => (
      <button
        key={m.month}
        type="button"
        className="record-row statement-month"
        data-testid="statement-month"
        data-month={m.month}
        onClick={() => void navigate(paths.statements(m.month))}
      >
        <span className="record-main">
          <span className="record-title">{monthLabel(m.month)}</span>
          <span className="record-sub">{m.complete ? t('statements.complete') : t('statements.inProgress')}</span>
        </span>
        <span className="statement-arrow" aria-hidden>
          ›
        </span>
      </button>
    ));
  return (
    <>
      <div className="section-title">{t('statements.monthly')}</div>
      <section className="card record-list" data-testid="statement-months">
        {body}
      </section>
    </>
  );
}

const today = () => isoDayOf(Date.now()) ?? '';
const firstOfMonth = () => `${today().slice(0, 8)}01`;

function Exports() {
  const { t } = useTranslation();
  const [from, setFrom] = useState(firstOfMonth);
  const [to, setTo] = useState(today);
  const { busy, run } = useDownload();
  const exportOf = (what: 'bills' | 'trades') => {
    if (!from || !to || from > to) {
      showToast(t('statements.rangeInvalid'), 'fail');
      return;
    }
    void run(what, `/web/export/${what}.csv?from=${from}&to=${to}`, `${what}-${from}-${to}.csv`);
  };
  return (
    <>
      <div className="section-title">{t('statements.exports')}</div>
      <section className="card card-pad statement-exports" data-testid="statement-exports">
        <p className="statement-note">{t('statements.exportsBody')}</p>
        <div className="statement-range">
          <label>
            <span className="field-label">{t('statements.from')}</span>
            <input
              type="date"
              value={from}
              min={CALENDAR_FIRST_DAY}
              max={to || CALENDAR_LAST_DAY}
              onChange={(e) => setFrom(e.target.value)}
              data-testid="export-from"
            />
          </label>
          <label>
            <span className="field-label">{t('statements.to')}</span>
            <input
              type="date"
              value={to}
              min={from || CALENDAR_FIRST_DAY}
              max={CALENDAR_LAST_DAY}
              onChange={(e) => setTo(e.target.value)}
              data-testid="export-to"
            />
          </label>
        </div>
        <div className="statement-actions">
          <Button color="primary" fill="outline" loading={busy === 'bills'} onClick={() => exportOf('bills')} data-testid="export-bills">
            {t('statements.exportBills')}
          </Button>
          <Button color="primary" fill="outline" loading={busy === 'trades'} onClick={() => exportOf('trades')} data-testid="export-trades">
            {t('statements.exportTrades')}
          </Button>
        </div>
      </section>
    </>
  );
}

function WalletCard({ w }: { w: Statement['wallets'][number] }) {
  const { t } = useTranslation();
  const amount = (v: string) => formatAmount(v, { grouping: true });
  return (
    <section className="card card-pad statement-wallet" data-testid="statement-wallet" data-wallet={w.walletCode}>
      <h2>
        {t(WALLET_LABEL[w.walletCode])} <span className="statement-currency">{w.currency}</span>
      </h2>
      <dl className="statement-figures">
        <div>
          <dt>{t('statements.opening')}</dt>
          <dd data-testid="statement-opening">{amount(w.opening.total)}</dd>
        </div>
        {w.lines.map((l) => (
          <div key={l.type} className="statement-line" data-testid="statement-line" data-type={l.type}>
            <dt>
              {t(BILL_TYPE_LABEL[l.type])} <span className="statement-count">×{formatNumber(String(l.count))}</span>
            </dt>
            <dd>{formatAmount(l.amount, { grouping: true, signed: true })}</dd>
          </div>
        ))}
        <div className="statement-total">
          <dt>{t('statements.closing')}</dt>
          <dd data-testid="statement-closing">{amount(w.closing.total)}</dd>
        </div>
        {w.closing.held !== '0.00' && (
          <div className="statement-sub">
            <dt>{t('statements.ofWhichHeld')}</dt>
            <dd>{amount(w.closing.held)}</dd>
          </div>
        )}
        <div className="statement-sub">
          <dt>{t('statements.fees')}</dt>
          <dd data-testid="statement-fees">{amount(w.fees)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** A UTC day in the reader's date form: 30/11/2026 · 30-11-2026 · 2026-11-30. */
const dayLabel = formatUtcDay;

/**
 * The investor's net assets at the statement's end (issue 32), the server's figure as it is: for the
 * month in progress the portfolio's now (home's figure) with the time it was valued, total assets and
 * liabilities beneath when anything is owed; for a past month the value Analytics states for its last day.
 */
function NetAssetsCard({ s }: { s: Statement }) {
  const { t } = useTranslation();
  const p = s.portfolio;
  return (
    <section className="card card-pad statement-net" data-testid="statement-net-assets" aria-labelledby="statement-net-title">
      <h2 id="statement-net-title">{t('statements.netAssets')}</h2>
      {p === null ? (
        <p className="statement-note" data-testid="statement-net-unavailable">
          {t('statements.netAssetsUnavailable')}
        </p>
      ) : (
        <>
          <div className="statement-net-value" data-testid="statement-net" data-value={p.netAssets}>
            {formatInCurrency(p.netAssets, p.currency)}
          </div>
          {p.total !== null && p.liabilities !== null && signOf(p.liabilities) > 0 && (
            <dl className="statement-figures">
              <div className="statement-sub">
                <dt>{t('portfolio.totalAssets')}</dt>
                <dd data-testid="statement-net-total">{formatInCurrency(p.total, p.currency)}</dd>
              </div>
              <div className="statement-sub">
                <dt>{t('portfolio.liabilities')}</dt>
                <dd data-testid="statement-net-liabilities">{formatInCurrency(p.liabilities, p.currency)}</dd>
              </div>
            </dl>
          )}
          <p className="statement-note statement-net-note" data-testid="statement-net-as-of">
            {s.complete ? t('statements.netAssetsMonthEnd', { day: dayLabel(p.asOf - 1) }) : t('statements.netAssetsLive', { time: formatDateTime(p.asOf) })}
          </p>
        </>
      )}
    </section>
  );
}

function MonthView({ month }: { month: string }) {
  const { t } = useTranslation();
  const query = useQuery(statementQuery(month));
  const { busy, run } = useDownload();
  const s = query.data;
  let body;
  if (query.isPending) body = <RowsSkeleton count={4} lines={2} testId={null} />;
  else if (query.isError || !s) body = <EmptyState kind="records" title={t('money.loadFailed')} onRetry={() => void query.refetch()} />;
  else
    body = (
      <>
        <section className="card card-pad statement-head">
          <p className="statement-note" data-testid="statement-status">
            {s.complete ? t('statements.completeNote') : t('statements.inProgressNote', { time: formatDateTime(s.generatedTimestamp) })}
          </p>
          <p className="statement-note">{t('statements.reconciles')}</p>
          <Button
            block
            color="primary"
            loading={busy === 'pdf'}
            onClick={() => void run('pdf', `/web/statement/${month}/pdf`, `statement-${month}.pdf`)}
            data-testid="statement-pdf"
          >
            {t('statements.downloadPdf')}
          </Button>
        </section>
        <NetAssetsCard s={s} />
        {s.wallets.length === 0 ? <EmptyState kind="records" title={t('statements.empty')} /> : s.wallets.map((w) => <WalletCard key={w.walletCode} w={w} />)}
        <div className="section-title">{t('statements.trades')}</div>
        <section className="card record-list" data-testid="statement-trades">
          {s.trades.length === 0 ? (
            <EmptyState compact kind="records" title={t('statements.noTrades')} />
          ) : (
            s.trades.map((x) => (
              <div key={`${x.positionId}-${x.event}-${x.timestamp}`} className="record-row" data-testid="statement-trade">
                <span className="record-main">
                  <span className="record-title">
                    {x.symbol} · {t(`statements.events.${x.event}`)}
                  </span>
                  <span className="record-sub">
                    {formatDateTime(x.timestamp)} · {formatQuantity(x.quantity)} @ {formatNumber(x.price, { grouping: true })}
                  </span>
                </span>
                <span className="record-figures">
                  {x.net !== null && (
                    <span className="record-amount" data-testid="statement-trade-net">
                      {formatAmount(x.net, { grouping: true, signed: true })}
                    </span>
                  )}
                  {x.gross !== null && x.fees !== null && (
                    <span className="record-sub" data-testid="statement-trade-pnl">
                      {t('statements.pnlLine', {
                        gross: formatAmount(x.gross, { grouping: true, signed: true }),
                        fees: formatAmount(x.fees, { grouping: true }),
                      })}
                    </span>
                  )}
                  <span className="record-sub">{t('statements.fee', { fee: formatAmount(x.fee, { grouping: true }) })}</span>
                </span>
              </div>
            ))
          )}
        </section>
        {s.trades.some((x) => x.net !== null) && <p className="statement-note pad-note">{t('statements.pnlNote')}</p>}
      </>
    );
  return (
    <Page title={monthLabel(month)} className="money-page">
      <Refreshable onRefresh={() => query.refetch()}>{body}</Refreshable>
    </Page>
  );
}

/** Monthly statements (PDF) and CSV exports of bills and trades, from the profile. */
export default function StatementsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const month = params.get('month');
  if (month && MONTH_PATTERN.test(month)) return <MonthView month={month} />;
  return (
    <Page title={t('statements.title')} className="money-page">
      <Refreshable onRefresh={() => queryClient.refetchQueries({ queryKey: statementKeys.all, type: 'active' })}>
        <Months />
        <Exports />
      </Refreshable>
    </Page>
  );
}
