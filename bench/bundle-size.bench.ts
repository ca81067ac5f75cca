// First-route JavaScript: every script Chromium loads for the investor app's first screen,
// gzipped, against React + ReactDOM's own production builds gzipped (the floor of any React app).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { fmt, ROOT, stop, tempDir, timeToReady } from './lib';

const PORT = 8392;
const base = `http://127.0.0.1:${PORT}`;
const gz = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

const require = createRequire(join(ROOT, 'apps/web/package.json'));
const reactFloor =
  gz(readFileSync(require.resolve('react/cjs/react.production.js'))) +
  gz(readFileSync(require.resolve('react-dom/cjs/react-dom-client.production.js')));

const { child } = await timeToReady(
  'apps/server/src/main.ts',
  { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: tempDir('bench-bundle-'), OPERATOR_EMAIL: 'bench@example.com', OPERATOR_PASSWORD: 'bench-password' },
  `${base}/web/health`,
);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const scripts = new Set<string>();
  for (const route of ['/', '/#/pages/auth/login']) {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const loaded: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') loaded.push(new URL(r.url()).pathname);
    });
    await page.goto(base + route, { waitUntil: 'networkidle' });
    let total = 0;
    for (const path of loaded) {
      scripts.add(path);
      total += gz(readFileSync(join(ROOT, 'apps/web/dist', path)));
    }
    console.log(
      `first-route JS for ${route.padEnd(22)} ${fmt(total / 1024, 1)} KiB gzipped in ${loaded.length} files   ${fmt(total / reactFloor, 2)}x React+ReactDOM (${fmt(reactFloor / 1024, 1)} KiB)`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  await stop(child);
}
