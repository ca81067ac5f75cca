import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '../../ui/Badges';
import { formatDateTime } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { Pagination } from '../../ui/Pagination';
import { TableRows } from '../../ui/States';
import { TableHead, type Column } from '../../ui/TableHead';
import { pageParam } from '../../ui/useSearchUpdate';
import { SERVICE_REQUESTS_PAGE_SIZE, serviceRequestsQueryOptions } from './api';

const COLUMNS: Column[] = [{ label: 'Received' }, { label: 'User' }, { label: 'Type' }, { label: 'Request' }, { label: 'Status' }];

const TYPE_LABELS: Record<string, string> = {
  account: 'Account',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  trading: 'Trading',
  other: 'Other',
};

export function ServiceRequestsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageParam(searchParams);
  const requests = useQuery(serviceRequestsQueryOptions(page));

  return (
    <section className="page">
      <PageHeader title="Service requests" query={requests}>
        What users asked customer service, newest first.
      </PageHeader>

      <div className="card">
        <table className="table">
          <TableHead columns={COLUMNS} />
          <tbody>
            <TableRows rows={requests.data?.list} colSpan={COLUMNS.length} query={requests} loadingLabel="Loading requests…" empty="No service requests yet.">
              {(request) => (
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
                  <td className="top">{request.status === 'open' ? <Badge tone="info">Open</Badge> : <Badge tone="neutral">Closed</Badge>}</td>
                </tr>
              )}
            </TableRows>
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
