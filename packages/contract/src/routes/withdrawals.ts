import { z } from 'zod';
import { FundsReviewStatus } from '../enums';
import { pageOf, zAmount, zPayPassword } from '../fields';
import { route } from '../route';
import { review, userRef, zPaging, zStatusOf } from './common';
import { zDecimal } from './market';

// Withdrawals from the funding account to a bank card or a crypto address, held until an
// operator reviews them.

export const zWithdrawal = z.object({
  id: z.number().int(),
  amount: zDecimal,
  currency: z.string(),
  target: z.enum(['bank', 'crypto']),
  /** The card or address, masked. */
  destination: z.string(),
  status: z.enum(FundsReviewStatus),
  reason: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
  reviewTimeTimestamp: z.number().int().nullable(),
});

export type Withdrawal = z.infer<typeof zWithdrawal>;

export const zWithdrawalReview = zWithdrawal.extend({
  ...userRef,
  /** Everything the operator pays to: bank card fields or the crypto address. */
  details: z.record(z.string(), z.string().nullable()),
  /** Above WITHDRAWAL_DUAL_APPROVAL_EUR: two different operators must approve it (OWASP ASVS 2.3.5). */
  dualApproval: z.boolean(),
  /** The first of the two approvals, while the withdrawal awaits the second; null before it and for one operator's withdrawals. */
  firstApproval: z.object({ operatorId: z.number().int(), operatorName: z.string(), timestamp: z.number().int() }).nullable(),
});

export const withdrawalRoutes = {
  usableWithdrawal: route({
    method: 'GET',
    path: '/withdrawal/getUsableWithdrawalAmount',
    auth: 'user',
    tag: 'withdrawal',
    summary: 'What the caller can withdraw now from the funding account, and what a withdrawal still needs',
    request: z.object({}),
    response: z.object({
      amount: zDecimal,
      currency: z.literal('EUR'),
      minAmount: zDecimal,
      kycVerified: z.boolean(),
      hasPayPassword: z.boolean(),
    }),
  }),
  withdrawalApply: route({
    method: 'POST',
    path: '/withdrawal/withdrawal-apply',
    auth: 'user',
    tag: 'withdrawal',
    summary: 'Withdraw from the funding account to a bank card or a crypto address; the amount is held until an operator reviews it',
    request: z
      .object({
        amount: zAmount,
        target: z.enum(['bank', 'crypto'], { error: 'v.selectBankCardFirst' }),
        cardId: z.coerce.number().int().positive().optional(),
        addressId: z.coerce.number().int().positive().optional(),
        payPassword: zPayPassword,
      })
      .superRefine((v, ctx) => {
        if (v.target === 'bank' && !v.cardId) ctx.addIssue({ code: 'custom', path: ['cardId'], message: 'v.selectBankCardFirst' });
        if (v.target === 'crypto' && !v.addressId) ctx.addIssue({ code: 'custom', path: ['addressId'], message: 'v.enterWalletAddress' });
      }),
    response: zWithdrawal,
    idempotency: 'required',
    rateLimit: { max: 20, windowSeconds: 600 },
  }),
  withdrawalList: route({
    method: 'POST',
    path: '/withdrawal/listPage',
    auth: 'user',
    tag: 'withdrawal',
    summary: "The caller's withdrawals, newest first",
    request: z.object({ ...zPaging, status: zStatusOf(FundsReviewStatus) }),
    response: pageOf(zWithdrawal),
  }),
};

const queue = review('withdrawals', zWithdrawalReview);

export const withdrawalOperatorRoutes = {
  operatorWithdrawals: queue.list,
  operatorWithdrawalApprove: queue.approve,
  operatorWithdrawalReject: queue.reject,
};
