import type { ReactNode } from 'react';
import { TableRows, type QueryStatus } from './States';
import { TableHead, type Column } from './TableHead';

interface ListTableProps<T> {
  /** Names the table for a screen reader. */
  caption: string;
  columns: Column[];
  /** The class of the box the table scrolls sideways in, when wider than the page. */
  scrollClassName: string;
  /** The list's query, for its loading and failed states. */
  query: QueryStatus;
  rows: readonly T[] | undefined;
  loadingLabel: string;
  /** Shown when there are no rows. */
  empty: ReactNode;
  /** One row's `<tr>`, with its key. */
  children: (row: T) => ReactNode;
}

/** A page's list in a card: a table, its rows, or one row saying they load, failed or are none. */
export function ListTable<T>({ caption, columns, scrollClassName, query, rows, loadingLabel, empty, children }: ListTableProps<T>) {
  return (
    <div className="card">
      <div className={scrollClassName}>
        <table className="table">
          <caption className="visually-hidden">{caption}</caption>
          <TableHead columns={columns} />
          <tbody>
            <TableRows rows={rows} colSpan={columns.length} query={query} loadingLabel={loadingLabel} empty={empty}>
              {children}
            </TableRows>
          </tbody>
        </table>
      </div>
    </div>
  );
}
