import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '../../ui/Badges';
import { formatDateTime } from '../../ui/format';
import { Pagination } from '../../ui/Pagination';
import { Empty, ErrorState, Loading, TableState } from '../../ui/States';
import { SERVICE_REQUESTS_PAGE_SIZE, serviceRequestsQueryOptions } from './api';

const COLUMNS = 5;

const TYPE_LABELS: Record<string, string> = {
  account: 'Account',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  trading: 'Trading',
  other: 'Other',
};

export function ServiceRequestsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const requests = useQuery(serviceRequestsQueryOptions(page));

  return (
    <section className="page">
      <header className="page-header">
        <div>
          <h1>Service requests</h1>
          <p className="muted">What users asked customer service, newest first.</p>
        </div>
        <button type="button" className="btn" onClick={() => void requests.refetch()} disabled={requests.isFetching}>
          Refresh
        </button>
      </header>

      <div className="card">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Received</th>
              <th scope="col">User</th>
              <th scope="col">Type</th>
              <th scope="col">Request</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {requests.isPending ? (
              <TableState colSpan={COLUMNS}>
                <Loading label="Loading requests…" />
              </TableState>
            ) : requests.isError ? (
              <TableState colSpan={COLUMNS}>
                <ErrorState error={requests.error} onRetry={() => void requests.refetch()} />
              </TableState>
            ) : requests.data.list.length === 0 ? (
              <TableState colSpan={COLUMNS}>
                <Empty>No service requests yet.</Empty>
              </TableState>
            ) : (
              requests.data.list.map((request) => (
                <tr key={request.id} data-testid="bo-service-row" data-service-id={request.id}>
                  <td className="nowrap top">{formatDateTime(request.createTimeTimestamp)}</td>
                  <td className="top">
                    <Link to={`/users/${String(request.userId)}`} className="strong">
                      {request.userName}
                    </Link>
                    {request.email && <div className="muted small">{request.email}</div>}
                    <div>
                      <Link to={`/chat/${String(request.userId)}`} className="small" data-testid="bo-service-chat">
                        Open chat ›
                      </Link>
                    </div>
                  </td>
                  <td className="top">
                    <span className="tag tag-flat">{TYPE_LABELS[request.type] ?? request.type}</span>
                  </td>
                  <td className="top service-content">{request.content}</td>
                  <td className="top">
                    {request.status === 'open' ? <Badge tone="info">Open</Badge> : <Badge tone="neutral">Closed</Badge>}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
        {requests.data && (
          <Pagination
            page={page}
            size={SERVICE_REQUESTS_PAGE_SIZE}
            total={requests.data.total}
            onPage={(next) => setSearchParams({ page: String(next) })}
            disabled={requests.isFetching}
          />
        )}
      </div>
    </section>
  );
}
