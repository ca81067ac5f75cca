import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Detail } from '../../ui/Detail';
import { formatAmount, formatDateTime, show } from '../../ui/format';
import { auditLinkOf, ITEM_NAME, type ItemOf, type QueueKind } from './api';
import { AuditLink, ReviewActions, type ReviewActionsProps } from './shared';

// The detail panel beside a review queue: the heading with the item's status, the user and the
// dates around the item's own details, the item's sections, and the decision or the audit link.

interface ItemPanelProps {
  /** The panel's accessible name, e.g. "Deposit". */
  label: string;
  testId: string;
  heading: ReactNode;
  /** e.g. `amount-title` for a heading that is an amount. */
  headingClassName?: string;
  subtitle: ReactNode;
  badge: ReactNode;
  /** Who the item is of. */
  user: { userId: number; userName: string; email: string | null };
  /** The detail rows after the user's. */
  details: ReactNode;
  /** Sections below the details. */
  children?: ReactNode;
  /** The decision and the audit link. */
  footer: ReactNode;
}

/** The panel beside a queue showing the selected item: what it is, whose, its details and what can be done. */
export function ItemPanel(props: ItemPanelProps) {
  return (
    <aside className="card review-panel" aria-label={props.label} data-testid={props.testId}>
      <header className="review-panel-header">
        <div>
          <h2 className={props.headingClassName}>{props.heading}</h2>
          <p className="muted small">{props.subtitle}</p>
        </div>
        {props.badge}
      </header>

      <dl className="details">
        <Detail label="User">
          <Link to={`/users/${String(props.user.userId)}`}>{props.user.userName}</Link>
        </Detail>
        <Detail label="E-mail">{show(props.user.email)}</Detail>
        {props.details}
      </dl>

      {props.children}

      <footer className="review-panel-footer">{props.footer}</footer>
    </aside>
  );
}

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
    <ItemPanel
      label={props.label}
      testId={`bo-${ITEM_NAME[kind]}-panel`}
      heading={props.heading}
      headingClassName={props.headingClassName}
      subtitle={props.subtitle}
      badge={props.badge}
      user={item}
      details={
        <>
          {props.details}
          <Detail label={props.createdLabel}>{formatDateTime(item.createTimeTimestamp)}</Detail>
          {item.reviewTimeTimestamp !== null && <Detail label="Reviewed">{formatDateTime(item.reviewTimeTimestamp)}</Detail>}
          {item.reason && <Detail label="Reason">{item.reason}</Detail>}
        </>
      }
      footer={
        <>
          {props.pending ? (
            <ReviewActions key={item.id} kind={kind} id={item.id} {...props.decision} />
          ) : (
            <span className="muted small">{props.settled ?? 'Reviewed — no action needed.'}</span>
          )}
          <AuditLink to={auditLinkOf(kind, item.id)}>Audit log</AuditLink>
        </>
      }
    >
      {props.children}
    </ItemPanel>
  );
}

/** A queue row's first cell: who, and below it the lines that tell them apart. */
export function UserCell({ name, lines }: { name: string; lines: (string | null)[] }) {
  return (
    <td className="cell-wrap">
      <div className="strong">{name}</div>
      {lines.map(
        (line, index) =>
          line && (
            <div key={index} className="muted small">
              {line}
            </div>
          ),
      )}
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
