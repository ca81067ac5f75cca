import { IdDocumentType, KycStatus } from '@tradeapp/contract';
import { AuthImage } from '../../ui/AuthImage';
import { KycBadge } from '../../ui/Badges';
import { Detail } from '../../ui/Detail';
import { show } from '../../ui/format';
import { ReviewPanel, ReviewQueuePage, UserCell, type KycItem } from '../review';

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
    <ReviewPanel
      kind="kyc"
      item={item}
      label="KYC submission"
      heading={show(name)}
      subtitle={`KYC #${String(item.id)}`}
      badge={<KycBadge status={item.status} />}
      details={
        <>
          <Detail label="Country">{show(item.country)}</Detail>
          <Detail label="ID type">{idTypeLabel(item.idType)}</Detail>
          <Detail label="ID number" mono>
            {show(item.idNumber)}
          </Detail>
        </>
      }
      createdLabel="Submitted"
      pending={item.status === KycStatus.UnderReview}
      decision={{
        subject: `${show(name)} (${item.userName})`,
        approveLabel: 'Approve KYC',
        approveButton: 'Approve',
        approveEffect: 'the identity is verified; the user can deposit and withdraw.',
        rejectLabel: 'Reject KYC',
        rejectButton: 'Reject',
        rejectEffect: 'the submission is marked unsuccessful and the user is asked to submit again.',
      }}
    >
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
    </ReviewPanel>
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
      columns={[{ label: 'Name / user' }, { label: 'ID document · country' }]}
      cells={(item) => (
        <>
          <UserCell name={show(fullName(item))} lines={[item.userName, item.email]} />
          <td className="cell-wrap">
            <div>
              {idTypeLabel(item.idType)} · {show(item.country)}
            </div>
            <div className="mono small">{show(item.idNumber)}</div>
          </td>
        </>
      )}
      createdLabel="Submitted"
      badge={(item) => <KycBadge status={item.status} />}
      loadingLabel="Loading submissions…"
      emptyText="No submissions."
      panel={(item) => <KycPanel item={item} />}
      nothingSelected="Select a submission to review it."
    />
  );
}
