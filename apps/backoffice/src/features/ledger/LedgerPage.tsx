import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../ui/format';
import { ErrorState, Loading } from '../../ui/States';
import { ledgerQueryOptions, type LedgerCheck } from '../review/api';

function Problems({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <div className="card">
      <h2 className="card-title card-title-padded">
        {title} <span className="count-pill">{count}</span>
      </h2>
      {children}
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

      <Problems title="Balance differences" count={check.differences.length}>
        <table className="table">
          <thead>
            <tr>
              <th className="num">Account</th>
              <th>Name</th>
              <th className="num">Stored</th>
              <th className="num">From entries</th>
            </tr>
          </thead>
          <tbody>
            {check.differences.map((row) => (
              <tr key={row.accountId} data-testid="bo-ledger-difference">
                <td className="num mono">{row.accountId}</td>
                <td className="mono">{row.name}</td>
                <td className="num mono">{row.stored}</td>
                <td className="num mono">{row.fromEntries}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Problems>

      <Problems title="Unbalanced journals" count={check.unbalancedJournals.length}>
        <table className="table">
          <thead>
            <tr>
              <th className="num">Journal</th>
              <th>Currency</th>
              <th className="num">Sum of entries</th>
            </tr>
          </thead>
          <tbody>
            {check.unbalancedJournals.map((row) => (
              <tr key={`${row.journalId}-${row.currency}`} data-testid="bo-ledger-unbalanced">
                <td className="num mono">{row.journalId}</td>
                <td>{row.currency}</td>
                <td className="num mono">{row.sum}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Problems>

      <Problems title="Negative user accounts" count={check.negativeUserAccounts.length}>
        <table className="table">
          <thead>
            <tr>
              <th className="num">Account</th>
              <th>Name</th>
              <th className="num">Balance</th>
            </tr>
          </thead>
          <tbody>
            {check.negativeUserAccounts.map((row) => (
              <tr key={row.accountId} data-testid="bo-ledger-negative">
                <td className="num mono">{row.accountId}</td>
                <td className="mono">{row.name}</td>
                <td className="num mono text-danger">{row.balance}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Problems>
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
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void check.refetch()}
          disabled={check.isFetching}
          data-testid="bo-ledger-run"
        >
          {check.isFetching ? 'Checking…' : 'Run again'}
        </button>
      </header>

      {check.isPending ? (
        <div className="card">
          <Loading label="Checking the ledger…" />
        </div>
      ) : check.isError ? (
        <div className="card">
          <ErrorState error={check.error} onRetry={() => void check.refetch()} />
        </div>
      ) : (
        <div className={`stack${check.isFetching ? ' refreshing' : ''}`}>
          <Result check={check.data} checkedAt={check.dataUpdatedAt} />
        </div>
      )}
    </section>
  );
}
