// Issue 16, hardening sign-in and sessions: limits over addresses and accounts (finding 2), the
// e-mail code's guesses counted in one statement (3), sockets closed when their session ends (8), and
// the idle timeout (10). Time is moved in the database (the throttles' and sessions' timestamps), never slept.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPostgres } from '../src/db/db';
import { SIGN_IN_LIMITS } from '../src/modules/auth/throttle';
import { call, clientAddress, drivers, lastCode, listen, OPERATOR, registerUser, startServer, tempDataDir, testConfig, unique, type Harness } from './harness';
import { createPostgresDatabase, postgresAvailable, REDIS_URL, redisAvailable } from './services';

const PASSWORD = 'secret-pass1';
const DELAYED = /^Too many attempts, please try again in (\d+) s$/;
const from = (address: string) => ({ 'x-forwarded-for': address });
const secondsOf = (msg: string) => Number(DELAYED.exec(msg)?.[1]);

function signIn(h: Harness, username: string, password: string, address = clientAddress()) {
  return call(h, 'POST', '/web/loginByUsername', { body: { username, password }, headers: from(address) });
}

/** The push socket's first answer to signing in with `token`. */
async function authAnswer(h: Harness, token: string): Promise<any> {
  const ws = new WebSocket(`${h.base.replace('http', 'ws')}/web/push`);
  const answer = new Promise((resolve) => ws.on('message', (raw) => resolve(JSON.parse(String(raw)))));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ op: 'auth', token }));
  const frame = await answer;
  ws.close();
  return frame;
}

/** A signed-in push socket that records its frames and its close. */
async function socket(h: Harness, token: string) {
  const ws = new WebSocket(`${h.base.replace('http', 'ws')}/web/push`);
  const frames: any[] = [];
  let closeCode: number | undefined;
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve((closeCode = code))));
  ws.on('message', (raw) => frames.push(JSON.parse(String(raw))));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const until = async (match: (f: any) => boolean, timeoutMs = 4000) => {
    const deadline = Date.now() + timeoutMs;
    while (!frames.some(match)) {
      if (Date.now() > deadline) throw new Error(`no matching frame; have ${JSON.stringify(frames).slice(0, 300)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return frames.find(match);
  };
  ws.send(JSON.stringify({ op: 'auth', token }));
  await until((f) => f.type === 'ack' && f.op === 'auth');
  return {
    /** The 401 frame and the close code, once the server has ended the socket. */
    async ended() {
      const frame = await until((f) => f.type === 'error' && f.code === 401);
      const code = await Promise.race([closed, new Promise<undefined>((r) => setTimeout(r, 4000, undefined))]);
      return { frame, code };
    },
    /** Still open and signed in: an echo comes back and no 401 came before it. */
    async alive() {
      ws.send(JSON.stringify({ op: 'unsubscribe', symbols: [] }));
      await until((f) => f.type === 'ack' && f.op === 'unsubscribe');
      return closeCode === undefined && !frames.some((f) => f.type === 'error' && f.code === 401);
    },
    close: () => ws.close(),
  };
}

describe.each(await drivers())('hardening sign-in and sessions on %s', (driver) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServer(driver);
  });
  afterAll(() => h.close());

  const moveBack = (key: string, column: 'window_start' | 'last_failure_at', seconds: number) =>
    h.db.query(`update sign_in_throttles set ${column} = ${column} - make_interval(secs => $2) where key = $1`, [key, seconds]);

  describe('finding 2: sign-in limits over addresses and accounts', () => {
    it('refuses an address that sprays one password over many accounts, then lets it try again after the window', async () => {
      const users = await Promise.all(Array.from({ length: SIGN_IN_LIMITS.addressFailures + 1 }, () => registerUser(h)));
      const sprayer = clientAddress();
      const answers = [];
      for (const u of users) answers.push(await signIn(h, u.username, 'Spring2026!', sprayer));
      expect(answers.slice(0, SIGN_IN_LIMITS.addressFailures).map((a) => a.status)).toEqual(Array(SIGN_IN_LIMITS.addressFailures).fill(422));
      const refused = answers.at(-1)!;
      expect(refused.status).toBe(429);
      expect(secondsOf(refused.msg)).toBeGreaterThan(0);
      expect(secondsOf(refused.msg)).toBeLessThanOrEqual(SIGN_IN_LIMITS.addressWindowSeconds);
      // Even the right password is not checked from there; from another address it is.
      const last = users.at(-1)!;
      expect((await signIn(h, last.username, last.password, sprayer)).status).toBe(429);
      expect((await signIn(h, last.username, last.password)).code).toBe(200);
      const nl = await call(h, 'POST', '/web/loginByUsername', { body: { username: last.username, password: 'x-pass-1' }, headers: from(sprayer), lang: 'nl' });
      expect(nl.msg).toMatch(/^Te veel pogingen, probeer het over \d+ s opnieuw$/);
      await moveBack(`a:${sprayer}`, 'window_start', SIGN_IN_LIMITS.addressWindowSeconds + 1);
      expect((await signIn(h, last.username, last.password, sprayer)).code).toBe(200);
    });

    it('does not count right passwords against an address', async () => {
      const office = clientAddress();
      const users = await Promise.all(Array.from({ length: SIGN_IN_LIMITS.addressFailures + 2 }, () => registerUser(h)));
      for (const u of users) expect((await signIn(h, u.username, u.password, office)).code).toBe(200);
    });

    it('makes an account wait after ten failures from any addresses, twice as long after each further one; a success starts again', async () => {
      const u = await registerUser(h);
      const key = `u:${u.id}`;
      for (let i = 0; i < SIGN_IN_LIMITS.accountFreeFailures; i++) expect((await signIn(h, u.username, `wrong-${i}-pass`)).status).toBe(422);
      // From yet another address, with the right password: the account waits 30 s.
      const first = await signIn(h, u.username, u.password);
      expect([first.status, first.data.key]).toEqual([429, 'e.signInDelayed']);
      expect(secondsOf(first.msg)).toBeGreaterThan(25);
      expect(secondsOf(first.msg)).toBeLessThanOrEqual(30);
      const zh = await call(h, 'POST', '/web/loginByUsername', {
        body: { username: u.username, password: u.password },
        headers: from(clientAddress()),
        lang: 'zh_Hans_CN',
      });
      expect(zh.msg).toMatch(/^尝试次数过多，请在 \d+ 秒后重试$/);

      // 30 s later one more try; wrong again, the wait doubles, and again.
      for (const wait of [30, 60, 120]) {
        await moveBack(key, 'last_failure_at', wait + 1);
        expect((await signIn(h, u.username, 'still-wrong1')).status).toBe(422);
        const next = await signIn(h, u.username, u.password);
        expect(next.status).toBe(429);
        expect(secondsOf(next.msg)).toBeGreaterThan(wait * 2 - 5);
        expect(secondsOf(next.msg)).toBeLessThanOrEqual(wait * 2);
      }
      // The wait stops growing at its cap.
      await h.db.query('update sign_in_throttles set failures = 40 where key = $1', [key]);
      expect(secondsOf((await signIn(h, u.username, u.password)).msg)).toBeLessThanOrEqual(SIGN_IN_LIMITS.maxDelaySeconds);
      expect(secondsOf((await signIn(h, u.username, u.password)).msg)).toBeGreaterThan(SIGN_IN_LIMITS.maxDelaySeconds - 5);

      // Once the wait is over the right password signs in and the count starts again.
      await moveBack(key, 'last_failure_at', SIGN_IN_LIMITS.maxDelaySeconds + 1);
      expect((await signIn(h, u.username, u.password)).code).toBe(200);
      expect(await h.db.query('select 1 from sign_in_throttles where key = $1', [key])).toHaveLength(0);
      for (let i = 0; i < SIGN_IN_LIMITS.accountFreeFailures; i++) expect((await signIn(h, u.username, `wrong-${i}-pass`)).status).toBe(422);
      expect((await signIn(h, u.username, u.password)).status).toBe(429);
    });

    it('answers a name no account has the same way, so the limit tells nobody which accounts exist', async () => {
      const name = unique('nobody_');
      for (let i = 0; i < SIGN_IN_LIMITS.accountFreeFailures; i++) expect((await signIn(h, name, PASSWORD)).status).toBe(422);
      expect((await signIn(h, name.toUpperCase(), PASSWORD)).data.key).toBe('e.signInDelayed');
    });

    it('counts attempts made at the same moment: twenty at once on one account check at most ten passwords', async () => {
      const u = await registerUser(h);
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(h, u.username, `burst-${i}-pw`)));
      expect(answers.filter((a) => a.status === 422)).toHaveLength(SIGN_IN_LIMITS.accountFreeFailures);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(20 - SIGN_IN_LIMITS.accountFreeFailures);
    });

    it('limits operators the same way', async () => {
      const [op] = await h.db.query<{ id: number }>('select id from users where email = $1', [OPERATOR.email]);
      try {
        for (let i = 0; i < SIGN_IN_LIMITS.accountFreeFailures; i++) {
          const r = await call(h, 'POST', '/web/operator/login', {
            body: { email: OPERATOR.email, password: `wrong-${i}-pw` },
            headers: from(clientAddress()),
          });
          expect(r.status).toBe(422);
        }
        const r = await call(h, 'POST', '/web/operator/login', {
          body: { email: OPERATOR.email, password: OPERATOR.password },
          headers: from(clientAddress()),
        });
        expect([r.status, r.data.key]).toEqual([429, 'e.signInDelayed']);
      } finally {
        await h.db.query('delete from sign_in_throttles where key = $1', [`u:${op!.id}`]);
      }
    });

    it('still limits one address on one account name by the route (10 in 5 minutes)', async () => {
      const u = await registerUser(h);
      const address = clientAddress();
      for (let i = 0; i < 10; i++) expect((await signIn(h, u.username, 'wrong-pass1', address)).status).toBe(422);
      const limited = await signIn(h, u.username, u.password, address);
      expect([limited.status, limited.msg]).toEqual([429, 'Too many attempts, please try again later']);
    });

    it('limits registrations to 10 and e-mail codes to 5 per address in 10 minutes, whatever the names', async () => {
      const address = clientAddress();
      const register = (at: string) =>
        call(h, 'POST', '/web/register', { body: { username: unique('reg_'), password: PASSWORD, agreement: true }, headers: from(at) });
      for (let i = 0; i < 10; i++) expect((await register(address)).code).toBe(200);
      const eleventh = await register(address);
      expect([eleventh.status, eleventh.msg]).toEqual([429, 'Too many attempts, please try again later']);
      expect((await register(clientAddress())).code).toBe(200);

      const code = (at: string) => call(h, 'POST', '/web/getEmailCode', { body: { email: `${unique('c')}@example.com`, type: 1 }, headers: from(at) });
      for (let i = 0; i < 5; i++) expect((await code(address)).code).toBe(200);
      expect((await code(address)).status).toBe(429);
      expect((await code(clientAddress())).code).toBe(200);
    });
  });

  describe('finding 3: an e-mail code takes exactly five wrong guesses', () => {
    it('compares exactly 5 of 40 wrong guesses made at once, then refuses the right code', async () => {
      const email = `${unique('g')}@example.com`;
      expect((await call(h, 'POST', '/web/getEmailCode', { body: { email, type: 1 }, headers: from(clientAddress()) })).code).toBe(200);
      const code = await lastCode(h, email);
      const wrong = code === '000000' ? '111111' : '000000';
      const guess = (c: string) =>
        call(h, 'POST', '/web/register/email', { body: { email, code: c, password: PASSWORD, agreement: true }, headers: from(clientAddress()) });
      // Forty connections opened first, so the guesses arrive together rather than as connections open.
      await Promise.all(Array.from({ length: 40 }, () => call(h, 'GET', '/web/warm-up')));
      const answers = await Promise.all(Array.from({ length: 40 }, () => guess(wrong)));
      const keys = answers.map((a) => a.data.key);
      expect(keys.filter((k) => k === 'e.codeInvalid')).toHaveLength(5);
      expect(keys.filter((k) => k === 'e.codeTooManyAttempts')).toHaveLength(35);
      const [row] = await h.db.query<{ attempts: number }>('select attempts from email_codes where email = $1', [email]);
      expect(row!.attempts).toBe(5);
      const right = await guess(code);
      expect([right.status, right.msg]).toEqual([429, 'Too many wrong codes, please request a new one']);
      expect(await h.db.query('select 1 from users where email = $1', [email])).toHaveLength(0);
    });

    it('does not count the right code as a wrong guess', async () => {
      const email = `${unique('k')}@example.com`;
      await call(h, 'POST', '/web/getEmailCode', { body: { email, type: 1 }, headers: from(clientAddress()) });
      const code = await lastCode(h, email);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 4; i++) {
        const r = await call(h, 'POST', '/web/register/email', {
          body: { email, code: wrong, password: PASSWORD, agreement: true },
          headers: from(clientAddress()),
        });
        expect(r.data.key).toBe('e.codeInvalid');
      }
      const ok = await call(h, 'POST', '/web/register/email', { body: { email, code, password: PASSWORD, agreement: true }, headers: from(clientAddress()) });
      expect(ok.code).toBe(200);
    });
  });

  describe('finding 8: a session that ends closes its push sockets at once', () => {
    it('logout closes the sockets of that token only', async () => {
      const u = await registerUser(h);
      const other = await signIn(h, u.username, u.password);
      const a = await socket(h, u.token);
      const b = await socket(h, other.data.token);
      expect((await call(h, 'POST', '/web/logout', { token: u.token, body: {} })).code).toBe(200);
      const { frame, code } = await a.ended();
      expect(frame).toEqual({ type: 'error', code: 401, msg: 'login expired', op: 'auth' });
      expect(code).toBe(1008);
      expect(await b.alive()).toBe(true);
      b.close();
    });

    it('a password change closes the sockets of the other sessions and keeps its own', async () => {
      const u = await registerUser(h);
      const other = await signIn(h, u.username, u.password);
      const mine = await socket(h, u.token);
      const theirs = await socket(h, other.data.token);
      const changed = await call(h, 'POST', '/web/updatePassword', { token: u.token, body: { oldPassword: u.password, newPassword: 'next-pass2' } });
      expect(changed.code).toBe(200);
      expect((await theirs.ended()).code).toBe(1008);
      expect(await mine.alive()).toBe(true);
      mine.close();
    });

    it("an operator's disabling closes every socket of the user", async () => {
      const u = await registerUser(h);
      const s = await socket(h, u.token);
      const op = (await call(h, 'POST', '/web/operator/login', { body: { email: OPERATOR.email, password: OPERATOR.password } })).data.token;
      const r = await call(h, 'POST', `/web/operator/users/${u.id}/status`, { token: op, body: { status: 'disabled', reason: 'fraud check' } });
      expect(r.code).toBe(200);
      expect((await s.ended()).code).toBe(1008);
    });
  });

  describe('finding 10: sessions end after 30 minutes unused', () => {
    const lastUsed = async (userId: number) =>
      (await h.db.query<{ age: number }>('select extract(epoch from now() - last_used_at)::float8 as age from sessions where user_id = $1', [userId]))[0]!.age;
    const idle = (userId: number, seconds: number) =>
      h.db.query('update sessions set last_used_at = now() - make_interval(secs => $2) where user_id = $1', [userId, seconds]);

    it('refuses a session unused for more than 30 minutes, like an expired one, on every route and the push socket', async () => {
      const u = await registerUser(h);
      await idle(u.id, 30 * 60 + 5);
      const r = await call(h, 'GET', '/web/api/user/info', { token: u.token });
      expect([r.status, r.msg]).toEqual([401, 'login expired']);
      expect(await authAnswer(h, u.token)).toEqual({ type: 'error', code: 401, msg: 'login expired', op: 'auth' });
    });

    it('keeps a session in use alive, writing its last use at most once a minute', async () => {
      const u = await registerUser(h);
      await idle(u.id, 29 * 60);
      expect((await call(h, 'GET', '/web/api/user/info', { token: u.token })).code).toBe(200);
      expect(await lastUsed(u.id)).toBeLessThan(5);
      await idle(u.id, 40);
      expect((await call(h, 'GET', '/web/api/user/info', { token: u.token })).code).toBe(200);
      expect(await lastUsed(u.id)).toBeGreaterThan(39);
      // 29 minutes after that use (and 30 since the one written) it has ended.
      await idle(u.id, 30 * 60 + 40);
      expect((await call(h, 'GET', '/web/api/user/info', { token: u.token })).status).toBe(401);
    });

    it('asks for the transaction password on every withdrawal, whenever the session was last used', async () => {
      const u = await registerUser(h);
      const r = await call(h, 'POST', '/web/withdrawal/withdrawal-apply', {
        token: u.token,
        body: { amount: '10', target: 'crypto', addressId: 1 },
        headers: { 'idempotency-key': unique('w') },
      });
      expect([r.status, r.data.fields]).toMatchObject([400, { payPassword: 'v.enterTransactionPassword' }]);
    });

    it('reads SESSION_IDLE_MINUTES, 30 by default', () => {
      expect(loadConfig({}).SESSION_IDLE_MINUTES).toBe(30);
      expect(loadConfig({ SESSION_IDLE_MINUTES: '5' }).SESSION_IDLE_MINUTES).toBe(5);
      expect(() => loadConfig({ SESSION_IDLE_MINUTES: '0' })).toThrow(/SESSION_IDLE_MINUTES/);
    });
  });
});

const canRun = (await redisAvailable()) && (await postgresAvailable());

// Two API nodes on one PostgreSQL and one Redis: a session ended on one closes its sockets on the other.
describe.runIf(canRun)('sessions ended across two nodes sharing Redis', () => {
  const nodes: Harness[] = [];
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;

  beforeAll(async () => {
    database = await createPostgresDatabase('test_hardening_auth');
    for (let i = 0; i < 2; i++) {
      const dataDir = tempDataDir();
      const db = await openPostgres(database.url, 3);
      const app = await buildApp(testConfig(dataDir, { DATABASE_URL: database.url, REDIS_URL }), { db, logger: false });
      nodes.push({ app, db, dataDir, base: await listen(app), close: () => app.close() });
    }
  });

  afterAll(async () => {
    for (const n of nodes) {
      await n.app.close();
      await n.db.close();
      rmSync(n.dataDir, { recursive: true, force: true });
    }
    await database?.drop();
  });

  it('logout on one node closes the socket of that token on the other', async () => {
    const [a, b] = nodes as [Harness, Harness];
    const u = await registerUser(a);
    const other = await signIn(a, u.username, u.password);
    const onB = await socket(b, u.token);
    const keptOnB = await socket(b, other.data.token);
    expect((await call(a, 'POST', '/web/logout', { token: u.token, body: {} })).code).toBe(200);
    expect((await onB.ended()).code).toBe(1008);
    expect(await keptOnB.alive()).toBe(true);
    keptOnB.close();
  });

  it("a password change or an operator's disabling on one node closes the user's sockets on both", async () => {
    const [a, b] = nodes as [Harness, Harness];
    const u = await registerUser(a);
    const other = await signIn(b, u.username, u.password);
    const onA = await socket(a, other.data.token);
    const onB = await socket(b, other.data.token);
    expect((await call(a, 'POST', '/web/updatePassword', { token: u.token, body: { oldPassword: u.password, newPassword: 'next-pass2' } })).code).toBe(200);
    expect((await onA.ended()).code).toBe(1008);
    expect((await onB.ended()).code).toBe(1008);

    const fresh = await socket(b, u.token);
    const op = (await call(a, 'POST', '/web/operator/login', { body: { email: OPERATOR.email, password: OPERATOR.password } })).data.token;
    expect((await call(a, 'POST', `/web/operator/users/${u.id}/status`, { token: op, body: { status: 'disabled', reason: 'fraud check' } })).code).toBe(200);
    expect((await fresh.ended()).code).toBe(1008);
  });
});
