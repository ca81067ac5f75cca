import { expect, test, type APIRequestContext } from '@playwright/test';
import { funded, get, post, verifiedUser } from './api';
import { gradientPng } from './png';
import { animationsDone, cents, euros, launch, shot } from './support';

// Trading journeys: a verified, funded user buys bitcoin from its quote page, watches the P&L move,
// closes the position and sees the wallet settle; a limit order rests and is cancelled. Bitcoin
// trades around the clock, so these run whatever the time. Setup goes through the API.

const BTC_QUOTE = '/#/pages/quote/forex?name=Bitcoin&code=BTC%2FUSDT&source=100&market=CRYPTO&symbol=BTCUSDT';
const BTC_ORDER = '/#/pages/payment/forex?name=Bitcoin&code=BTC%2FUSDT&source=100&direction=0&market=CRYPTO&symbol=BTCUSDT';

const PNG = gradientPng(160, 100);

/** A verified user with 5,000 euros deposited and 1,000 of them in the FOREX wallet (bitcoin trades through it). */
async function trader(request: APIRequestContext) {
  const user = await verifiedUser(request, 'tr_', PNG);
  await funded(request, user, '5000', PNG);
  await post(request, '/wallet/transfer', user.token, { from: 'BALANCE', to: 'FOREX', amount: '1000' }, true);
  return user;
}

async function forexBalance(request: APIRequestContext, token: string): Promise<string> {
  const wallets = (await post(request, '/wallet/getWalletBalance', token)) as Array<{ code: string; balance: string }>;
  return wallets.find((w) => w.code === 'FOREX')!.balance;
}

const gold = (quantity: string, leverage: number, extra: Record<string, unknown> = {}) => ({
  stockCode: 'BTCUSDT',
  stockName: 'Bitcoin',
  direction: 0,
  source: 100,
  type: 0,
  quantity,
  leverage,
  goldCode: 'BTCUSDT',
  goldName: 'Bitcoin',
  ...extra,
});

// ---- journeys ----

test('buy bitcoin from its quote page, watch the P&L move, close it, the wallet settles', async ({ page, request }) => {
  const user = await trader(request);
  await launch(page, user.token);

  await page.goto(BTC_QUOTE);
  await page.getByTestId('quote-buy').click();
  await expect(page).toHaveURL(/#\/pages\/payment\/forex\?.*symbol=BTCUSDT/);
  await expect(page.getByTestId('order-direction-buy')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('order-type-market')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('order-available')).toHaveText('€1,000.00');

  // Nothing entered: the quantity is asked for.
  await page.getByTestId('order-submit').click();
  await expect(page.getByTestId('order-quantity-error')).toBeVisible();

  await page.getByTestId('order-leverage-5').click();
  await expect(page.getByTestId('order-leverage-5')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('order-half').click();
  await expect(page.getByTestId('order-quantity')).toHaveValue(/^0\.\d+$/);
  await expect(page.getByTestId('order-margin')).toContainText('USDT');
  await expect(page.getByTestId('order-fee')).toContainText('USDT');
  await expect(page.getByTestId('order-liquidation')).toHaveText(/^\d{2},\d{3}\.\d{2}$/);
  await expect(page.getByTestId('order-liquidation-note')).toContainText('The liquidation price is fixed when the order fills');
  await expect(page.getByTestId('order-short')).toHaveCount(0);
  await shot(page, 'trade-order-en');

  await page.getByTestId('order-submit').click();
  await expect(page.getByTestId('order-confirm-summary')).toContainText('5x');
  await animationsDone(page); // the dialog's fade-in
  await shot(page, 'trade-order-confirm-en');
  await page.getByTestId('order-confirm').click();

  await expect(page).toHaveURL(/#\/pages\/trade\/index\?tab=holding/);
  await expect(page.getByTestId('trade-tab-holding')).toHaveAttribute('aria-selected', 'true');
  const row = page.locator('[data-testid="position-row"][data-symbol="BTCUSDT"]').first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('5x');
  const profit = row.getByTestId('position-profit');
  await expect(profit).toHaveAttribute('data-value', /^-?\d+\.\d{2}$/);
  const before = await profit.getAttribute('data-value');
  // The P&L follows the live price without a reload.
  await expect.poll(() => profit.getAttribute('data-value'), { timeout: 30_000, intervals: [1000] }).not.toBe(before);
  await expect(page.getByTestId('trade-total-margin')).toContainText('€');
  await shot(page, 'trade-holding-en');

  await row.click();
  await expect(page).toHaveURL(/#\/pages\/trade\/detail\?id=\d+/);
  await expect(page.getByTestId('detail-status')).toHaveAttribute('data-status', '1');
  await expect(page.getByTestId('detail-leverage')).toHaveText('5x');
  await expect(page.getByTestId('detail-positionNum')).not.toBeEmpty();
  await expect(page.getByTestId('detail-liquidation')).toHaveText(/\d/);
  await shot(page, 'trade-detail-en');

  await page.getByTestId('position-close').click();
  await expect(page).toHaveURL(/#\/pages\/payment\/close\?id=\d+/);
  await expect(page.getByTestId('close-quantity')).toHaveValue(/^0\.\d+$/);
  // The estimate shows price, quantity, gross P&L, both fees and the net result.
  await expect(page.getByTestId('close-estimate-gross')).toContainText('€');
  await expect(page.getByTestId('close-estimate-close-fee')).toHaveText(/^€\d+\.\d{2}$/);
  await expect(page.getByTestId('close-estimate-open-fee')).toHaveText(/^€\d+\.\d{2}$/);
  await expect(page.getByTestId('close-estimate-net')).toContainText('€');
  await shot(page, 'trade-close-en');
  // One tap does not close: the estimate is confirmed first.
  await page.getByTestId('close-confirm').click();
  await expect(page.getByTestId('close-confirm-summary-net')).toContainText('€');
  await expect(page.getByTestId('close-confirm-summary-close-fee')).toHaveText(/^€\d+\.\d{2}$/);
  await animationsDone(page); // the dialog's fade-in
  await shot(page, 'trade-close-confirm-en');
  await page.getByTestId('close-confirm-yes').click();

  await expect(page).toHaveURL(/#\/pages\/trade\/index\?tab=closed/);
  const closed = page.getByTestId('closed-row').first();
  await expect(closed).toHaveAttribute('data-symbol', 'BTCUSDT');
  await expect(closed).toHaveAttribute('data-reason', 'user');
  await expect(closed.getByTestId('closed-net')).toHaveAttribute('data-value', /^-?\d+\.\d{2}$/);
  await expect(closed.getByTestId('closed-gross')).toHaveAttribute('data-value', /^-?\d+\.\d{2}$/);
  await shot(page, 'trade-closed-en');
  const id = Number(await closed.getAttribute('data-id'));
  const shownNet = (await closed.getByTestId('closed-net').getAttribute('data-value'))!;
  // The closed position's detail tells its story: placed, filled, closed; and its figures, labelled.
  await closed.click();
  await expect(page.getByTestId('detail-history-row')).toHaveCount(3);
  await expect(page.getByTestId('detail-history-row').last()).toHaveAttribute('data-event', 'closed');
  await expect(page.getByTestId('detail-profit')).toHaveAttribute('data-value', shownNet);
  await expect(page.getByTestId('detail-gross')).toContainText('€');
  await expect(page.getByTestId('detail-net')).toContainText('€');
  await shot(page, 'trade-closed-detail-en');
  await page.goto('/#/pages/trade/index?tab=holding');
  await expect(page.getByTestId('position-row')).toHaveCount(0);

  // The net result is what the FOREX wallet moved: gross P&L less both fees, from 1,000.00.
  const settled = (await post(request, '/position/detail', user.token, { id })) as { handlingFee: string; closeFee: string; grossProfit: string; netProfit: string };
  expect(settled.netProfit).toBe(shownNet);
  expect(cents(settled.netProfit)).toBe(cents(settled.grossProfit) - cents(settled.handlingFee) - cents(settled.closeFee));
  const expected = cents('1000.00') + cents(settled.netProfit);
  await page.goto('/#/pages/profile/transaction?tab=FOREX');
  await expect(page.getByTestId('wallet-balance-FOREX')).toHaveText(euros(expected));
  await expect(page.getByTestId('wallet-used-FOREX')).toHaveText('€0.00');
  expect(cents(await forexBalance(request, user.token))).toBe(expected);
});

test('a limit order far below the price rests among the orders and is cancelled', async ({ page, request }) => {
  const user = await trader(request);
  await launch(page, user.token);

  await page.goto(BTC_ORDER);
  await page.getByTestId('order-type-limit').click();
  const last = await page.getByTestId('order-last').getAttribute('data-price');
  const far = String(Math.floor(Number(last) / 2));
  await page.getByTestId('order-price').fill(far);
  await page.getByTestId('order-quantity').fill('0.001');
  await page.getByTestId('order-leverage-2').click();
  await expect(page.getByTestId('order-margin')).toContainText('USDT');
  await page.getByTestId('order-submit').click();
  await page.getByTestId('order-confirm').click();

  await expect(page).toHaveURL(/#\/pages\/trade\/index\?tab=entrusted/);
  const order = page.getByTestId('entrusted-row').first();
  await expect(order).toHaveAttribute('data-symbol', 'BTCUSDT');
  await expect(order.getByTestId('entrusted-price')).toContainText(far.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
  await shot(page, 'trade-entrusted-en');
  // The row shows the margin and the fee it holds; their sum is what the wallet holds.
  const [margin, fee, held] = await Promise.all(['entrusted-margin', 'entrusted-fee', 'entrusted-held'].map((t) => order.getByTestId(t).textContent()));
  const amount = (text: string | null | undefined) => cents(text!.replace(/[€,]/g, ''));
  expect(amount(held)).toBe(amount(margin) + amount(fee));
  expect(cents(await forexBalance(request, user.token))).toBe(cents('1000.00') - amount(held));

  await order.getByTestId('entrusted-cancel').click();
  await page.getByTestId('entrusted-cancel-confirm').click();
  await expect(page.getByTestId('entrusted-row')).toHaveCount(0);
  await expect(page.getByTestId('empty-state')).toBeVisible();
  expect(await forexBalance(request, user.token)).toBe('1000.00');
});

test('trading screens in Dutch and Chinese', async ({ page, request }) => {
  const user = await trader(request);
  // One closed position, one open position and one entrusted order, through the API.
  const first = (await post(request, '/gold/create', user.token, gold('0.002', 5), true)) as { id: number };
  await post(request, '/position/flatPosition', user.token, { id: first.id }, true);
  const open = (await post(request, '/gold/create', user.token, gold('0.003', 10), true)) as { id: number };
  const quote = (await get(request, '/crypto/stock_detail_ft?symbol=BTCUSDT', user.token)) as { price_nominal: string };
  const far = String(Math.floor(Number(quote.price_nominal) / 2));
  await post(request, '/gold/create', user.token, gold('0.001', 2, { type: 1, price: far }), true);

  for (const lang of ['nl', 'zh-Hans'] as const) {
    await launch(page, user.token, lang);
    await page.goto(BTC_ORDER);
    await page.getByTestId('order-leverage-5').click();
    await page.getByTestId('order-half').click();
    await expect(page.getByTestId('order-margin')).toContainText('USDT');
    await shot(page, `trade-order-${lang}`);

    await page.goto('/#/pages/trade/index?tab=holding');
    await expect(page.locator(`[data-testid="position-row"][data-id="${open.id}"]`)).toBeVisible();
    await shot(page, `trade-holding-${lang}`);
    await page.getByTestId('trade-tab-closed').click();
    await expect(page.getByTestId('closed-row').first()).toHaveAttribute('data-id', String(first.id));
    await shot(page, `trade-closed-${lang}`);
    await page.getByTestId('trade-tab-entrusted').click();
    await expect(page.getByTestId('entrusted-row')).toHaveCount(1);
    await shot(page, `trade-entrusted-${lang}`);
    await page.getByTestId('trade-tab-bonds').click();
    await expect(page.getByTestId('empty-state')).toBeVisible();

    await page.goto(`/#/pages/trade/detail?id=${open.id}`);
    await expect(page.getByTestId('detail-status')).toHaveAttribute('data-status', '1');
    await shot(page, `trade-detail-${lang}`);
    await page.getByTestId('detail-history').scrollIntoViewIfNeeded();
    await shot(page, `trade-detail-history-${lang}`);

    // The closed position's figures, and the close confirmation (cancelled: the position stays open).
    await page.goto(`/#/pages/trade/detail?id=${first.id}`);
    await expect(page.getByTestId('detail-status')).toHaveAttribute('data-status', '3');
    await expect(page.getByTestId('detail-net')).toContainText('€');
    await shot(page, `trade-closed-detail-${lang}`);
    await page.goto(`/#/pages/payment/close?id=${open.id}`);
    await expect(page.getByTestId('close-estimate-net')).toContainText('€');
    await page.getByTestId('close-confirm').click();
    await expect(page.getByTestId('close-confirm-summary-net')).toContainText('€');
    await animationsDone(page); // the dialog's fade-in
    await shot(page, `trade-close-confirm-${lang}`);
    await page.locator('.adm-dialog').getByRole('button', { name: lang === 'nl' ? 'Annuleren' : '取消' }).click();
    await expect(page.getByTestId('close-confirm-summary')).toHaveCount(0);
  }
});
