import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatAmount, formatDateTime, show } from '../../ui/format';
import { ITEM_NAME, type ItemOf, type QueueKind } from './api';
import { AuditLink, Detail, ReviewActions, type ReviewActionsProps } from './shared';

// The detail panel beside a review queue: the heading with the item's status, the user and the
// dates around the item's own details, the item's sections, and the decision or the audit link.

interface ReviewPanelProps<K extends QueueKind> {
  kind: K;
  item: ItemOf[K];
  /** The panel's accessible name, e.g. "Deposit". */
  label: string;
  heading: ReactNode;
  /** e.g. `amount-title` for a heading that is an amount. */
  headingClassName?: string;
  subtitle: ReactNode;
  badge: ReactNode;
  /** The item's own detail rows, between the user's e-mail and the dates. */
  details: ReactNode;
  /** The label of the creation time: "Submitted" or "Requested". */
  createdLabel: string;
  /** Sections below the details: documents, proof, payment details. */
  children?: ReactNode;
  /** The item still waits for a decision. */
  pending: boolean;
  decision: Omit<ReviewActionsProps, 'kind' | 'id'>;
  /** Shown instead of the decision once the item is reviewed. */
  settled?: string;
}

export function ReviewPanel<K extends QueueKind>(props: ReviewPanelProps<K>) {
  const { kind, item } = props;
  return (
    <aside className="card review-panel" aria-label={props.label} data-testid={`bo-${ITEM_NAME[kind]}-panel`}>
      <header className="review-panel-header">
        <div>
          <h2 className={props.headingClassName}>{props.heading}</h2>
          <p className="muted small">{props.subtitle}</p>
        </div>
        {props.badge}
      </header>

      <dl className="details">
        <Detail label="User">
          <Link to={`/users/${String(item.userId)}`}>{item.userName}</Link>
        </Detail>
        <Detail label="E-mail">{show(item.email)}</Detail>
        {props.details}
        <Detail label={props.createdLabel}>{formatDateTime(item.createTimeTimestamp)}</Detail>
        {item.reviewTimeTimestamp !== null && <Detail label="Reviewed">{formatDateTime(item.reviewTimeTimestamp)}</Detail>}
        {item.reason && <Detail label="Reason">{item.reason}</Detail>}
      </dl>

      {props.children}

      <footer className="review-panel-footer">
        {props.pending ? (
          <ReviewActions key={item.id} kind={kind} id={item.id} {...props.decision} />
        ) : (
          <span className="muted small">{props.settled ?? 'Reviewed — no action needed.'}</span>
        )}
        <AuditLink kind={kind} id={item.id}>
          Audit log
        </AuditLink>
      </footer>
    </aside>
  );
}

/** A queue row's first cell: who, and below it the lines that tell them apart. */
export function UserCell({ name, lines }: { name: string; lines: (string | null)[] }) {
  return (
    <td className="cell-wrap">
      <div className="strong">{name}</div>
      {lines.map((line, index) => line && <div key={index} className="muted small">{line}</div>)}
    </td>
  );
}

/** An amount and its currency, right-aligned in a queue row. */
export function AmountCell({ amount, currency }: { amount: string; currency: string }) {
  return (
    <td className="num nowrap mono">
      {formatAmount(amount)} {currency}
    </td>
  );
}
