import { z } from 'zod';
import { UserRole, UserStatus } from '../enums';
import { pageOf, zAnyPassword, zEmail } from '../fields';
import { route } from '../route';
import { zLoginResult, zUserInfo } from './auth';
import { zDecimal } from './market';
import { zWalletCode } from './wallet';

const zPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
const zId = z.object({ id: z.coerce.number().int().positive() });

/** A mail as operators see it in the outbox list: its subject with every code and link removed. */
export const zMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  transport: z.enum(['smtp', 'outbox']),
  createTimeTimestamp: z.number().int(),
});

/** One mail opened in the back office: the redacted copy kept, never the mail as sent. */
export const zMailRead = zMail.extend({
  text: z.string(),
  /** Always true: codes and links were replaced when the mail was composed. */
  redacted: z.literal(true),
});

/** What a verification of the audit log's hash chain found. */
export const zAuditChainCheck = z.object({
  /** Entries checked: the whole log. */
  checked: z.number().int(),
  /** The first entry whose hash or link to the one before it does not match; null when the chain holds. */
  firstBrokenId: z.number().int().nullable(),
});

export const zAuditEntry = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
});

/** One wallet of a user as the ledger has it: the available and the held side, in the wallet's currency. */
export const zAdminWalletBalance = z.object({
  code: zWalletCode,
  currency: z.enum(['EUR', 'USD']),
  available: zDecimal,
  held: zDecimal,
});

export const zAdminUserDetail = z.object({
  user: zUserInfo,
  /** Every wallet of an investor, in the contract's wallet order; empty for an operator. */
  balances: z.array(zAdminWalletBalance),
  sessions: z.array(z.object({ createTimeTimestamp: z.number().int(), expiresTimestamp: z.number().int(), revoked: z.boolean() })),
  audit: z.array(zAuditEntry),
  /** Two-factor sign-in with an authenticator app is on. */
  twoFactor: z.boolean(),
  /** How many passkeys the investor can sign in with (removed by a two-factor reset). */
  passkeys: z.number().int(),
});

export const operatorRoutes = {
  operatorLogin: route({
    method: 'POST',
    path: '/operator/login',
    auth: 'public',
    tag: 'admin',
    summary: 'Operator sign-in; investors are refused',
    request: z.object({ email: zEmail, password: zAnyPassword }),
    response: zLoginResult,
    rateLimit: { max: 10, windowSeconds: 300 },
  }),
  operatorMe: route({
    method: 'GET',
    path: '/operator/me',
    auth: 'operator',
    tag: 'admin',
    summary: 'The signed-in operator',
    request: z.object({}),
    response: zUserInfo,
  }),
  operatorUsers: route({
    method: 'GET',
    path: '/operator/users',
    auth: 'operator',
    tag: 'admin',
    summary: 'Users of one role (investors unless asked), newest first, filtered by user ID, e-mail or name',
    request: zPageQuery.extend({
      q: z.string().trim().max(100).optional(),
      role: z.enum(UserRole, { error: 'v.invalidValue' }).default(UserRole.Investor),
    }),
    response: pageOf(zUserInfo),
  }),
  operatorUser: route({
    method: 'GET',
    path: '/operator/users/:id',
    auth: 'operator',
    tag: 'admin',
    summary: 'One user with wallet balances, sessions and audit trail',
    params: zId,
    request: z.object({}),
    response: zAdminUserDetail,
  }),
  operatorSetUserStatus: route({
    method: 'POST',
    path: '/operator/users/:id/status',
    auth: 'operator',
    tag: 'admin',
    summary: 'Disable or re-enable an account, with a reason; disabling signs the user out',
    params: zId,
    request: z.object({
      status: z.enum([UserStatus.Active, UserStatus.Disabled]),
      reason: z.string({ error: 'e.reasonRequired' }).trim().min(1, { error: 'e.reasonRequired' }).max(500),
    }),
    response: zUserInfo,
  }),
  operatorResetTwoFactor: route({
    method: 'POST',
    path: '/operator/users/:id/twoFactor/reset',
    auth: 'operator',
    tag: 'admin',
    summary: "Turn off an investor's two-factor sign-in (a lost phone and recovery codes), with a reason, audited; the investor's sessions end",
    params: zId,
    request: z.object({
      reason: z.string({ error: 'e.reasonRequired' }).trim().min(1, { error: 'e.reasonRequired' }).max(500),
    }),
    response: zAdminUserDetail,
  }),
  operatorOutbox: route({
    method: 'GET',
    path: '/operator/outbox',
    auth: 'operator',
    tag: 'admin',
    summary:
      'Mails sent by the server, newest first, codes and links removed; `delivery` says whether mail goes out by SMTP or only to .eml files (development)',
    request: zPageQuery.extend({ to: z.string().trim().max(100).optional() }),
    response: pageOf(zMail).extend({ delivery: z.enum(['smtp', 'development']) }),
  }),
  operatorOutboxMail: route({
    method: 'GET',
    path: '/operator/outbox/:id',
    auth: 'operator',
    tag: 'admin',
    summary: 'One mail as kept for operators (codes and links removed); reading it is written to the audit log',
    params: zId,
    request: z.object({}),
    response: zMailRead,
  }),
  operatorAudit: route({
    method: 'GET',
    path: '/operator/audit',
    auth: 'operator',
    tag: 'admin',
    summary: 'The audit log: who, when, what, before, after',
    request: zPageQuery.extend({ targetType: z.string().max(50).optional(), targetId: z.string().max(50).optional() }),
    response: pageOf(zAuditEntry),
  }),
  operatorAuditVerify: route({
    method: 'GET',
    path: '/operator/audit/verify',
    auth: 'operator',
    tag: 'admin',
    summary: "Verify the audit log's hash chain: how many entries were checked and the first broken one, if any",
    request: z.object({}),
    response: zAuditChainCheck,
  }),
};
