import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../ui/format';
import { QueryState } from '../../ui/States';
import { TableHead, type Column } from '../../ui/TableHead';
import { ledgerQueryOptions, type LedgerCheck } from './api';

interface ProblemTableProps<T> {
  title: string;
  rows: T[];
  columns: Column[];
  rowKey: (row: T) => string | number;
  /** The `data-testid` of each row. */
  rowTestId: string;
  /** The `<td>`s of one row. */
  cells: (row: T) => ReactNode;
}

/** One kind of problem found by the check, as a table under a title with its count; nothing when there is none. */
function ProblemTable<T>({ title, rows, columns, rowKey, rowTestId, cells }: ProblemTableProps<T>) {
  if (rows.length === 0) return null;
  return (
    <div className="card">
      <h2 className="card-title card-title-padded">
        {title} <span className="count-pill">{rows.length}</span>
      </h2>
      <table className="table">
        <TableHead columns={columns} />
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId}>
              {cells(row)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Result({ check, checkedAt }: { check: LedgerCheck; checkedAt: number }) {
  const problems = check.differences.length + check.unbalancedJournals.length + check.negativeUserAccounts.length;
  return (
    <>
      {check.ok ? (
        <div className="ledger-status ledger-ok" role="status" data-testid="bo-ledger-ok">
          <span className="ledger-mark" aria-hidden="true">
            ✓
          </span>
          <div>
            <strong>The ledger balances.</strong>
            <p>Every stored balance equals the sum of its entries, every journal sums to zero and no user account is negative.</p>
          </div>
        </div>
      ) : (
        <div className="ledger-status ledger-bad" role="alert" data-testid="bo-ledger-problems">
          <span className="ledger-mark" aria-hidden="true">
            !
          </span>
          <div>
            <strong>
              The ledger does not balance: {problems} {problems === 1 ? 'problem' : 'problems'}.
            </strong>
            <p>Investigate before approving further deposits or withdrawals.</p>
          </div>
        </div>
      )}

      <div className="stats">
        <div className="stat card">
          <span className="stat-label">Accounts checked</span>
          <span className="stat-value" data-testid="bo-ledger-accounts">
            {check.accounts}
          </span>
        </div>
        <div className="stat card">
          <span className="stat-label">Journals checked</span>
          <span className="stat-value" data-testid="bo-ledger-journals">
            {check.journals}
          </span>
        </div>
        <div className="stat card">
          <span className="stat-label">Checked at</span>
          <span className="stat-value stat-value-small">{formatDateTime(checkedAt)}</span>
        </div>
      </div>

      <ProblemTable
        title="Balance differences"
        rows={check.differences}
        columns={[
          { label: 'Account', className: 'num' },
          { label: 'Name' },
          { label: 'Stored', className: 'num' },
          { label: 'From entries', className: 'num' },
        ]}
        rowKey={(row) => row.accountId}
        rowTestId="bo-ledger-difference"
        cells={(row) => (
          <>
            <td className="num mono">{row.accountId}</td>
            <td className="mono">{row.name}</td>
            <td className="num mono">{row.stored}</td>
            <td className="num mono">{row.fromEntries}</td>
          </>
        )}
      />

      <ProblemTable
        title="Unbalanced journals"
        rows={check.unbalancedJournals}
        columns={[{ label: 'Journal', className: 'num' }, { label: 'Currency' }, { label: 'Sum of entries', className: 'num' }]}
        rowKey={(row) => `${row.journalId}-${row.currency}`}
        rowTestId="bo-ledger-unbalanced"
        cells={(row) => (
          <>
            <td className="num mono">{row.journalId}</td>
            <td>{row.currency}</td>
            <td className="num mono">{row.sum}</td>
          </>
        )}
      />

      <ProblemTable
        title="Negative user accounts"
        rows={check.negativeUserAccounts}
        columns={[{ label: 'Account', className: 'num' }, { label: 'Name' }, { label: 'Balance', className: 'num' }]}
        rowKey={(row) => row.accountId}
        rowTestId="bo-ledger-negative"
        cells={(row) => (
          <>
            <td className="num mono">{row.accountId}</td>
            <td className="mono">{row.name}</td>
            <td className="num mono text-danger">{row.balance}</td>
          </>
        )}
      />
    </>
  );
}

export function LedgerPage() {
  const check = useQuery(ledgerQueryOptions());

  return (
    <section className="page page-narrow">
      <header className="page-header">
        <div>
          <h1>Ledger check</h1>
          <p className="muted">Recomputes every balance from the double-entry ledger and lists anything that does not add up.</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => void check.refetch()} disabled={check.isFetching} data-testid="bo-ledger-run">
          {check.isFetching ? 'Checking…' : 'Run again'}
        </button>
      </header>

      {check.isPending || check.isError ? (
        <div className="card">
          <QueryState query={check} loadingLabel="Checking the ledger…" />
        </div>
      ) : (
        <div className={`stack${check.isFetching ? ' refreshing' : ''}`}>
          <Result check={check.data} checkedAt={check.dataUpdatedAt} />
        </div>
      )}
    </section>
  );
}
