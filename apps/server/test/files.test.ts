import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, drivers, OPERATOR, registerUser, startServer, type Harness } from './harness';
import { pdfBytes, pngBytes } from './fixtures';

describe.each(await drivers())('files on %s', (driver) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServer(driver);
  });
  afterAll(() => h.close());

  const form = (bytes: Uint8Array<ArrayBuffer>, name: string, type = 'image/png') => {
    const f = new FormData();
    f.append('file', new Blob([bytes], { type }), name);
    return f;
  };

  it('stores an image checked by its content and serves it to its owner and operators only', async () => {
    const u = await registerUser(h);
    const r = await call<{ url: string; mime: string; size: number }>(h, 'POST', '/web/file/upload', {
      form: form(pngBytes(), 'me.jpg', 'image/jpeg'),
      token: u.token,
    });
    expect(r.code).toBe(200);
    expect(r.data.mime).toBe('image/png');
    expect(r.data.url).toMatch(/^\/web\/file\/[0-9a-f-]{36}$/);
    expect(readdirSync(join(h.dataDir, 'uploads'))).toContain(`${r.data.url.split('/').pop()}.png`);
    const own = await fetch(h.base + r.data.url, { headers: { authorization: `Bearer ${u.token}` } });
    expect([own.status, own.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(pngBytes());
    const anonymous = await fetch(h.base + r.data.url);
    expect(anonymous.status).toBe(404);
    const other = await registerUser(h);
    const asOther = await fetch(h.base + r.data.url, { headers: { authorization: `Bearer ${other.token}` } });
    expect(asOther.status).toBe(404);
    const op = await call(h, 'POST', '/web/operator/login', { body: { email: OPERATOR.email, password: OPERATOR.password } });
    const asOperator = await fetch(h.base + r.data.url, { headers: { authorization: `Bearer ${op.data.token}` } });
    expect(asOperator.status).toBe(200);
  });

  it('serves an operator image to everyone once a published article shows it, never an investor upload', async () => {
    const op = await call<{ token: string }>(h, 'POST', '/web/operator/login', { body: { email: OPERATOR.email, password: OPERATOR.password } });
    const cover = await call<{ url: string }>(h, 'POST', '/web/file/upload', { form: form(pngBytes(), 'cover.png'), token: op.data.token });
    const inline = await call<{ url: string }>(h, 'POST', '/web/file/upload', { form: form(pngBytes(), 'chart.png'), token: op.data.token });
    const u = await registerUser(h);
    const investors = await call<{ url: string }>(h, 'POST', '/web/file/upload', { form: form(pngBytes(), 'passport.png'), token: u.token });
    const status = async (url: string) => (await fetch(h.base + url)).status;
    const article = (state: 'draft' | 'published') => ({
      category: 'news',
      status: state,
      coverUrl: cover.data.url,
      texts: { en: { title: 'Charts', body: `<p>See <img src="${inline.data.url}" alt="chart"> and <img src="${investors.data.url}" alt="x"></p>` } },
    });
    const draft = await call<{ id: number }>(h, 'POST', '/web/operator/articles', { token: op.data.token, body: article('draft') });
    expect(draft.code).toBe(200);
    expect([await status(cover.data.url), await status(inline.data.url)]).toEqual([404, 404]);
    const published = await call(h, 'POST', `/web/operator/articles/${draft.data.id}`, { token: op.data.token, body: article('published') });
    expect(published.code).toBe(200);
    expect([await status(cover.data.url), await status(inline.data.url)]).toEqual([200, 200]);
    // An investor's file pasted into an article stays private.
    expect(await status(investors.data.url)).toBe(404);
  });

  it('refuses a file that only claims to be an image', async () => {
    const u = await registerUser(h);
    const fake = new Uint8Array(Buffer.from('<?php echo "hi"; ?>'));
    const r = await call(h, 'POST', '/web/file/upload', { form: form(fake, 'photo.png'), token: u.token });
    expect([r.status, r.msg]).toEqual([400, 'This file type is not accepted']);
    const pdfAsImage = await call(h, 'POST', '/web/file/upload', { form: form(pdfBytes(), 'scan.png'), token: u.token });
    expect(pdfAsImage.status).toBe(400);
  });

  it('refuses more than 5 MB with "size may not exceed 5M" and keeps nothing', async () => {
    const u = await registerUser(h);
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(pngBytes());
    const before = (await h.db.query('select id from uploads')).length;
    const r = await call(h, 'POST', '/web/file/upload', { form: form(big, 'big.png'), token: u.token });
    expect([r.status, r.msg]).toEqual([413, 'size may not exceed 5M']);
    const nl = await call(h, 'POST', '/web/file/upload', { form: form(big, 'big.png'), token: u.token, lang: 'nl' });
    expect(nl.msg).toBe('grootte mag niet groter zijn dan 5M');
    expect((await h.db.query('select id from uploads')).length).toBe(before);
  });

  it('needs sign-in, and a file in field "file"', async () => {
    const anonymous = await call(h, 'POST', '/web/file/upload', { form: form(pngBytes(), 'a.png') });
    expect([anonymous.status, anonymous.msg]).toEqual([401, 'login expired']);
    const u = await registerUser(h);
    const wrongField = new FormData();
    wrongField.append('image', new Blob([pngBytes()]), 'a.png');
    const r = await call(h, 'POST', '/web/file/upload', { form: wrongField, token: u.token });
    expect([r.status, r.msg]).toEqual([400, 'Please upload an image']);
    const json = await call(h, 'POST', '/web/file/upload', { token: u.token, body: { file: 'x' } });
    expect(json.status).toBe(400);
  });

  it('takes documents on the terms upload', async () => {
    const u = await registerUser(h);
    const r = await call<{ mime: string }>(h, 'POST', '/web/file/terms/upload', { form: form(pdfBytes(), 'terms.pdf', 'application/pdf'), token: u.token });
    expect([r.code, r.data.mime]).toEqual([200, 'application/pdf']);
    const text = await call(h, 'POST', '/web/file/terms/upload', { form: form(new Uint8Array(Buffer.from('plain text')), 't.txt'), token: u.token });
    expect(text.status).toBe(400);
  });
});
