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
