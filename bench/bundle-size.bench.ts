// First-route JavaScript: every script Chromium loads for the investor app's first screen,
// gzipped, against a hello-world React app (the floor of any React app).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM } from '../e2e/chromium';
import { buildHelloWorld, fmt, record, ROOT, stop, tempDir, timeToReady, type BenchRow } from './lib';

const PORT = 8392;
const base = `http://127.0.0.1:${PORT}`;
const gz = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

// The reference: the hello-world React app's scripts (lib.ts), gzipped as the app's are.
async function helloWorldGzip(): Promise<number> {
  const assets = join(await buildHelloWorld('hello', '<!doctype html><div id="root"></div><script type="module" src="./main.tsx"></script>'), 'assets');
  return readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gz(readFileSync(join(assets, f))), 0);
}
const reference = await helloWorldGzip();

const { child } = await timeToReady(
  'apps/server/src/main.ts',
  { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: tempDir('bench-bundle-'), OPERATOR_EMAIL: 'bench@example.com', OPERATOR_PASSWORD: 'bench-password' },
  `${base}/web/health`,
);
const browser = await chromium.launch(CHROMIUM);
try {
  const scripts = new Set<string>();
  // Each route until its own screen is on it (a new visitor's `/` is the guide): network idle alone
  // can come before the route's lazy code is asked for, and the figure would then miss it.
  // Each with its figure's name and its goal (issue 17), the ratio to the hello-world app.
  const screens: [route: string, ready: string, figure: string, goal: number][] = [
    ['/', 'guide-skip', 'first-route JS, /', 1.8],
    ['/#/pages/auth/login', 'login-submit', 'first-route JS, login', 2.2],
  ];
  const rows: BenchRow[] = [];
  for (const [route, ready, figure, goal] of screens) {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const loaded: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') loaded.push(new URL(r.url()).pathname);
    });
    await page.goto(base + route);
    await page.getByTestId(ready).waitFor();
    await page.waitForLoadState('networkidle');
    let total = 0;
    for (const path of loaded) {
      scripts.add(path);
      total += gz(readFileSync(join(ROOT, 'apps/web/dist', path)));
    }
    console.log(
      `first-route JS for ${route.padEnd(22)} ${fmt(total / 1024, 1)} KiB gzipped in ${loaded.length} files   ${fmt(total / reference, 2)}x a hello-world React app (${fmt(reference / 1024, 1)} KiB)`,
    );
    const ratio = total / reference;
    rows.push({
      figure,
      value: Number(fmt(total / 1024, 1)),
      unit: 'KiB gz',
      reference: 'hello-world React',
      referenceValue: Number(fmt(reference / 1024, 1)),
      ratio: Number(fmt(ratio, 2)),
      goal: `ratio <= ${goal}`,
      met: ratio <= goal,
      detail: { files: loaded.length },
    });
    await page.close();
  }
  record(...rows);
} finally {
  await browser.close();
  await stop(child);
}
