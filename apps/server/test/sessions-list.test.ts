// The caller's devices and sessions (issue 18): listed with their last use, address and device,
// signed out one by one or all but this one, a revoked token refused at once (the cached order
// path and the push socket included), and one inbox notice per new sign-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, clientAddress, drivers, pushSocket, registerUser, startServer, type Harness } from './harness';

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

describe.each(await drivers())('sessions list on %s', (driver) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServer(driver);
  });
  afterAll(() => h.close());

  const signIn = async (username: string, password: string, userAgent: string, address = clientAddress()) => {
    const r = await call(h, 'POST', '/web/loginByUsername', { body: { username, password }, headers: { 'x-forwarded-for': address, 'user-agent': userAgent } });
    expect(r.code).toBe(200);
    return r.data.token as string;
  };
  const list = (token: string) => call(h, 'GET', '/web/security/sessions', { token });
  const signInNotices = (userId: number) =>
    h.db.query<{ params: Record<string, string> }>(`select params from notices where user_id = $1 and kind = 'auth.signIn' order by id`, [userId]);

  it("lists the caller's live sessions, most recently used first, with device, address and which one is this", async () => {
    const u = await registerUser(h);
    const phoneAt = clientAddress();
    const phone = await signIn(u.username, u.password, PHONE, phoneAt);
    const laptopAt = clientAddress();
    const laptop = await signIn(u.username, u.password, LAPTOP, laptopAt);
    const other = await registerUser(h);

    const r = await list(phone);
    expect(r.code).toBe(200);
    expect(r.data.list).toHaveLength(3);
    const [byPhone, byLaptop] = [r.data.list.find((s: any) => s.current), r.data.list.find((s: any) => s.ip === laptopAt)];
    expect(byPhone).toMatchObject({ current: true, browser: 'Chrome', os: 'Android', mobile: true, ip: phoneAt, userAgent: PHONE });
    expect(byLaptop).toMatchObject({ current: false, browser: 'Safari', os: 'macOS', mobile: false, userAgent: LAPTOP });
    expect(r.data.list.filter((s: any) => s.current)).toHaveLength(1);
    for (const s of r.data.list) expect(s.lastUsedTimestamp).toBeGreaterThanOrEqual(s.createTimestamp);
    // Most recently used first: the laptop's session was last used at its sign-in, after the registration's.
    const order = r.data.list.map((s: any) => s.lastUsedTimestamp);
    expect([...order].sort((a: number, b: number) => b - a)).toEqual(order);
    // Only the caller's own.
    const ids = new Set(r.data.list.map((s: any) => s.id));
    for (const s of (await list(other.token)).data.list) expect(ids.has(s.id)).toBe(false);
    expect((await list(laptop)).data.list.find((s: any) => s.current).ip).toBe(laptopAt);
  });

  it("signs out another session: its token, cached order path and push socket end at once; another user's id is a 404", async () => {
    const u = await registerUser(h);
    const laptop = await signIn(u.username, u.password, LAPTOP);
    const laptopId = (await list(laptop)).data.list.find((s: any) => s.current).id;
    const socket = await pushSocket(h, laptop);
    // The order calls answer a session from memory for a moment (http/session.ts): prime that memory.
    const order = () => call(h, 'POST', '/web/stock/create', { token: laptop, body: {} });
    expect((await order()).status).toBe(400);

    const stranger = await registerUser(h);
    const foreign = await call(h, 'POST', `/web/security/sessions/${laptopId}/end`, { token: stranger.token, body: {} });
    expect(foreign.status).toBe(404);
    expect((await call(h, 'GET', '/web/api/user/info', { token: laptop })).code).toBe(200);

    const ended = await call(h, 'POST', `/web/security/sessions/${laptopId}/end`, { token: u.token, body: {} });
    expect(ended.code).toBe(200);
    expect((await order()).status).toBe(401);
    const info = await call(h, 'GET', '/web/api/user/info', { token: laptop });
    expect([info.status, info.msg]).toEqual([401, 'login expired']);
    expect(await socket.next((f) => f.type === 'error' && f.code === 401)).toMatchObject({ code: 401 });
    expect((await list(u.token)).data.list.map((s: any) => s.id)).not.toContain(laptopId);
    // Once ended it is not found again, and this session goes on.
    expect((await call(h, 'POST', `/web/security/sessions/${laptopId}/end`, { token: u.token, body: {} })).status).toBe(404);
    expect((await call(h, 'GET', '/web/api/user/info', { token: u.token })).code).toBe(200);
    socket.close();
  });

  it('signs out every other session and keeps this one', async () => {
    const u = await registerUser(h);
    const others = [await signIn(u.username, u.password, PHONE), await signIn(u.username, u.password, LAPTOP)];
    const r = await call(h, 'POST', '/web/security/sessions/endOthers', { token: u.token, body: {} });
    expect(r.data).toEqual({ ended: 2 });
    for (const t of others) expect((await call(h, 'GET', '/web/api/user/info', { token: t })).status).toBe(401);
    const left = (await list(u.token)).data.list;
    expect(left.map((s: any) => s.current)).toEqual([true]);
  });

  it('writes exactly one notice per new sign-in (none for a registration), naming the device and address', async () => {
    const u = await registerUser(h);
    expect(await signInNotices(u.id)).toHaveLength(0);
    const socket = await pushSocket(h, u.token);
    const at = clientAddress();
    await signIn(u.username, u.password, PHONE, at);
    const notices = await signInNotices(u.id);
    expect(notices.map((n) => n.params)).toEqual([{ device: 'Chrome, Android', ip: at }]);
    expect((await socket.next((f) => f.type === 'event' && f.event === 'notice')).data.kind).toBe('auth.signIn');
    const inbox = await call(h, 'GET', '/web/userMessage/getMessage?size=10', { token: u.token, lang: 'nl' });
    const shown = inbox.data.list.find((n: any) => n.kind === 'auth.signIn');
    expect(shown.title).toBe('Nieuwe aanmelding op uw rekening');
    expect(shown.body).toBe(
      `Er is op uw rekening aangemeld met Chrome, Android vanaf adres ${at}. Was u dit niet, wijzig dan uw inlogwachtwoord en meld die sessie af onder Rekeningbeveiliging.`,
    );
    // A refused password writes none.
    await call(h, 'POST', '/web/loginByUsername', { body: { username: u.username, password: 'wrong-pass1' }, headers: { 'x-forwarded-for': clientAddress() } });
    expect(await signInNotices(u.id)).toHaveLength(1);
    socket.close();
  });
});
