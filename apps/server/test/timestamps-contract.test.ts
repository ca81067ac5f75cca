import { route, routes, zTimestamp, zTimestampQuery, type RouteDef } from '@tradeapp/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { boundedKind, fieldName, requestFields, TIME_NAME, timeFields } from './timestamps';

/**
 * Request fields named like a time that are not bounded to the calendar's years, each with why.
 * Anything else named like a time must be zTimestamp (zTimestampQuery where it arrives as text) or
 * zDay: a new route cannot take 1e20 for a time by forgetting to.
 */
const NOT_TIMES: Record<string, string> = {
  'transfer.from': 'a wallet code (BALANCE, US_STOCK...), not a time',
  'transfer.to': 'a wallet code (BALANCE, US_STOCK...), not a time',
  'operatorOutbox.to': 'a recipient address the outbox is filtered by',
  'operatorDepositIncome.day':
    'the funds take only a day not yet begun and at most a year ahead, and refuse an impossible date, with e.depositIncomeDay: tighter than the years',
};

describe('times in requests (issue 33)', () => {
  it('tells a bounded time from one that is not, whatever its wrapping', () => {
    // zDay (routes/common.ts), which the contract keeps to its routes.
    const zDay = routes.walletBill.request.shape.from.unwrap();
    // The detector itself can fail: each of these must read as unbounded.
    const unbounded = [
      z.number().int().positive(),
      z.coerce.number().int().positive(),
      z
        .number()
        .int()
        .min(Date.UTC(2025, 0, 1))
        .max(Date.UTC(2029, 0, 1) - 1),
      z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      z.string().regex(/^(20\d\d)-(0[1-9]|1[0-2])$/),
      z.string(),
    ];
    expect(unbounded.map((s) => boundedKind(s))).toEqual(unbounded.map(() => undefined));
    expect([
      boundedKind(zTimestamp),
      boundedKind(zTimestamp.optional()),
      boundedKind(zTimestamp.nullable().default(null)),
      boundedKind(zTimestampQuery),
      boundedKind(zTimestamp.refine(() => true)),
      boundedKind(zDay.optional()),
      boundedKind(z.string().regex(/^(202[5-8])-(0[1-9]|1[0-2])$/)),
    ]).toEqual(['instant', 'instant', 'instant', 'instant', 'instant', 'day', 'month']);

    // A route added with a bounded time is found without being listed; one without any is not.
    const table: Record<string, RouteDef> = {
      later: route({
        method: 'GET',
        path: '/later',
        auth: 'user',
        tag: 't',
        summary: 's',
        request: z.object({ window: z.object({ fromTimestamp: zTimestampQuery, until: zTimestampQuery.optional() }), day: zDay }),
        response: z.object({}),
      }),
      plain: route({
        method: 'POST',
        path: '/plain',
        auth: 'user',
        tag: 't',
        summary: 's',
        request: z.object({ sinceTimestamp: z.number() }),
        response: z.object({}),
      }),
    };
    expect(timeFields(table).map((f) => `${fieldName(f)}:${f.kind}`)).toEqual([
      'later.window.fromTimestamp:instant',
      'later.window.until:instant',
      'later.day:day',
    ]);
  });

  it('bounds every request field named like a time to the calendar years, or says why not', () => {
    const unbounded = requestFields()
      .filter((f) => TIME_NAME.test(f.path[f.path.length - 1]!) && !boundedKind(f.schema) && !(fieldName(f) in NOT_TIMES))
      .map(fieldName);
    expect(unbounded).toEqual([]);
  });

  it('lists only exceptions that still exist and are still unbounded', () => {
    const byName = new Map(requestFields().map((f) => [fieldName(f), f]));
    const stale = Object.keys(NOT_TIMES).filter((name) => !byName.has(name) || boundedKind(byName.get(name)!.schema));
    expect(stale).toEqual([]);
  });

  it('finds the bounded times of the contract as they stand', () => {
    // The wallet bill's days and the statement's month at least; a route's instants join this list on their own.
    expect(timeFields().map((f) => `${fieldName(f)}:${f.kind}`)).toEqual(
      expect.arrayContaining(['walletBill.from:day', 'walletBill.to:day', 'statement.month:month', 'operatorStatement.month:month']),
    );
  });
});
