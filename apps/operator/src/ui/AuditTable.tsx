import type { ResponseOf, Routes } from '@tradeapp/contract';
import { Fragment, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime, show } from './format';
import { JsonView } from './JsonView';

export type AuditEntry = ResponseOf<Routes['operatorAudit']>['list'][number];

interface AuditTableProps {
  entries: AuditEntry[] | undefined;
  /** Rendered in place of the rows while loading, on error or when empty. */
  state?: ReactNode;
}

export const AUDIT_COLUMNS = 6;

function actorOf(entry: AuditEntry): string {
  if (entry.actorName) return entry.actorName;
  if (entry.actorId !== null) return `#${entry.actorId}`;
  return 'system';
}

function Target({ entry }: { entry: AuditEntry }) {
  const label = entry.targetId ? `${entry.targetType} #${entry.targetId}` : entry.targetType;
  if (entry.targetType === 'user' && entry.targetId && /^\d+$/.test(entry.targetId)) {
    return (
      <Link to={`/users/${entry.targetId}`} onClick={(event) => event.stopPropagation()}>
        {label}
      </Link>
    );
  }
  return <>{label}</>;
}

/** Audit entries: who, when, what, on what and why; a click shows the before and after values. */
export function AuditTable({ entries, state }: AuditTableProps) {
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
          <th className="col-toggle" aria-label="Details" />
          <th>When</th>
          <th>Who</th>
          <th>Action</th>
          <th>Target</th>
          <th>Reason</th>
        </tr>
      </thead>
      <tbody>
        {state ??
          entries?.map((entry) => {
            const expanded = open.has(entry.id);
            return (
              <Fragment key={entry.id}>
                <tr
                  className={`clickable${expanded ? ' expanded' : ''}`}
                  tabIndex={0}
                  aria-expanded={expanded}
                  data-testid="bo-audit-row"
                  data-audit-id={entry.id}
                  onClick={() => toggle(entry.id)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') {
                      event.preventDefault();
                      toggle(entry.id);
                    }
                  }}
                >
                  <td className="col-toggle">
                    <span className={`chevron${expanded ? ' chevron-open' : ''}`} aria-hidden="true">
                      ›
                    </span>
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
                  <tr className="audit-detail">
                    <td colSpan={AUDIT_COLUMNS}>
                      <div className="diff">
                        <div>
                          <h4>Before</h4>
                          <JsonView value={entry.before} />
                        </div>
                        <div>
                          <h4>After</h4>
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
          })}
      </tbody>
    </table>
  );
}
