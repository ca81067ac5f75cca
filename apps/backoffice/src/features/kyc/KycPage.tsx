import { useQuery } from '@tanstack/react-query';
import { IdDocumentType, KycStatus } from '@tradeapp/contract';
import { Link } from 'react-router';
import { AuthImage } from '../../ui/AuthImage';
import { KycBadge } from '../../ui/Badges';
import { formatDateTime, show } from '../../ui/format';
import { Pagination } from '../../ui/Pagination';
import { Empty, ErrorState, Loading, TableState } from '../../ui/States';
import { QUEUE_PAGE_SIZE, queueQueryOptions, type KycItem } from '../review/api';
import { AuditLink, Detail, NothingSelected, ReviewActions, StatusFilter, useQueueParams, When } from '../review/shared';

const COLUMNS = 4;

const STATUS_OPTIONS = [
  { value: KycStatus.UnderReview, label: 'Under review' },
  { value: KycStatus.Unsuccessful, label: 'Unsuccessful' },
  { value: KycStatus.Verified, label: 'Verified' },
];

const ID_TYPES: Record<string, string> = {
  [IdDocumentType.Passport]: 'Passport',
  [IdDocumentType.IdCard]: 'ID card',
  [IdDocumentType.DriverLicense]: 'Driving licence',
};

function idTypeLabel(type: string): string {
  return ID_TYPES[type] ?? type;
}

function fullName(item: KycItem): string {
  return [item.firstName, item.lastName].filter(Boolean).join(' ');
}

function KycPanel({ item }: { item: KycItem }) {
  const name = fullName(item);
  const documents = [
    { url: item.frontUrl, label: 'Document front' },
    { url: item.backUrl, label: 'Document back' },
  ].filter((doc): doc is { url: string; label: string } => Boolean(doc.url));

  return (
    <aside className="card review-panel" aria-label="KYC submission" data-testid="bo-kyc-panel">
      <header className="review-panel-header">
        <div>
          <h2>{show(name)}</h2>
          <p className="muted small">KYC #{item.id}</p>
        </div>
        <KycBadge status={item.status} />
      </header>

      <dl className="details">
        <Detail label="User">
          <Link to={`/users/${String(item.userId)}`}>{item.userName}</Link>
        </Detail>
        <Detail label="E-mail">{show(item.email)}</Detail>
        <Detail label="Country">{show(item.country)}</Detail>
        <Detail label="ID type">{idTypeLabel(item.idType)}</Detail>
        <Detail label="ID number" mono>
          {show(item.idNumber)}
        </Detail>
        <Detail label="Submitted">{formatDateTime(item.createTimeTimestamp)}</Detail>
        {item.reviewTimeTimestamp !== null && <Detail label="Reviewed">{formatDateTime(item.reviewTimeTimestamp)}</Detail>}
        {item.reason && <Detail label="Reason">{item.reason}</Detail>}
      </dl>

      <h3 className="review-section">Documents</h3>
      {documents.length === 0 ? (
        <p className="muted small">No document images were uploaded.</p>
      ) : (
        <div className="docs">
          {documents.map((doc) => (
            <AuthImage key={doc.url} url={doc.url} label={doc.label} />
          ))}
        </div>
      )}

      <footer className="review-panel-footer">
        {item.status === KycStatus.UnderReview ? (
          <ReviewActions
            key={item.id}
            kind="kyc"
            id={item.id}
            testPrefix="bo-kyc"
            subject={`${show(name)} (${item.userName})`}
            approveLabel="Approve KYC"
            approveButton="Approve"
            approveEffect="the identity is verified; the user can deposit and withdraw."
            rejectLabel="Reject KYC"
            rejectButton="Reject"
            rejectEffect="the submission is marked unsuccessful and the user is asked to submit again."
          />
        ) : (
          <span className="muted small">Reviewed — no action needed.</span>
        )}
        <AuditLink kind="kyc" id={item.id}>
          Audit log
        </AuditLink>
      </footer>
    </aside>
  );
}

export function KycPage() {
  const params = useQueueParams(KycStatus.UnderReview);
  const status = params.status as KycStatus | undefined;
  const queue = useQuery(queueQueryOptions('kyc', { status, page: params.page }));
  const selected = queue.data?.list.find((item) => item.id === params.selectedId);

  return (
    <section className="page">
      <header className="page-header">
        <div>
          <h1>KYC reviews</h1>
          <p className="muted">Identity submissions, oldest pending first. Check the documents, then approve or reject.</p>
        </div>
        <button type="button" className="btn" onClick={() => void queue.refetch()} disabled={queue.isFetching}>
          Refresh
        </button>
      </header>

      <StatusFilter
        options={STATUS_OPTIONS}
        value={status}
        onChange={params.setStatus}
        busy={queue.isFetching && !queue.isPending}
        testId="bo-kyc-status"
      />

      <div className="split split-review">
        <div className="card">
          <table className="table table-hover table-queue">
            <thead>
              <tr>
                <th>Name / user</th>
                <th>ID document · country</th>
                <th>Submitted</th>
                <th>Status</th>
              </tr>
            </thead>
            <tbody>
              {queue.isPending ? (
                <TableState colSpan={COLUMNS}>
                  <Loading label="Loading submissions…" />
                </TableState>
              ) : queue.isError ? (
                <TableState colSpan={COLUMNS}>
                  <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />
                </TableState>
              ) : queue.data.list.length === 0 ? (
                <TableState colSpan={COLUMNS}>
                  <Empty>{status === KycStatus.UnderReview ? 'Nothing to review.' : 'No submissions.'}</Empty>
                </TableState>
              ) : (
                queue.data.list.map((item) => (
                  <tr
                    key={item.id}
                    className={`clickable${item.id === params.selectedId ? ' selected' : ''}`}
                    tabIndex={0}
                    aria-selected={item.id === params.selectedId}
                    data-testid="bo-kyc-row"
                    data-kyc-id={item.id}
                    onClick={() => params.select(item.id)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') params.select(item.id);
                    }}
                  >
                    <td className="cell-wrap">
                      <div className="strong">{show(fullName(item))}</div>
                      <div className="muted small">{item.userName}</div>
                      {item.email && <div className="muted small">{item.email}</div>}
                    </td>
                    <td className="cell-wrap">
                      <div>
                        {idTypeLabel(item.idType)} · {show(item.country)}
                      </div>
                      <div className="mono small">{show(item.idNumber)}</div>
                    </td>
                    <td>
                      <When timestamp={item.createTimeTimestamp} />
                    </td>
                    <td>
                      <div className="status-cell">
                        <KycBadge status={item.status} />
                        <AuditLink kind="kyc" id={item.id} />
                      </div>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
          {queue.data && (
            <Pagination
              page={params.page}
              size={QUEUE_PAGE_SIZE}
              total={queue.data.total}
              onPage={params.setPage}
              disabled={queue.isFetching}
            />
          )}
        </div>
        {selected ? <KycPanel item={selected} /> : <NothingSelected>Select a submission to review it.</NothingSelected>}
      </div>
    </section>
  );
}
