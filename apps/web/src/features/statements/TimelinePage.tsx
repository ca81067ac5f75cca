import '../../ui/money.css';
import './statements.css';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { TimelineEntry } from '@tradeapp/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateTime, formatNumber, formatQuantity } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { Page } from '../../ui/Page';
import { RowsSkeleton } from '../../ui/records';
import { Refreshable } from '../../ui/Refreshable';
import { BILL_TYPE_LABEL, WALLET_LABEL } from '../wallet';
import { statementKeys, timelineQuery } from './api';

const REVIEW_ACTIONS = [
  'kyc.approve',
  'kyc.reject',
  'deposit.approve',
  'deposit.reject',
  'withdrawal.approve',
  'withdrawal.approve.first',
  'withdrawal.approve.second',
  'withdrawal.reject',
  'loan.approve',
  'loan.refuse',
  'user.disable',
  'user.enable',
  'user.twoFactorReset',
  'statement.produce',
] as const;
type ReviewAction = (typeof REVIEW_ACTIONS)[number];
const isKnown = (action: string): action is ReviewAction => (REVIEW_ACTIONS as readonly string[]).includes(action);

function Row({ entry }: { entry: TimelineEntry }) {
  const { t } = useTranslation();
  const journals = entry.journalIds.length > 0 && (
    <span className="record-sub timeline-line" data-testid="timeline-journals">
      {t('timeline.journals', { ids: entry.journalIds.map((id) => `#${id}`).join(', ') })}
    </span>
  );
  let title;
  let detail = null;
  if (entry.kind === 'money') {
    title = entry.journalKind ? t(BILL_TYPE_LABEL[entry.journalKind]) : t('timeline.money');
    detail = (
      <span className="record-figures">
        {entry.wallets.map((w) => (
          <span key={w.walletCode} className="record-amount">
            {formatAmount(w.amount, { grouping: true, signed: true })} <span className="record-sub">{t(WALLET_LABEL[w.walletCode])}</span>
          </span>
        ))}
      </span>
    );
  } else if (entry.kind === 'order') {
    title = `${entry.symbol ?? ''} · ${t(`timeline.events.${entry.event ?? 'placed'}`)}`;
    detail = entry.quantity !== null && (
      <span className="record-figures">
        <span className="record-amount">{formatQuantity(entry.quantity)}</span>
        {entry.price !== null && <span className="record-sub">@ {formatNumber(entry.price, { grouping: true })}</span>}
      </span>
    );
  } else {
    const action = entry.review?.action ?? '';
    title = isKnown(action) ? t(`timeline.reviews.${action.replace(/\./g, '_') as 'kyc_approve'}`) : t('timeline.reviewed');
  }
  return (
    <div className="record-row" data-testid="timeline-entry" data-kind={entry.kind}>
      <span className="record-main">
        <span className="record-title">
          <span className={`timeline-kind kind-${entry.kind}`}>{t(`timeline.kinds.${entry.kind}`)}</span>
          {title}
        </span>
        <span className="record-sub timeline-line">{formatDateTime(entry.timestamp)}</span>
        {journals}
        {entry.review?.reason && <span className="record-memo timeline-line">{t('timeline.reason', { reason: entry.review.reason })}</span>}
        {entry.review && (
          <span className="record-sub timeline-line timeline-hash" data-testid="timeline-audit">
            {t('timeline.auditEntry', { id: entry.review.auditId, hash: (entry.review.hash ?? '').slice(0, 12) })}
          </span>
        )}
      </span>
      {detail}
    </div>
  );
}

/** Every money movement, order step and review of the account, newest first, each linked to its journals or audit entry. */
export default function TimelinePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(timelineQuery());
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.list) ?? [], [query.data]);
  const chain = query.data?.pages[0]?.auditChain;
  let body;
  if (query.isPending) body = <RowsSkeleton count={5} lines={2} testId={null} />;
  else if (query.isError && rows.length === 0) body = <EmptyState compact kind="records" title={t('money.loadFailed')} onRetry={() => void query.refetch()} />;
  else if (rows.length === 0) body = <EmptyState compact kind="records" title={t('timeline.empty')} />;
  else
    body = (
      <>
        {rows.map((entry) => (
          <Row
            key={`${entry.kind}-${entry.journalIds[0] ?? entry.review?.auditId ?? ''}-${entry.positionId ?? ''}-${entry.event ?? ''}-${entry.timestamp}`}
            entry={entry}
          />
        ))}
        <LoadMore hasMore={query.hasNextPage} onMore={() => query.fetchNextPage({ cancelRefetch: false })} />
      </>
    );
  return (
    <Page title={t('timeline.title')} className="money-page">
      <Refreshable onRefresh={() => queryClient.refetchQueries({ queryKey: statementKeys.timeline(), type: 'active' })}>
        {chain && (
          <p className={chain.ok ? 'page-intro timeline-chain ok' : 'page-intro timeline-chain broken'} data-testid="timeline-chain" data-ok={chain.ok}>
            {chain.ok ? t('timeline.chainOk', { count: chain.checked }) : t('timeline.chainBroken')}
          </p>
        )}
        <section className="card record-list" data-testid="timeline">
          {body}
        </section>
      </Refreshable>
    </Page>
  );
}
