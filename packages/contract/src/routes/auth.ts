import { z } from 'zod';
import { AccountType, EmailCodeType, IdDocumentType, KycStatus, UserRole, UserStatus } from '../enums';
import {
  zAgreement,
  zAnyPassword,
  zBsn,
  zCorporateId,
  zCorporatePassword,
  zCountry,
  zEmail,
  zEmailCode,
  zFirstName,
  zImageUrl,
  zInvitationCode,
  zLastName,
  zLoginName,
  zNewPassword,
  zOptional50,
  zPassword,
  zPayPassword,
  zPersonName,
  zPhone,
  zRequired50,
  zUsername,
} from '../fields';
import { route } from '../route';

export const zCorporateInfo = z.object({
  enterpriseName: z.string(),
  licenseNumber: z.string(),
  licenseImage: z.string(),
  enterpriseAddress: z.string(),
  bankAccountNumber: z.string(),
  bankAccountImage: z.string(),
  placeOfRegistration: z.string(),
  officerName: z.string(),
  officerIdType: z.string(),
  officerIdNumber: z.string(),
  contactPhone: z.string(),
});

export const zUserInfo = z.object({
  id: z.number().int(),
  /** The user ID chosen at registration (or generated for e-mail registration). */
  userId: z.string(),
  email: z.string().nullable(),
  accountType: z.union([z.literal(AccountType.Individual), z.literal(AccountType.Company)]),
  role: z.enum([UserRole.Investor, UserRole.Operator]),
  status: z.enum([UserStatus.Active, UserStatus.Disabled]),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  streetAddress: z.string().nullable(),
  addressLine2: z.string().nullable(),
  stateProvince: z.string().nullable(),
  postalCode: z.string().nullable(),
  /** Social security number or BSN, masked to its last 3 characters. */
  ssnMasked: z.string().nullable(),
  invitationCode: z.string(),
  kycStatus: z.enum(KycStatus),
  hasPayPassword: z.boolean(),
  corporate: zCorporateInfo.nullable(),
  createTimeTimestamp: z.number().int(),
});
export type UserInfo = z.infer<typeof zUserInfo>;

export const zLoginResult = z.object({ token: z.string(), wsUrl: z.string(), userInfo: zUserInfo });

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
const zEmpty = z.object({}).strict();
const zDone = z.object({ done: z.literal(true) });

const individualFields = {
  accountType: z.literal(AccountType.Individual, { error: 'v.selectAccountType' }),
  username: zUsername,
  email: zEmail,
  code: zEmailCode,
  password: zPassword,
  payPassword: zPayPassword.optional(),
  invitationCode: zInvitationCode,
  phone: zPhone,
  firstName: zFirstName,
  lastName: zLastName,
  country: zCountry,
  streetAddress: zRequired50,
  addressLine2: zOptional50,
  stateProvince: zRequired50,
  postalCode: zRequired50,
  ssn: zBsn,
  agreement: zAgreement,
};

const companyFields = {
  accountType: z.literal(AccountType.Company, { error: 'v.selectAccountType' }),
  username: zCorporateId,
  email: zEmail,
  code: zEmailCode,
  password: zCorporatePassword,
  payPassword: zPayPassword.optional(),
  invitationCode: zInvitationCode,
  enterpriseName: zRequired50,
  licenseNumber: zRequired50,
  licenseImage: zImageUrl,
  enterpriseAddress: zRequired50,
  bankAccountNumber: zRequired50,
  bankAccountImage: zImageUrl,
  placeOfRegistration: zRequired50,
  officerName: zPersonName,
  officerIdType: z.enum(IdDocumentType, { error: 'v.selectIdType' }),
  officerIdNumber: zRequired50,
  contactPhone: zPhone,
  agreement: zAgreement,
};

export const zFullRegistration = z.discriminatedUnion(
  'accountType',
  [z.object(individualFields), z.object(companyFields)],
  { error: 'v.selectAccountType' },
);
export type FullRegistration = z.input<typeof zFullRegistration>;

export const authRoutes = {
  getEmailCode: route({
    method: 'POST',
    path: '/getEmailCode',
    auth: 'public',
    tag: 'auth',
    summary: 'Send a 6-digit e-mail code, valid 10 minutes',
    request: z.object({ email: zEmail, type: z.enum(EmailCodeType, { error: 'v.invalidValue' }) }),
    response: z.object({ sent: z.literal(true), expiresInSeconds: z.number().int() }),
    rateLimit: { max: 5, windowSeconds: 600 },
  }),
  register: route({
    method: 'POST',
    path: '/register',
    auth: 'public',
    tag: 'auth',
    summary: 'Register with a user ID and password',
    request: z.object({
      username: zUsername,
      password: zPassword,
      invitationCode: zInvitationCode,
      agreement: zAgreement,
    }),
    response: zLoginResult,
    rateLimit: { max: 10, windowSeconds: 600 },
  }),
  registerEmail: route({
    method: 'POST',
    path: '/register/email',
    auth: 'public',
    tag: 'auth',
    summary: 'Register with an e-mail, its code and a password',
    request: z.object({
      email: zEmail,
      code: zEmailCode,
      password: zPassword,
      invitationCode: zInvitationCode,
      agreement: zAgreement,
    }),
    response: zLoginResult,
    rateLimit: { max: 10, windowSeconds: 600 },
  }),
  registerFull: route({
    method: 'POST',
    path: '/new/register/email',
    auth: 'public',
    tag: 'auth',
    summary: 'Full registration of an individual (2) or company (4) account',
    request: zFullRegistration,
    response: zLoginResult,
    rateLimit: { max: 10, windowSeconds: 600 },
  }),
  login: route({
    method: 'POST',
    path: '/loginByUsername',
    auth: 'public',
    tag: 'auth',
    summary: 'Sign in with user ID or e-mail and password',
    request: z.object({ username: zLoginName, password: zAnyPassword }),
    response: zLoginResult,
    rateLimit: { max: 10, windowSeconds: 300 },
  }),
  logout: route({
    method: 'POST',
    path: '/logout',
    auth: 'user',
    tag: 'auth',
    summary: 'Revoke the current session token',
    request: zEmpty,
    response: zDone,
  }),
  resetPassword: route({
    method: 'POST',
    path: '/resetPassword',
    auth: 'public',
    tag: 'auth',
    summary: 'Set a new login password with an e-mail code',
    request: z.object({ email: zEmail, code: zEmailCode, newPassword: zNewPassword }),
    response: zDone,
    rateLimit: { max: 10, windowSeconds: 600 },
  }),
  updatePassword: route({
    method: 'POST',
    path: '/updatePassword',
    auth: 'user',
    tag: 'auth',
    summary: 'Change the login password; other sessions are signed out',
    request: z.object({ oldPassword: zAnyPassword, newPassword: zNewPassword }),
    response: zDone,
    rateLimit: { max: 10, windowSeconds: 600 },
  }),
  settingPayPassword: route({
    method: 'POST',
    path: '/settingPayPassword',
    auth: 'user',
    tag: 'auth',
    summary: 'Set the transaction password the first time',
    request: z.object({ payPassword: zPayPassword }),
    response: zDone,
    idempotency: 'optional',
    rateLimit: { max: 10, windowSeconds: 600 },
  }),
  updatePayPassword: route({
    method: 'POST',
    path: '/updatePayPassword',
    auth: 'user',
    tag: 'auth',
    summary: 'Change the transaction password',
    request: z.object({ oldPayPassword: zPayPassword, payPassword: zPayPassword }),
    response: zDone,
    rateLimit: { max: 10, windowSeconds: 600 },
  }),
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
  getUserInfoById: route({
    method: 'GET',
    path: '/getUserInfoById',
    auth: 'user',
    tag: 'auth',
    summary: "The caller's user info; another user's id answers 404",
    request: z.object({ id: z.coerce.number().int().positive().optional() }),
    response: zUserInfo,
  }),
  userInfo: route({
    method: 'GET',
    path: '/api/user/info',
    auth: 'user',
    tag: 'auth',
    summary: "The caller's user info",
    request: z.object({}),
    response: zUserInfo,
  }),
};
