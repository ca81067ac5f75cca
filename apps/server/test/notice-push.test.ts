import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotices } from '../src/modules/notices/service';
import type { PushHub } from '../src/push/hub';
import { drivers, registerUser, startServer, type Harness } from './harness';

// A service's own transaction is a savepoint under an idempotent route's (http/idempotency.ts), so
// "after my transaction" is not "after the commit": a notice's push waits for the outermost one.
describe.each(await drivers())('a notice’s push on %s', (driver) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServer(driver);
  });
  afterAll(() => h.close());

  function spy() {
    const sent: Array<{ userId: number; id: number }> = [];
    const hub = { publishUserEvent: (userId: number, _event: string, data: { id: number }) => void sent.push({ userId, id: data.id }) } as unknown as PushHub;
    return { sent, notices: createNotices(h.db, hub) };
  }
  const params = { name: 'Test deal', lots: 1, quantity: '100', amount: '110.00', fee: '1.00' };
  const noticeCount = async (userId: number) => (await h.db.query<{ n: number }>('select count(*)::int as n from notices where user_id = $1', [userId]))[0]!.n;

  it('goes out when the outermost transaction commits, not when the service’s own one ends', async () => {
    const user = await registerUser(h);
    const { sent, notices } = spy();
    const before = await noticeCount(user.id);
    let id = 0;
    await h.db.tx(async () => {
      const push = await h.db.tx(async (sql) => {
        const p = await notices.notify(sql, user.id, 'deal.subscribed', params);
        id = (await sql.query<{ id: number }>('select max(id)::int as id from notices where user_id = $1', [user.id]))[0]!.id;
        return p;
      });
      push();
      expect(sent).toEqual([]);
    });
    expect(sent).toEqual([{ userId: user.id, id }]);
    expect(await noticeCount(user.id)).toBe(before + 1);
  });

  it('never goes out for a transaction rolled back after the service’s own one ended', async () => {
    const user = await registerUser(h);
    const { sent, notices } = spy();
    const before = await noticeCount(user.id);
    await expect(
      h.db.tx(async () => {
        const push = await h.db.tx((sql) => notices.notify(sql, user.id, 'deal.subscribed', params));
        push();
        throw new Error('the idempotency key could not be written');
      }),
    ).rejects.toThrow('the idempotency key could not be written');
    expect(sent).toEqual([]);
    expect(await noticeCount(user.id)).toBe(before);
  });

  it('goes out at once outside any transaction', async () => {
    const user = await registerUser(h);
    const { sent, notices } = spy();
    const push = await h.db.tx((sql) => notices.notify(sql, user.id, 'deal.subscribed', params));
    expect(sent).toEqual([]);
    push();
    expect(sent.map((s) => s.userId)).toEqual([user.id]);
  });
});
