import { FundsReviewStatus } from '@tradeapp/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ClickableRow, type ClickableRowProps } from '../../ui/ClickableRow';
import { ActionError, Dialog, DialogButtons } from '../../ui/Dialog';
import { formatDateTime } from '../../ui/format';
import { ReasonDialog } from '../../ui/ReasonDialog';
import { Segmented } from '../../ui/Segmented';
import { Spinner } from '../../ui/Spinner';
import { useMutationDialog, type MutationDialogProps } from '../../ui/useMutationDialog';
import { pageParam, useSearchUpdate } from '../../ui/useSearchUpdate';
import { ITEM_NAME, useDecision, type Decision, type QueueKind } from './api';

// Pieces shared by the KYC, deposit and withdrawal queues and the block-trading queue: the status
// filter, the URL state, the rows, the approve dialog, and the link to the audit log.

export interface StatusOption<T extends string | number = number> {
  value: T;
  label: string;
}

/** The statuses of a deposit or a withdrawal, for the filter. */
export const FUNDS_STATUS_OPTIONS: StatusOption[] = [
  { value: FundsReviewStatus.PendingReview, label: 'Pending review' },
  { value: FundsReviewStatus.AuditFailure, label: 'Rejected' },
  { value: FundsReviewStatus.Completed, label: 'Completed' },
];

/**
 * The queue's state in the hash URL: `status` (one `parseStatus` takes, or `all`), `page` and the
 * selected `id`. `update` changes other params of the page beside the queue's.
 */
export function useQueueParams<S extends string | number>(defaultStatus: S, parseStatus: (raw: string) => S | undefined) {
  const [searchParams, update] = useSearchUpdate('id');
  const rawStatus = searchParams.get('status');
  const status = rawStatus === 'all' ? undefined : ((rawStatus === null ? undefined : parseStatus(rawStatus)) ?? defaultStatus);

  return {
    searchParams,
    update,
    status,
    page: pageParam(searchParams),
    selectedId: Number(searchParams.get('id')) || null,
    setStatus: (value: S | undefined) => update({ status: value === undefined ? 'all' : value === defaultStatus ? null : String(value), page: null, id: null }),
    setPage: (value: number) => update({ page: String(value), id: null }),
    select: (id: number) => update({ id: String(id) }),
  };
}

interface StatusFilterProps<T extends string | number> {
  options: StatusOption<T>[];
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  busy: boolean;
  testId: string;
}

/** The status filter above a queue, with a spinner while a refresh runs. */
export function StatusFilter<T extends string | number>({ options, value, onChange, busy, testId }: StatusFilterProps<T>) {
  return (
    <div className="toolbar">
      <Segmented label="Status" options={options} value={value} onChange={onChange} testId={testId} all="last" />
      {busy && <Spinner label="Refreshing" />}
    </div>
  );
}

/** A link to the audit log filtered to one queue item. */
export function AuditLink({ to, children = 'Audit' }: { to: string; children?: ReactNode }) {
  return (
    <Link to={to} className="audit-link" onClick={(event) => event.stopPropagation()} data-testid="bo-audit-link">
      {children}
    </Link>
  );
}

type QueueRowProps = Omit<ClickableRowProps, 'onOpen' | 'children'> & {
  onSelect: () => void;
  /** The row's own `<td>`s, before the creation time and the status, which every queue shows last. */
  children: ReactNode;
  createdAt: number;
  badge: ReactNode;
  /** The item's entries in the audit log. */
  auditTo: string;
};

/** A queue's row: a click or Enter selects it; its cells, then when it came in and its status with the audit link. */
export function QueueRow({ onSelect, children, createdAt, badge, auditTo, ...row }: QueueRowProps) {
  return (
    <ClickableRow {...row} onOpen={onSelect}>
      {children}
      <td>
        <When timestamp={createdAt} />
      </td>
      <td>
        <div className="status-cell">
          {badge}
          <AuditLink to={auditTo} />
        </div>
      </td>
    </ClickableRow>
  );
}

interface ApproveDialogProps extends MutationDialogProps {
  /** Also the confirm button's label. */
  title: string;
  /** Who or what is approved: "the KYC of jane". */
  subject: string;
  /** What approving does. */
  effect: ReactNode;
}

/** Approving one item, once confirmed; unlike refusing, it needs no reason. */
export function ApproveDialog({ title, subject, effect, pending, error, onConfirm, onClose }: ApproveDialogProps) {
  return (
    <Dialog title={title} onClose={onClose} footer={<DialogButtons onCancel={onClose} pending={pending} label={title} onClick={onConfirm} autoFocus />}>
      <p>
        <strong>{subject}</strong>: {effect}
      </p>
      <p className="small">The decision is written to the audit log.</p>
      <ActionError error={error} />
    </Dialog>
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
  const mutation = useDecision(props.kind, props.id);
  const dialog = useMutationDialog<Decision['action'], Decision>(mutation);
  const name = ITEM_NAME[props.kind];
  return (
    <div className="review-actions">
      <button type="button" className="btn btn-primary" onClick={() => dialog.setOpen('approve')} data-testid={`bo-${name}-approve`}>
        {props.approveButton ?? props.approveLabel}
      </button>
      <button type="button" className="btn btn-danger-outline" onClick={() => dialog.setOpen('reject')} data-testid={`bo-${name}-reject`}>
        {props.rejectButton ?? props.rejectLabel}
      </button>
      {dialog.open === 'approve' && (
        <ApproveDialog title={props.approveLabel} subject={props.subject} effect={props.approveEffect} {...dialog.bind(() => ({ action: 'approve' }))} />
      )}
      {dialog.open === 'reject' && (
        <ReasonDialog
          title={props.rejectLabel}
          formId={`reject-${props.kind}-${String(props.id)}`}
          reasonLabel="Reason (the user sees it; written to the audit log)"
          confirmLabel={props.rejectLabel}
          {...dialog.bind((reason: string) => ({ action: 'reject', reason }))}
        >
          <p>
            <strong>{props.subject}</strong>: {props.rejectEffect}
          </p>
        </ReasonDialog>
      )}
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
