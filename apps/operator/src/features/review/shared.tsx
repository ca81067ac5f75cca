import { FundsReviewStatus } from '@tradeapp/contract';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ActionError, Dialog, DialogButtons } from '../../ui/Dialog';
import { formatDateTime } from '../../ui/format';
import { ReasonDialog } from '../../ui/ReasonDialog';
import { Segmented } from '../../ui/Segmented';
import { Spinner } from '../../ui/Spinner';
import { auditLinkOf, ITEM_NAME, useDecision, type QueueKind } from './api';

// Pieces shared by the KYC, deposit and withdrawal queues: the status filter, the URL state,
// the approve and reject buttons with their dialogs, and the link to the audit log.

export interface StatusOption {
  value: number;
  label: string;
}

/** The statuses of a deposit or a withdrawal, for the filter. */
export const FUNDS_STATUS_OPTIONS: StatusOption[] = [
  { value: FundsReviewStatus.PendingReview, label: 'Pending review' },
  { value: FundsReviewStatus.AuditFailure, label: 'Rejected' },
  { value: FundsReviewStatus.Completed, label: 'Completed' },
];

/** The queue's state in the hash URL: `status` (a number or `all`), `page` and the selected `id`. */
export function useQueueParams(defaultStatus: number) {
  const [searchParams, setSearchParams] = useSearchParams();
  const rawStatus = searchParams.get('status');
  const status = rawStatus === 'all' ? undefined : rawStatus !== null && /^\d+$/.test(rawStatus) ? Number(rawStatus) : defaultStatus;
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
    status,
    page,
    selectedId,
    setStatus: (value: number | undefined) =>
      update({ status: value === undefined ? 'all' : value === defaultStatus ? null : String(value), page: null, id: null }),
    setPage: (value: number) => update({ page: String(value), id: null }),
    select: (id: number) => update({ id: String(id) }),
  };
}

interface StatusFilterProps {
  options: StatusOption[];
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  busy: boolean;
  testId: string;
}

/** The status filter above a queue, with a spinner while a refresh runs. */
export function StatusFilter({ options, value, onChange, busy, testId }: StatusFilterProps) {
  return (
    <div className="toolbar">
      <Segmented label="Status" options={options} value={value} onChange={onChange} testId={testId} all="last" />
      {busy && <Spinner label="Refreshing" />}
    </div>
  );
}

/** A link to the audit log filtered to one queue item. */
export function AuditLink({ kind, id, children = 'Audit' }: { kind: QueueKind; id: number; children?: ReactNode }) {
  return (
    <Link
      to={auditLinkOf(kind, id)}
      className="audit-link"
      onClick={(event) => event.stopPropagation()}
      data-testid="bo-audit-link"
    >
      {children}
    </Link>
  );
}

/** A queue row's last cell: the item's status badge and the link to its audit entries. */
export function StatusCell({ kind, id, children }: { kind: QueueKind; id: number; children: ReactNode }) {
  return (
    <td>
      <div className="status-cell">
        {children}
        <AuditLink kind={kind} id={id} />
      </div>
    </td>
  );
}

export interface ReviewActionsProps {
  kind: QueueKind;
  id: number;
  /** What is being reviewed, for the dialogs: "the KYC of jane". */
  subject: string;
  /** The dialog's title and confirm button, e.g. "Approve KYC". */
  approveLabel: string;
  /** The button in the panel; `approveLabel` if not given. */
  approveButton?: string;
  /** What approving does, shown in the confirmation. */
  approveEffect: ReactNode;
  rejectLabel: string;
  rejectButton?: string;
  /** What refusing does, shown above the reason. */
  rejectEffect: ReactNode;
}

/** Approve and Reject for one pending item: approving asks for confirmation, refusing for a reason. */
export function ReviewActions(props: ReviewActionsProps) {
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  return (
    <div className="review-actions">
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => setDialog('approve')}
        data-testid={`bo-${ITEM_NAME[props.kind]}-approve`}
      >
        {props.approveButton ?? props.approveLabel}
      </button>
      <button
        type="button"
        className="btn btn-danger-outline"
        onClick={() => setDialog('reject')}
        data-testid={`bo-${ITEM_NAME[props.kind]}-reject`}
      >
        {props.rejectButton ?? props.rejectLabel}
      </button>
      {dialog === 'approve' && <ApproveDialog {...props} onClose={() => setDialog(null)} />}
      {dialog === 'reject' && <RejectDialog {...props} onClose={() => setDialog(null)} />}
    </div>
  );
}

type DialogProps = ReviewActionsProps & { onClose: () => void };

function ApproveDialog({ kind, id, subject, approveLabel, approveEffect, onClose }: DialogProps) {
  const mutation = useDecision(kind, id);
  return (
    <Dialog
      title={approveLabel}
      onClose={onClose}
      footer={
        <DialogButtons
          onCancel={onClose}
          pending={mutation.isPending}
          label={approveLabel}
          onClick={() => mutation.mutate({ action: 'approve' }, { onSuccess: onClose })}
          autoFocus
        />
      }
    >
      <p>
        <strong>{subject}</strong>: {approveEffect}
      </p>
      <p className="small">The decision is written to the audit log.</p>
      <ActionError error={mutation.error} />
    </Dialog>
  );
}

function RejectDialog({ kind, id, subject, rejectLabel, rejectEffect, onClose }: DialogProps) {
  const mutation = useDecision(kind, id);
  return (
    <ReasonDialog
      title={rejectLabel}
      formId={`reject-${kind}-${String(id)}`}
      reasonLabel="Reason (the user sees it; written to the audit log)"
      missingText="Please give a reason"
      confirmLabel={rejectLabel}
      tone="danger"
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={(reason) => mutation.mutate({ action: 'reject', reason }, { onSuccess: onClose })}
      onClose={onClose}
    >
      <p>
        <strong>{subject}</strong>: {rejectEffect}
      </p>
    </ReasonDialog>
  );
}

/** One labelled value in a detail panel. */
export function Detail({ label, children, mono = false }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="detail-row">
      <dt>{label}</dt>
      <dd className={mono ? 'mono' : undefined}>{children}</dd>
    </div>
  );
}

/** A time in a narrow column: the day, and the time of day below it. */
export function When({ timestamp }: { timestamp: number }) {
  const [day, time] = formatDateTime(timestamp).split(' ');
  return (
    <span className="when" title={formatDateTime(timestamp)}>
      <span className="nowrap">{day}</span>
      <span className="muted small">{time}</span>
    </span>
  );
}

/** The panel beside a queue when nothing is selected. */
export function NothingSelected({ children }: { children: ReactNode }) {
  return (
    <aside className="card review-panel review-panel-empty">
      <div className="state state-empty">{children}</div>
    </aside>
  );
}
