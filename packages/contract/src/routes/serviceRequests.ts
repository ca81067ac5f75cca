import { z } from 'zod';
import { pageOf, requiredText } from '../fields';
import { route } from '../route';
import { userRef, zPaging } from './common';

// An investor's request for help (`/userCenter/apply/service`); it lands in the chat.

export const serviceRequestRoutes = {
  serviceApply: route({
    method: 'POST',
    path: '/userCenter/apply/service',
    auth: 'user',
    tag: 'service',
    summary: 'Ask customer service for help; operators see the request',
    request: z.object({
      type: z.enum(['account', 'deposit', 'withdrawal', 'trading', 'other']).default('other'),
      content: requiredText('v.fillRequired').max(1000, { error: 'v.textTooLong' }),
    }),
    response: z.object({ id: z.number().int(), status: z.enum(['open', 'closed']), createTimeTimestamp: z.number().int() }),
    rateLimit: { max: 10, windowSeconds: 600 },
  }),
};

export const serviceRequestOperatorRoutes = {
  operatorServiceRequests: route({
    method: 'GET',
    path: '/operator/service-requests',
    auth: 'operator',
    tag: 'admin',
    summary: 'Customer service requests, newest first',
    request: z.object(zPaging),
    response: pageOf(
      z.object({
        id: z.number().int(),
        ...userRef,
        type: z.string(),
        content: z.string(),
        status: z.enum(['open', 'closed']),
        createTimeTimestamp: z.number().int(),
      }),
    ),
  }),
};
