import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '../../apps/web/src/app/paths';
import { funded, get, post, register, verifiedUser } from './api';
import { documentPng } from './png';
import { animationsDone, LANGUAGES, launch, open, seriousViolations, shot } from './support';

// Issue 18, portfolio analytics: an investor who deposited 1,000 euros, moved 500 to the forex
// wallet and bought a little bitcoin reads the account's value, its returns, the day in the P&L
// calendar, the P&L by instrument and market and the allocation; a new account sees the empty state.
// Each screen is photographed in English, Dutch and Chinese at 390x844 and checked by axe. The
// position floats with the live simulated market: the server's test recomputes the figures to the
// cent, this one checks that the screen shows the server's.

test.use({ bypassCSP: true });

const PNG = documentPng();
const today = new Date().toISOString().slice(0, 10);

async function axe(page: Page, what: string) {
  await animationsDone(page);
  expect(await seriousViolations(page), `axe on ${what}`).toEqual([]);
}

async function photograph(page: Page, name: string, ready: string, lower: string[] = []) {
  for (const language of LANGUAGES) {
    await page.evaluate((lang) => localStorage.setItem('mm.language', lang), language.ui);
    await page.reload();
    await open(page, ROUTES.analytics);
    await expect(page.locator(ready).first()).toBeVisible();
    // The app keeps a page's scroll across reloads: each language's first photograph starts at the top.
    await page.getByTestId('analytics-periods').evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await animationsDone(page);
    await shot(page, `analytics-${name}-${language.short}`);
    await axe(page, `${name} in ${language.short}`);
    // The page is longer than the screen: its lower sections are photographed too.
    for (const [i, section] of lower.entries()) {
      await page.locator(section).evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await animationsDone(page);
      await shot(page, `analytics-${name}-${i + 2}-${language.short}`);
    }
  }
  await page.evaluate(() => localStorage.setItem('mm.language', 'en'));
  await page.reload();
  await open(page, ROUTES.analytics);
}

test('the account’s value, returns, P&L calendar and allocation, and a new account’s empty page', async ({ page, request }) => {
  test.setTimeout(180_000);
  const user = await verifiedUser(request, 'ana', PNG);
  await funded(request, user, '1000', PNG);
  await post(request, '/wallet/transfer', user.token, { from: 'BALANCE', to: 'FOREX', amount: '500' }, true);
  await post(request, '/trading/leverageRisk/acknowledge', user.token, { version: 1 });
  await post(
    request,
    '/gold/create',
    user.token,
    { stockCode: 'BTCUSDT', stockName: 'Bitcoin', direction: 0, source: 100, type: 0, quantity: '0.01', leverage: 10, goldCode: 'BTCUSDT' },
    true,
  );
  const api = await get(request, '/analytics?period=1M', user.token);
  expect(api.days.at(-1)).toMatchObject({ day: today, flow: '1000.00' });
  expect(api.byInstrument.map((r: { symbol: string }) => r.symbol)).toEqual(['BTCUSDT']);

  await launch(page, user.token);
  // The way in: the profile's funds section.
  await open(page, ROUTES.profile);
  await page.getByText('Analytics', { exact: true }).click();
  await expect(page.getByTestId('analytics-periods')).toBeVisible();
  await photograph(page, 'account', '[data-testid="analytics-summary"]', ['[data-testid="analytics-calendar"]', '[data-testid="analytics-allocation"]']);
  await expect(page.getByTestId('analytics-valued-note')).toContainText('valued at the close of each day');
  // A word joiner holds the sign to the amount.
  await expect(page.getByTestId('analytics-flow')).toHaveText('+\u2060€1,000.00');
  await expect(page.getByTestId('analytics-chart')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('analytics-chart')).toHaveAttribute('data-points', String(api.days.length));
  await expect(page.getByTestId('analytics-twr')).toHaveText(/^[+-]?\d+\.\d\d%$/);
  await expect(page.getByTestId('analytics-mwr')).toHaveText(/^[+-]?\d+\.\d\d%$/);
  await expect(page.getByTestId('analytics-instruments-row')).toHaveAttribute('data-key', 'BTCUSDT');
  await expect(page.getByTestId('analytics-markets-row')).toHaveAttribute('data-key', 'CRYPTO');
  await expect(page.getByTestId('allocation-market-row')).toHaveCount(2);
  await expect(page.getByTestId('allocation-class-row').first()).toHaveAttribute('data-key', 'crypto');

  // The calendar: today's cell, tapped, tells its figure; a day before the account is outside the period.
  const day = page.locator(`[data-testid="calendar-day"][data-day="${today}"]`);
  await day.scrollIntoViewIfNeeded();
  await day.click();
  await expect(page.getByTestId('calendar-figure')).toContainText('money in or out +\u2060€1,000.00');
  const pnl = await day.getAttribute('data-pnl');
  expect(pnl).toMatch(/^-?\d+\.\d\d$/);
  await expect(day).toHaveClass(pnl!.startsWith('-') ? /fall/ : /0\.00$/.test(pnl!) ? /flat/ : /rise/);
  await shot(page, 'analytics-calendar-en');

  // Other periods answer for the same account.
  await page.getByTestId('analytics-period-ALL').click();
  await expect(page.getByTestId('analytics-period-ALL')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('analytics-summary')).toBeVisible();

  // A new account: nothing yet, and it says what will appear.
  const fresh = await register(request, 'ana0');
  await launch(page, fresh.token);
  await photograph(page, 'empty', '[data-testid="analytics-empty"]');
  await expect(page.getByTestId('analytics-empty')).toContainText('No history yet');
});
