import { z } from 'zod';
import { pageOf, zPage } from '../fields';
import { route } from '../route';

// Referral: the invitation code and the friends who registered with it.

export const zInvitee = z.object({
  /** Masked: the first and last characters of the user ID. */
  userName: z.string(),
  registerTimestamp: z.number().int(),
  verified: z.boolean(),
});

export const referralRoutes = {
  invitees: route({
    method: 'GET',
    path: '/userCenter/invitees',
    auth: 'user',
    tag: 'content',
    summary: 'Users who registered with the caller’s invitation code, newest first',
    request: zPage,
    response: pageOf(zInvitee).extend({ invitationCode: z.string() }),
  }),
};
