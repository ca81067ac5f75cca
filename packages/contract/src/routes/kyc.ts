import { z } from 'zod';
import { IdDocumentType, KycStatus } from '../enums';
import { zCountry, zFirstName, zImageUrl, zLastName } from '../fields';
import { route } from '../route';
import { review, zPaging, zStatusOf } from './common';

// Identity verification: the investor's submission (`/updateReal`) and the operators' review.

/** ID card and driving licence have two pages; a passport's information page is one. */
export const ID_TYPES_WITH_BACK: readonly string[] = [IdDocumentType.IdCard, IdDocumentType.DriverLicense];

export const zKycSubmission = z
  .object({
    firstName: zFirstName,
    lastName: zLastName,
    /** Country of issue of the document. */
    country: zCountry,
    idType: z.enum(IdDocumentType, { error: 'v.selectIdType' }),
    idNumber: z.string({ error: 'v.enterIdCardNumber' }).trim().min(1, { error: 'v.enterIdCardNumber' }).max(50, { error: 'v.textTooLong' }),
    frontUrl: zImageUrl,
    backUrl: zImageUrl.optional(),
  })
  .superRefine((v, ctx) => {
    if (ID_TYPES_WITH_BACK.includes(v.idType) && !v.backUrl) ctx.addIssue({ code: 'custom', path: ['backUrl'], message: 'v.uploadImage' });
  });

export type KycSubmission = z.input<typeof zKycSubmission>;

export const zKycReview = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  email: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  country: z.string(),
  idType: z.string(),
  idNumber: z.string(),
  frontUrl: z.string().nullable(),
  backUrl: z.string().nullable(),
  status: z.enum(KycStatus),
  reason: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
  reviewTimeTimestamp: z.number().int().nullable(),
});

export const kycRoutes = {
  updateReal: route({
    method: 'POST',
    path: '/updateReal',
    auth: 'user',
    tag: 'auth',
    summary: 'Submit identity documents for verification (KYC): the front page, and the back for an ID card or driving licence',
    request: zKycSubmission,
    response: z.object({ kycStatus: z.enum(KycStatus) }),
    idempotency: 'optional',
  }),
};

const queue = review('kyc', zKycReview);

export const kycOperatorRoutes = {
  operatorKyc: route({ ...queue.list, request: z.object({ ...zPaging, status: zStatusOf(KycStatus) }) }),
  operatorKycApprove: queue.approve,
  operatorKycReject: queue.reject,
};
