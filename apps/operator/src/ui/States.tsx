import type { ReactNode } from 'react';
import { ApiError, messageOf } from '../api';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <div className="state state-empty">{children}</div>;
}

/** An error with a retry button, unless the server refused on purpose (4xx): retrying will not help. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const refused = error instanceof ApiError && error.code >= 400 && error.code < 500;
  return (
    <div className="state state-error" role="alert">
      <span>{messageOf(error)}</span>
      {onRetry && !refused && (
        <button type="button" className="btn btn-small" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** A table row spanning all columns, holding a loading, empty or error state. */
export function TableState({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr className="table-state">
      <td colSpan={colSpan}>{children}</td>
    </tr>
  );
}

/** What a view needs of its query to show it loading or failed, and to try again. */
export interface QueryStatus {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A query that has no data to show yet: loading, or failed with a retry. */
export function QueryState({ query, loadingLabel }: { query: QueryStatus; loadingLabel?: string }) {
  return query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : <Loading label={loadingLabel} />;
}

interface TableRowsProps<T> {
  rows: readonly T[] | undefined;
  colSpan: number;
  /** Shown when there are no rows. */
  empty: ReactNode;
  /** The query the rows come from; none for rows already at hand. */
  query?: QueryStatus;
  loadingLabel?: string;
  /** One row's `<tr>`, with its key. */
  children: (row: T) => ReactNode;
}

/** A table body's rows, or one row across all columns while they load, when loading failed and when there are none. */
export function TableRows<T>({ rows, colSpan, empty, query, loadingLabel, children }: TableRowsProps<T>) {
  if (query && (query.isPending || query.isError)) {
    return (
      <TableState colSpan={colSpan}>
        <QueryState query={query} loadingLabel={loadingLabel} />
      </TableState>
    );
  }
  if (!rows || rows.length === 0) {
    return (
      <TableState colSpan={colSpan}>
        <Empty>{empty}</Empty>
      </TableState>
    );
  }
  return rows.map(children);
}

/** A page standing for one item while it loads, failed or does not exist: the way back, and the state in a card. */
export function PageState({ back, title, children }: { back: ReactNode; title?: string; children: ReactNode }) {
  return (
    <section className="page">
      {back}
      {title && <h1 className="visually-hidden">{title}</h1>}
      <div className="card">{children}</div>
    </section>
  );
}
