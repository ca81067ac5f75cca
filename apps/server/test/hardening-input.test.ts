import { connect } from 'node:net';
import { API_BASE, routes } from '@tradeapp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DEPTH } from '../src/http/hardening';
import { pngBytes } from './fixtures';
import { call, countRows, drivers, operatorToken, registerUser, startServer, unique, uploadImage, type Harness } from './harness';

/** An answer read as it came: status, headers and the parsed body (which must be JSON). */
async function raw(h: Harness, method: string, path: string, init: { body?: string | URLSearchParams; headers?: Record<string, string> } = {}) {
  const res = await fetch(h.base + path, { method, headers: init.headers ?? {}, body: init.body ?? null });
  const text = await res.text();
  return { status: res.status, cacheControl: res.headers.get('cache-control'), contentType: res.headers.get('content-type'), json: JSON.parse(text) };
}

/** Bytes written on a bare socket, and the whole answer until the server closes it. */
function socketExchange(h: Harness, bytes: string): Promise<{ status: number; headers: string; body: string }> {
  const { hostname, port } = new URL(h.base);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
  });
}

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe.each(await drivers())('hardened input on %s', (driver) => {
  let h: Harness;
  let op: string;
  beforeAll(async () => {
    h = await startServer(driver);
    op = await operatorToken(h);
  });
  afterAll(() => h.close());

  describe('NUL characters (finding 5)', () => {
    it('refuses a NUL in a signed-out registration with the field named, and creates nobody', async () => {
      const users = await countRows(h, 'users');
      const username = unique('nul_');
      const r = await call(h, 'POST', '/web/register', { body: { username: `${username}\u0000x`, password: 'secret-pass1', agreement: true } });
      expect(r).toMatchObject({
        status: 400,
        code: 400,
        msg: 'This text contains a character that is not allowed (NUL)',
        data: { key: 'v.nulCharacter', fields: { username: 'v.nulCharacter' } },
      });
      expect(await countRows(h, 'users')).toBe(users);
    });

    it('refuses a NUL in a sign-in in every language, and opens no session', async () => {
      const sessions = await countRows(h, 'sessions');
      const body = { username: 'someone', password: 'pass\u0000word' };
      const en = await call(h, 'POST', '/web/loginByUsername', { body });
      const nl = await call(h, 'POST', '/web/loginByUsername', { body, lang: 'nl' });
      const zh = await call(h, 'POST', '/web/loginByUsername', { body, lang: 'zh_Hans_CN' });
      expect([en.status, en.data.fields, nl.msg, zh.msg]).toEqual([
        400,
        { password: 'v.nulCharacter' },
        'Deze tekst bevat een teken dat niet is toegestaan (NUL)',
        '此文本包含不允许的字符（NUL）',
      ]);
      expect(await countRows(h, 'sessions')).toBe(sessions);
    });

    it('refuses a NUL in a key, however deep, and in an array item', async () => {
      const u = await registerUser(h);
      const key = await call(h, 'POST', '/web/updatePassword', {
        token: u.token,
        body: { oldPassword: u.password, newPassword: 'other-pass2', extra: { inner: { 'a\u0000b': 1 } } },
      });
      expect([key.status, key.data]).toEqual([400, { key: 'v.nulCharacter', fields: { 'extra.inner.a\\u0000b': 'v.nulCharacter' } }]);
      const item = await call(h, 'POST', '/web/updatePassword', {
        token: u.token,
        body: { oldPassword: u.password, newPassword: 'other-pass2', list: ['ok', 'n\u0000'] },
      });
      expect([item.status, item.data]).toEqual([400, { key: 'v.nulCharacter', fields: { 'list.1': 'v.nulCharacter' } }]);
      // The password did not change: the old one still signs in.
      expect((await call(h, 'POST', '/web/loginByUsername', { body: { username: u.username, password: u.password } })).code).toBe(200);
    });

    it('refuses a NUL in a query string, which the search otherwise answers', async () => {
      expect((await call(h, 'GET', '/web/market/search?keyword=AAPL')).code).toBe(200);
      const r = await call(h, 'GET', '/web/market/search?keyword=AA%00PL');
      expect([r.status, r.data]).toEqual([400, { key: 'v.nulCharacter', fields: { keyword: 'v.nulCharacter' } }]);
    });

    it('refuses a NUL in a path parameter', async () => {
      const u = await registerUser(h);
      const r = await call(h, 'POST', '/web/userSelfSecurity/deleteByStockCode/AA%00PL', { token: u.token, body: {} });
      expect([r.status, r.data]).toEqual([400, { key: 'v.nulCharacter', fields: { stockCode: 'v.nulCharacter' } }]);
    });

    it('refuses a NUL in a form-encoded body and keeps no idempotency key for it', async () => {
      const u = await registerUser(h);
      const keys = await countRows(h, 'idempotency_keys');
      const form = new URLSearchParams({ poolId: '1', kind: 'subscribe', amount: '10', 'memo\u0000': 'x' });
      const r = await call(h, 'POST', '/web/quantization/order/save', { token: u.token, form, headers: { 'idempotency-key': unique('k') } });
      expect([r.status, r.data]).toEqual([400, { key: 'v.nulCharacter', fields: { 'memo\\u0000': 'v.nulCharacter' } }]);
      expect(await countRows(h, 'idempotency_keys')).toBe(keys);
    });
  });

  describe('deep nesting (finding 5)', () => {
    it(`refuses a body nested deeper than ${MAX_DEPTH} levels on an idempotent route before its key is claimed`, async () => {
      const u = await registerUser(h);
      const keys = await countRows(h, 'idempotency_keys');
      const journals = await countRows(h, 'ledger_journals');
      const body = `{"from":"BALANCE","to":"US_STOCK","amount":"1","x":${nested(100_000)}}`;
      const r = await raw(h, 'POST', '/web/wallet/transfer', {
        body,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${u.token}`, 'idempotency-key': unique('k') },
      });
      expect([r.status, r.json.code, r.json.msg, r.json.data.key]).toEqual([
        400,
        400,
        `The request is nested too deeply: at most ${MAX_DEPTH} levels`,
        'e.nestedTooDeep',
      ]);
      expect(Object.keys(r.json.data.fields)).toEqual([`x${'.0'.repeat(MAX_DEPTH - 1)}`]);
      expect([await countRows(h, 'idempotency_keys'), await countRows(h, 'ledger_journals')]).toEqual([keys, journals]);
    });

    it(`takes ${MAX_DEPTH} levels (the body itself counted) and refuses one more, signed out too`, async () => {
      const post = (levels: number) =>
        raw(h, 'POST', '/web/loginByUsername', {
          body: `{"username":"nobody","password":"whatever1","x":${nested(levels)}}`,
          headers: { 'content-type': 'application/json', languages: 'nl' },
        });
      const atLimit = await post(MAX_DEPTH - 1);
      const over = await post(MAX_DEPTH);
      expect([atLimit.status, atLimit.json.data.key]).toEqual([422, 'e.invalidCredentials']);
      expect([over.status, over.json.data.key, over.json.msg]).toEqual([
        400,
        'e.nestedTooDeep',
        `Het verzoek is te diep genest: hoogstens ${MAX_DEPTH} niveaus`,
      ]);
    });
  });

  describe('truncated multipart (finding 5)', () => {
    const boundary = 'fuzzboundary';
    const cut = (part: string) =>
      raw(h, 'POST', '/web/file/upload', {
        body: part,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
      });
    let token: string;
    beforeAll(async () => {
      token = (await registerUser(h)).token;
    });

    it('answers an upload cut off in the file, or in its part headers, with a 400 and stores nothing', async () => {
      const uploads = await countRows(h, 'uploads');
      const header = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
      const inFile = await cut(header + Buffer.from(pngBytes()).toString('latin1').slice(0, 20));
      const inHeaders = await cut(`--${boundary}\r\nContent-Disposition: form-da`);
      for (const r of [inFile, inHeaders]) {
        expect([r.status, r.json]).toEqual([
          400,
          {
            code: 400,
            msg: 'The upload was cut off before the end: please send the file again',
            data: { key: 'e.uploadIncomplete', fields: { file: 'e.uploadIncomplete' } },
          },
        ]);
      }
      expect(await countRows(h, 'uploads')).toBe(uploads);
      // The same file whole is taken.
      const whole = `${header}${Buffer.from(pngBytes()).toString('latin1')}\r\n--${boundary}--\r\n`;
      const ok = await fetch(`${h.base}/web/file/upload`, {
        method: 'POST',
        body: Buffer.from(whole, 'latin1'),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
      });
      expect(ok.status).toBe(200);
      expect(await countRows(h, 'uploads')).toBe(uploads + 1);
    });
  });

  describe('found by the fuzz', () => {
    it('refuses a redemption preview of units the figures cannot read, instead of failing on them', async () => {
      const u = await registerUser(h);
      const [fund] = await h.db.query<{ id: number }>("select id from fund_products where kind = 'fund' order by id limit 1");
      for (const units of ['', '   ', 'abc', '1e5', '-1', '0']) {
        const r = await call(h, 'POST', '/web/user_fund_orders/redeemPreview', { token: u.token, body: { productId: fund!.id, units } });
        expect([units, r.status, r.data]).toEqual([units, 400, { key: 'v.fundUnits', fields: { units: 'v.fundUnits' } }]);
      }
      // Well-formed units reach the fund's own rule: this investor holds none.
      const none = await call(h, 'POST', '/web/user_fund_orders/redeemPreview', { token: u.token, body: { productId: fund!.id, units: '1.5' } });
      expect([none.status, none.data.key]).toEqual([400, 'e.fundUnits']);
    });

    it('stores a lone surrogate of a request as U+FFFD, in a jsonb column too, instead of failing with a 500', async () => {
      const u = await registerUser(h);
      // JSON.stringify writes the lone half of a pair as the escape \ud800, as a hostile client may.
      const title = { en: 'Note', nl: 'Be\ud800richt' };
      const sent = await call(h, 'POST', '/web/operator/notices', { token: op, body: { target: 'user', userId: u.id, title, body: { en: 'x\udc00' } } });
      expect([sent.status, sent.data]).toEqual([200, { sent: 1 }]);
      const [row] = await h.db.query<{ params: Record<string, string> }>("select params from notices where user_id = $1 and kind = 'operator.message'", [u.id]);
      expect([row!.params.title_nl, row!.params.body_en]).toEqual(['Be\ufffdricht', 'x\ufffd']);
    });
  });

  describe('times outside the calendar years (issue 33), found by the fuzz', () => {
    it('refuses a bill day that is no day, or lies outside 2025-2028, with a 400 where the database failed with a 500', async () => {
      const u = await registerUser(h);
      const bill = (body: object, lang = 'en') => call(h, 'POST', '/web/wallet/getWalletBill', { token: u.token, body, lang });
      // The years' first and last days are taken, and 2028's leap day.
      for (const day of ['2025-01-01', '2028-12-31', '2028-02-29'])
        expect([day, (await bill({ from: day })).status, (await bill({ to: day, groupBy: 'journal' })).status]).toEqual([day, 200, 200]);
      // 2025 has no 29 February, April no 31st: the database refused these with an error of its own.
      for (const day of ['2025-02-29', '2027-04-31', '2025-13-45', '0000-01-01']) {
        const r = await bill({ from: day, groupBy: 'journal' });
        expect([day, r.status, r.msg, r.data]).toEqual([day, 400, 'Please check this value', { key: 'v.invalidValue', fields: { from: 'v.invalidValue' } }]);
      }
      const before = await bill({ to: '2024-12-31' }, 'nl');
      const after = await bill({ to: '2029-01-01' }, 'zh_Hans_CN');
      expect([before.status, before.msg, before.data, after.status, after.msg]).toEqual([
        400,
        'Kies een tijdstip van 2025 tot en met 2028',
        { key: 'v.timestampRange', fields: { to: 'v.timestampRange' } },
        400,
        '请选择 2025 年至 2028 年之间的时间',
      ]);
    });

    it('refuses a deal opening at 8.7e15 or 1e20 ms with the time message, where the server failed with a RangeError, and opens no deal', async () => {
      const deals = await countRows(h, 'deals');
      const DAY = 86_400_000;
      const opens = Date.UTC(2027, 5, 8, 14);
      const body = {
        name: 'Edge of time',
        code: 'EDGE',
        symbol: 'EDGE',
        market: 'US',
        exchange: 'NASDAQ',
        priceLow: '10',
        priceHigh: '12',
        lotSize: 100,
        publicLots: 1000,
        prospectusDate: '2027-06-07',
        fundRaising: '1000000',
        subscriptionOpensTimestamp: opens,
        subscriptionClosesTimestamp: opens + 3 * DAY,
        allotmentDate: '2027-06-14',
        listingDate: '2027-06-15',
      };
      for (const at of [8.7e15, 1e20]) {
        const r = await call(h, 'POST', '/web/operator/deals', { token: op, body: { ...body, subscriptionOpensTimestamp: at } });
        expect([at, r.status, r.msg, r.data]).toEqual([
          at,
          400,
          'Choose a time from 2025 to 2028',
          { key: 'v.timestampRange', fields: { subscriptionOpensTimestamp: 'v.timestampRange' } },
        ]);
      }
      expect(await countRows(h, 'deals')).toBe(deals);
    });
  });

  describe('over-long addresses (finding 6)', () => {
    it('answers a path parameter over the router limit with a 414 envelope, signed out, in the caller language', async () => {
      const en = await raw(h, 'GET', `/web/operator/users/${'9'.repeat(500)}`);
      const nl = await raw(h, 'POST', `/web/userSelfSecurity/deleteByStockCode/${'A'.repeat(500)}`, { headers: { languages: 'nl' } });
      expect([en.status, en.json, en.cacheControl]).toEqual([414, { code: 414, msg: 'The address is too long', data: { key: 'e.uriTooLong' } }, 'no-store']);
      expect([nl.status, nl.json.msg]).toEqual([414, 'Het adres is te lang']);
      expect(en.contentType).toMatch(/^application\/json/);
      // A path parameter that is not valid percent-encoding, refused by the router too.
      const badEncoding = await raw(h, 'GET', '/web/article/%E0%A4%A');
      expect([badEncoding.status, badEncoding.json, badEncoding.cacheControl]).toEqual([
        400,
        { code: 400, msg: 'The request is not valid', data: { key: 'e.badRequest' } },
        'no-store',
      ]);
    });

    it('answers a query string over the header limit with a 431 envelope, signed in or out, in the caller language', async () => {
      const long = `/web/market/search?keyword=${'x'.repeat(20_000)}`;
      const en = await raw(h, 'GET', long);
      const zh = await raw(h, 'GET', long, { headers: { languages: 'zh_Hans_CN', authorization: `Bearer ${op}` } });
      expect([en.status, en.json, en.cacheControl]).toEqual([
        431,
        { code: 431, msg: 'The address or the request headers are too long', data: { key: 'e.headersTooLarge' } },
        'no-store',
      ]);
      expect([zh.status, zh.json.msg]).toEqual([431, '地址或请求头过长']);
    });

    it('answers a request the HTTP parser cannot read with a 400 envelope', async () => {
      const r = await socketExchange(h, 'NOT A REQUEST\r\n\r\n');
      expect(r.status).toBe(400);
      expect(r.headers).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(r.body)).toEqual({ code: 400, msg: 'The request is not valid', data: { key: 'e.badRequest' } });
    });
  });

  describe('Cache-Control (finding 7)', () => {
    it('sends no-store on sign-in, registration and code answers, taken or refused', async () => {
      const username = unique('cache_');
      const answers = [
        await raw(h, 'POST', '/web/register', {
          body: JSON.stringify({ username, password: 'secret-pass1', agreement: true }),
          headers: { 'content-type': 'application/json' },
        }),
        await raw(h, 'POST', '/web/loginByUsername', {
          body: JSON.stringify({ username, password: 'secret-pass1' }),
          headers: { 'content-type': 'application/json' },
        }),
        await raw(h, 'POST', '/web/loginByUsername', {
          body: JSON.stringify({ username, password: 'wrong-pass1' }),
          headers: { 'content-type': 'application/json' },
        }),
        await raw(h, 'POST', '/web/getEmailCode', {
          body: JSON.stringify({ email: `${username}@example.com`, type: 1 }),
          headers: { 'content-type': 'application/json' },
        }),
      ];
      expect(answers.map((a) => [a.json.code === 200 || a.json.code >= 400, a.cacheControl])).toEqual(answers.map(() => [true, 'no-store']));
      expect([answers[0]!.status, answers[1]!.status, answers[2]!.status]).toEqual([200, 200, 422]);
    });

    it('sends no-store on every personal answer and on every operator answer', async () => {
      const u = await registerUser(h);
      const mine = await raw(h, 'GET', '/web/api/user/info', { headers: { authorization: `Bearer ${u.token}` } });
      const operators = await raw(h, 'GET', '/web/operator/users?page=1&size=10', { headers: { authorization: `Bearer ${op}` } });
      expect([mine.status, mine.cacheControl, operators.status, operators.cacheControl]).toEqual([200, 'no-store', 200, 'no-store']);
    });

    it('sends no-store on every route that is not public, signed out', async () => {
      const personal = Object.values(routes).filter((def) => def.auth !== 'public');
      const missing: string[] = [];
      for (const def of personal) {
        const path = API_BASE + def.path.replace(/:\w+/g, '1');
        const r = await raw(h, def.method, path, def.method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {});
        if (r.status !== 401 || r.cacheControl !== 'no-store') missing.push(`${def.method} ${def.path} ${r.status} ${r.cacheControl}`);
      }
      expect(personal.length).toBeGreaterThan(150);
      expect(missing).toEqual([]);
    });

    it("sends no-store on a caller's own uploaded file", async () => {
      const u = await registerUser(h);
      const url = await uploadImage(h, u.token, 'passport.png');
      const own = await fetch(h.base + url, { headers: { authorization: `Bearer ${u.token}` } });
      const asOperator = await fetch(h.base + url, { headers: { authorization: `Bearer ${op}` } });
      expect([own.status, own.headers.get('cache-control'), asOperator.status, asOperator.headers.get('cache-control')]).toEqual([
        200,
        'no-store',
        200,
        'no-store',
      ]);
    });

    it('lets a public market answer be cached when it is asked without a session, not with one', async () => {
      const anonymous = await raw(h, 'GET', '/web/m_ft/global_index');
      const withSession = await raw(h, 'GET', '/web/m_ft/global_index', { headers: { authorization: `Bearer ${op}` } });
      expect([anonymous.status, anonymous.cacheControl, withSession.status, withSession.cacheControl]).toEqual([200, null, 200, 'no-store']);
    });
  });
});
