import type { ResponseOf, Routes } from '@tradeapp/contract';
import { Fragment, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime, show } from './format';
import { JsonView } from './JsonView';
import { TableRows, type QueryStatus } from './States';

export type AuditEntry = ResponseOf<Routes['operatorAudit']>['list'][number];

interface AuditTableProps {
  entries: AuditEntry[] | undefined;
  /** The level of the Before and After headings of an opened entry: one below the heading over the table. */
  headingLevel: 2 | 3;
  /** Shown when there are no entries. */
  empty: ReactNode;
  /** The query the entries come from; none for entries already at hand. */
  query?: QueryStatus;
  loadingLabel?: string;
}

const AUDIT_COLUMNS = 6;

function actorOf(entry: AuditEntry): string {
  if (entry.actorName) return entry.actorName;
  if (entry.actorId !== null) return `#${entry.actorId}`;
  return 'system';
}

function Target({ entry }: { entry: AuditEntry }) {
  const label = entry.targetId ? `${entry.targetType} #${entry.targetId}` : entry.targetType;
  const page = entry.targetType === 'user' ? '/users/' : entry.targetType === 'deal' ? '/deals/' : null;
  if (page && entry.targetId && /^\d+$/.test(entry.targetId)) {
    return (
      <Link to={`${page}${entry.targetId}`} onClick={(event) => event.stopPropagation()}>
        {label}
      </Link>
    );
  }
  return <>{label}</>;
}

/** Audit entries: who, when, what, on what and why; a click shows the before and after values. */
export function AuditTable({ entries, headingLevel, empty, query, loadingLabel }: AuditTableProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());

  function toggle(id: number) {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <table className="table table-hover">
      <thead>
        <tr>
          <th scope="col" className="col-toggle">
            <span className="visually-hidden">Details</span>
          </th>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">Action</th>
          <th scope="col">Target</th>
          <th scope="col">Reason</th>
        </tr>
      </thead>
      <tbody>
        <TableRows rows={entries} colSpan={AUDIT_COLUMNS} empty={empty} query={query} loadingLabel={loadingLabel}>
          {(entry) => {
            const expanded = open.has(entry.id);
            return (
              <Fragment key={entry.id}>
                {/* A click anywhere on the row opens it; from the keyboard, its first cell's button
                    (a table row cannot be expanded: aria-expanded belongs to the button). */}
                <tr className={`clickable${expanded ? ' expanded' : ''}`} data-testid="bo-audit-row" data-audit-id={entry.id} onClick={() => toggle(entry.id)}>
                  <td className="col-toggle">
                    <button
                      type="button"
                      className="row-toggle"
                      aria-expanded={expanded}
                      aria-controls={expanded ? `audit-detail-${entry.id}` : undefined}
                      aria-label={`Details of entry #${entry.id}`}
                      data-testid="bo-audit-toggle"
                      onClick={(event) => {
                        event.stopPropagation();
                        toggle(entry.id);
                      }}
                    >
                      <span className={`chevron${expanded ? ' chevron-open' : ''}`} aria-hidden="true">
                        ›
                      </span>
                    </button>
                  </td>
                  <td className="nowrap">{formatDateTime(entry.createTimeTimestamp)}</td>
                  <td>{actorOf(entry)}</td>
                  <td>
                    <code className="action">{entry.action}</code>
                  </td>
                  <td className="nowrap">
                    <Target entry={entry} />
                  </td>
                  <td className="reason">{show(entry.reason)}</td>
                </tr>
                {expanded && (
                  <tr className="audit-detail" id={`audit-detail-${entry.id}`}>
                    <td colSpan={AUDIT_COLUMNS}>
                      <div className="diff">
                        <div>
                          <Heading className="diff-heading">Before</Heading>
                          <JsonView value={entry.before} />
                        </div>
                        <div>
                          <Heading className="diff-heading">After</Heading>
                          <JsonView value={entry.after} />
                        </div>
                      </div>
                      <p className="muted small">
                        Entry #{entry.id}
                        {entry.ip ? ` · from ${entry.ip}` : ''}
                        {entry.actorId !== null ? ` · actor id ${entry.actorId}` : ''}
                      </p>
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          }}
        </TableRows>
      </tbody>
    </table>
  );
}
