import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  /** What the page lists, and what an operator does with it. */
  children: ReactNode;
  /** The page's list: Refresh fetches it again, and is off while it is being fetched. */
  query: { refetch: () => unknown; isFetching: boolean };
}

/** A list page's title and description, with its Refresh button. */
export function PageHeader({ title, children, query }: PageHeaderProps) {
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        <p className="muted">{children}</p>
      </div>
      <button type="button" className="btn" onClick={() => void query.refetch()} disabled={query.isFetching}>
        Refresh
      </button>
    </header>
  );
}
