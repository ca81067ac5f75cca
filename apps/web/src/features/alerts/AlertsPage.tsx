import '../../ui/money.css';
import './alerts.css';
import type { Alert } from '@tradeapp/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths';
import { formatDateTime, formatPercent, formatPrice } from '../../lib/format';
import { useNavigate } from '../../lib/router';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { Page } from '../../ui/Page';
import { RowsSkeleton } from '../../ui/records';
import { Refreshable } from '../../ui/Refreshable';
import { TabStrip } from '../../ui/TabStrip';
import { showToast } from '../../ui/toast';
import { ALERT_TABS, alertKeys, alertsQuery, changeAlert, useAlertEvents, type AlertTab } from './api';
import { describeAlert, formatLevel } from './describe';
import { queryClient } from '../../lib/queryClient';

/** One alert: the instrument, what it waits for, its state, and what can be done with it. */
function AlertRow({ alert: a, busy, onAction }: { alert: Alert; busy: boolean; onAction: (a: Alert, action: 'pause' | 'resume' | 'delete') => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <li className="alert-row" data-testid="alert-row" data-status={a.status} data-kind={a.kind}>
      <button
        type="button"
        className="alert-main"
        onClick={() => void navigate(paths.quote.stock({ name: a.name, code: a.stockCode, symbol: a.symbol, source: '', market: '' }))}
      >
        <span className="alert-name">
          {a.name} <span className="alert-code">{a.stockCode}</span>
        </span>
        <span className="alert-condition" data-testid="alert-condition">
          {describeAlert(a, t)}
        </span>
        {a.status === 'triggered' ? (
          <span className="alert-when" data-testid="alert-triggered">
            {t('alerts.triggered', { price: formatPrice(a.triggeredPrice, null), currency: a.currency, time: formatDateTime(a.triggeredTimestamp) })}
            {a.kind === 'ma' && a.triggeredValue ? ` · ${t('alerts.triggeredMa', { value: formatLevel(a.triggeredValue) })}` : ''}
            {a.kind === 'change' && a.triggeredValue ? ` · ${t('alerts.triggeredChange', { value: formatPercent(a.triggeredValue) })}` : ''}
          </span>
        ) : (
          <span className="alert-when">{t('alerts.created', { time: formatDateTime(a.createTimestamp) })}</span>
        )}
      </button>
      <div className="alert-side">
        <span className={`alert-status ${a.status}`} data-testid="alert-status">
          {t(`alerts.status.${a.status}`)}
        </span>
        <div className="alert-actions">
          {a.status !== 'triggered' && (
            <button
              type="button"
              className="link"
              disabled={busy}
              data-testid="alert-toggle"
              onClick={() => onAction(a, a.status === 'active' ? 'pause' : 'resume')}
            >
              {t(a.status === 'active' ? 'alerts.pause' : 'alerts.resume')}
            </button>
          )}
          <button type="button" className="link danger" disabled={busy} data-testid="alert-delete" onClick={() => onAction(a, 'delete')}>
            {t('alerts.delete')}
          </button>
        </div>
      </div>
    </li>
  );
}

/** The investor's price alerts: those waiting (active or paused) and those that fired. */
export default function AlertsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<AlertTab>('waiting');
  const [busy, setBusy] = useState<number | null>(null);
  const query = useInfiniteQuery(alertsQuery(tab));
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.list) ?? [], [query.data]);
  const first = query.data?.pages[0];
  useAlertEvents();

  const act = async (a: Alert, action: 'pause' | 'resume' | 'delete') => {
    if (action === 'delete' && !(await Dialog.confirm({ content: t('alerts.deleteQuestion'), confirmText: t('alerts.delete'), cancelText: t('common.back') })))
      return;
    setBusy(a.id);
    try {
      await changeAlert(a.id, action);
      showToast(t(action === 'delete' ? 'alerts.deleted' : action === 'pause' ? 'alerts.paused' : 'alerts.resumed'), 'success');
    } catch {
      // The client has toasted the server's sentence (the limit, a state changed meanwhile).
    } finally {
      setBusy(null);
    }
  };

  let body;
  if (query.isPending) body = <RowsSkeleton count={4} lines={2} testId="alerts-loading" />;
  else if (query.isError && rows.length === 0) body = <EmptyState kind="records" title={t('money.loadFailed')} onRetry={() => void query.refetch()} />;
  else if (rows.length === 0) body = <EmptyState kind="records" title={t(`alerts.empty.${tab}`)} body={t(`alerts.empty.${tab}Body`)} />;
  else
    body = (
      <section className="card">
        <ul className="alert-list" data-testid="alert-list">
          {rows.map((a) => (
            <AlertRow key={a.id} alert={a} busy={busy === a.id} onAction={(row, action) => void act(row, action)} />
          ))}
        </ul>
        <LoadMore hasMore={query.hasNextPage} onMore={() => query.fetchNextPage({ cancelRefetch: false })} />
      </section>
    );

  return (
    <Page title={t('titles.alerts')} className="money-page alerts-page">
      <TabStrip tabs={ALERT_TABS} active={tab} onChange={setTab} label={t('alerts.tabsLabel')} testPrefix="alerts-tab">
        {(key) => t(`alerts.tabs.${key}`)}
      </TabStrip>
      {first && tab === 'waiting' && (
        <p className="alert-count" data-testid="alert-count">
          {t('alerts.count', { active: first.active, limit: first.limit })}
        </p>
      )}
      <Refreshable onRefresh={() => queryClient.refetchQueries({ queryKey: alertKeys.all, type: 'active' })}>{body}</Refreshable>
    </Page>
  );
}
