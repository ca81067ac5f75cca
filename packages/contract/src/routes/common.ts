import { z } from 'zod';
import { FundsReviewStatus } from '../enums';
import { pageOf } from '../fields';
import { route } from '../route';

// Request shapes shared by the route modules; not part of the contract's public surface.

/** A numeric status that may arrive as a query string ("1") or a JSON number. */
export const zStatusOf = <E extends Record<string, number>>(e: E) => z.coerce.number().pipe(z.enum(e)).optional();

export const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'v.invalidValue' });

export const zPaging = {
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
};

export const zId = z.object({ id: z.coerce.number().int().positive() });

export const zUserId = z.object({ userId: z.coerce.number().int().positive() });

export const zReason = z.object({
  reason: z.string({ error: 'e.reasonRequired' }).trim().min(1, { error: 'e.reasonRequired' }).max(500),
});

/** Who a row in an operator's queue belongs to. */
export const userRef = { userId: z.number().int(), userName: z.string(), email: z.string().nullable() };

/** An operator's review queue: the list, and approve or reject one item by id. */
export function review<R extends z.ZodType>(name: string, item: R) {
  return {
    list: route({
      method: 'GET',
      path: `/operator/${name}`,
      auth: 'operator',
      tag: 'admin',
      summary: `The ${name} queue, oldest pending first`,
      request: z.object({ ...zPaging, status: zStatusOf(FundsReviewStatus) }),
      response: pageOf(item),
    }),
    approve: route({
      method: 'POST',
      path: `/operator/${name}/:id/approve`,
      auth: 'operator',
      tag: 'admin',
      summary: `Approve one of the ${name}`,
      params: zId,
      request: z.object({}),
      response: item,
    }),
    reject: route({
      method: 'POST',
      path: `/operator/${name}/:id/reject`,
      auth: 'operator',
      tag: 'admin',
      summary: `Refuse one of the ${name}, with a reason the user sees`,
      params: zId,
      request: zReason,
      response: item,
    }),
  };
}
