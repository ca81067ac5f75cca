import { IdDocumentType, KycStatus } from '@tradeapp/contract';
import { Link } from 'react-router';
import { AuthImage } from '../../ui/AuthImage';
import { KycBadge } from '../../ui/Badges';
import { formatDateTime, show } from '../../ui/format';
import type { KycItem } from '../review/api';
import { ReviewQueuePage } from '../review/ReviewQueuePage';
import { AuditLink, Detail, ReviewActions, StatusCell, When } from '../review/shared';

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
  return (
    <ReviewQueuePage
      kind="kyc"
      title="KYC reviews"
      description="Identity submissions, oldest pending first. Check the documents, then approve or reject."
      defaultStatus={KycStatus.UnderReview}
      statusOptions={STATUS_OPTIONS}
      statusTestId="bo-kyc-status"
      columns={[
        { label: 'Name / user' },
        { label: 'ID document · country' },
        { label: 'Submitted' },
        { label: 'Status' },
      ]}
      rowTestId="bo-kyc-row"
      idAttribute="data-kyc-id"
      cells={(item) => (
        <>
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
          <StatusCell kind="kyc" id={item.id}>
            <KycBadge status={item.status} />
          </StatusCell>
        </>
      )}
      loadingLabel="Loading submissions…"
      emptyText="No submissions."
      panel={(item) => <KycPanel item={item} />}
      nothingSelected="Select a submission to review it."
    />
  );
}
