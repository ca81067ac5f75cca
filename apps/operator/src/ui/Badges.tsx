import { AccountType, FundsReviewStatus, KycStatus, UserStatus } from '@tradeapp/contract';

type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export function Badge({ tone, children }: { tone: Tone; children: string }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

const kycLabels: Record<KycStatus, [string, Tone]> = {
  [KycStatus.NotSubmitted]: ['Not submitted', 'neutral'],
  [KycStatus.UnderReview]: ['Under review', 'warning'],
  [KycStatus.Unsuccessful]: ['Unsuccessful', 'danger'],
  [KycStatus.Verified]: ['Verified', 'success'],
};

export function KycBadge({ status }: { status: KycStatus }) {
  const [label, tone] = kycLabels[status];
  return <Badge tone={tone}>{label}</Badge>;
}

const fundsLabels: Record<FundsReviewStatus, [string, Tone]> = {
  [FundsReviewStatus.PendingReview]: ['Pending review', 'warning'],
  [FundsReviewStatus.AuditFailure]: ['Rejected', 'danger'],
  [FundsReviewStatus.Completed]: ['Completed', 'success'],
};

/** A deposit's or a withdrawal's review status. */
export function FundsStatusBadge({ status }: { status: FundsReviewStatus }) {
  const [label, tone] = fundsLabels[status];
  return <Badge tone={tone}>{label}</Badge>;
}

export function UserStatusBadge({ status }: { status: UserStatus }) {
  return status === UserStatus.Active ? <Badge tone="success">Active</Badge> : <Badge tone="danger">Disabled</Badge>;
}

export function accountTypeLabel(type: AccountType): string {
  return type === AccountType.Company ? 'Company' : 'Individual';
}
