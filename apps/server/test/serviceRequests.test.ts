import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, countRows, drivers, operatorToken, registerUser, startServer, type Harness } from './harness';

describe.each(await drivers())('customer service requests on %s', (driver) => {
  let h: Harness;
  let op: string;
  beforeAll(async () => {
    h = await startServer(driver);
    op = await operatorToken(h);
  });
  afterAll(() => h.close());

  it('records a request, tells the user it arrived, and shows it to operators newest first', async () => {
    const u = await registerUser(h);
    const email = `${u.username}@example.com`;
    await h.db.query('update users set email = $2 where id = $1', [u.id, email]);
    const first = await call(h, 'POST', '/web/userCenter/apply/service', { token: u.token, body: { type: 'withdrawal', content: ' Where is my money? ' } });
    expect(first.code).toBe(200);
    expect(first.data).toEqual({ id: expect.any(Number), status: 'open', createTimeTimestamp: expect.any(Number) });
    const second = await call(h, 'POST', '/web/userCenter/apply/service', { token: u.token, body: { content: 'Thanks' } });

    const notices = (await call(h, 'GET', '/web/userMessage/getMessage', { token: u.token })).data;
    expect(notices.list.map((n: { kind: string }) => n.kind)).toEqual(['service.received', 'service.received']);
    expect(notices.list[1]).toMatchObject({
      title: 'Request received',
      body: `We received your request #${first.data.id}. Customer service answers in the chat (Profile, Customer service).`,
    });

    const list = await call(h, 'GET', '/web/operator/service-requests?size=2', { token: op });
    expect(list.code).toBe(200);
    expect(list.data.list).toEqual([
      {
        id: second.data.id,
        userId: u.id,
        userName: u.username,
        email,
        type: 'other',
        content: 'Thanks',
        status: 'open',
        createTimeTimestamp: expect.any(Number),
      },
      {
        id: first.data.id,
        userId: u.id,
        userName: u.username,
        email,
        type: 'withdrawal',
        content: 'Where is my money?',
        status: 'open',
        createTimeTimestamp: expect.any(Number),
      },
    ]);
    expect(list.data).toMatchObject({ page: 1, size: 2, total: await countRows(h, 'service_requests') });
  });

  it.each([
    [{}, 'v.fillRequired'],
    [{ content: '   ' }, 'v.fillRequired'],
    [{ content: 'x'.repeat(1001) }, 'v.textTooLong'],
    [{ content: 'hi', type: 'refund' }, 'v.invalidValue'],
  ])('refuses %j with %s and records nothing', async (body, key) => {
    const u = await registerUser(h);
    const before = await countRows(h, 'service_requests');
    const r = await call(h, 'POST', '/web/userCenter/apply/service', { token: u.token, body });
    expect([r.status, r.data.key]).toEqual([400, key]);
    expect(await countRows(h, 'service_requests')).toBe(before);
  });

  it('keeps the operator list from investors and the form from strangers', async () => {
    const u = await registerUser(h);
    const r = await call(h, 'GET', '/web/operator/service-requests', { token: u.token });
    expect([r.status, r.msg]).toEqual([403, 'Operators only']);
    expect((await call(h, 'POST', '/web/userCenter/apply/service', { body: { content: 'hi' } })).status).toBe(401);
  });
});
