// Over 400 lines: the sign-up, sign-in and account calls share their field rules (names, passwords, codes, documents), written once here.
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
import { zId } from './common';

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

/** How long the password step's challenge may wait for its second factor. */
export const SIGN_IN_CHALLENGE_SECONDS = 300;
/** How many recovery codes enabling two-factor sign-in gives. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * The password step's answer when the account has two-factor sign-in on: no session yet, a
 * challenge to send back with a code from the authenticator app or a recovery code.
 */
export const zSecondFactorNeeded = z.object({
  secondFactor: z.literal('totp'),
  challenge: z.string(),
  expiresInSeconds: z.number().int(),
});
export type SecondFactorNeeded = z.infer<typeof zSecondFactorNeeded>;

/** A 6-digit code of the authenticator app. */
export const zAuthCode = z
  .string({ error: 'v.enterAuthCode' })
  .trim()
  .min(1, { error: 'v.enterAuthCode' })
  .regex(/^\d{6}$/, { error: 'v.authCodeRule' });

/** A recovery code as shown (`abcde-fghij`), any case, with or without its hyphen or spaces. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{5}-?[a-z2-7]{5}$/i;

/** A code of the authenticator app or one of the recovery codes. */
export const zSecondFactorCode = z
  .string({ error: 'v.enterAuthCode' })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: 'v.enterAuthCode' })
      .refine((v) => /^\d{6}$/.test(v) || RECOVERY_CODE_PATTERN.test(v), { error: 'v.authCodeRule' }),
  );

export const zTwoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledTimestamp: z.number().int().nullable(),
  /** Recovery codes not used yet. */
  recoveryCodesLeft: z.number().int(),
});

export const zTwoFactorSetup = z.object({
  /** The shared secret in base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** The `otpauth://totp/...` URI the QR code carries. */
  uri: z.string(),
  issuer: z.string(),
  account: z.string(),
});

/**
 * One live session of the caller. The place is the address the server saw: no location database
 * is consulted, so the screen says so rather than guess a city.
 */
export const zSessionInfo = z.object({
  id: z.number().int(),
  current: z.boolean(),
  /** Read from the user agent; null when it names none we know. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  mobile: z.boolean(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createTimestamp: z.number().int(),
  lastUsedTimestamp: z.number().int(),
});
export type SessionInfo = z.infer<typeof zSessionInfo>;

/** How long a passkey ceremony's challenge may wait for the authenticator's answer. */
export const PASSKEY_CHALLENGE_SECONDS = 300;
/** Passkeys one investor may register. */
export const MAX_PASSKEYS = 10;

export const zPasskeyName = z.string({ error: 'v.passkeyName' }).trim().min(1, { error: 'v.passkeyName' }).max(50, { error: 'v.passkeyName' });

const zBase64Url = z
  .string({ error: 'v.passkeyResponse' })
  .max(20_000, { error: 'v.passkeyResponse' })
  .regex(/^[A-Za-z0-9_-]*$/, { error: 'v.passkeyResponse' });

/**
 * What `navigator.credentials.create()` or `.get()` answered, as @simplewebauthn/browser encodes
 * it (base64url fields). Only its outline is checked here; the server verifies the rest.
 */
export const zPasskeyCredential = z.looseObject(
  {
    id: zBase64Url.min(1, { error: 'v.passkeyResponse' }),
    rawId: zBase64Url.min(1, { error: 'v.passkeyResponse' }),
    type: z.literal('public-key', { error: 'v.passkeyResponse' }),
    response: z.looseObject({ clientDataJSON: zBase64Url.min(1, { error: 'v.passkeyResponse' }) }, { error: 'v.passkeyResponse' }),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(['platform', 'cross-platform'], { error: 'v.passkeyResponse' }).optional(),
  },
  { error: 'v.passkeyResponse' },
);
export type PasskeyCredential = z.infer<typeof zPasskeyCredential>;

/** The options to pass to the browser's WebAuthn call, as @simplewebauthn/server made them. */
export const zPasskeyOptions = z.object({ options: z.record(z.string(), z.unknown()) });

/** One of the caller's passkeys. */
export const zPasskeyInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  createTimestamp: z.number().int(),
  /** Null until it has signed in once. */
  lastUsedTimestamp: z.number().int().nullable(),
  /** Synced by its provider (iCloud Keychain, Google Password Manager): not lost with one device. */
  backedUp: z.boolean(),
});
export type PasskeyInfo = z.infer<typeof zPasskeyInfo>;

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

export const zFullRegistration = z.discriminatedUnion('accountType', [z.object(individualFields), z.object(companyFields)], { error: 'v.selectAccountType' });
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
    summary: 'Sign in with user ID or e-mail and password; with two-factor sign-in on, answers a challenge for the code',
    request: z.object({ username: zLoginName, password: zAnyPassword }),
    response: z.union([zLoginResult, zSecondFactorNeeded]),
    rateLimit: { max: 10, windowSeconds: 300 },
  }),
  loginSecondFactor: route({
    method: 'POST',
    path: '/login/secondFactor',
    auth: 'public',
    tag: 'auth',
    summary: "Complete a sign-in with the password step's challenge and an authenticator or recovery code",
    request: z.object({
      challenge: z.string({ error: 'v.enterChallenge' }).min(1, { error: 'v.enterChallenge' }).max(100, { error: 'v.enterChallenge' }),
      code: zSecondFactorCode,
    }),
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
  twoFactorStatus: route({
    method: 'GET',
    path: '/security/twoFactor',
    auth: 'user',
    tag: 'auth',
    summary: "Whether the caller's two-factor sign-in is on, and how many recovery codes are left",
    request: z.object({}),
    response: zTwoFactorStatus,
  }),
  twoFactorSetup: route({
    method: 'POST',
    path: '/security/twoFactor/setup',
    auth: 'user',
    tag: 'auth',
    summary: 'Start setting up an authenticator app: a new secret, not used until a code confirms it',
    request: zEmpty,
    response: zTwoFactorSetup,
    rateLimit: { max: 10, windowSeconds: 600 },
  }),
  twoFactorEnable: route({
    method: 'POST',
    path: '/security/twoFactor/enable',
    auth: 'user',
    tag: 'auth',
    summary: 'Turn two-factor sign-in on with a current code; answers the 10 recovery codes, shown this once',
    request: z.object({ code: zAuthCode }),
    response: z.object({ recoveryCodes: z.array(z.string()) }),
    rateLimit: { max: 10, windowSeconds: 600 },
  }),
  twoFactorDisable: route({
    method: 'POST',
    path: '/security/twoFactor/disable',
    auth: 'user',
    tag: 'auth',
    summary: 'Turn two-factor sign-in off with the login password and a code (or a recovery code)',
    request: z.object({ password: zAnyPassword, code: zSecondFactorCode }),
    response: zDone,
    rateLimit: { max: 10, windowSeconds: 600 },
  }),
  sessionList: route({
    method: 'GET',
    path: '/security/sessions',
    auth: 'user',
    tag: 'auth',
    summary: "The caller's live sessions (devices), the most recently used first",
    request: z.object({}),
    response: z.object({ list: z.array(zSessionInfo) }),
  }),
  sessionEnd: route({
    method: 'POST',
    path: '/security/sessions/:id/end',
    auth: 'user',
    tag: 'auth',
    summary: "Sign out one of the caller's sessions; its token is refused at once on every node",
    params: zId,
    request: zEmpty,
    response: zDone,
  }),
  sessionEndOthers: route({
    method: 'POST',
    path: '/security/sessions/endOthers',
    auth: 'user',
    tag: 'auth',
    summary: 'Sign out every session of the caller but this one',
    request: zEmpty,
    response: z.object({ ended: z.number().int() }),
  }),
  passkeyList: route({
    method: 'GET',
    path: '/security/passkeys',
    auth: 'user',
    tag: 'auth',
    summary: "The caller's passkeys, the newest first",
    request: z.object({}),
    response: z.object({ list: z.array(zPasskeyInfo) }),
  }),
  passkeyOptions: route({
    method: 'POST',
    path: '/security/passkeys/options',
    auth: 'user',
    tag: 'auth',
    summary: 'Start registering a passkey: the options for navigator.credentials.create(), with a single-use challenge',
    request: zEmpty,
    response: zPasskeyOptions,
    rateLimit: { max: 20, windowSeconds: 600 },
  }),
  passkeyAdd: route({
    method: 'POST',
    path: '/security/passkeys',
    auth: 'user',
    tag: 'auth',
    summary: "Register a passkey with the authenticator's answer to the registration challenge, under a name",
    request: z.object({ name: zPasskeyName, credential: zPasskeyCredential }),
    response: zPasskeyInfo,
    rateLimit: { max: 20, windowSeconds: 600 },
  }),
  passkeyRename: route({
    method: 'POST',
    path: '/security/passkeys/:id/rename',
    auth: 'user',
    tag: 'auth',
    summary: "Rename one of the caller's passkeys",
    params: zId,
    request: z.object({ name: zPasskeyName }),
    response: zPasskeyInfo,
  }),
  passkeyDelete: route({
    method: 'POST',
    path: '/security/passkeys/:id/delete',
    auth: 'user',
    tag: 'auth',
    summary: "Delete one of the caller's passkeys with the login password (and a code while two-factor sign-in is on)",
    params: zId,
    request: z.object({ password: zAnyPassword, code: zSecondFactorCode.optional() }),
    response: zDone,
    rateLimit: { max: 10, windowSeconds: 600 },
  }),
  loginPasskeyOptions: route({
    method: 'POST',
    path: '/login/passkey/options',
    auth: 'public',
    tag: 'auth',
    summary: 'Start a passkey sign-in: the options for navigator.credentials.get(), any passkey of this site (usernameless)',
    request: zEmpty,
    response: zPasskeyOptions,
    rateLimit: { max: 20, windowSeconds: 300 },
  }),
  loginPasskey: route({
    method: 'POST',
    path: '/login/passkey',
    auth: 'public',
    tag: 'auth',
    summary: "Sign in with a passkey's answer to the sign-in challenge; no password and no second factor are asked",
    request: z.object({ credential: zPasskeyCredential }),
    response: zLoginResult,
    rateLimit: { max: 10, windowSeconds: 300 },
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
