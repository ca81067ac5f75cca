import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ROUTES } from '../../apps/web/src/app/paths';
import { funded, get, operator, post, verifiedUser } from './api';
import { gradientPng } from './png';
import { animationsDone, expectAccessibleInBothThemes, LANGUAGES, launch, shot } from './support';

// Issue 12, the pre-opening auction: an investor orders Tencent at the auction from the order sheet
// during order input, sees the order collected (cancellable), and after the match at 09:20 sees it
// filled at the model's opening price of the day. The e2e server shares one clock with every other
// journey, so the auction's own clock is moved by the server's test-only hook (TEST_CLOCKS),
// to the latest Hong Kong session whose open has passed: its daily candle's open is the price the
// auction must print. Each screen is photographed in English, Dutch and Chinese and checked by axe.

test.use({ bypassCSP: true });

const PAGE = `/#${ROUTES.productAuction}`;
const TENCENT = '0700.HK';
const MINUTE = 60_000;
const PNG = gradientPng(160, 100);

/** A price as the app shows it: at least two decimals (Tencent trades below 1,000, so no grouping). */
const shown = (price: string) => {
  const [int, frac = ''] = price.split('.');
  return `${int}.${frac.padEnd(2, '0')}`;
};

const setClock = async (request: APIRequestContext, at: number | null) => post(request, '/test/auction/clock', await operator(request), { at });

async function photograph(page: Page, token: string, name: string, ready: (page: Page) => Promise<void>) {
  for (const language of LANGUAGES) {
    await launch(page, token, language.ui);
    await page.goto(PAGE);
    await ready(page);
    await animationsDone(page);
    await shot(page, `auction-${name}-${language.short}`);
  }
  await launch(page, token);
  await page.goto(PAGE);
  await ready(page);
}

test.afterAll(async ({ request }) => {
  await setClock(request, null);
});

test('an at-auction order placed in the pre-opening session fills at the day’s opening price', async ({ page, request }) => {
  test.setTimeout(180_000);
  const user = await verifiedUser(request, 'auc_', PNG);
  await funded(request, user, '20000', PNG);
  await post(request, '/wallet/transfer', user.token, { from: 'BALANCE', to: 'HK_STOCK', amount: '20000' }, true);

  // The latest session whose regular trading has begun: its first candle opens at 09:30 Hong Kong time.
  const kline = await get(request, `/m_ft/kline?symbol=${TENCENT}&range=1d`, user.token);
  const day = kline.candles.at(-1) as { time: number; open: string };
  // Before 09:00 and signed out: the session says when it opens, ordering needs a sign-in.
  await setClock(request, day.time - 90 * MINUTE);
  await launch(page, null);
  await page.goto(PAGE);
  await expect(page.getByTestId('auction-session')).toHaveAttribute('data-phase', 'closed');
  await expect(page.getByTestId('auction-signin')).toBeVisible();
  await expect(page.getByTestId('auction-order').first()).toBeDisabled();
  await expectAccessibleInBothThemes(page, 'the closed session, signed out');
  await shot(page, 'auction-closed-en');

  await setClock(request, day.time - 25 * MINUTE);

  await launch(page, user.token);
  await page.goto(PAGE);
  const session = page.getByTestId('auction-session');
  await expect(session).toHaveAttribute('data-phase', 'input');
  await expect(page.getByTestId('auction-countdown')).toHaveText(/^1[45] min, \d{1,2} sec$/);
  const row = page.locator(`[data-testid="auction-row"][data-symbol="${TENCENT}"]`);
  await expect(row).toBeVisible();
  await expect(page.getByTestId('auction-orders').getByTestId('empty-state')).toBeVisible();
  await expectAccessibleInBothThemes(page, 'the session in order input');
  await photograph(page, user.token, 'input', async (p) => expect(p.getByTestId('auction-session')).toHaveAttribute('data-phase', 'input'));

  // The order sheet: at-auction, one lot, leverage 1; it holds at the band's top until the match.
  await row.getByTestId('auction-order').click();
  const sheet = page.getByTestId('auction-sheet');
  await expect(sheet).toHaveAttribute('data-symbol', TENCENT);
  await page.getByTestId('auction-quantity').fill('100');
  await expect(page.getByTestId('auction-held')).toHaveText(/€[\d,]+\.\d{2}/);
  await page.getByTestId('auction-type-limit').click();
  await page.getByTestId('auction-price').fill('1');
  await page.getByTestId('auction-submit').click();
  await expect(page.getByTestId('auction-price-error')).toContainText('An at-auction limit must be between');
  await page.getByTestId('auction-type-auction').click();
  await animationsDone(page);
  await expectAccessibleInBothThemes(page, 'the order sheet');
  await shot(page, 'auction-sheet-en');
  // What it holds until the match, at the foot of the sheet.
  await page.getByTestId('auction-estimate').scrollIntoViewIfNeeded();
  await animationsDone(page);
  await shot(page, 'auction-sheet-estimate-en');
  await page.getByTestId('auction-submit').click();
  await expect(page.getByTestId('auction-confirm-summary')).toBeVisible();
  await page.getByTestId('auction-confirm').click();
  await expect(sheet).toBeHidden();

  const order = page.getByTestId('auction-order-row').first();
  await expect(order).toHaveAttribute('data-status', 'collected');
  await expect(order.getByTestId('auction-cancel')).toBeVisible();
  await expect(row).toHaveAttribute('data-price', day.open);
  await expectAccessibleInBothThemes(page, 'a collected order');
  await photograph(page, user.token, 'collected', async (p) => expect(p.getByTestId('auction-order-row').first()).toHaveAttribute('data-status', 'collected'));

  // 09:20:01 in Hong Kong: the match job (every 5 s) runs; the page asks again every 3 s.
  await setClock(request, day.time - 10 * MINUTE + 1000);
  await expect(order).toHaveAttribute('data-status', 'filled', { timeout: 20_000 });
  await expect(session).toHaveAttribute('data-phase', 'matching');
  await expect(row).toHaveAttribute('data-matched', 'true');
  await expect(row).toHaveAttribute('data-price', day.open);
  await expect(order.getByTestId('auction-order-result')).toContainText(`100 filled at ${shown(day.open)} HKD`);
  await expect(order.getByTestId('auction-cancel')).toHaveCount(0);
  await expectAccessibleInBothThemes(page, 'a filled order');
  await photograph(page, user.token, 'filled', async (p) => expect(p.getByTestId('auction-order-row').first()).toHaveAttribute('data-status', 'filled'));

  // The fill is an ordinary position at the auction price, the day's open.
  const orders = await get(request, '/auction/orders', user.token);
  const position = await post(request, '/position/detail', user.token, { id: orders.list[0].positionId });
  expect(position).toMatchObject({ status: 1, symbol: TENCENT, openPrice: day.open, quantity: '100', walletCode: 'HK_STOCK' });
  await order.getByTestId('auction-order-link').click();
  await expect(page).toHaveURL(new RegExp(`#${ROUTES.tradeDetail}\\?id=${position.id}`));
});
