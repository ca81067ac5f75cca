import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routes } from '@tradeapp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { call, drivers, registerUser, startServer, unique, type Harness } from './harness';

describe('config', () => {
  it('has a default for everything', () => {
    const c = loadConfig({});
    expect([c.PORT, c.HOST, c.DATA_DIR, c.DATABASE_URL, c.REDIS_URL, c.SMTP_URL]).toEqual([8080, '0.0.0.0', './data', undefined, undefined, undefined]);
  });
  it('fails with every problem listed', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', OPERATOR_PASSWORD: 'short' })).toThrow(
      /PORT[\s\S]*DATABASE_URL: must be a postgres:\/\/ URL[\s\S]*OPERATOR_PASSWORD: at least 8 characters/,
    );
  });
});

describe.each(await drivers())('system on %s', (driver) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServer(driver);
  });
  afterAll(() => h.close());

  it('reports health with the database and push status', async () => {
    const r = await call(h, 'GET', '/web/health');
    expect(r.data).toMatchObject({ status: 'ok', database: { driver, ok: true }, push: { driver: 'memory', ok: true } });
    // No job of this node warms up (the agencies and pools are off in these tests).
    expect(r.data.warming).toEqual([]);
    // The memory as this process counts it: the heap in use fits in the heap, the heap in what is resident.
    const m = r.data.memory;
    expect(m.heapUsed).toBeLessThanOrEqual(m.heapTotal);
    expect(m.heapTotal).toBeLessThan(m.rss);
    expect(m.arrayBuffers).toBeLessThanOrEqual(m.external);
  });

  it('answers an unknown path with 404 "the URL does not exist" in the caller\'s language', async () => {
    expect(await call(h, 'GET', '/web/no/such/thing')).toMatchObject({ status: 404, code: 404, msg: 'the URL does not exist' });
    expect((await call(h, 'POST', '/web/nope', { lang: 'nl' })).msg).toBe('de URL bestaat niet');
    expect((await call(h, 'GET', '/web/nope', { lang: 'zh_Hans_CN' })).msg).toBe('该URL不存在');
    expect((await call(h, 'GET', '/web/nope', { lang: 'fr' })).msg).toBe('the URL does not exist');
  });

  it('refuses malformed and oversized bodies with an envelope that leaks nothing', async () => {
    const malformed = await fetch(`${h.base}/web/loginByUsername`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":' });
    const m = (await malformed.json()) as any;
    expect([malformed.status, m.code, m.msg]).toEqual([400, 400, 'The request is not valid']);
    const huge = await fetch(`${h.base}/web/loginByUsername`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    });
    expect([huge.status, ((await huge.json()) as any).code]).toEqual([413, 413]);
  });

  it('sends security headers', async () => {
    const res = await fetch(`${h.base}/web/health`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(res.headers.get('x-xss-protection')).toBe('0');
    // An error's answer carries them too.
    const missing = await fetch(`${h.base}/web/no/such/thing`);
    expect(missing.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('serves an OpenAPI document with every route of the contract', async () => {
    const doc = (await (await fetch(`${h.base}/web/openapi.json`)).json()) as any;
    expect(doc.openapi).toBe('3.1.0');
    for (const [id, def] of Object.entries(routes)) {
      const path = `/web${def.path.replace(/:(\w+)/g, '{$1}')}`;
      expect(doc.paths[path]?.[def.method.toLowerCase()]?.operationId, id).toBe(id);
    }
    const login = doc.paths['/web/loginByUsername'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
  });

  it('writes mail to the outbox as .eml files when no SMTP server is configured', async () => {
    const email = `${unique('eml')}@example.com`;
    await call(h, 'POST', '/web/getEmailCode', { body: { email, type: 1 }, lang: 'zh_Hans_CN' });
    const dir = join(h.dataDir, 'outbox');
    const file = readdirSync(dir)
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .find((text) => text.includes(`To: ${email}`));
    expect(file).toMatch(/Subject: =\?UTF-8\?B\?/);
    expect(file).toMatch(/您的验证码用于注册：\d{6}，10分钟内有效/);
  });

  it('answers a failure of ours with 500 "operation failed" and no detail', async () => {
    const broken = await startServer(driver);
    const u = await registerUser(broken);
    await broken.db.query('drop table sessions cascade');
    const res = await fetch(`${broken.base}/web/api/user/info`, { headers: { authorization: `Bearer ${u.token}` } });
    const text = await res.text();
    await broken.close();
    expect(res.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ code: 500, msg: 'operation failed', data: { key: 'e.operationFailed' } });
    expect(text).not.toMatch(/sessions|relation|select/i);
  });
});

describe('mail through SMTP', () => {
  it('sends nothing and keeps no code when the SMTP server is unreachable, so the user can ask again', async () => {
    const h = await startServer('pglite', { SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const email = `${unique('smtp')}@example.com`;
      const first = await call(h, 'POST', '/web/getEmailCode', { body: { email, type: 1 } });
      expect([first.status, first.msg]).toEqual([500, 'operation failed']);
      expect(await h.db.query('select id from email_codes where email = $1', [email])).toEqual([]);
      const again = await call(h, 'POST', '/web/getEmailCode', { body: { email, type: 1 } });
      expect(again.status).toBe(500);
    } finally {
      await h.close();
    }
  });
});
