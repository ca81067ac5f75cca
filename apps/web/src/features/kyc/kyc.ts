import { KycStatus } from '@tradeapp/contract';

export const KYC_LABEL = {
  [KycStatus.NotSubmitted]: 'kyc.notSubmitted',
  [KycStatus.UnderReview]: 'kyc.underReview',
  [KycStatus.Unsuccessful]: 'kyc.unsuccessful',
  [KycStatus.Verified]: 'kyc.verified',
} as const;

export const KYC_BADGE = {
  [KycStatus.NotSubmitted]: '',
  [KycStatus.UnderReview]: 'kyc-review',
  [KycStatus.Unsuccessful]: 'kyc-failed',
  [KycStatus.Verified]: 'kyc-verified',
} as const;
