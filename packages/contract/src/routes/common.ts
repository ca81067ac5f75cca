import { z } from 'zod';
import { inCalendarYears } from '../calendar/calendar';
import { FundsReviewStatus } from '../enums';
import { pageOf } from '../fields';
import { route } from '../route';

// Request shapes shared by the route modules; not part of the contract's public surface.

/** A numeric status that may arrive as a query string ("1") or a JSON number. */
export const zStatusOf = <E extends Record<string, number>>(e: E) => z.coerce.number().pipe(z.enum(e)).optional();

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The instant a YYYY-MM-DD day begins, UTC; undefined for a day no calendar has (2025-02-30, 2025-13-45). */
function dayStart(value: string): number | undefined {
  const m = DAY_PATTERN.exec(value);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = Date.UTC(y, mo - 1, d);
  const back = new Date(at);
  return back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? at : undefined;
}

/**
 * A YYYY-MM-DD day inside the exchange calendar's years (issue 33). The database refuses an
 * impossible date with an error of its own, which would be a 500; this is a 400 with the field's
 * message first. Its refusals abort, so an object's own refinement never reads a day that is none.
 */
export const zDay = z
  .string({ error: 'v.invalidValue' })
  .regex(DAY_PATTERN, { error: 'v.invalidValue', abort: true })
  .superRefine((value, ctx) => {
    const at = dayStart(value);
    if (at === undefined) ctx.addIssue({ code: 'custom', message: 'v.invalidValue', continue: false });
    else if (!inCalendarYears(at)) ctx.addIssue({ code: 'custom', message: 'v.timestampRange', continue: false });
  });

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
