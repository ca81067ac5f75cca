import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, tempDataDir, type Harness } from './harness';

// The installable app's files as the web build leaves them (apps/web/vite.config.ts, then scripts/precompress.mjs):
// the manifest and the service worker, each with its compressed copies.
describe('the installable app’s manifest and service worker', () => {
  let h: Harness;
  const manifest = JSON.stringify({ name: 'Meridian Markets', short_name: 'Meridian', start_url: '/', display: 'standalone', icons: [] }).padEnd(1200, ' ');
  const worker = `self.addEventListener('fetch', () => {}); // ${'worker '.repeat(300)}`;
  const register = "if('serviceWorker' in navigator) {window.addEventListener('load', () => {navigator.serviceWorker.register('/sw.js', { scope: '/' })})}";
  beforeAll(async () => {
    const dist = join(tempDataDir(), 'web');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    mkdirSync(join(dist, 'icons'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(dist, 'registerSW.js'), register);
    writeFileSync(join(dist, 'icons', 'icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    for (const [name, text] of Object.entries({ 'manifest.webmanifest': manifest, 'sw.js': worker })) {
      writeFileSync(join(dist, name), text);
      writeFileSync(join(dist, `${name}.br`), brotliCompressSync(text));
      writeFileSync(join(dist, `${name}.gz`), gzipSync(text));
    }
    h = await startServer('pglite', { WEB_DIST: dist });
  });
  afterAll(() => h.close());

  it('serves the manifest as a web app manifest, kept like the page', async () => {
    const res = await fetch(`${h.base}/manifest.webmanifest`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/manifest+json');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await res.text()).toBe(manifest);
  });

  it('serves the service worker as JavaScript that the browser asks for anew on every opening', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await fetch(`${h.base}/sw.js`, { headers: { 'accept-encoding': encoding } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
      expect(res.headers.get('content-encoding')).toBe(encoding === 'identity' ? null : encoding);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(worker);
    }
    const registration = await fetch(`${h.base}/registerSW.js`);
    expect(registration.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(registration.headers.get('cache-control')).toBe('no-cache');
    expect(await registration.text()).toBe(register);
  });

  it('lets the worker’s scripts run under the page’s security policy', async () => {
    const res = await fetch(`${h.base}/sw.js`);
    const policy = res.headers.get('content-security-policy') ?? '';
    // No worker-src: the browser applies script-src, which allows the site's own scripts.
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('worker-src');
  });

  it('serves the icons as images', async () => {
    const res = await fetch(`${h.base}/icons/icon-192.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });
});
