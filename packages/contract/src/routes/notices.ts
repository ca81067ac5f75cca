import { z } from 'zod';
import { pageOf, zLocalisedText } from '../fields';
import { route } from '../route';
import { zId, zPaging } from './common';

// Notices to one investor (`/userMessage/*`): fills, reviews, operator messages; pushed on the
// socket as the `notice` event.

export const NOTICE_KINDS = [
  'kyc.approved',
  'kyc.rejected',
  'deposit.completed',
  'deposit.rejected',
  'withdrawal.completed',
  'withdrawal.rejected',
  'transfer.completed',
  'service.received',
  'order.filled',
  'position.liquidated',
  'auction.filled',
  'auction.partlyFilled',
  'auction.unfilled',
  'deal.subscribed',
  'deal.reconfirm',
  'deal.allotted',
  'deal.notAllotted',
  'deal.refunded',
  'deal.cancelled',
  'deal.listed',
  'blockTrade.approved',
  'blockTrade.refused',
  'blockTrade.revoked',
  'placement.key',
  'placement.revoked',
  'follow.stopLoss',
  'follow.stopped',
  'robot.energyOut',
  'robot.expired',
  'pool.key',
  'pool.revoked',
  'fund.allotted',
  'fund.paid',
  'deposit.matured',
  'bond.coupon',
  'bond.redeemed',
  'loan.approved',
  'loan.refused',
  'loan.overdue',
  /** A new sign-in to the account (issue 18): the device and address, so a stranger's is noticed. */
  'auth.signIn',
  'alert.price',
  'alert.change',
  'alert.ma',
  /** A position closed by its stop-loss, take-profit or trailing stop (issue 18). */
  'position.stopLoss',
  'position.takeProfit',
  'position.trailingStop',
  /** An open position's equity fell to a level of the margin warning ladder (issue 18, modules/marginLadder). */
  'position.marginWarning',
  /** Written by an operator (a broadcast or a note to one user); its texts are in the params per language. */
  'operator.message',
] as const;

export const zNotice = z.object({
  id: z.number().int(),
  kind: z.enum(NOTICE_KINDS),
  /** In the caller's language. */
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  createTimestamp: z.number().int(),
});

export const noticeRoutes = {
  notices: route({
    method: 'GET',
    path: '/userMessage/getMessage',
    auth: 'user',
    tag: 'notices',
    summary: "The caller's notices, newest first, with the unread count",
    request: z.object(zPaging),
    response: pageOf(zNotice).extend({ unread: z.number().int() }),
  }),
  notice: route({
    method: 'GET',
    path: '/userMessage/:id',
    auth: 'user',
    tag: 'notices',
    summary: 'One notice; reading it marks it read',
    params: zId,
    request: z.object({}),
    response: zNotice,
  }),
  noticesRead: route({
    method: 'POST',
    path: '/userMessage/updateRead',
    auth: 'user',
    tag: 'notices',
    summary: 'Mark the given notices read, or all of them',
    request: z.object({ ids: z.array(z.number().int().positive()).max(500).optional(), all: z.boolean().optional() }),
    response: z.object({ updated: z.number().int(), unread: z.number().int() }),
  }),
};

export const noticeOperatorRoutes = {
  operatorNoticeSend: route({
    method: 'POST',
    path: '/operator/notices',
    auth: 'operator',
    tag: 'admin',
    summary: 'Send a notice to every investor or to one; English is required and is the fallback of the other languages',
    request: z
      .object({
        target: z.enum(['all', 'user']),
        userId: z.number().int().positive().optional(),
        title: zLocalisedText(120),
        body: zLocalisedText(2000),
      })
      .refine((v) => v.target === 'all' || v.userId !== undefined, { error: 'v.fillRequired', path: ['userId'] }),
    response: z.object({ sent: z.number().int() }),
    rateLimit: { max: 20, windowSeconds: 60 },
  }),
};
