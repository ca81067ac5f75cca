// Over 400 lines: the trading journeys (order sheet, confirmation, positions, closing) sharing the funded investor and the quote helpers of this file.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { funded, get, post, verifiedUser } from './api';
import { gradientPng } from './png';
import { animationsDone, cents, euros, launch, shot, springsDone } from './support';

// Trading journeys: a verified, funded user buys bitcoin from the order sheet over its quote page,
// acknowledging the risk of leverage above bitcoin's retail cap of 2:1 once, watches the P&L move,
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

const still = springsDone;

/** The order sheet is up and settled, the quote's head in view above it. */
async function sheetUp(page: Page) {
  const sheet = page.getByTestId('order-sheet');
  await expect(sheet).toBeVisible();
  await still(page, '.order-sheet', '.adm-popup .adm-mask');
  // The quote's price is a new element at each tick (it flashes): measure one that is on screen, asking
  // again when a tick replaced it between finding it and measuring it.
  let price: { y: number; height: number } | null = null;
  for (let tries = 0; price === null && tries < 20; tries += 1) {
    await expect(page.getByTestId('quote-price')).toBeVisible();
    price = await page.getByTestId('quote-price').boundingBox();
  }
  const top = (await sheet.boundingBox())!.y;
  expect(price, 'the quote price measured').not.toBeNull();
  expect(price!.y + price!.height).toBeLessThanOrEqual(top);
}

/** The newest dialog (the risk warning, the confirmation) is up and settled. */
const dialogUp = (page: Page) => still(page, '.adm-dialog .adm-center-popup-wrap > div', '.adm-dialog .adm-mask');

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
  // The order form opens in a sheet over the quote, kept in the URL.
  await expect(page).toHaveURL(/#\/pages\/quote\/forex\?.*symbol=BTCUSDT.*&order=buy/);
  await sheetUp(page);
  await expect(page.getByTestId('order-sheet-title')).toHaveText('Bitcoin');
  await expect(page.getByTestId('order-direction-buy')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('order-type-market')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('order-available')).toHaveText('€1,000.00');

  // Nothing entered: the quantity is asked for.
  await page.getByTestId('order-submit').click();
  await expect(page.getByTestId('order-quantity-error')).toBeVisible();

  // Bitcoin's retail cap is 2:1 (ESMA's for crypto): said next to the leverages.
  await expect(page.getByTestId('order-leverage-cap')).toHaveText('Retail limit 2:1. Above it we ask you once to acknowledge the risk.');
  await page.getByTestId('order-leverage-5').click();
  await expect(page.getByTestId('order-leverage-5')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('order-half').click();
  await expect(page.getByTestId('order-quantity')).toHaveValue(/^0\.\d+$/);
  await expect(page.getByTestId('order-margin')).toContainText('USDT');
  await expect(page.getByTestId('order-fee')).toContainText('USDT');
  await expect(page.getByTestId('order-liquidation')).toHaveText(/^\d{2},\d{3}\.\d{2}$/);
  await expect(page.getByTestId('order-liquidation-note')).toContainText('The liquidation price is fixed when the order fills');
  await expect(page.getByTestId('order-short')).toHaveCount(0);
  await shot(page, 'trade-sheet-en');
  // The form scrolls inside the sheet down to its submit bar.
  await page.getByTestId('order-estimate').scrollIntoViewIfNeeded();
  await shot(page, 'trade-sheet-estimate-en');

  // 5x is above the cap: the risk warning comes first, and asks for the checkbox.
  await page.getByTestId('order-submit').click();
  await expect(page.getByTestId('leverage-risk')).toBeVisible();
  await expect(page.getByTestId('leverage-risk-intro')).toContainText('5x on Bitcoin is above the 2:1 limit');
  await expect(page.getByTestId('leverage-risk-warning')).toHaveText(
    'Leverage multiplies losses as much as gains: at 5x, a price move of 20% against you costs your whole margin.',
  );
  await expect(page.getByTestId('leverage-risk-confirm')).toBeDisabled();
  await dialogUp(page);
  await shot(page, 'trade-risk-ack-en');
  await page.getByTestId('leverage-risk-check').click();
  await page.getByTestId('leverage-risk-confirm').click();

  // Then the confirmation: notional, margin, fee, liquidation price, and the euros the FOREX wallet pays.
  const summary = page.getByTestId('order-confirm-summary');
  await expect(summary).toContainText('5x');
  await expect(summary.getByTestId('confirm-leverage')).toContainText('Above the 2:1 retail limit');
  await expect(summary.getByTestId('confirm-notional')).toHaveText(/^[\d,]+\.\d{2} USDT$/);
  await expect(summary.getByTestId('confirm-liquidation')).toHaveText(/^\d{2},\d{3}\.\d{2}$/);
  await expect(summary.getByTestId('confirm-wallet-notional')).toHaveText(/^€[\d,]+\.\d{2}$/);
  await expect(summary.getByTestId('confirm-wallet-margin')).toHaveText(/^€[\d,]+\.\d{2}$/);
  await expect(summary.getByTestId('confirm-wallet-fee')).toHaveText(/^€\d+\.\d{2}$/);
  await expect(summary.getByTestId('confirm-wallet-total')).toHaveText(/^€[\d,]+\.\d{2}$/);
  await expect(summary.getByTestId('confirm-wallet')).toContainText('From your Forex & crypto wallet');
  await dialogUp(page);
  await shot(page, 'trade-order-confirm-en');
  await page.getByTestId('order-confirm').click();

  await expect(page).toHaveURL(/#\/pages\/trade\/index\?tab=holding/);
  await expect(page.getByTestId('trade-tab-holding')).toHaveAttribute('aria-selected', 'true');
  const row = page.locator('[data-testid="position-row"][data-symbol="BTCUSDT"]').first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('5x');
  // The positions took the sheet's place in the history: Back is the quote, without the sheet.
  await page.goBack();
  await expect(page).toHaveURL(/#\/pages\/quote\/forex\?(?!.*order=)/);
  await expect(page.getByTestId('quote-price')).toBeVisible();
  await expect(page.getByTestId('order-sheet')).toHaveCount(0);
  await page.goForward();
  await expect(row).toBeVisible();
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
  const settled = (await post(request, '/position/detail', user.token, { id })) as {
    handlingFee: string;
    closeFee: string;
    grossProfit: string;
    netProfit: string;
  };
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
  // One closed position, one open position and one entrusted order, through the API, at 5x and 10x:
  // above bitcoin's cap, so the risk is acknowledged first.
  await post(request, '/trading/leverageRisk/acknowledge', user.token, { version: 1 });
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
    await page
      .locator('.adm-dialog')
      .getByRole('button', { name: lang === 'nl' ? 'Annuleren' : '取消' })
      .click();
    await expect(page.getByTestId('close-confirm-summary')).toHaveCount(0);
  }
});

test('the order sheet closes by its button, the backdrop, Back and a drag down; a link opens it, the order route still works', async ({ page, request }) => {
  const user = await trader(request);
  await launch(page, user.token);
  await page.goto(BTC_QUOTE);
  const sheet = page.getByTestId('order-sheet');

  await page.getByTestId('quote-buy').click();
  await sheetUp(page);
  await page.getByTestId('order-sheet-close').click();
  await expect(sheet).toHaveCount(0);
  await expect(page).toHaveURL(/#\/pages\/quote\/forex\?(?!.*order=)/);

  await page.getByTestId('quote-sell').click();
  await expect(page).toHaveURL(/order=sell/);
  await sheetUp(page);
  await expect(page.getByTestId('order-direction-sell')).toHaveAttribute('aria-checked', 'true');
  await page.mouse.click(195, 60); // the backdrop above the sheet
  await expect(sheet).toHaveCount(0);

  await page.getByTestId('quote-buy').click();
  await sheetUp(page);
  await page.goBack();
  await expect(sheet).toHaveCount(0);
  await expect(page).toHaveURL(/#\/pages\/quote\/forex\?(?!.*order=)/);
  await expect(page.getByTestId('quote-name')).toHaveText('Bitcoin');

  await page.getByTestId('quote-buy').click();
  await sheetUp(page);
  const handle = (await page.getByTestId('order-sheet-handle').boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2, handle.y + 60, { steps: 4 });
  await page.mouse.move(handle.x + handle.width / 2, handle.y + 160, { steps: 4 });
  await page.mouse.up();
  await expect(sheet).toHaveCount(0);
  await expect(page).toHaveURL(/#\/pages\/quote\/forex\?(?!.*order=)/);

  // A link to the quote with the sheet open; closing it drops it from the URL.
  await page.goto(`${BTC_QUOTE}&order=sell`);
  await sheetUp(page);
  await expect(page.getByTestId('order-direction-sell')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('order-sheet-close').click();
  await expect(sheet).toHaveCount(0);
  await expect(page).toHaveURL(/#\/pages\/quote\/forex\?(?!.*order=)/);

  // The order route is the same form on a page of its own, for links into it.
  await page.goto(BTC_ORDER);
  await expect(page.getByTestId('order-head')).toBeVisible();
  await expect(page.getByTestId('order-leverage-cap')).toHaveAttribute('data-cap', '2');
  await expect(page.getByTestId('order-submit')).toBeEnabled();
});

test('the risk acknowledgement of leverage above the cap, asked once, in Dutch and Chinese', async ({ page, request }) => {
  const texts = {
    nl: {
      cap: 'Limiet voor particulieren 2:1. Daarboven vragen we u eenmalig het risico te bevestigen.',
      acknowledged: 'U hebt het risico van een hogere hefboom bevestigd',
      warning: 'bij 5x kost een koersbeweging van 20% tegen u uw hele marge',
      wallet: 'Van uw Forex & crypto-rekening',
      euro: /^€[\d.]+,\d{2}$/,
    },
    'zh-Hans': {
      cap: '散户上限 2:1，超过需一次性确认风险提示。',
      acknowledged: '您已确认更高杠杆的风险',
      warning: '在5倍杠杆下，价格反向变动 20% 即会亏掉全部保证金',
      wallet: '从您的外汇与加密货币账户扣除',
      euro: /^€[\d,]+\.\d{2}$/,
    },
  } as const;
  for (const lang of ['nl', 'zh-Hans'] as const) {
    const user = await trader(request);
    await launch(page, user.token, lang);
    await page.goto(BTC_QUOTE);
    await page.getByTestId('quote-buy').click();
    await sheetUp(page);
    await expect(page.getByTestId('order-leverage-cap')).toHaveText(texts[lang].cap);
    await page.getByTestId('order-leverage-5').click();
    await page.getByTestId('order-half').click();
    await expect(page.getByTestId('order-margin')).toContainText('USDT');
    await shot(page, `trade-sheet-${lang}`);

    await page.getByTestId('order-submit').click();
    await expect(page.getByTestId('leverage-risk-warning')).toContainText(texts[lang].warning);
    await expect(page.getByTestId('leverage-risk-confirm')).toBeDisabled();
    await dialogUp(page);
    await shot(page, `trade-risk-ack-${lang}`);
    await page.getByTestId('leverage-risk-check').click();
    await page.getByTestId('leverage-risk-confirm').click();

    const summary = page.getByTestId('order-confirm-summary');
    await expect(summary.getByTestId('confirm-wallet')).toContainText(texts[lang].wallet);
    await expect(summary.getByTestId('confirm-wallet-total')).toHaveText(texts[lang].euro);
    await dialogUp(page);
    await shot(page, `trade-order-confirm-${lang}`);
    await page.getByTestId('order-confirm').click();
    await expect(page).toHaveURL(/#\/pages\/trade\/index\?tab=holding/);
    await expect(page.getByTestId('position-row')).toHaveCount(1);
    expect(((await get(request, '/trading/leverageRisk', user.token)) as { acknowledged: boolean }).acknowledged).toBe(true);

    // Asked once: the next order above the cap goes straight to the confirmation.
    await page.goto(BTC_QUOTE);
    await page.getByTestId('quote-buy').click();
    await sheetUp(page);
    await expect(page.getByTestId('order-leverage-cap')).toContainText(texts[lang].acknowledged);
    await page.getByTestId('order-leverage-10').click();
    await page.getByTestId('order-quantity').fill('0.001');
    await page.getByTestId('order-submit').click();
    await expect(summary).toBeVisible();
    await expect(page.getByTestId('leverage-risk')).toHaveCount(0);
    await page
      .locator('.adm-dialog')
      .getByRole('button', { name: lang === 'nl' ? 'Annuleren' : '取消' })
      .click();
    await expect(summary).toHaveCount(0);
  }
});

test('declining the risk warning places nothing and offers the leverage within the cap', async ({ page, request }) => {
  const user = await trader(request);
  await launch(page, user.token);
  await page.goto(BTC_QUOTE);
  await page.getByTestId('quote-buy').click();
  await sheetUp(page);
  await page.getByTestId('order-leverage-10').click();
  await page.getByTestId('order-quantity').fill('0.001');
  await page.getByTestId('order-submit').click();
  await expect(page.getByTestId('leverage-risk')).toBeVisible();
  await page.getByTestId('leverage-risk-lower').click();
  await expect(page.getByTestId('leverage-risk')).toHaveCount(0);
  await expect(page.getByTestId('order-leverage-2')).toHaveAttribute('aria-checked', 'true');
  expect(((await get(request, '/trading/leverageRisk', user.token)) as { acknowledged: boolean }).acknowledged).toBe(false);
  expect(await forexBalance(request, user.token)).toBe('1000.00');
  // At the cap no warning: straight to the confirmation.
  await page.getByTestId('order-submit').click();
  await expect(page.getByTestId('order-confirm-summary')).toBeVisible();
  await expect(page.getByTestId('confirm-leverage')).toHaveText('2x');
});
