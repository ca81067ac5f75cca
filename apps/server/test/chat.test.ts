import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBytes } from './fixtures';
import { call, drivers, OPERATOR, pushSocket, registerUser, startServer, unique, type Harness } from './harness';

const chatEvent = (event: string, userId: number) => (f: any) => f.type === 'event' && f.event === event && f.data.userId === userId;
const anyChat = (f: any) => f.type === 'event' && String(f.event).startsWith('chat.');

describe.each(await drivers())('customer-service chat on %s', (driver) => {
  let h: Harness;
  let op: string;
  let opName: string;
  beforeAll(async () => {
    h = await startServer(driver);
    const login = await call(h, 'POST', '/web/operator/login', { body: { email: OPERATOR.email, password: OPERATOR.password } });
    op = login.data.token;
    opName = login.data.userInfo.userId;
  });
  afterAll(() => h.close());

  async function upload(token: string): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'photo.png');
    return (await call(h, 'POST', '/web/file/upload', { form, token })).data.url;
  }
  const send = (token: string, body: object) => call(h, 'POST', '/web/chat/send', { token, body });
  const answer = (userId: number, body: object) => call(h, 'POST', `/web/operator/chats/${userId}/send`, { token: op, body });
  const history = (token: string, query = '') => call(h, 'GET', `/web/chat/messages${query}`, { token });
  const opHistory = (userId: number, query = '') => call(h, 'GET', `/web/operator/chats/${userId}/messages${query}`, { token: op });

  it('carries a question to operators and the answer back to that user only, live on both sides', async () => {
    const a = await registerUser(h);
    const b = await registerUser(h);
    const [aSocket, bSocket, opSocket] = await Promise.all([pushSocket(h, a.token), pushSocket(h, b.token), pushSocket(h, op)]);
    try {
      const asked = await send(a.token, { text: '  Where is my deposit?  ', clientId: 'client-0001' });
      expect(asked.code).toBe(200);
      expect(asked.data).toEqual({
        id: expect.any(Number),
        userId: a.id,
        from: 'user',
        text: 'Where is my deposit?',
        imageUrl: null,
        operatorName: null,
        read: false,
        clientId: 'client-0001',
        createTimestamp: expect.any(Number),
      });
      expect((await opSocket.next(chatEvent('chat.message', a.id))).data).toEqual(asked.data);
      expect((await aSocket.next(chatEvent('chat.message', a.id))).data).toEqual(asked.data);

      const seen = await opHistory(a.id);
      expect(seen.data).toEqual({ list: [asked.data], hasMore: false, unread: 1 });
      const conversations = await call(h, 'GET', '/web/operator/chats?size=100', { token: op });
      expect(conversations.data.list.find((c: any) => c.userId === a.id)).toEqual({
        userId: a.id,
        userName: a.username,
        email: null,
        lastMessage: asked.data,
        unread: 1,
      });

      const answered = await answer(a.id, { text: 'It arrived this morning.' });
      expect(answered.code).toBe(200);
      expect(answered.data).toMatchObject({
        userId: a.id,
        from: 'operator',
        text: 'It arrived this morning.',
        operatorName: opName,
        read: false,
        clientId: null,
      });
      expect((await aSocket.next(chatEvent('chat.message', a.id))).data).toEqual(answered.data);
      expect((await opSocket.next(chatEvent('chat.message', a.id))).data).toEqual(answered.data);
      expect(await bSocket.rest(anyChat)).toEqual([]);

      // The other user sees nothing of it.
      expect((await history(b.token)).data).toEqual({ list: [], hasMore: false, unread: 0 });

      const mine = await history(a.token);
      expect(mine.data).toEqual({ list: [asked.data, answered.data], hasMore: false, unread: 1 });

      // The user reads the answer: the operator side learns it live, and the message shows as read.
      expect((await call(h, 'POST', '/web/chat/read', { token: a.token, body: {} })).data).toEqual({ unread: 0 });
      const readByUser = { userId: a.id, side: 'user', upToId: answered.data.id };
      expect((await opSocket.next(chatEvent('chat.read', a.id))).data).toEqual(readByUser);
      expect((await aSocket.next(chatEvent('chat.read', a.id))).data).toEqual(readByUser);
      expect((await opHistory(a.id)).data.list.map((m: any) => m.read)).toEqual([false, true]);

      // And an operator reads the question: the badge drops, the user sees the tick.
      expect((await call(h, 'POST', `/web/operator/chats/${a.id}/read`, { token: op, body: { upToId: asked.data.id } })).data).toEqual({ unread: 0 });
      const readByOperator = { userId: a.id, side: 'operator', upToId: asked.data.id };
      expect((await aSocket.next(chatEvent('chat.read', a.id))).data).toEqual(readByOperator);
      expect((await opSocket.next(chatEvent('chat.read', a.id))).data).toEqual(readByOperator);
      expect((await history(a.token)).data.list.map((m: any) => m.read)).toEqual([true, true]);
      expect(await bSocket.rest(anyChat)).toEqual([]);
    } finally {
      for (const s of [aSocket, bSocket, opSocket]) s.close();
    }
  });

  it('counts unread messages on both sides and marks them read up to an id', async () => {
    const u = await registerUser(h);
    const q1 = (await send(u.token, { text: 'one' })).data;
    const q2 = (await send(u.token, { text: 'two' })).data;
    const r1 = (await answer(u.id, { text: 'first answer' })).data;
    const r2 = (await answer(u.id, { text: 'second answer' })).data;
    expect((await history(u.token)).data.unread).toBe(2);
    expect((await opHistory(u.id)).data.unread).toBe(2);

    const all = await call(h, 'GET', '/web/operator/chats?size=100', { token: op });
    const overall = all.data.unread;
    expect(all.data.list.find((c: any) => c.userId === u.id)).toMatchObject({ unread: 2, lastMessage: { id: r2.id } });
    // The most recent conversation comes first.
    expect(all.data.list[0].userId).toBe(u.id);

    expect((await call(h, 'POST', '/web/chat/read', { token: u.token, body: { upToId: r1.id } })).data).toEqual({ unread: 1 });
    expect((await call(h, 'POST', `/web/operator/chats/${u.id}/read`, { token: op, body: { upToId: q1.id } })).data).toEqual({ unread: 1 });
    expect((await history(u.token)).data.list.map((m: any) => [m.id, m.read])).toEqual([
      [q1.id, true],
      [q2.id, false],
      [r1.id, true],
      [r2.id, false],
    ]);
    const after = await call(h, 'GET', '/web/operator/chats?size=100', { token: op });
    expect(after.data.unread).toBe(overall - 1);

    const unreadOnly = await call(h, 'GET', '/web/operator/chats?unreadOnly=true&size=100', { token: op });
    expect(unreadOnly.data.list.some((c: any) => c.userId === u.id)).toBe(true);
    expect(unreadOnly.data.list.every((c: any) => c.unread > 0)).toBe(true);
    await call(h, 'POST', `/web/operator/chats/${u.id}/read`, { token: op, body: {} });
    const none = await call(h, 'GET', '/web/operator/chats?unreadOnly=true&size=100', { token: op });
    expect(none.data.list.some((c: any) => c.userId === u.id)).toBe(false);
    expect(none.data.total).toBe(none.data.list.length);
    const every = await call(h, 'GET', '/web/operator/chats?unreadOnly=false&size=100', { token: op });
    expect(every.data.list.some((c: any) => c.userId === u.id)).toBe(true);
    expect(every.data.total).toBeGreaterThan(none.data.total);
  });

  it('pages backwards with beforeId and catches up with afterId, oldest first within a page', async () => {
    const u = await registerUser(h);
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++) ids.push((await send(u.token, { text: `message ${i}` })).data.id);

    const newest = (await history(u.token, '?size=3')).data;
    expect([newest.list.map((m: any) => m.id), newest.hasMore]).toEqual([ids.slice(4), true]);
    const older = (await history(u.token, `?size=3&beforeId=${ids[4]}`)).data;
    expect([older.list.map((m: any) => m.id), older.hasMore]).toEqual([ids.slice(1, 4), true]);
    const oldest = (await history(u.token, `?size=3&beforeId=${ids[1]}`)).data;
    expect([oldest.list.map((m: any) => m.id), oldest.hasMore]).toEqual([ids.slice(0, 1), false]);

    const catchUp = (await history(u.token, `?size=3&afterId=${ids[1]}`)).data;
    expect([catchUp.list.map((m: any) => m.id), catchUp.hasMore]).toEqual([ids.slice(2, 5), true]);
    const rest = (await history(u.token, `?size=3&afterId=${ids[4]}`)).data;
    expect([rest.list.map((m: any) => m.id), rest.hasMore]).toEqual([ids.slice(5), false]);
    expect((await history(u.token, `?afterId=${ids[6]}`)).data.list).toEqual([]);
    // Operators page the same conversation the same way.
    expect((await opHistory(u.id, `?size=2&beforeId=${ids[6]}`)).data.list.map((m: any) => m.text)).toEqual(['message 5', 'message 6']);
  });

  it('answers a resend with the same clientId with the first message, even when resends race', async () => {
    const u = await registerUser(h);
    const first = await send(u.token, { text: 'hello', clientId: 'resend-abc-1' });
    const again = await send(u.token, { text: 'hello', clientId: 'resend-abc-1' });
    expect(again.data).toEqual(first.data);
    const raced = await Promise.all(Array.from({ length: 6 }, () => send(u.token, { text: 'race', clientId: 'resend-race-2' })));
    expect(raced.every((r) => r.code === 200)).toBe(true);
    expect(new Set(raced.map((r) => r.data.id)).size).toBe(1);
    expect((await history(u.token)).data.list.map((m: any) => m.text)).toEqual(['hello', 'race']);
    // The clientId belongs to its sender: an operator using the same one writes a new message.
    const op1 = await answer(u.id, { text: 'answer', clientId: 'resend-abc-1' });
    expect(op1.data.id).not.toBe(first.data.id);
  });

  it('sends images the sender uploaded, and shows an operator’s image to that user only', async () => {
    const a = await registerUser(h);
    const b = await registerUser(h);
    const third = await registerUser(h);
    const own = await upload(a.token);
    const sent = await send(a.token, { imageUrl: own });
    expect(sent.data).toMatchObject({ text: null, imageUrl: own, from: 'user' });

    const before = (await history(a.token)).data.list.length;
    const foreign = await send(a.token, { text: 'look', imageUrl: await upload(b.token) });
    expect([foreign.status, foreign.msg, foreign.data.fields]).toEqual([400, 'Send an image you uploaded yourself', { imageUrl: 'e.chatImageNotYours' }]);
    const nl = await call(h, 'POST', '/web/chat/send', { token: a.token, lang: 'nl', body: { imageUrl: '/web/file/00000000-0000-0000-0000-000000000000' } });
    expect([nl.status, nl.msg]).toEqual([400, 'Stuur een afbeelding die u zelf heeft geüpload']);
    expect((await history(a.token)).data.list.length).toBe(before);

    // An operator cannot pass off the user's own upload as theirs either.
    expect((await answer(a.id, { imageUrl: own })).status).toBe(400);
    const opImage = await upload(op);
    const shown = await answer(a.id, { text: 'Like this', imageUrl: opImage });
    expect(shown.data).toMatchObject({ from: 'operator', imageUrl: opImage });
    const fetchAs = (token: string) => fetch(h.base + opImage, { headers: { authorization: `Bearer ${token}` } });
    const asUser = await fetchAs(a.token);
    expect([asUser.status, asUser.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect((await fetchAs(third.token)).status).toBe(404);
    expect((await fetchAs(b.token)).status).toBe(404);
    // B still reads B's own uploads.
    const bOwn = await upload(b.token);
    expect((await fetch(h.base + bOwn, { headers: { authorization: `Bearer ${b.token}` } })).status).toBe(200);
  });

  it('refuses empty or oversized messages and writes nothing', async () => {
    const u = await registerUser(h);
    const empty = await send(u.token, { text: '   ' });
    expect([empty.status, empty.data.fields]).toEqual([400, { text: 'v.fillRequired' }]);
    const long = await send(u.token, { text: 'x'.repeat(2001) });
    expect([long.status, long.data.fields]).toEqual([400, { text: 'v.textTooLong' }]);
    expect((await send(u.token, { text: 'hi', clientId: 'bad id!' })).status).toBe(400);
    expect((await history(u.token)).data.list).toEqual([]);
  });

  it('lets operators write only to investors that exist', async () => {
    const missing = await answer(999_999, { text: 'hello?' });
    expect([missing.status, missing.msg]).toEqual([404, 'No investor with this number']);
    const [opRow] = await h.db.query<{ id: number }>("select id from users where role = 'operator' limit 1");
    expect((await answer(opRow!.id, { text: 'hello colleague' })).status).toBe(404);
    expect((await opHistory(999_999)).status).toBe(404);
    expect((await call(h, 'POST', '/web/operator/chats/999999/read', { token: op, body: {} })).status).toBe(404);
  });

  it('keeps the console from investors and the chat from strangers', async () => {
    const u = await registerUser(h);
    for (const [method, path] of [
      ['GET', '/web/operator/chats'],
      ['GET', `/web/operator/chats/${u.id}/messages`],
      ['POST', `/web/operator/chats/${u.id}/send`],
      ['POST', `/web/operator/chats/${u.id}/read`],
    ] as const) {
      const r = await call(h, method, path, { token: u.token, ...(method === 'POST' ? { body: { text: 'x' } } : {}) });
      expect([r.status, r.msg]).toEqual([403, 'Operators only']);
    }
    expect((await call(h, 'GET', '/web/chat/messages')).status).toBe(401);
    expect((await call(h, 'POST', '/web/chat/send', { body: { text: 'x' } })).status).toBe(401);
  });

  it('puts a service request into the chat so operators answer it there', async () => {
    const u = await registerUser(h);
    const opSocket = await pushSocket(h, op);
    try {
      const r = await call(h, 'POST', '/web/userCenter/apply/service', { token: u.token, body: { type: 'deposit', content: 'My transfer is missing' } });
      expect(r.code).toBe(200);
      const pushed = await opSocket.next(chatEvent('chat.message', u.id));
      expect(pushed.data).toMatchObject({ from: 'user', text: '[deposit] My transfer is missing' });
      expect((await history(u.token)).data.list).toEqual([pushed.data]);
      const conv = (await call(h, 'GET', '/web/operator/chats?unreadOnly=true&size=100', { token: op })).data.list.find((c: any) => c.userId === u.id);
      expect(conv).toMatchObject({ unread: 1, lastMessage: { id: pushed.data.id } });
    } finally {
      opSocket.close();
    }
  });

  it('names the operator by user ID, and each conversation by its investor', async () => {
    const u = await registerUser(h, unique('named_'));
    await answer(u.id, { text: 'Welcome!' });
    const conv = (await call(h, 'GET', '/web/operator/chats?size=1', { token: op })).data;
    expect(conv.list[0]).toMatchObject({ userId: u.id, userName: u.username, unread: 0, lastMessage: { from: 'operator', operatorName: opName } });
    expect(conv).toMatchObject({ page: 1, size: 1 });
    expect(conv.total).toBeGreaterThan(1);
  });
});
