import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '../../apps/web/src/app/paths';
import { get, register } from './api';
import { animationsDone, expectAccessible, inLanguage, LANGUAGES, launch, shot, springsDone } from './support';

// Issue 18, price alerts: a new investor opens Apple's quote page, taps the bell, sees the sheet
// check the level with the contract's rule, sets an alert at half again the live price, and finds
// it in the list of alerts as "At or above ..." with its place counted against the limit; the
// triggered tab is empty until one fires. The sheet and both tabs are photographed in English,
// Dutch and Chinese at 390x844 and checked by axe.

test.use({ bypassCSP: true });

const QUOTE = `/#${ROUTES.quoteStock}?name=Apple&code=AAPL&source=0&market=US&symbol=AAPL`;
const toast = (page: Page) => page.locator('.adm-toast-main');
const sheetUp = (page: Page) => springsDone(page, '.adm-popup-body', '.adm-popup .adm-mask');

test('an investor sets a price alert from the quote page and finds it in the list of alerts', async ({ page, request }) => {
  test.setTimeout(180_000);
  const user = await register(request, 'al_');
  const quote = (await get(request, '/m_ft/stock_detail_ft?symbol=AAPL', user.token)) as { price_nominal: string };
  // Half again the live price, on the cent: far from anything the market reaches during the test.
  const [int, frac = ''] = quote.price_nominal.split('.');
  const level = ((BigInt(int!) * 100n + BigInt((frac + '00').slice(0, 2))) * 3n) / 2n;
  const levelText = `${level / 100n}.${(level % 100n).toString().padStart(2, '0')}`;
  const shown = `${(level / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${(level % 100n).toString().padStart(2, '0')}`;

  await launch(page, user.token);

  // ---- the sheet, in every language ----
  for (const language of LANGUAGES) {
    await inLanguage(page, language.ui, QUOTE);
    await page.getByTestId('quote-alert').click();
    await expect(page.getByTestId('alert-sheet')).toBeVisible();
    await sheetUp(page);
    await shot(page, `alerts-sheet-${language.short}`);
    await expectAccessible(page, `the alert sheet in ${language.short}`);
  }
  await inLanguage(page, 'en', QUOTE);
  await page.getByTestId('quote-alert').click();
  await sheetUp(page);
  await expect(page.getByTestId('alert-sheet')).toContainText('Price alert · Apple Inc.');

  // ---- the contract's rule before any call, then the alert set ----
  await page.getByTestId('alert-submit').click();
  await expect(page.getByTestId('alert-level-error')).toHaveText('Enter a price above 0');
  await page.getByTestId('alert-level').fill(levelText);
  await page.getByTestId('alert-submit').click();
  await expect(toast(page)).toHaveText('Alert set: you will be told once');
  await expect(page.getByTestId('alert-sheet')).toHaveCount(0);

  const listed = (await get(request, '/priceAlert/list', user.token)) as {
    list: Array<{ symbol: string; kind: string; direction: string; level: string; status: string }>;
    active: number;
  };
  expect(listed.list.map((a) => [a.symbol, a.kind, a.direction, a.level, a.status])).toEqual([['AAPL', 'price', 'above', levelText, 'active']]);
  expect(listed.active).toBe(1);

  // ---- the list: the alert waiting, the triggered tab empty ----
  await page.goto(`/#${ROUTES.alerts}`);
  const row = page.getByTestId('alert-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('alert-condition')).toHaveText(`At or above ${shown} USD`);
  await expect(row.getByTestId('alert-status')).toHaveText('Active');
  await expect(page.getByTestId('alert-count')).toHaveText('1 of 50 active');

  for (const language of LANGUAGES) {
    await inLanguage(page, language.ui, `/#${ROUTES.alerts}`);
    await expect(page.getByTestId('alert-row')).toHaveCount(1);
    await animationsDone(page);
    await shot(page, `alerts-list-${language.short}`);
    await expectAccessible(page, `the alerts list in ${language.short}`);
    await page.getByTestId('alerts-tab-triggered').click();
    // The server backfills the house strategies while the journeys start: an answer may wait on it for seconds.
    await expect(page.getByTestId('empty-state')).toBeVisible({ timeout: 30_000 });
    await animationsDone(page);
    await shot(page, `alerts-empty-${language.short}`);
    await expectAccessible(page, `the empty triggered tab in ${language.short}`);
  }
  await inLanguage(page, 'nl', `/#${ROUTES.alerts}`);
  await expect(page.getByTestId('alert-condition')).toHaveText(`Op of boven ${shown.replace(/,/g, 'X').replace('.', ',').replace(/X/g, '.')} USD`);

  // ---- paused from the list, in place ----
  await inLanguage(page, 'en', `/#${ROUTES.alerts}`);
  await page.getByTestId('alert-toggle').click();
  await expect(page.getByTestId('alert-status')).toHaveText('Paused');
  await expect(page.getByTestId('alert-count')).toHaveText('0 of 50 active');
});
