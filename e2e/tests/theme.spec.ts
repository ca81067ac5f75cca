import { expect, test, type Locator, type Page } from '@playwright/test';
import { ROUTES } from '../../apps/web/src/app/paths';
import { register } from './api';
import { animationsDone, instrumentQuery, LANGUAGES, launch, open, seriousViolations, shot } from './support';

// Issue 11, item 15: light, dark and the system's theme, and red up, green down, both set in
// Settings, "Appearance", and kept on the device (apps/web/src/lib/theme.ts, app/global.css).

// The app's CSP (script-src 'self') would refuse the injected axe script.
test.use({ bypassCSP: true });

/** The dark theme's page, card and text colours (app/global.css), as computed styles give them. */
const DARK = { bg: 'rgb(12, 17, 25)', card: 'rgb(21, 27, 38)', text: 'rgb(232, 236, 243)' };
const LIGHT = { bg: 'rgb(243, 245, 249)', card: 'rgb(255, 255, 255)' };
/** Rise and fall as text in the dark theme: the bright green and the lighter red. */
const DARK_GREEN_TEXT = 'rgb(33, 229, 123)';
const DARK_RED_TEXT = 'rgb(255, 92, 147)';
const LIGHT_RED_TEXT = 'rgb(212, 0, 77)';

const css = (locator: Locator, property: string) => locator.evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);
const html = (page: Page) => page.locator('html');

/** Crypto trades around the clock: its list has rising and falling figures at any hour. */
const LIVE_LIST = `${ROUTES.market}?seg=CRYPTO`;

/**
 * The colours of the market list's rising and falling changes ("+1.23%", "-0.45%"), each read with
 * its text at one instant (the figures move live). At least one figure must have moved.
 */
async function changeColours(page: Page): Promise<{ rising: string[]; falling: string[] }> {
  const changes = page.getByTestId('market-list').getByTestId('market-row-change');
  await expect(changes.first()).toBeVisible();
  let colours = { rising: [] as string[], falling: [] as string[] };
  await expect(async () => {
    colours = await changes.evaluateAll((cells) => {
      const read = cells.map((cell) => ({ text: cell.textContent ?? '', colour: getComputedStyle(cell).color }));
      return {
        rising: read.filter((c) => c.text.startsWith('+')).map((c) => c.colour),
        falling: read.filter((c) => /^[-−]/.test(c.text)).map((c) => c.colour),
      };
    });
    expect(colours.rising.length + colours.falling.length, 'a figure that moved').toBeGreaterThan(0);
  }).toPass();
  return colours;
}

for (const language of LANGUAGES) {
  test(`dark theme and red up, green down (${language.ui})`, async ({ page, request }) => {
    const user = await register(request, `theme${language.short}_`);
    await launch(page, user.token, language.ui);
    // A fresh device: the system's theme (light here), green up.
    await open(page, ROUTES.settings);
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    await expect(html(page)).toHaveAttribute('data-rise', 'green');
    await expect(page.getByTestId('settings-theme-system')).toHaveAttribute('aria-checked', 'true');
    expect(await css(page.locator('body'), 'background-color')).toBe(LIGHT.bg);

    await page.getByTestId('settings-theme-dark').click();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    // antd-mobile's own dark mode, and the browser's controls
    await expect(html(page)).toHaveAttribute('data-prefers-color-scheme', 'dark');
    await expect(page.getByTestId('settings-theme-dark')).toHaveAttribute('aria-checked', 'true');
    expect(await css(page.locator('body'), 'background-color')).toBe(DARK.bg);
    expect(await css(page.getByTestId('settings-appearance'), 'background-color')).toBe(DARK.card);
    expect(await css(page.locator('.page-nav'), 'background-color')).toBe(DARK.card);
    expect(await css(page.getByTestId('settings-version'), 'color')).not.toBe('rgb(51, 51, 51)');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#0c1119');
    expect(await css(page.getByTestId('settings-rise-sample-up'), 'color')).toBe(DARK_GREEN_TEXT);
    await animationsDone(page);
    await shot(page, `theme-dark-settings-${language.short}`);

    // The market list and a quote page, dark; the chart re-styled in the theme.
    await open(page, LIVE_LIST);
    const green = await changeColours(page);
    expect(new Set(green.rising)).toEqual(new Set(green.rising.length ? [DARK_GREEN_TEXT] : []));
    expect(new Set(green.falling)).toEqual(new Set(green.falling.length ? [DARK_RED_TEXT] : []));
    expect(await css(page.getByTestId('market-list').getByTestId('market-row').first(), 'background-color')).toBe(DARK.card);
    await shot(page, `theme-dark-market-${language.short}`);
    const query = await instrumentQuery(page);
    await expect(page.getByTestId('chart')).toHaveAttribute('data-ready', 'true');
    await expect(page.getByTestId('chart')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByTestId('chart')).not.toHaveAttribute('data-candles', '0');
    await animationsDone(page);
    await shot(page, `theme-dark-quote-${language.short}`);

    // Red up, green down: a rising figure turns red, a falling one green; the chart follows.
    await open(page, ROUTES.settings);
    await page.getByTestId('settings-rise-red').click();
    await expect(html(page)).toHaveAttribute('data-rise', 'red');
    await expect(page.getByTestId('settings-rise-red')).toHaveAttribute('aria-checked', 'true');
    expect(await css(page.getByTestId('settings-rise-sample-up'), 'color')).toBe(DARK_RED_TEXT);
    expect(await css(page.getByTestId('settings-rise-sample-down'), 'color')).toBe(DARK_GREEN_TEXT);
    await animationsDone(page);
    await shot(page, `theme-dark-red-up-settings-${language.short}`);
    await open(page, LIVE_LIST);
    const red = await changeColours(page);
    expect(new Set(red.rising)).toEqual(new Set(red.rising.length ? [DARK_RED_TEXT] : []));
    expect(new Set(red.falling)).toEqual(new Set(red.falling.length ? [DARK_GREEN_TEXT] : []));
    await shot(page, `theme-dark-red-up-market-${language.short}`);
    await open(page, `/pages/quote/stock${query}`);
    await expect(page.getByTestId('chart')).toHaveAttribute('data-rise', 'red');

    // Kept on the device: the next start is dark and red up at once; light keeps red up.
    await page.reload();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await expect(html(page)).toHaveAttribute('data-rise', 'red');
    await open(page, ROUTES.settings);
    await page.getByTestId('settings-theme-light').click();
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    await expect(html(page)).not.toHaveAttribute('data-prefers-color-scheme', 'dark');
    expect(await css(page.locator('body'), 'background-color')).toBe(LIGHT.bg);
    expect(await css(page.getByTestId('settings-appearance'), 'background-color')).toBe(LIGHT.card);
    expect(await css(page.getByTestId('settings-rise-sample-up'), 'color')).toBe(LIGHT_RED_TEXT);
  });
}

/** The colours the chart's canvases have in their top left corner: the pane's background among them. */
async function chartCorners(page: Page): Promise<string[]> {
  return page.getByTestId('chart').evaluate((chart) =>
    [...chart.querySelectorAll('canvas')].map((canvas) => {
      const [r, g, b] = canvas.getContext('2d')?.getImageData(4, 4, 1, 1).data ?? [];
      return `rgb(${r}, ${g}, ${b})`;
    }),
  );
}

test('"System" follows the system\'s light or dark mode as it changes, the chart too', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await launch(page, null);
  await open(page, ROUTES.settings);
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  expect(await css(page.locator('body'), 'background-color')).toBe(DARK.bg);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  // A chart on screen re-styles itself when the system changes.
  await instrumentQuery(page);
  const chart = page.getByTestId('chart');
  await expect(chart).toHaveAttribute('data-ready', 'true');
  await expect(chart).toHaveAttribute('data-theme', 'light');
  await expect.poll(() => chartCorners(page)).toContain(LIGHT.card);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await expect(chart).toHaveAttribute('data-theme', 'dark');
  await expect.poll(() => chartCorners(page)).toContain(DARK.card);
  await expect.poll(() => chartCorners(page)).not.toContain(LIGHT.card);
  await open(page, ROUTES.settings);
  // A chosen theme stays, whatever the system does.
  await page.getByTestId('settings-theme-light').click();
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
});

test('the dark theme has no serious or critical accessibility violation, green or red up (axe-core)', async ({ page, request }) => {
  const user = await register(request, 'themeaxe_');
  await launch(page, user.token);
  // Stored choices are read when the app starts: start it again.
  await page.evaluate(() => localStorage.setItem('mm.theme', 'dark'));
  await page.reload();
  const instrument = await instrumentQuery(page);
  const routes = [ROUTES.home, `${ROUTES.market}?seg=US`, `/pages/quote/stock${instrument}`, ROUTES.transactions, ROUTES.settings, ROUTES.profile];
  const found: Record<string, string[]> = {};
  const details: string[] = [];
  for (const rise of ['green', 'red']) {
    await page.evaluate((value) => localStorage.setItem('mm.rise', value), rise);
    await page.reload();
    for (const route of routes) {
      await open(page, route);
      await expect(html(page)).toHaveAttribute('data-theme', 'dark');
      await expect(html(page)).toHaveAttribute('data-rise', rise);
      const violations = await seriousViolations(page);
      if (violations.length === 0) continue;
      found[`${rise} ${route}`] = [...new Set(violations.map((v) => v.id))].sort();
      for (const v of violations)
        details.push(
          `${rise} ${route} ${v.id}: ${v.help}\n${v.nodes
            .slice(0, 6)
            .map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary?.split('\n').slice(1).join(' ') ?? ''}`)
            .join('\n')}`,
        );
    }
  }
  if (details.length) console.log(`axe, dark theme:\n${details.join('\n')}`);
  expect(found).toEqual({});
});
