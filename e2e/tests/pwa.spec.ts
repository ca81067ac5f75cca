import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '../../apps/web/src/app/paths';
import { animationsDone, launch, LANGUAGES, screen, seriousViolations } from './support';

// Issue 18, the app on a phone: the installable app's manifest and icons, the service worker that keeps
// the app shell (the app opens offline and says so, while no figure comes from the worker), and the
// specification's device prompt, "connection timed out, tap the screen to retry", in the device's
// language, when a page's code cannot be fetched or is later than the page-load timeout.

test.use({ bypassCSP: true, serviceWorkers: 'allow' });

/** A PNG's width and height, from its header. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('the manifest makes the app installable: names, standalone, start URL, theme and icons', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/manifest+json');
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
  };
  expect(manifest).toMatchObject({
    name: 'Meridian Markets',
    short_name: 'Meridian',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#0b1f3a',
    background_color: '#0b1f3a',
  });
  // Each icon is served, a PNG of the size it claims; one of 192, one of 512 and a maskable one.
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    const { width, height } = pngSize(await image.body());
    expect(`${width}x${height}`).toBe(icon.sizes);
  }
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(worker.headers()['content-type']).toContain('javascript');
});

/** Until the service worker controls the page (it takes over at once: clientsClaim). */
async function workerInControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, { timeout: 30_000 });
}

test('the worker keeps the app shell: offline, the app opens and says so, and no figure comes from the worker', async ({ page, context }) => {
  await launch(page);
  await expect(page.getByTestId('home-welcome')).toBeVisible();
  await workerInControl(page);
  // Registered after the page's load, from its own small deferred script.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL)).toMatch(/\/sw\.js$/);

  const fromWorker: string[] = [];
  page.on('response', (r) => {
    if (r.fromServiceWorker()) fromWorker.push(new URL(r.url()).pathname);
  });
  await context.setOffline(true);
  for (const language of LANGUAGES) {
    await page.evaluate((lang) => localStorage.setItem('mm.language', lang), language.ui);
    await page.reload();
    await expect(page.getByTestId('home-welcome')).toBeVisible();
    const banner = page.getByTestId('offline-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toHaveAttribute('lang', language.ui);
    await expect(banner).toHaveText(
      {
        en: /^You are offline\. Prices and balances are not updating/,
        nl: /^U bent offline\. Koersen en saldi worden niet bijgewerkt/,
        'zh-Hans': /^您已离线。行情和余额未在更新/,
      }[language.ui],
    );
    // The banner says why nothing loads: no toast for each failed request.
    await expect(page.locator('.adm-toast-main')).toHaveCount(0);
    await animationsDone(page);
    await screen(page, `pwa-offline-${language.short}`);
    expect(await seriousViolations(page), `axe offline in ${language.short}`).toEqual([]);
  }
  // The page, its code and its strings came from the worker's cache; nothing of the API did.
  expect(fromWorker).toContain('/');
  expect(fromWorker.some((path) => path.startsWith('/assets/'))).toBe(true);
  expect(fromWorker.filter((path) => path.startsWith('/web/'))).toEqual([]);

  // Back online, the banner goes.
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await page.evaluate(() => localStorage.setItem('mm.language', 'en'));
});

test.describe('a page whose code does not arrive', () => {
  // Without the worker, so that the page's own requests for the chunks are the ones held back here.
  test.use({ serviceWorkers: 'block' });
  const settingsChunk = '**/assets/SettingsPage-*.js';

  test('a failed fetch shows the timed-out prompt; a tap after the network is back loads the page', async ({ page }) => {
    await launch(page);
    await expect(page.getByTestId('home-welcome')).toBeVisible();
    await page.route(settingsChunk, (route) => route.abort('internetdisconnected'));
    await page.goto(`/#${ROUTES.settings}`);
    const prompt = page.locator('.device-prompt');
    await expect(prompt).toBeVisible();
    await expect(prompt).toHaveText('Connection timed outTap the screen to retry');
    await expect(prompt).toBeFocused();
    // The tap fetches the page's code again, in the running app: not a reload.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.unroute(settingsChunk);
    await prompt.tap();
    await expect(prompt).toHaveCount(0);
    await expect(page.getByTestId('settings-version')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  test('a tap while it still fails shows the prompt again; the next tap reloads the app, which then loads the page', async ({ page }) => {
    await launch(page);
    await expect(page.getByTestId('home-welcome')).toBeVisible();
    await page.route(settingsChunk, (route) => route.abort('connectionreset'));
    await page.goto(`/#${ROUTES.settings}`);
    const prompt = page.locator('.device-prompt');
    await expect(prompt).toBeVisible();
    await prompt.tap();
    await expect(prompt).toBeVisible();
    await page.unroute(settingsChunk);
    // A second failure in a row may be a former deploy's chunk, gone from the server: the tap reloads.
    await Promise.all([page.waitForEvent('load'), prompt.tap()]);
    await expect(page.getByTestId('settings-version')).toBeVisible();
    await expect(prompt).toHaveCount(0);
  });

  test('a page later than the page-load timeout shows the prompt, which goes when the code arrives', async ({ page }) => {
    await launch(page);
    await expect(page.getByTestId('home-welcome')).toBeVisible();
    // The page-load timeout is 60 s (PAGE_LOAD_TIMEOUT_MS); from here on 1.5 s, through the app's test flag.
    await page.evaluate(() => ((window as unknown as { __mmPageLoadTimeoutMs: number }).__mmPageLoadTimeoutMs = 1_500));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(settingsChunk, async (route) => {
      await released;
      await route.continue();
    });
    const asked = Date.now();
    await page.goto(`/#${ROUTES.settings}`);
    const prompt = page.locator('.device-prompt');
    await expect(prompt).toBeVisible();
    expect(Date.now() - asked).toBeGreaterThanOrEqual(1_400);
    release();
    await expect(prompt).toHaveCount(0);
    await expect(page.getByTestId('settings-version')).toBeVisible();
  });
});

// The prompt's language is the device's (the browser's languages), not the app's setting: the app is in Dutch
// or English here, whichever the device is not.
const DEVICE_LOCALES = [
  { locale: 'es-ES', app: 'en', text: 'Tiempo de conexión agotadoToca la pantalla para reintentar', lang: 'es' },
  { locale: 'nl-NL', app: 'en', text: 'Time-out van de verbindingTik op het scherm om opnieuw te proberen', lang: 'nl' },
  { locale: 'zh-CN', app: 'nl', text: '连接超时轻触屏幕重试', lang: 'zh-Hans' },
  { locale: 'en-US', app: 'nl', text: 'Connection timed outTap the screen to retry', lang: 'en' },
] as const;

for (const device of DEVICE_LOCALES) {
  test.describe(`a device in ${device.locale}`, () => {
    test.use({ locale: device.locale, serviceWorkers: 'block' });

    test(`shows the prompt in its language (${device.lang}), whatever the app's language`, async ({ page }) => {
      await launch(page, null, device.app);
      await expect(page.getByTestId('home-welcome')).toBeVisible();
      await page.route('**/assets/SettingsPage-*.js', (route) => route.abort('timedout'));
      await page.goto(`/#${ROUTES.settings}`);
      const prompt = page.locator('.device-prompt');
      await expect(prompt).toHaveText(device.text);
      await expect(prompt).toHaveAttribute('lang', device.lang);
      await animationsDone(page);
      await screen(page, `pwa-prompt-${device.lang}`);
      expect(await seriousViolations(page), `axe on the prompt in ${device.lang}`).toEqual([]);
    });
  });
}

// A phone with a notch and a home indicator (viewport-fit=cover in index.html): Chromium's own emulation of
// the safe-area insets, 47 px at the top and 34 px at the bottom, as on an iPhone 13.
test('the bars keep out of the notch and the home indicator', async ({ page, context }) => {
  const cdp = await context.newCDPSession(page);
  await cdp.send(
    'Emulation.setSafeAreaInsetsOverride' as 'Emulation.setDeviceMetricsOverride',
    { insets: { top: 47, bottom: 34, left: 0, right: 0 } } as never,
  );
  await launch(page);
  await expect(page.getByTestId('home-welcome')).toBeVisible();
  const style = (selector: string, property: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);
  expect(await style('.tab-bar', 'padding-bottom')).toBe('34px');
  expect(await style('.home-hero', 'padding-top')).toBe('63px');
  // The tab bar's buttons end above the home indicator.
  const tabs = await page.locator('.tab-bar-inner').boundingBox();
  expect(tabs!.y + tabs!.height).toBe(844 - 34);
  await animationsDone(page);
  await screen(page, 'pwa-safe-area-home');

  await page.goto(`/#${ROUTES.settings}`);
  await expect(page.getByTestId('settings-version')).toBeVisible();
  expect(await style('.page-nav', 'padding-top')).toBe('47px');
  expect(await style('.page-nav', 'height')).toBe('95px');
  // The title sits under the status bar, not behind it.
  const title = await page.locator('.page-nav .adm-nav-bar-title').boundingBox();
  expect(title!.y).toBeGreaterThanOrEqual(47);
  await animationsDone(page);
  await screen(page, 'pwa-safe-area-settings');

  // Offline, the banner covers the status bar and the navigation bar's title comes right under it.
  await workerInControl(page);
  await context.setOffline(true);
  const banner = await page.getByTestId('offline-banner').boundingBox();
  expect(banner!.y).toBe(0);
  const under = await page.locator('.page-nav .adm-nav-bar-title').boundingBox();
  const nav = await page.locator('.page-nav').boundingBox();
  // The navigation bar's content box starts at the banner's bottom (its padding runs under the banner).
  expect(nav!.y + 47).toBeCloseTo(banner!.height, 0);
  expect(under!.y).toBeGreaterThanOrEqual(banner!.height);
  await screen(page, 'pwa-safe-area-offline');
  await context.setOffline(false);
});
