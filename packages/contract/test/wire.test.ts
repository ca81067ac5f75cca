import { describe, expect, it } from 'vitest';
import { BILL_TYPES, ERROR_STATUS, ErrorCode, JournalKind, MESSAGES, PushEvent, pushEventSchemas, statusOf, type PushServerMessage } from '../src/index';

describe('push events', () => {
  it('has a payload schema for every event the server publishes', () => {
    expect(Object.keys(pushEventSchemas).sort()).toEqual(Object.values(PushEvent).sort());
    expect(pushEventSchemas.notice.parse({ id: 3, kind: 'order.filled' })).toEqual({ id: 3, kind: 'order.filled' });
    expect(pushEventSchemas.order.parse({ id: 9, status: 1, event: 'filled' })).toEqual({ id: 9, status: 1, event: 'filled' });
    expect(pushEventSchemas['chat.read'].parse({ userId: 2, side: 'operator', upToId: 40 })).toEqual({ userId: 2, side: 'operator', upToId: 40 });
    expect(pushEventSchemas.notice.safeParse({ id: 3, kind: 'nothing' }).success).toBe(false);
  });

  it('types an event frame by its name', () => {
    const frame: PushServerMessage = { type: 'event', event: 'notice', data: { id: 1, kind: 'kyc.approved' } };
    // @ts-expect-error an order frame does not carry a notice's payload
    const wrong: PushServerMessage = { type: 'event', event: 'order', data: { id: 1, kind: 'kyc.approved' } };
    expect(frame.type).toBe(wrong.type);
  });
});

describe('journal kinds', () => {
  it('are the bill types, in the same order', () => {
    expect(BILL_TYPES).toEqual(Object.values(JournalKind));
    expect(new Set(BILL_TYPES).size).toBe(53);
  });
});

describe('error statuses', () => {
  it('maps keys that exist to codes of the fixed list', () => {
    const codes = new Set<number>(Object.values(ErrorCode));
    for (const [key, status] of Object.entries(ERROR_STATUS)) {
      expect(MESSAGES.en).toHaveProperty(key);
      expect(codes.has(status)).toBe(true);
    }
  });

  it('answers a field key with 400 and a listed key with its status', () => {
    expect(statusOf('v.amountRule')).toBe(400);
    expect(statusOf('e.insufficientFunds')).toBe(422);
    expect(statusOf('e.loginExpired')).toBe(401);
    expect(statusOf('e.forbidden')).toBe(403);
    expect(statusOf('e.emailTaken')).toBe(409);
  });
});
