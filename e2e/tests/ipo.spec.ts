import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { dealTimetable, localDay } from '@tradeapp/contract';
import { ROUTES } from '../../apps/web/src/app/paths';
import { funded, get, operator, post, type User, verifiedUser } from './api';
import { gradientPng } from './png';
import { animationsDone, cents, euros, expectAccessibleInBothThemes, LANGUAGES, launch, shot, springsDone } from './support';

// Issue 12, the investor's IPO screens: an operator announces a Hong Kong deal and opens it; three
// other investors apply; the investor finds it on the Hong Kong page and the new-stock list, reads
// its pools, funds the subscription wallet by a transfer from the order page and applies for two
// lots, then sees the application among the trade tab's subscriptions. The operator closes the
// deal, prices it below the top of the range and runs the allotment (the operator's "allot now";
// the job would run it on the allotment date): four applicants for four lots in pool A (pool B,
// empty, gives its lots to A) means one lot each, so the result is known in advance. The investor
// sees the allotment, the refund, the basis-of-allotment table and the position, waiting for its
// listing. Each screen is photographed in English, Dutch and Chinese and checked by axe.

test.use({ bypassCSP: true });

const PNG = gradientPng(160, 100);
const HK = 'Asia/Hong_Kong';
const NAME = 'Harbour Lights Holdings Ltd.';
const DIALOG = '.adm-dialog .adm-center-popup-wrap > div';
const DIALOG_MASK = '.adm-dialog .adm-mask';

/** A Hong Kong deal of four lots of 1,000 shares at HK$5.00-5.60, Futu's fees, open from now. */
async function openDeal(request: APIRequestContext) {
  const op = await operator(request);
  const suffix = Date.now().toString(36).toUpperCase().slice(-5);
  const now = Date.now();
  const deal = await post(request, '/operator/deals', op, {
    name: NAME,
    code: `E${suffix}`,
    symbol: `E${suffix}.HK`,
    market: 'HK',
    exchange: 'HKEX',
    priceLow: '5.00',
    priceHigh: '5.60',
    lotSize: 1000,
    publicLots: 4,
    feeRate: '0.010085',
    handlingFee: '50',
    fundRaising: '880000000',
    // HKEX's timetable from the next trading day; the operator opens it now.
    ...dealTimetable('HK', localDay(HK, now) + 1),
    profile: 'Harbour lighting and port electrification in the Pearl River Delta (fictional company of the end-to-end run).',
  });
  await post(request, `/operator/deals/${deal.id}/open`, op);
  return deal as { id: number; symbol: string; code: string };
}

/** Another verified investor applying for `lots` through the API. */
async function applicant(request: APIRequestContext, dealId: number, lots: number) {
  const other = await verifiedUser(request, 'ipox_', PNG);
  await funded(request, other, '3000', PNG);
  await post(request, '/wallet/transfer', other.token, { from: 'BALANCE', to: 'SUBSCRIPTION', amount: '3000' }, true);
  await post(request, '/NewShares/create', other.token, { dealId, lots }, true);
}

/** `path` photographed in every language once `ready`; then back in English. */
async function photograph(page: Page, user: User, path: string, name: string, ready: (page: Page) => Promise<void>) {
  for (const language of LANGUAGES) {
    await launch(page, user.token, language.ui);
    await page.goto(`/#${path}`);
    await ready(page);
    // A page opened again comes back where it was scrolled to: the photograph shows its top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await animationsDone(page);
    await shot(page, `ipo-${name}-${language.short}`);
  }
  await launch(page, user.token);
  await page.goto(`/#${path}`);
  await ready(page);
}

async function subscriptionOf(request: APIRequestContext, user: User, dealId: number) {
  const page = await post(request, '/position/subscription', user.token, { size: 100 });
  return page.list.find((s: { dealId: number }) => s.dealId === dealId);
}

test('a Hong Kong IPO: subscribe in the app, then the allotment, the refund and the position', async ({ page, request }) => {
  test.setTimeout(300_000);
  const deal = await openDeal(request);
  const user = await verifiedUser(request, 'ipo_', PNG);
  await funded(request, user, '3000', PNG);
  for (const lots of [1, 3, 4]) await applicant(request, deal.id, lots);

  // The Hong Kong page lists the open deal in its IPO section; it leads to the deal's page.
  await launch(page, user.token);
  await page.goto(`/#${ROUTES.hkIndex}`);
  const hkRow = page.locator(`[data-testid="hk-ipo-row"][data-symbol="${deal.symbol}"]`);
  await expect(hkRow).toBeVisible();
  await expect(hkRow.getByTestId('hk-ipo-state')).toHaveAttribute('data-state', '0');
  await expect(page.getByTestId('product-row').first()).toBeVisible();
  await expectAccessibleInBothThemes(page, 'the Hong Kong page');
  await photograph(page, user, ROUTES.hkIndex, 'hk-index', async (p) => {
    await expect(p.locator(`[data-testid="hk-ipo-row"][data-symbol="${deal.symbol}"]`)).toBeVisible();
  });

  // The list: the deal with its state, range, lot, dates and the demand so far; the break rate.
  await page.goto(`/#${ROUTES.productNewStock}`);
  const row = page.locator(`[data-testid="deal-row"][data-symbol="${deal.symbol}"]`);
  await expect(row.getByTestId('deal-row-state')).toHaveText('Available to subscribe');
  await expect(row.getByTestId('deal-row-price')).toHaveText('5.00 – 5.60 HKD');
  await expect(row.getByTestId('deal-row-oversubscription')).toHaveText('2.00×');
  await expect(page.getByTestId('deal-break-rate')).toContainText('No deal has finished its first trading day yet');
  await page.getByTestId('deal-filter-listed').click();
  await expect(page.getByTestId('deal-list').getByTestId('empty-state')).toBeVisible();
  await page.getByTestId('deal-filter-all').click();
  await expect(row).toBeVisible();
  await expectAccessibleInBothThemes(page, 'the new-stock list');
  await photograph(page, user, ROUTES.productNewStock, 'list', async (p) => {
    await expect(p.locator(`[data-testid="deal-row"][data-symbol="${deal.symbol}"]`)).toBeVisible();
  });

  // The deal's page: its fields, the pools' odds if it closed now (A has B's lots: 8 applied for 4).
  await page.locator(`[data-testid="deal-row"][data-symbol="${deal.symbol}"]`).click();
  await expect(page.getByTestId('deal-head')).toHaveAttribute('data-symbol', deal.symbol);
  await expect(page.getByTestId('deal-oversubscription')).toHaveText('2.00×');
  await expect(page.getByTestId('deal-pool-A-chance')).toHaveText('100.00%');
  await expect(page.getByTestId('deal-fields')).toContainText('1.0085%');
  await expect(page.getByTestId('deal-lot')).toContainText('one lot 5,656.48 HKD with the fee');
  await expectAccessibleInBothThemes(page, 'the deal before subscribing');
  const detailPath = `${ROUTES.productNewStock}?symbol=${encodeURIComponent(deal.symbol)}`;
  await photograph(page, user, detailPath, 'detail', async (p) => {
    await expect(p.getByTestId('deal-pools')).toBeVisible();
  });

  // The order page (payipo for Hong Kong): the hold in HKD and euros, the fee rules, validation.
  await page.getByTestId('deal-action').click();
  await expect(page).toHaveURL(new RegExp(`#${ROUTES.hkPayIpo}\\?`));
  await page.getByTestId('subscribe-plus').click();
  await expect(page.getByTestId('subscribe-lots')).toHaveValue('2');
  await expect(page.getByTestId('subscribe-pool')).toHaveAttribute('data-pool', 'A');
  // 2 x 1,000 x 5.60 = 11,200.00; the fee 1.0085 % of it, 112.952, to the cent.
  await expect(page.getByTestId('subscribe-amount')).toContainText('11,200.00 HKD');
  await expect(page.getByTestId('subscribe-fee')).toContainText('112.95 HKD');
  await expect(page.getByTestId('subscribe-held')).toContainText('11,312.95 HKD');
  await expect(page.getByTestId('subscribe-held-eur')).toHaveText(/^€[\d,]+\.\d{2}$/);
  await expect(page.getByTestId('subscribe-handling-fee')).toContainText('50.00 HKD');
  await expect(page.getByTestId('subscribe-notes')).toContainText('charged only on the shares you are allotted');
  await expect(page.getByTestId('subscribe-short')).toBeVisible();
  await page.getByTestId('subscribe-lots').fill('0');
  await page.getByTestId('subscribe-submit').click();
  await expect(page.getByTestId('subscribe-lots-error')).toHaveText('Apply for a whole number of lots, at least 1');
  await page.getByTestId('subscribe-lots').fill('5');
  await page.getByTestId('subscribe-submit').click();
  await expect(page.getByTestId('subscribe-lots-error')).toHaveText('You can apply for at most 4 lots');

  // Funding the subscription wallet from the order page, by a transfer from the funding account.
  await page.getByTestId('subscribe-transfer').click();
  await expect(page).toHaveURL(/#\/pages\/profile\/transfer\?from=BALANCE&to=SUBSCRIPTION/);
  await page.getByTestId('transfer-amount').fill('2000');
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByTestId('transfer-row').first()).toHaveAttribute('data-status', '1');
  await page.goBack();
  await expect(page.getByTestId('subscribe-available')).toHaveText('€2,000.00');
  await expect(page.getByTestId('subscribe-short')).toHaveCount(0);
  // Full: the most the wallet pays for, at most the public offer.
  const full = await post(request, '/position/getIpoFullNum', user.token, { dealId: deal.id });
  await page.getByTestId('subscribe-full').click();
  await expect(page.getByTestId('subscribe-lots')).toHaveValue(String(full.lots));
  await page.getByTestId('subscribe-lots').fill('2');
  await expectAccessibleInBothThemes(page, 'the order page');
  const payPath = `${ROUTES.hkPayIpo}?name=${encodeURIComponent(NAME)}&code=${deal.code}&source=5&market=HK&symbol=${encodeURIComponent(deal.symbol)}`;
  await photograph(page, user, payPath, 'payment', async (p) => {
    await expect(p.getByTestId('subscribe-available')).toHaveText(/€2[.,]000[.,]00/);
  });
  await page.getByTestId('subscribe-plus').click();
  await page.getByTestId('subscribe-submit').click();
  await expect(page.getByTestId('subscribe-confirm-summary')).toContainText('2 lots (2,000 shares)');
  await springsDone(page, DIALOG, DIALOG_MASK);
  await expectAccessibleInBothThemes(page, 'the confirmation');
  await shot(page, 'ipo-payment-confirm-en');
  // A Hong Kong IPO is paid through the Hong Kong order call, /hk/create, with source NewStock.
  const paying = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/web/hk/create');
  await page.getByTestId('subscribe-confirm').click();
  expect((await paying).postDataJSON()).toEqual({ source: 5, dealId: deal.id, lots: 2, stockName: NAME });

  // Among the trade tab's subscriptions: subscribed, what is held and the handling fee paid.
  await expect(page).toHaveURL(new RegExp(`#${ROUTES.trade}\\?tab=subscriptions`));
  const mine = page.locator(`[data-testid="subscription-row"][data-symbol="${deal.symbol}"]`);
  await expect(mine).toHaveAttribute('data-status', 'subscribed');
  await expect(mine.getByTestId('subscription-row-state')).toHaveText('Subscribed');
  const applied = await subscriptionOf(request, user, deal.id);
  expect(applied).toMatchObject({ lots: 2, quantity: '2000', total: '11200.00', state: 1, walletCode: 'SUBSCRIPTION' });
  await expect(mine.getByTestId('subscription-row-held')).toHaveText(euros(cents(applied.pendingPayment)));
  await expect(mine.getByTestId('subscription-row-paid')).toHaveText(euros(cents(applied.actualPayment)));
  await expectAccessibleInBothThemes(page, 'the subscriptions');
  const subscriptionsPath = `${ROUTES.trade}?tab=subscriptions`;
  await photograph(page, user, subscriptionsPath, 'subscriptions', async (p) => {
    await expect(p.locator(`[data-testid="subscription-row"][data-symbol="${deal.symbol}"]`)).toHaveAttribute('data-status', 'subscribed');
  });

  // The wallet tab "subscription": its balances and the way to the subscriptions.
  await page.goto(`/#${ROUTES.transactions}?tab=SUBSCRIPTION`);
  await expect(page.getByTestId('wallet-used-SUBSCRIPTION')).toHaveText(euros(cents(applied.pendingPayment)));
  await expectAccessibleInBothThemes(page, 'the subscription wallet');
  await photograph(page, user, `${ROUTES.transactions}?tab=SUBSCRIPTION`, 'wallet', async (p) => {
    await expect(p.getByTestId('wallet-used-SUBSCRIPTION')).toBeVisible();
  });
  await page.getByTestId('wallet-subscriptions').click();
  await expect(page).toHaveURL(new RegExp(`#${ROUTES.trade}\\?tab=subscriptions`));

  // The operator closes the deal, prices it at 5.20 and runs the allotment now.
  const op = await operator(request);
  await post(request, `/operator/deals/${deal.id}/close`, op);
  await post(request, `/operator/deals/${deal.id}/price`, op, { finalPrice: '5.20' });
  const allotted = await post(request, `/operator/deals/${deal.id}/allot`, op);
  expect(allotted.dealStatus).toBe('allotted');

  // One lot each; the rest of the hold came back; the position waits for the listing.
  const result = await subscriptionOf(request, user, deal.id);
  expect(result).toMatchObject({ status: 'allotted', state: 3, allottedQuantity: '1000', price: '5.20', pendingPayment: '0.00' });
  expect(result.positionId).toBeGreaterThan(0);
  await page.reload();
  await expect(mine).toHaveAttribute('data-status', 'allotted');
  await expect(mine.getByTestId('subscription-row-state')).toHaveText('Allotted');
  await expect(mine.getByTestId('subscription-row-allotted')).toHaveText('1,000');
  await expect(mine.getByTestId('subscription-row-refunded')).toHaveText(/^€[\d,]+\.\d{2}$/);
  await expectAccessibleInBothThemes(page, 'an allotted subscription');
  await photograph(page, user, subscriptionsPath, 'subscriptions-allotted', async (p) => {
    await expect(p.locator(`[data-testid="subscription-row"][data-symbol="${deal.symbol}"]`).getByTestId('subscription-row-position')).toBeVisible();
  });

  // The deal's page after the allotment: the basis of allotment, one line per lots applied for.
  await page.goto(`/#${detailPath}`);
  await expect(page.getByTestId('deal-basis-row')).toHaveCount(4);
  await expect(page.getByTestId('deal-pools')).toHaveCount(0);
  await expectAccessibleInBothThemes(page, 'the deal after its allotment');
  await photograph(page, user, detailPath, 'detail-allotted', async (p) => {
    await expect(p.getByTestId('deal-basis')).toBeVisible();
  });
  await page.getByTestId('deal-basis').scrollIntoViewIfNeeded();
  await animationsDone(page);
  await shot(page, 'ipo-detail-basis-en');

  // The payment page now shows the specification's fields: actual and pending payment, allotment.
  await page.goto(`/#${payPath}`);
  await expect(page.getByTestId('subscription-allotted')).toHaveText('1,000 shares');
  await expect(page.getByTestId('subscription-pending')).toHaveText('€0.00');
  await expect(page.getByTestId('subscription-actual')).toContainText(euros(cents(result.actualPayment)));
  await expect(page.getByTestId('subscribe-submit')).toHaveCount(0);
  await expectAccessibleInBothThemes(page, 'the payment page after the allotment');
  await photograph(page, user, payPath, 'payment-allotted', async (p) => {
    await expect(p.getByTestId('subscription-fields')).toHaveAttribute('data-status', 'allotted');
  });

  // The position: 1,000 shares at the final price, to be settled until the listing.
  await page.getByTestId('subscription-position').click();
  await expect(page).toHaveURL(new RegExp(`#${ROUTES.tradeDetail}\\?id=${result.positionId}`));
  await expect(page.getByTestId('detail-status')).toHaveAttribute('data-status', '2');
  await expect(page.getByTestId('detail-quantity')).toContainText('1,000');
  const position = await post(request, '/position/detail', user.token, { id: result.positionId });
  expect(position).toMatchObject({ status: 2, quantity: '1000', openPrice: '5.20', walletCode: 'SUBSCRIPTION', leverage: 1 });
  await animationsDone(page);
  await shot(page, 'ipo-position-en');
  expect(await get(request, `/operator/deals/${deal.id}`, op)).toMatchObject({ dealStatus: 'allotted' });

  // The listing (the operator's "list now"; the job lists on the listing date): the instrument
  // joins the market at the offer price until its first open, and the position opens.
  const listed = await post(request, `/operator/deals/${deal.id}/list`, op);
  expect(listed.dealStatus).toBe('listed');
  const open = await post(request, '/position/detail', user.token, { id: result.positionId });
  expect(open).toMatchObject({ status: 1, quantity: '1000', openPrice: '5.20', walletCode: 'SUBSCRIPTION', leverage: 1, source: 5 });
  const quote = await get(request, `/m_ft/detail_quote?symbol=${encodeURIComponent(deal.symbol)}`, user.token);
  expect(quote).toMatchObject({ symbol: deal.symbol, market: 'HK' });
  await photograph(page, user, `${ROUTES.tradeDetail}?id=${result.positionId}`, 'position-listed', async (p) => {
    await expect(p.getByTestId('detail-status')).toHaveAttribute('data-status', '1');
    await expect(p.getByTestId('detail-origin')).toHaveAttribute('data-source', '5');
  });
  await expect(page.getByTestId('detail-origin')).toHaveText('IPO allotment');
  await expect(page.getByTestId('detail-current-price')).toBeVisible();
  await expectAccessibleInBothThemes(page, 'the listed position');
  // Among the holdings of the trade tab, and the application says it is listed.
  await page.goto(`/#${ROUTES.trade}?tab=holding`);
  await expect(page.locator(`[data-testid="position-row"][data-id="${result.positionId}"]`)).toBeVisible();
  const after = await subscriptionOf(request, user, deal.id);
  expect(after).toMatchObject({ status: 'allotted', positionId: result.positionId });
});

// A United States deal: the application is a conditional offer the investor changes while the deal
// is open; priced more than 20 % above the range, it must be reconfirmed, which holds it again at
// the final price; a lot of one share, no fees (as US brokers' IPO access has it).
test('a United States offer: changed while open, reconfirmed after a price outside the range, then allotted', async ({ page, request }) => {
  test.setTimeout(240_000);
  const op = await operator(request);
  const suffix = Date.now().toString(36).toUpperCase().slice(-5);
  const now = Date.now();
  const name = 'Tidewater Analytics Inc.';
  const deal = await post(request, '/operator/deals', op, {
    name,
    code: `T${suffix}`,
    symbol: `T${suffix}`,
    market: 'US',
    exchange: 'NASDAQ',
    priceLow: '10.00',
    priceHigh: '12.00',
    lotSize: 1,
    publicLots: 1000,
    fundRaising: '150000000',
    // Nasdaq's timetable from the next trading day; the operator opens it now.
    ...dealTimetable('US', localDay('America/New_York', now) + 1),
    profile: 'Tide and current forecasts for shipping (fictional company of the end-to-end run).',
  });
  await post(request, `/operator/deals/${deal.id}/open`, op);
  const user = await verifiedUser(request, 'ipous_', PNG);
  await funded(request, user, '1000', PNG);
  await post(request, '/wallet/transfer', user.token, { from: 'BALANCE', to: 'SUBSCRIPTION', amount: '800' }, true);
  const payPath = `${ROUTES.orderNewStock}?name=${encodeURIComponent(name)}&code=${deal.code}&source=5&market=US&symbol=${deal.symbol}`;

  // The offer: 20 shares held at the top of the range, no handling fee.
  await launch(page, user.token);
  await page.goto(`/#${payPath}`);
  await page.getByTestId('subscribe-lots').fill('20');
  await expect(page.getByTestId('subscribe-held')).toContainText('$240.00');
  await expect(page.getByTestId('subscribe-notes')).toContainText('conditional offer');
  await page.getByTestId('subscribe-submit').click();
  await springsDone(page, DIALOG, DIALOG_MASK);
  await page.getByTestId('subscribe-confirm').click();
  await expect(page.locator(`[data-testid="subscription-row"][data-symbol="${deal.symbol}"]`)).toHaveAttribute('data-status', 'subscribed');

  // While open the deal's page offers to change it; the order page shows the hold it replaces.
  await page.goto(`/#${ROUTES.productNewStock}?symbol=${deal.symbol}`);
  await expect(page.getByTestId('deal-action')).toHaveAttribute('data-action', 'change');
  await page.getByTestId('deal-action').click();
  await expect(page.getByTestId('subscribe-mode-note')).toContainText('You applied for 20 lots');
  await expect(page.getByTestId('subscribe-lots')).toHaveValue('20');
  const offered = await subscriptionOf(request, user, deal.id);
  await expect(page.getByTestId('subscribe-held-now')).toHaveText(euros(cents(offered.pendingPayment)));
  await page.getByTestId('subscribe-lots').fill('30');
  await expect(page.getByTestId('subscribe-pay-now')).toHaveText(/^\+€\d+\.\d{2}$/);
  await expectAccessibleInBothThemes(page, 'changing an offer');
  await photograph(page, user, payPath, 'payment-change', async (p) => {
    await expect(p.getByTestId('subscribe-mode-note')).toBeVisible();
  });
  await page.getByTestId('subscribe-lots').fill('30');
  await page.getByTestId('subscribe-submit').click();
  await springsDone(page, DIALOG, DIALOG_MASK);
  await page.getByTestId('subscribe-confirm').click();
  const row = page.locator(`[data-testid="subscription-row"][data-symbol="${deal.symbol}"]`);
  await expect(row.getByTestId('subscription-row-lots')).toContainText('30');
  expect(await subscriptionOf(request, user, deal.id)).toMatchObject({ lots: 30, priceHeld: '12.00' });

  // Priced at 15.00, above 12.00 + 20 %: the offer must be reconfirmed, at the final price.
  await post(request, `/operator/deals/${deal.id}/close`, op);
  await post(request, `/operator/deals/${deal.id}/price`, op, { finalPrice: '15.00' });
  await page.reload();
  await expect(row.getByTestId('subscription-row-state')).toHaveText('Waiting allotment');
  await row.getByTestId('subscription-reconfirm').click();
  await expect(page.getByTestId('subscribe-mode-note')).toContainText('priced at 15.00 USD, outside the range');
  await expect(page.getByTestId('subscribe-held')).toContainText('$450.00');
  await expectAccessibleInBothThemes(page, 'reconfirming an offer');
  await photograph(page, user, payPath, 'payment-reconfirm', async (p) => {
    await expect(p.getByTestId('subscribe-mode-note')).toBeVisible();
  });
  await page.getByTestId('subscribe-submit').click();
  await springsDone(page, DIALOG, DIALOG_MASK);
  await page.getByTestId('subscribe-confirm').click();
  // Reconfirmed, the page goes back to the subscriptions: wait for it, or a reload could come first.
  await expect(page).toHaveURL(new RegExp(`#${ROUTES.trade}\\?tab=subscriptions`));
  await expect(row).toHaveAttribute('data-status', 'subscribed');
  await expect(row.getByTestId('subscription-reconfirm')).toHaveCount(0);
  expect(await subscriptionOf(request, user, deal.id)).toMatchObject({ reconfirmRequired: false, priceHeld: '15.00', lots: 30 });

  // Offers for 30 of 1,000 shares: all of it is allotted.
  await post(request, `/operator/deals/${deal.id}/allot`, op);
  await page.reload();
  await expect(row).toHaveAttribute('data-status', 'allotted');
  await expect(row.getByTestId('subscription-row-allotted')).toHaveText('30');
  await expect(row.getByTestId('subscription-row-refunded')).toHaveText('€0.00');
});
