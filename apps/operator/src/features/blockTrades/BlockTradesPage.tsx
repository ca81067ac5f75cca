import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BlockTradeActivationStatus, type BlockQuoteStatus, type BlockTradeKeyStatus } from '@tradeapp/contract';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '../../ui/Badges';
import { ActionError, Dialog, DialogButtons } from '../../ui/Dialog';
import { formatDateTime, show } from '../../ui/format';
import { Pagination } from '../../ui/Pagination';
import { ReasonDialog } from '../../ui/ReasonDialog';
import { Segmented } from '../../ui/Segmented';
import { Spinner } from '../../ui/Spinner';
import { Empty, ErrorState, Loading, TableState } from '../../ui/States';
import { TableHead } from '../../ui/TableHead';
import { Detail, NothingSelected, UserCell, When } from '../review';
import {
  auditLinkOf,
  BLOCK_TRADES_PAGE_SIZE,
  blockTradeKeys,
  blockTradesQueryOptions,
  decidedQueryOptions,
  useBlockTradeDecision,
  type BlockTradeItem,
} from './api';
import { BlockQuotesSection, isQuoteStatus } from './BlockQuotesSection';

// Block trading in the back office, two tabs. The queue: applications waiting first, filtered by
// status, and beside them the selected one with its decision: approve (the key goes to the investor,
// not to this screen) or refuse with a reason; once approved or active, revoke its key with a reason.
// The quotes: every quote the house gave and the block trades they became, to read.

const STATUS_OPTIONS: { value: BlockTradeActivationStatus; label: string }[] = [
  { value: BlockTradeActivationStatus.Applied, label: 'Applied' },
  { value: BlockTradeActivationStatus.Approved, label: 'Approved' },
  { value: BlockTradeActivationStatus.Active, label: 'Active' },
  { value: BlockTradeActivationStatus.Refused, label: 'Refused' },
];
const DEFAULT_STATUS = BlockTradeActivationStatus.Applied;

const BADGES: Record<BlockTradeActivationStatus, [string, 'warning' | 'info' | 'success' | 'danger']> = {
  applied: ['Applied', 'warning'],
  approved: ['Approved', 'info'],
  active: ['Active', 'success'],
  refused: ['Refused', 'danger'],
};

const KEY_LABELS: Record<BlockTradeKeyStatus, string> = {
  none: 'No key',
  sent: 'Sent, not entered yet',
  used: 'Entered',
  revoked: 'Revoked',
};

function StatusBadge({ status }: { status: BlockTradeActivationStatus }) {
  const [label, tone] = BADGES[status];
  return <Badge tone={tone}>{label}</Badge>;
}

const isStatus = (value: string | null): value is BlockTradeActivationStatus =>
  STATUS_OPTIONS.some((option) => option.value === value);

/** The name the investor's verified identity gives. */
const kycName = (item: BlockTradeItem) => [item.firstName, item.lastName].filter(Boolean).join(' ');

type View = 'applications' | 'quotes';

/**
 * The page's state in the hash URL: the tab (`view`); the queue's `status` (a status or `all`), `page`
 * and the selected `id`; the quotes' `quoteStatus` and `quotePage`.
 */
function useQueueParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view: View = searchParams.get('view') === 'quotes' ? 'quotes' : 'applications';
  const rawQuoteStatus = searchParams.get('quoteStatus');
  const quoteStatus = isQuoteStatus(rawQuoteStatus) ? rawQuoteStatus : undefined;
  const quotePage = Math.max(1, Number(searchParams.get('quotePage')) || 1);
  const raw = searchParams.get('status');
  const status = raw === 'all' ? undefined : isStatus(raw) ? raw : DEFAULT_STATUS;
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const selectedId = Number(searchParams.get('id')) || null;

  function update(changes: Record<string, string | null>) {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    // Selecting a row replaces the history entry; changing the filter or the page adds one.
    setSearchParams(next, { replace: 'id' in changes && Object.keys(changes).length === 1 });
  }

  return {
    view,
    setView: (value: View) => update({ view: value === 'quotes' ? 'quotes' : null }),
    quoteStatus,
    quotePage,
    setQuoteStatus: (value: BlockQuoteStatus | undefined) => update({ quoteStatus: value ?? null, quotePage: null }),
    setQuotePage: (value: number) => update({ quotePage: String(value) }),
    status,
    page,
    selectedId,
    setStatus: (value: BlockTradeActivationStatus | undefined) =>
      update({ status: value === undefined ? 'all' : value === DEFAULT_STATUS ? null : value, page: null, id: null }),
    setPage: (value: number) => update({ page: String(value), id: null }),
    select: (id: number) => update({ id: String(id) }),
  };
}

function AuditLink({ id, children = 'Audit' }: { id: number; children?: ReactNode }) {
  return (
    <Link to={auditLinkOf(id)} className="audit-link" onClick={(event) => event.stopPropagation()} data-testid="bo-audit-link">
      {children}
    </Link>
  );
}

type Open = 'approve' | 'refuse' | 'revoke' | null;

/** The decision on one application: approve or refuse while it waits; revoke its key once approved or active. */
function Actions({ item, subject }: { item: BlockTradeItem; subject: string }) {
  const [open, setOpen] = useState<Open>(null);
  const mutation = useBlockTradeDecision(item.id);
  const close = () => {
    mutation.reset();
    setOpen(null);
  };
  const waiting = item.status === BlockTradeActivationStatus.Applied;
  const keyLive = item.status === BlockTradeActivationStatus.Approved || item.status === BlockTradeActivationStatus.Active;
  if (!waiting && !keyLive) return <span className="muted small">Closed — the investor may apply again.</span>;

  return (
    <div className="review-actions">
      {waiting ? (
        <>
          <button type="button" className="btn btn-primary" onClick={() => setOpen('approve')} data-testid="bo-blocktrade-approve">
            Approve
          </button>
          <button type="button" className="btn btn-danger-outline" onClick={() => setOpen('refuse')} data-testid="bo-blocktrade-refuse">
            Refuse
          </button>
        </>
      ) : (
        <button type="button" className="btn btn-danger-outline" onClick={() => setOpen('revoke')} data-testid="bo-blocktrade-revoke">
          Revoke key
        </button>
      )}
      {open === 'approve' && (
        <Dialog
          title="Approve block trading"
          onClose={close}
          footer={
            <DialogButtons
              onCancel={close}
              pending={mutation.isPending}
              label="Approve block trading"
              onClick={() => mutation.mutate({ action: 'approve' }, { onSuccess: close })}
              autoFocus
            />
          }
        >
          <p>
            <strong>{subject}</strong>: a key is issued and sent to the investor in a notice, in their language. It is not shown here;
            block trading becomes active when they enter it in the app.
          </p>
          <p className="small">The decision is written to the audit log.</p>
          <ActionError error={mutation.error} />
        </Dialog>
      )}
      {open === 'refuse' && (
        <ReasonDialog
          title="Refuse block trading"
          formId={`refuse-blocktrade-${String(item.id)}`}
          reasonLabel="Reason (the investor sees it; written to the audit log)"
          missingText="Please give a reason"
          confirmLabel="Refuse block trading"
          tone="danger"
          pending={mutation.isPending}
          error={mutation.error}
          onConfirm={(reason) => mutation.mutate({ action: 'refuse', reason }, { onSuccess: close })}
          onClose={close}
        >
          <p>
            <strong>{subject}</strong>: the application is refused; the investor may apply again.
          </p>
        </ReasonDialog>
      )}
      {open === 'revoke' && (
        <ReasonDialog
          title="Revoke block-trading key"
          formId={`revoke-blocktrade-${String(item.id)}`}
          reasonLabel="Reason (the investor sees it; written to the audit log)"
          missingText="Please give a reason"
          confirmLabel="Revoke key"
          tone="danger"
          pending={mutation.isPending}
          error={mutation.error}
          onConfirm={(reason) => mutation.mutate({ action: 'revoke', reason }, { onSuccess: close })}
          onClose={close}
        >
          <p>
            <strong>{subject}</strong>: the key stops working and block trading closes
            {item.status === BlockTradeActivationStatus.Active ? ' (it is active now)' : ''}; the investor may apply again.
          </p>
        </ReasonDialog>
      )}
    </div>
  );
}

function BlockTradePanel({ item }: { item: BlockTradeItem }) {
  const name = kycName(item);
  return (
    <aside className="card review-panel" aria-label="Block-trading application" data-testid="bo-blocktrade-panel">
      <header className="review-panel-header">
        <div>
          <h2>{show(name)}</h2>
          <p className="muted small">Application #{item.id}</p>
        </div>
        <StatusBadge status={item.status} />
      </header>
      <dl className="details">
        <Detail label="User">
          <Link to={`/users/${String(item.userId)}`}>{item.userName}</Link>
        </Detail>
        <Detail label="E-mail">{show(item.email)}</Detail>
        <Detail label="Name (KYC)">{show(name)}</Detail>
        <Detail label="Key">
          <span data-testid="bo-blocktrade-key">{KEY_LABELS[item.keyStatus]}</span>
        </Detail>
        <Detail label="Applied">{formatDateTime(item.createTimeTimestamp)}</Detail>
        {item.reviewTimeTimestamp !== null && <Detail label="Reviewed">{formatDateTime(item.reviewTimeTimestamp)}</Detail>}
        {item.activeTimeTimestamp !== null && <Detail label="Activated">{formatDateTime(item.activeTimeTimestamp)}</Detail>}
        {item.reason && <Detail label="Reason">{item.reason}</Detail>}
      </dl>
      <footer className="review-panel-footer">
        <Actions key={`${String(item.id)}-${item.status}`} item={item} subject={`${show(name)} (${item.userName})`} />
        <AuditLink id={item.id}>Audit log</AuditLink>
      </footer>
    </aside>
  );
}

const TABS: { view: View; label: string }[] = [
  { view: 'applications', label: 'Applications' },
  { view: 'quotes', label: 'Quotes and trades' },
];

export function BlockTradesPage() {
  const params = useQueueParams();
  const queryClient = useQueryClient();
  return (
    <section className="page">
      <header className="page-header">
        <div>
          <h1>Block trading</h1>
          <p className="muted">
            Applications for block trading, oldest waiting first. Approving sends the investor a key in a notice; block trading is active once
            they enter it. Active block traders request quotes, which the house answers by itself.
          </p>
        </div>
        <button type="button" className="btn" onClick={() => void queryClient.invalidateQueries({ queryKey: blockTradeKeys.all })}>
          Refresh
        </button>
      </header>
      <div className="tabs page-tabs" role="tablist" aria-label="Block trading">
        {TABS.map((tab) => (
          <button
            key={tab.view}
            type="button"
            role="tab"
            id={`blocktrade-tab-${tab.view}`}
            aria-selected={params.view === tab.view}
            aria-controls="blocktrade-tab-panel"
            className={`tab${params.view === tab.view ? ' tab-active' : ''}`}
            data-testid={`bo-blocktrade-tab-${tab.view}`}
            onClick={() => params.setView(tab.view)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="blocktrade-tab-panel" aria-labelledby={`blocktrade-tab-${params.view}`}>
        {params.view === 'quotes' ? (
          <BlockQuotesSection status={params.quoteStatus} page={params.quotePage} onStatus={params.setQuoteStatus} onPage={params.setQuotePage} />
        ) : (
          <Applications params={params} />
        )}
      </div>
    </section>
  );
}

function Applications({ params }: { params: ReturnType<typeof useQueueParams> }) {
  const columns = [{ label: 'Name / user' }, { label: 'Key' }, { label: 'Applied' }, { label: 'Status' }];
  const queue = useQuery(blockTradesQueryOptions({ status: params.status, page: params.page }));
  // An application decided here leaves a list filtered to another status; its panel stays open with the outcome.
  const decided = useQuery(decidedQueryOptions(params.selectedId ?? 0));
  const selected = queue.data?.list.find((item) => item.id === params.selectedId) ?? (params.selectedId ? decided.data : undefined);

  return (
    <>
      <div className="toolbar">
        <Segmented label="Status" options={STATUS_OPTIONS} value={params.status} onChange={params.setStatus} testId="bo-blocktrade-status" all="last" />
        {queue.isFetching && !queue.isPending && <Spinner label="Refreshing" />}
      </div>

      <div className="split split-review">
        <div className="card">
          <table className="table table-hover table-queue">
            <TableHead columns={columns} />
            <tbody>
              {queue.isPending ? (
                <TableState colSpan={columns.length}>
                  <Loading label="Loading applications…" />
                </TableState>
              ) : queue.isError ? (
                <TableState colSpan={columns.length}>
                  <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />
                </TableState>
              ) : queue.data.list.length === 0 ? (
                <TableState colSpan={columns.length}>
                  <Empty>{params.status === DEFAULT_STATUS ? 'Nothing to review.' : 'No applications.'}</Empty>
                </TableState>
              ) : (
                queue.data.list.map((item) => (
                  <tr
                    key={item.id}
                    className={`clickable${item.id === params.selectedId ? ' selected' : ''}`}
                    tabIndex={0}
                    aria-selected={item.id === params.selectedId}
                    data-testid="bo-blocktrade-row"
                    data-blocktrade-id={item.id}
                    data-status={item.status}
                    onClick={() => params.select(item.id)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') params.select(item.id);
                    }}
                  >
                    <UserCell name={show(kycName(item))} lines={[item.userName, item.email]} />
                    <td className="small">{KEY_LABELS[item.keyStatus]}</td>
                    <td>
                      <When timestamp={item.createTimeTimestamp} />
                    </td>
                    <td>
                      <div className="status-cell">
                        <StatusBadge status={item.status} />
                        <AuditLink id={item.id} />
                      </div>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
          {queue.data && (
            <Pagination page={params.page} size={BLOCK_TRADES_PAGE_SIZE} total={queue.data.total} onPage={params.setPage} disabled={queue.isFetching} />
          )}
        </div>
        {selected ? <BlockTradePanel item={selected} /> : <NothingSelected>Select an application to review it.</NothingSelected>}
      </div>
    </>
  );
}
