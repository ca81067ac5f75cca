import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, tempDataDir, type Harness } from './harness';

// The built web app as scripts/precompress.mjs leaves it: each text file with a Brotli and a gzip copy beside it.
describe('the web app’s files', () => {
  let h: Harness;
  const script = `console.log(${JSON.stringify('a chunk '.repeat(400))});`;
  beforeAll(async () => {
    const dist = join(tempDataDir(), 'web');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    const files: Record<string, string> = { 'index.html': '<!doctype html><title>app</title>', 'assets/index-abc123.js': script };
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(join(dist, name), text);
      writeFileSync(join(dist, `${name}.br`), brotliCompressSync(text));
      writeFileSync(join(dist, `${name}.gz`), gzipSync(text));
    }
    h = await startServer('pglite', { WEB_DIST: dist });
  });
  afterAll(() => h.close());

  it('sends a hashed chunk compressed as the browser accepts, to be kept for good', async () => {
    const br = await fetch(`${h.base}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // fetch decodes Brotli itself: the body is the script.
    expect(await br.text()).toBe(script);

    const gz = await fetch(`${h.base}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(script);

    const raw = await fetch(`${h.base}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(raw.headers.get('content-encoding')).toBeNull();
    expect(await raw.text()).toBe(script);
  });

  it('keeps the page itself for an hour only, so a new build reaches the phone', async () => {
    const page = await fetch(`${h.base}/`, { headers: { 'accept-encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await page.text()).toBe('<!doctype html><title>app</title>');
  });

  it('answers a chunk that is not there with the 404 envelope', async () => {
    const missing = await fetch(`${h.base}/assets/nothing-here.js`, { headers: { 'accept-encoding': 'br' } });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { code: number }).code).toBe(404);
  });
});
