import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';

// The first routes' JavaScript budget (issue 17): every script Chromium loads until the screen is
// on it, gzipped at level 9 from the built dist, as bench/bundle-size.bench.ts measures it. Here,
// rather than a unit test, because it needs the built app and its server, which the journeys
// already have; in a browser rather than from Vite's manifest, because the lazy chunks a route
// loads (its page, its layout) are what the manifest's static imports miss.
// The budgets are the bench's goals (1.8x and 2.2x) times the hello-world React app the bench
// builds in the same run (66.1 KiB gzipped with React 19.3): raise them only with a reason. The home
// tab's shell is not a bench goal: 162.3 KiB when its sections were split off (the whole tab, which
// its heading waited for before, 285 KiB), so that what the sections bring does not creep back.
// Raised from 165 to 167 with issue 18: the device prompt ("connection timed out, tap the screen to
// retry") in its four languages and the offline watch must be in the first chunk, since they answer a
// chunk that cannot be fetched (0.9 KiB), and the route table holds the new pages (analytics, passkeys).
// Raised from 119 to 120 (guide) and 145 to 147 (sign-in) with issue 33: the one date style per
// locale and the clocks' names that every message may carry (the contract's messages module, 0.3
// KiB), and the request schemas bounded to the calendar's years and the orders' extended hours.
// Lowered with issue 34 (114.2, 139.6 and 161.6 KiB then, a little over a kilobyte kept above each):
// the entry no longer awaits at its top level, so the bundler merges what it shares with the pages,
// and groups of shared modules (apps/web/vite.config.ts) make fewer chunks, each with less glue.
const BUDGET_KIB = { guide: 116, login: 141, home: 163 };

const DIST = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps', 'web', 'dist');

async function firstRouteKiB(page: Page, route: string, ready: string): Promise<{ kib: number; files: string[] }> {
  const files: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') files.push(new URL(r.url()).pathname);
  });
  await page.goto(route);
  await page.getByTestId(ready).waitFor();
  await page.waitForLoadState('networkidle');
  const bytes = files.reduce((sum, path) => sum + gzipSync(readFileSync(join(DIST, path)), { level: 9 }).length, 0);
  return { kib: bytes / 1024, files };
}

test("a new visitor's first screen (the guide) stays within its JavaScript budget", async ({ page }) => {
  const { kib, files } = await firstRouteKiB(page, '/', 'guide-skip');
  expect(kib, `${kib.toFixed(1)} KiB gzipped in ${files.length} files: ${files.join(' ')}`).toBeLessThanOrEqual(BUDGET_KIB.guide);
});

test('the sign-in page stays within its JavaScript budget', async ({ page }) => {
  const { kib, files } = await firstRouteKiB(page, '/#/pages/auth/login', 'login-submit');
  expect(kib, `${kib.toFixed(1)} KiB gzipped in ${files.length} files: ${files.join(' ')}`).toBeLessThanOrEqual(BUDGET_KIB.login);
});

// The home tab of a visitor past the guide, up to its shell: every script asked before the tab's own
// chunk (features/home/HomePage.tsx) has arrived. The shell's code and layouts are asked together when
// the route starts; the sections' chunks (HomeSections.tsx) only once that chunk has run and painted
// the shell (decision 0024, The phone profile).
test('the home tab stays within its JavaScript budget until its shell paints', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('mm.launched', '1'));
  const shell: string[] = [];
  const later: string[] = [];
  let pageArrived = false;
  page.on('request', (r) => {
    if (r.resourceType() === 'script') (pageArrived ? later : shell).push(new URL(r.url()).pathname);
  });
  page.on('requestfinished', (r) => {
    if (r.resourceType() === 'script' && new URL(r.url()).pathname.startsWith('/assets/HomePage-')) pageArrived = true;
  });
  await page.goto('/#/pages/home/index');
  await page.getByTestId('home-welcome').waitFor();
  await page.getByTestId('home-index-strip').waitFor();
  expect(
    later.some((path) => path.startsWith('/assets/HomeSections-')),
    `after the shell: ${later.join(' ')}`,
  ).toBe(true);
  const kib = shell.reduce((sum, path) => sum + gzipSync(readFileSync(join(DIST, path)), { level: 9 }).length, 0) / 1024;
  expect(kib, `${kib.toFixed(1)} KiB gzipped in ${shell.length} files: ${shell.join(' ')}`).toBeLessThanOrEqual(BUDGET_KIB.home);
});
