import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskName } from '../src/modules/referral/service';
import { pngBytes } from './fixtures';
import { call, countRows, drivers, operatorToken, pushSocket, registerUser, startServer, unique, type Harness } from './harness';

const isNotice = (f: any) => f.type === 'event' && f.event === 'notice';

describe.each(await drivers())('referrals and operator notices on %s', (driver) => {
  let h: Harness;
  let op: string;
  beforeAll(async () => {
    h = await startServer(driver);
    op = await operatorToken(h);
  });
  afterAll(() => h.close());

  const noticesOf = (token: string, lang?: string) =>
    call(h, 'GET', '/web/userMessage/getMessage?size=100', { token, ...(lang ? { lang } : {}) }).then((r) => r.data.list as any[]);
  const count = async (sql: string, params: unknown[] = []) => (await h.db.query<{ n: number }>(sql, params))[0]!.n;
  const sendNotice = (body: object, token = op) => call(h, 'POST', '/web/operator/notices', { token, body });

  describe('invitees', () => {
    async function registerInvited(code: string, username: string) {
      const r = await call(h, 'POST', '/web/register', { body: { username, password: 'secret-pass1', agreement: true, invitationCode: code } });
      expect(r.code).toBe(200);
      return { id: r.data.userInfo.id as number, token: r.data.token as string };
    }

    it('lists the users who registered with the caller’s code, newest first, names masked', async () => {
      const a = await registerUser(h);
      const code = (await call(h, 'GET', '/web/api/user/info', { token: a.token })).data.invitationCode;
      const bName = unique('bob');
      const b = await registerInvited(code, bName);
      const cName = unique('carol');
      await registerInvited(code.toLowerCase(), cName);
      // Someone else's invitee is not A's.
      const other = await registerUser(h);
      await registerInvited((await call(h, 'GET', '/web/api/user/info', { token: other.token })).data.invitationCode, unique('dave'));

      const mine = await call(h, 'GET', '/web/userCenter/invitees', { token: a.token });
      expect(mine.code).toBe(200);
      expect(mine.data).toEqual({
        list: [
          { userName: `c***${cName.at(-1)}`, registerTimestamp: expect.any(Number), verified: false },
          { userName: `b***${bName.at(-1)}`, registerTimestamp: expect.any(Number), verified: false },
        ],
        total: 2,
        page: 1,
        size: 20,
        invitationCode: code,
      });
      expect(mine.data.list[0].registerTimestamp).toBeGreaterThanOrEqual(mine.data.list[1].registerTimestamp);
      const paged = await call(h, 'GET', '/web/userCenter/invitees?page=2&size=1', { token: a.token });
      expect(paged.data).toMatchObject({ list: [{ userName: `b***${bName.at(-1)}` }], total: 2, page: 2, size: 1 });

      const bSees = await call(h, 'GET', '/web/userCenter/invitees', { token: b.token });
      const bCode = (await call(h, 'GET', '/web/api/user/info', { token: b.token })).data.invitationCode;
      expect(bSees.data).toEqual({ list: [], total: 0, page: 1, size: 20, invitationCode: bCode });
    });

    it('shows who has completed verification', async () => {
      const a = await registerUser(h);
      const code = (await call(h, 'GET', '/web/api/user/info', { token: a.token })).data.invitationCode;
      const invited = await registerInvited(code, unique('erin'));
      const form = new FormData();
      form.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'id.png');
      const frontUrl = (await call(h, 'POST', '/web/file/upload', { form, token: invited.token })).data.url;
      const kyc = await call(h, 'POST', '/web/updateReal', {
        token: invited.token,
        body: { firstName: 'Erin', lastName: 'Smit', country: 'NL', idType: 'passport', idNumber: 'NX123456', frontUrl },
      });
      expect(kyc.code).toBe(200);
      const [row] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1 order by id desc limit 1', [invited.id]);
      expect((await call(h, 'POST', `/web/operator/kyc/${row!.id}/approve`, { token: op, body: {} })).code).toBe(200);
      const list = (await call(h, 'GET', '/web/userCenter/invitees', { token: a.token })).data.list;
      expect(list).toEqual([{ userName: expect.stringMatching(/^e\*\*\*.$/), registerTimestamp: expect.any(Number), verified: true }]);
    });

    it('masks a name to its first and last characters, a short one to its first', () => {
      expect([maskName('alice_92'), maskName('abc'), maskName('ab'), maskName('a'), maskName('张三丰')]).toEqual(['a***2', 'a***c', 'a***', 'a***', '张***丰']);
    });

    it('needs sign-in', async () => {
      expect((await call(h, 'GET', '/web/userCenter/invitees')).status).toBe(401);
    });
  });

  describe('operator notices', () => {
    const title = { en: 'Maintenance tonight', nl: 'Onderhoud vanavond' };
    const body = { en: 'Trading pauses from 22:00 to 22:30 UTC.', nl: 'De handel stopt van 22:00 tot 22:30 UTC.' };

    it('broadcasts to every active investor in their language with English as the fallback, never to operators', async () => {
      const a = await registerUser(h);
      const b = await registerUser(h);
      const disabled = await registerUser(h);
      await call(h, 'POST', `/web/operator/users/${disabled.id}/status`, { token: op, body: { status: 'disabled', reason: 'test' } });
      const investors = await count("select count(*)::int as n from users where role = 'investor' and status = 'active'");
      const noticesBefore = await countRows(h, 'notices');
      const [aSocket, opSocket] = await Promise.all([pushSocket(h, a.token), pushSocket(h, op)]);
      try {
        const r = await sendNotice({ target: 'all', title, body });
        expect(r.code).toBe(200);
        expect(r.data).toEqual({ sent: investors });
        expect(await countRows(h, 'notices')).toBe(noticesBefore + investors);

        const pushed = await aSocket.next(isNotice);
        expect(pushed).toEqual({ type: 'event', event: 'notice', data: { id: expect.any(Number), kind: 'operator.message' } });
        expect(await aSocket.rest(isNotice)).toEqual([]);
        expect(await opSocket.rest(isNotice)).toEqual([]);

        const inNl = (await noticesOf(a.token, 'nl'))[0];
        expect(inNl).toMatchObject({ id: pushed.data.id, kind: 'operator.message', title: 'Onderhoud vanavond', body: body.nl, read: false });
        const inZh = (await noticesOf(b.token, 'zh_Hans_CN'))[0];
        expect(inZh).toMatchObject({ kind: 'operator.message', title: 'Maintenance tonight', body: body.en });
        expect((await noticesOf(b.token))[0]).toMatchObject({ title: title.en, body: body.en });
        expect(await count("select count(*)::int as n from notices n join users u on u.id = n.user_id where u.role = 'operator'")).toBe(0);
        expect(await count('select count(*)::int as n from notices where user_id = $1', [disabled.id])).toBe(0);

        const audit = await call(h, 'GET', '/web/operator/audit?size=5', { token: op });
        const entry = audit.data.list.find((e: any) => e.action === 'notice.send');
        expect(entry).toMatchObject({ after: { target: 'all', userId: null, sent: investors, title: title.en } });
      } finally {
        aSocket.close();
        opSocket.close();
      }
    });

    it('sends to one investor only, in Chinese when written in Chinese', async () => {
      const target = await registerUser(h);
      const bystander = await registerUser(h);
      const socket = await pushSocket(h, target.token);
      try {
        const r = await sendNotice({
          target: 'user',
          userId: target.id,
          title: { en: 'About your account', zh_Hans_CN: '关于您的账户', nl: '  ' },
          body: { en: 'Please check your address.', zh_Hans_CN: '请核对您的地址。' },
        });
        expect(r.data).toEqual({ sent: 1 });
        await socket.next(isNotice);
        expect(await socket.rest(isNotice)).toEqual([]);
        expect((await noticesOf(target.token, 'zh_Hans_CN'))[0]).toMatchObject({ title: '关于您的账户', body: '请核对您的地址。' });
        // A blank translation reads as the English text, not as an empty notice.
        expect((await noticesOf(target.token, 'nl'))[0]).toMatchObject({ title: 'About your account', body: 'Please check your address.' });
        expect(await noticesOf(bystander.token)).toEqual([]);
      } finally {
        socket.close();
      }
    });

    it('refuses an unknown investor, an operator, a missing English title and investors, writing nothing', async () => {
      const before = await countRows(h, 'notices');
      // Only this route's own entries: the simulated market's jobs write their own audit rows meanwhile.
      const noticeAudits = async () => (await h.db.query<{ n: number }>("select count(*)::int as n from audit_log where action = 'notice.send'"))[0]!.n;
      const auditBefore = await noticeAudits();
      const unknown = await sendNotice({ target: 'user', userId: 999_999, title, body });
      expect([unknown.status, unknown.msg]).toEqual([404, 'No investor with this number']);
      const [opRow] = await h.db.query<{ id: number }>("select id from users where role = 'operator' limit 1");
      expect((await sendNotice({ target: 'user', userId: opRow!.id, title, body })).status).toBe(404);
      const noEnglish = await sendNotice({ target: 'all', title: { nl: 'Alleen Nederlands' }, body });
      expect([noEnglish.status, noEnglish.data.fields]).toMatchObject([400, { 'title.en': 'v.fillRequired' }]);
      const blankEnglish = await sendNotice({ target: 'all', title: { en: '   ' }, body });
      expect(blankEnglish.status).toBe(400);
      const noUser = await sendNotice({ target: 'user', title, body });
      expect([noUser.status, noUser.data.fields]).toEqual([400, { userId: 'v.fillRequired' }]);
      const investor = await registerUser(h);
      const asInvestor = await sendNotice({ target: 'all', title, body }, investor.token);
      expect([asInvestor.status, asInvestor.msg]).toEqual([403, 'Operators only']);
      expect(await countRows(h, 'notices')).toBe(before);
      expect(await noticeAudits()).toBe(auditBefore);
    });
  });
});
