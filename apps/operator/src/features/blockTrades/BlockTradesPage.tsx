import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BlockTradeActivationStatus, type BlockQuoteStatus, type BlockTradeKeyStatus } from '@tradeapp/contract';
import { Badge } from '../../ui/Badges';
import { Detail } from '../../ui/Detail';
import { formatDateTime, show } from '../../ui/format';
import { ReasonDialog } from '../../ui/ReasonDialog';
import { useMutationDialog } from '../../ui/useMutationDialog';
import { pageParam } from '../../ui/useSearchUpdate';
import { ApproveDialog, AuditLink, ItemPanel, NothingSelected, QueueRow, QueueView, StatusFilter, useQueueParams, UserCell } from '../review';
import {
  auditLinkOf,
  BLOCK_TRADES_PAGE_SIZE,
  blockTradeKeys,
  blockTradesQueryOptions,
  decidedQueryOptions,
  useBlockTradeDecision,
  type BlockTradeDecision,
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

const parseStatus = (raw: string) => STATUS_OPTIONS.find((option) => option.value === raw)?.value;

/** The name the investor's verified identity gives. */
const kycName = (item: BlockTradeItem) => [item.firstName, item.lastName].filter(Boolean).join(' ');

type View = 'applications' | 'quotes';

/**
 * The page's state in the hash URL: the tab (`view`); the queue's `status` (a status or `all`), `page`
 * and the selected `id`; the quotes' `quoteStatus` and `quotePage`.
 */
function useBlockTradeParams() {
  const queue = useQueueParams(DEFAULT_STATUS, parseStatus);
  const { searchParams, update } = queue;
  const view: View = searchParams.get('view') === 'quotes' ? 'quotes' : 'applications';
  const rawQuoteStatus = searchParams.get('quoteStatus');
  return {
    ...queue,
    view,
    setView: (value: View) => update({ view: value === 'quotes' ? 'quotes' : null }),
    quoteStatus: isQuoteStatus(rawQuoteStatus) ? rawQuoteStatus : undefined,
    quotePage: pageParam(searchParams, 'quotePage'),
    setQuoteStatus: (value: BlockQuoteStatus | undefined) => update({ quoteStatus: value ?? null, quotePage: null }),
    setQuotePage: (value: number) => update({ quotePage: String(value) }),
  };
}

/** The decision on one application: approve or refuse while it waits; revoke its key once approved or active. */
function Actions({ item, subject }: { item: BlockTradeItem; subject: string }) {
  const mutation = useBlockTradeDecision(item.id);
  const dialog = useMutationDialog<BlockTradeDecision['action'], BlockTradeDecision>(mutation);
  const waiting = item.status === BlockTradeActivationStatus.Applied;
  const keyLive = item.status === BlockTradeActivationStatus.Approved || item.status === BlockTradeActivationStatus.Active;
  if (!waiting && !keyLive) return <span className="muted small">Closed — the investor may apply again.</span>;

  return (
    <div className="review-actions">
      {waiting ? (
        <>
          <button type="button" className="btn btn-primary" onClick={() => dialog.setOpen('approve')} data-testid="bo-blocktrade-approve">
            Approve
          </button>
          <button type="button" className="btn btn-danger-outline" onClick={() => dialog.setOpen('refuse')} data-testid="bo-blocktrade-refuse">
            Refuse
          </button>
        </>
      ) : (
        <button type="button" className="btn btn-danger-outline" onClick={() => dialog.setOpen('revoke')} data-testid="bo-blocktrade-revoke">
          Revoke key
        </button>
      )}
      {dialog.open === 'approve' && (
        <ApproveDialog
          title="Approve block trading"
          subject={subject}
          effect="a key is issued and sent to the investor in a notice, in their language. It is not shown here; block trading becomes active when they enter it in the app."
          {...dialog.bind(() => ({ action: 'approve' }))}
        />
      )}
      {dialog.open === 'refuse' && (
        <ReasonDialog
          title="Refuse block trading"
          formId={`refuse-blocktrade-${String(item.id)}`}
          reasonLabel="Reason (the investor sees it; written to the audit log)"
          confirmLabel="Refuse block trading"
          {...dialog.bind((reason: string) => ({ action: 'refuse', reason }))}
        >
          <p>
            <strong>{subject}</strong>: the application is refused; the investor may apply again.
          </p>
        </ReasonDialog>
      )}
      {dialog.open === 'revoke' && (
        <ReasonDialog
          title="Revoke block-trading key"
          formId={`revoke-blocktrade-${String(item.id)}`}
          reasonLabel="Reason (the investor sees it; written to the audit log)"
          confirmLabel="Revoke key"
          {...dialog.bind((reason: string) => ({ action: 'revoke', reason }))}
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
    <ItemPanel
      label="Block-trading application"
      testId="bo-blocktrade-panel"
      heading={show(name)}
      subtitle={`Application #${String(item.id)}`}
      badge={<StatusBadge status={item.status} />}
      user={item}
      details={
        <>
          <Detail label="Name (KYC)">{show(name)}</Detail>
          <Detail label="Key">
            <span data-testid="bo-blocktrade-key">{KEY_LABELS[item.keyStatus]}</span>
          </Detail>
          <Detail label="Applied">{formatDateTime(item.createTimeTimestamp)}</Detail>
          {item.reviewTimeTimestamp !== null && <Detail label="Reviewed">{formatDateTime(item.reviewTimeTimestamp)}</Detail>}
          {item.activeTimeTimestamp !== null && <Detail label="Activated">{formatDateTime(item.activeTimeTimestamp)}</Detail>}
          {item.reason && <Detail label="Reason">{item.reason}</Detail>}
        </>
      }
      footer={
        <>
          <Actions key={`${String(item.id)}-${item.status}`} item={item} subject={`${show(name)} (${item.userName})`} />
          <AuditLink to={auditLinkOf(item.id)}>Audit log</AuditLink>
        </>
      }
    />
  );
}

const TABS: { view: View; label: string }[] = [
  { view: 'applications', label: 'Applications' },
  { view: 'quotes', label: 'Quotes and trades' },
];

export function BlockTradesPage() {
  const params = useBlockTradeParams();
  const queryClient = useQueryClient();
  return (
    <section className="page">
      <header className="page-header">
        <div>
          <h1>Block trading</h1>
          <p className="muted">
            Applications for block trading, oldest waiting first. Approving sends the investor a key in a notice; block trading is active once they enter it.
            Active block traders request quotes, which the house answers by itself.
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

function Applications({ params }: { params: ReturnType<typeof useBlockTradeParams> }) {
  const columns = [{ label: 'Name / user' }, { label: 'Key' }, { label: 'Applied' }, { label: 'Status' }];
  const queue = useQuery(blockTradesQueryOptions({ status: params.status, page: params.page }));
  // An application decided here leaves a list filtered to another status; its panel stays open with the outcome.
  const decided = useQuery(decidedQueryOptions(params.selectedId ?? 0));
  const selected = queue.data?.list.find((item) => item.id === params.selectedId) ?? (params.selectedId ? decided.data : undefined);

  return (
    <>
      <StatusFilter
        options={STATUS_OPTIONS}
        value={params.status}
        onChange={params.setStatus}
        busy={queue.isFetching && !queue.isPending}
        testId="bo-blocktrade-status"
      />

      <QueueView
        columns={columns}
        query={queue}
        loadingLabel="Loading applications…"
        empty={params.status === DEFAULT_STATUS ? 'Nothing to review.' : 'No applications.'}
        page={params.page}
        size={BLOCK_TRADES_PAGE_SIZE}
        onPage={params.setPage}
        panel={selected ? <BlockTradePanel item={selected} /> : <NothingSelected>Select an application to review it.</NothingSelected>}
      >
        {(item) => (
          <QueueRow
            key={item.id}
            selected={item.id === params.selectedId}
            onSelect={() => params.select(item.id)}
            data-testid="bo-blocktrade-row"
            data-blocktrade-id={item.id}
            data-status={item.status}
            createdAt={item.createTimeTimestamp}
            badge={<StatusBadge status={item.status} />}
            auditTo={auditLinkOf(item.id)}
          >
            <UserCell name={show(kycName(item))} lines={[item.userName, item.email]} />
            <td className="small">{KEY_LABELS[item.keyStatus]}</td>
          </QueueRow>
        )}
      </QueueView>
    </>
  );
}
