import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ROUTES } from '../../apps/web/src/app/paths';
import { blockTradeApplicationOf, funded, get, operator, post, register, type User, verifiedUser } from './api';
import { backOfficePage } from './backOffice';
import { documentPng } from './png';
import { animationsDone, LANGUAGES, launch, screen, seriousViolations, shot } from './support';

// Issue 12, block trading's activation: the page's states (not opened, can apply, under review,
// approved, refused, active), an operator's decision in the back office, and the key read from the
// notice and entered. Every state is photographed in English, Dutch and Chinese and checked by axe.
// Then the request for quote of an active block trader: the quote with its band, difference and
// countdown in the three languages, one left to expire, one accepted into a position, and the
// quotes in the back office.

// The app's CSP (script-src 'self') would refuse the injected axe script.
test.use({ bypassCSP: true });

const PAGE = `/#${ROUTES.productBlockTrade}`;
const PNG = documentPng();
/** What the key of an approval notice looks like in its text. */
const KEY_IN_TEXT = /[A-HJ-NP-Z2-9]{4}(?:-[A-HJ-NP-Z2-9]{4}){3}/;

const stateOf = (page: Page) => page.getByTestId('blocktrade-status');
const toast = (page: Page) => page.locator('.adm-toast-main');

/** The page in its state `state`: no serious or critical accessibility violation. */
async function expectState(page: Page, state: string) {
  await expect(stateOf(page)).toHaveAttribute('data-status', state, { timeout: 15_000 });
  // Active, the desk's button fades in once the block list has come: axe reads it after.
  if (state === 'active') await expect(page.getByTestId('blocktrade-request')).toBeEnabled();
  // A toast fades in and out by script (no animation to wait for): axe reads the page once it has gone.
  await expect(toast(page)).toHaveCount(0, { timeout: 5_000 });
  await animationsDone(page);
  expect(await seriousViolations(page), `axe on the ${state} page`).toEqual([]);
}

/** The page in `state`, photographed in every language (and left in English). */
async function photograph(page: Page, token: string, state: string, titles?: Record<string, string>) {
  for (const language of LANGUAGES) {
    await launch(page, token, language.ui);
    await page.goto(PAGE);
    await expect(stateOf(page)).toHaveAttribute('data-status', state);
    if (titles) await expect(page.getByTestId('blocktrade-title')).toHaveText(titles[language.short]!);
    await animationsDone(page);
    await shot(page, `blocktrade-${state}-${language.short}`);
  }
  await launch(page, token);
  await page.goto(PAGE);
  await expect(stateOf(page)).toHaveAttribute('data-status', state);
}

/** The back office at a desktop's size, signed in, on its block-trading page. */
async function backOffice(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const page = await backOfficePage(browser, baseURL);
  await page.getByTestId('bo-nav-blocktrades').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Block trading' })).toBeVisible();
  return page;
}

test('block trading is not opened before the identity is verified, and the page says what is needed', async ({ page, request }) => {
  const user = await register(request, 'btn_');
  await launch(page, user.token);
  await page.goto(PAGE);
  await expectState(page, 'notOpened');
  await expect(page.getByTestId('blocktrade-title')).toHaveText('block trading authority not yet opened');
  // Shown as a heading: the specification's lower-case message starts with a capital.
  await expect(page.getByTestId('blocktrade-title')).toHaveCSS('display', 'block');
  await photograph(page, user.token, 'notOpened', {
    en: 'block trading authority not yet opened',
    nl: 'bevoegdheid voor blokhandel nog niet geopend',
    zh: '大宗交易权限尚未开通',
  });
  await page.getByTestId('blocktrade-kyc').click();
  await expect(page).toHaveURL(new RegExp(`#${ROUTES.kyc}`));
});

test('an investor applies, an operator approves in the back office, the key from the notice makes block trading active', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const user = await verifiedUser(request, 'bt_', PNG);
  await launch(page, user.token);
  await page.goto(PAGE);
  await expectState(page, 'canApply');
  await expect(page.getByTestId('blocktrade-title')).toHaveText('Apply for block trading');
  await photograph(page, user.token, 'canApply');

  // ---- the investor applies ----
  await page.getByTestId('blocktrade-apply').click();
  await expect(toast(page)).toHaveText('Application sent');
  await expectState(page, 'underReview');
  await expect(page.getByTestId('blocktrade-title')).toHaveText('transaction permissions under review');
  await photograph(page, user.token, 'underReview', {
    en: 'transaction permissions under review',
    nl: 'handelsrechten worden beoordeeld',
    zh: '交易权限审核中',
  });

  // ---- the operator approves in the back office: the key goes to the investor, not to this screen ----
  const bo = await backOffice(browser, baseURL);
  const row = bo.getByTestId('bo-blocktrade-row').filter({ hasText: user.username });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Anna de Vries');
  await row.click();
  const panel = bo.getByTestId('bo-blocktrade-panel');
  await expect(panel).toContainText('Anna de Vries');
  await expect(panel.getByTestId('bo-blocktrade-key')).toHaveText('No key');
  await screen(bo, 'operator-blocktrades');
  await bo.getByTestId('bo-blocktrade-approve').click();
  const dialog = bo.getByRole('dialog', { name: 'Approve block trading' });
  await expect(dialog).toBeVisible();
  await screen(bo, 'operator-blocktrades-approve');
  await dialog.getByTestId('bo-confirm').click();
  await expect(dialog).toHaveCount(0);
  await expect(panel.getByTestId('bo-blocktrade-key')).toHaveText('Sent, not entered yet');
  await expect(panel).not.toContainText(KEY_IN_TEXT);
  // The waiting list no longer holds it; the approved one does.
  await expect(row).toHaveCount(0);
  await bo.getByTestId('bo-blocktrade-status').getByRole('button', { name: 'Approved' }).click();
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-status', 'approved');
  await screen(bo, 'operator-blocktrades-approved');

  // ---- the pushed notice turns the investor's page to the key form ----
  await expect(toast(page)).toHaveText('Block trading approved', { timeout: 15_000 });
  await expectState(page, 'approved');
  await page.getByTestId('blocktrade-activate').click();
  await expect(page.getByTestId('blocktrade-key-error')).toHaveText('Please enter key');
  await page.getByTestId('blocktrade-key').fill('ABCD-EFGH-JKLM-NPQR');
  await page.getByTestId('blocktrade-activate').click();
  await expect(page.getByTestId('blocktrade-key-error')).toHaveText('This key is not valid');
  await expect(stateOf(page)).toHaveAttribute('data-status', 'approved');
  await expect(toast(page)).toHaveCount(0, { timeout: 5_000 });
  expect(await seriousViolations(page), 'axe with the key refused').toEqual([]);
  await shot(page, 'blocktrade-approved-errors-en');
  await photograph(page, user.token, 'approved');

  // ---- the key, read in the notice ----
  await page.goto(`/#${ROUTES.notices}`);
  const notice = page.locator('[data-testid="notice-row"][data-kind="blockTrade.approved"]');
  await expect(notice).toHaveCount(1);
  await screen(page, 'blocktrade-notices-en');
  await notice.click();
  await expect(page.getByTestId('notice-title')).toHaveText('Block trading approved');
  const key = (await page.getByTestId('notice-body').textContent())?.match(KEY_IN_TEXT)?.[0];
  expect(key, 'the key in the notice').toBeTruthy();
  await shot(page, 'blocktrade-notice-en');

  // ---- entered: block trading is active, and the page says what comes next ----
  await page.goto(PAGE);
  await expect(stateOf(page)).toHaveAttribute('data-status', 'approved');
  await page.getByTestId('blocktrade-key').fill(key!.toLowerCase());
  await page.getByTestId('blocktrade-activate').click();
  await expect(toast(page)).toHaveText('Block trading is active');
  await expectState(page, 'active');
  await expect(page.getByTestId('blocktrade-title')).toHaveText('Block trading is active');
  await expect(page.getByTestId('blocktrade-next')).toContainText('Ask for a quote below');
  await expect(page.getByTestId('blocktrade-rfq')).toBeVisible();
  await photograph(page, user.token, 'active', { en: 'Block trading is active', nl: 'Blokhandel is actief', zh: '大宗交易已开通' });

  // The back office shows the key entered.
  await bo.getByTestId('bo-blocktrade-status').getByRole('button', { name: 'Active' }).click();
  await expect(row).toHaveAttribute('data-status', 'active');
  await row.click();
  await expect(panel.getByTestId('bo-blocktrade-key')).toHaveText('Entered');
  await screen(bo, 'operator-blocktrades-active');
  await bo.context().close();
});

test('a refused application shows the reason, and the investor may apply again', async ({ page, request, browser, baseURL }) => {
  test.setTimeout(120_000);
  const user = await verifiedUser(request, 'btr_', PNG);
  await launch(page, user.token);
  await page.goto(PAGE);
  await expectState(page, 'canApply');
  await page.getByTestId('blocktrade-apply').click();
  await expect(toast(page)).toHaveText('Application sent');
  await expectState(page, 'underReview');

  // ---- refused in the back office, with a reason ----
  const bo = await backOffice(browser, baseURL);
  await bo.getByTestId('bo-blocktrade-row').filter({ hasText: user.username }).click();
  await bo.getByTestId('bo-blocktrade-refuse').click();
  const dialog = bo.getByRole('dialog', { name: 'Refuse block trading' });
  await dialog.getByTestId('bo-confirm').click();
  await expect(dialog.getByText('Please give a reason')).toBeVisible();
  await dialog.getByTestId('bo-reason').fill('Your account needs three months of history first');
  await screen(bo, 'operator-blocktrades-refuse');
  await dialog.getByTestId('bo-confirm').click();
  await expect(dialog).toHaveCount(0);
  await expect(bo.getByTestId('bo-blocktrade-panel')).toContainText('Your account needs three months of history first');
  await bo.context().close();

  await expect(toast(page)).toHaveText('Block trading application refused', { timeout: 15_000 });
  await expectState(page, 'refused');
  await expect(page.getByTestId('blocktrade-reason')).toHaveText('Reason: Your account needs three months of history first');
  await photograph(page, user.token, 'refused');

  await page.getByTestId('blocktrade-apply').click();
  await expect(toast(page)).toHaveText('Application sent');
  await expectState(page, 'underReview');
});

/** A decimal string as an exact integer of 1/10,000ths, to compare prices without floats. */
const exact = (value: string) => {
  const [int = '0', frac = ''] = value.split('.');
  return BigInt(int) * 10_000n + BigInt((frac + '0000').slice(0, 4));
};

/** An active block trader (applied, approved, the key from the notice entered) with `eur` euros in the US stock account. */
async function activeBlockTrader(request: Parameters<typeof verifiedUser>[0], eur: string): Promise<User> {
  const user = await verifiedUser(request, 'btq_', PNG);
  await post(request, '/blockTrade/apply', user.token);
  const id = await blockTradeApplicationOf(request, user.username);
  await post(request, `/operator/blockTrades/${id}/approve`, await operator(request));
  const notices = await get(request, '/userMessage/getMessage', user.token);
  const key = (notices.list.find((n: { kind: string }) => n.kind === 'blockTrade.approved')?.body as string).match(KEY_IN_TEXT)![0];
  expect((await post(request, '/blockTrade/checkSecret', user.token, { key })).status).toBe('active');
  await funded(request, user, eur, PNG);
  await post(request, '/wallet/transfer', user.token, { from: 'BALANCE', to: 'US_STOCK', amount: eur }, true);
  // Euros to dollars settle at the first settlement run 30 seconds on.
  await expect(async () => {
    const wallets = await post(request, '/wallet/getWalletBalance', user.token);
    expect(Number(wallets.find((w: { code: string }) => w.code === 'US_STOCK').balance)).toBeGreaterThan(0);
  }).toPass({ timeout: 75_000, intervals: [2_000] });
  return user;
}

const HOUR = 3_600_000;
const setDeskClock = async (request: APIRequestContext, at: number | null) => post(request, '/test/blockTrade/clock', await operator(request), { at });

test.afterAll(async ({ request }) => {
  await setDeskClock(request, null);
});

/** On the desk: the stock picked from the block list, a buy of `quantity` at `leverage`, the quote asked for. */
async function requestQuote(page: Page, symbol: string, quantity: string, leverage: number) {
  await page.getByTestId('blocktrade-stock').click();
  const picker = page.getByTestId('blocktrade-picker');
  await expect(picker).toBeVisible();
  await picker.getByRole('searchbox').fill(symbol);
  await picker.locator(`[data-testid="blocktrade-stock-option"][data-symbol="${symbol}"]`).click();
  await expect(picker).toHaveCount(0);
  await expect(page.getByTestId('blocktrade-stock')).toHaveAttribute('data-symbol', symbol);
  await page.getByTestId('blocktrade-buy').click();
  await page.getByTestId('blocktrade-quantity').fill(quantity);
  await page.getByTestId(`blocktrade-leverage-${leverage}`).click();
  await page.getByTestId('blocktrade-request').click();
  const quote = page.getByTestId('blocktrade-quote');
  await expect(quote).toHaveAttribute('data-status', 'quoted');
  return quote;
}

test('an active block trader asks for a quote, sees it within the band with its countdown, lets one expire and accepts one', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  // The cheapest block stock keeps the block (10,000 shares) within a test account's means.
  const SYMBOL = 'INTC';
  const listed = await post(request, '/m_ft/block_list', null, { q: SYMBOL });
  const stock = listed.list.find((q: { symbol: string }) => q.symbol === SYMBOL);
  expect(stock, `${SYMBOL} on the block list`).toBeTruthy();
  // The house quotes blocks in New York's regular session. Outside it the desk's own clock (the
  // server's test-only hook) is moved on an hour at a time, from the next open when the market is
  // closed or from now in its pre-market or after hours (still tradable, with no next open), until
  // the regular session; the market keeps its time.
  if (stock.marketStatus !== 'regular') {
    let moved: { marketStatus: string } | undefined;
    for (let at = (stock.nextOpenTimestamp ?? Date.now()) + HOUR, n = 0; n < 24 && moved?.marketStatus !== 'regular'; at += HOUR, n += 1) {
      await setDeskClock(request, at);
      moved = (await post(request, '/m_ft/block_list', null, { q: SYMBOL })).list.find((q: { symbol: string }) => q.symbol === SYMBOL);
    }
    expect(moved).toMatchObject({ tradable: true, nextOpenTimestamp: null, marketStatus: 'regular' });
  }
  const user = await activeBlockTrader(request, '100000');

  // ---- below a block: the field says so, nothing is asked ----
  await launch(page, user.token);
  await page.goto(PAGE);
  await expectState(page, 'active');
  await expect(page.getByTestId('blocktrade-terms')).toBeVisible();
  await page.getByTestId('blocktrade-quantity').fill('9999');
  await page.getByTestId('blocktrade-request').click();
  await expect(page.getByTestId('blocktrade-quantity-error')).toHaveText('A block trade is at least 10,000 shares and a multiple of 1');
  await expect(page.getByTestId('blocktrade-quote')).toHaveCount(0);
  await shot(page, 'blocktrade-rfq-errors-en');

  // ---- a quote in every language: price inside the band, the difference to the reference, the costs, the countdown ----
  for (const language of LANGUAGES) {
    await launch(page, user.token, language.ui);
    await page.goto(PAGE);
    await expect(stateOf(page)).toHaveAttribute('data-status', 'active');
    const quote = await requestQuote(page, SYMBOL, '10000', 5);
    const id = Number(await quote.getAttribute('data-id'));
    const wire = (await get(request, '/blockTrade/quotes?size=5', user.token)).list.find((q: { id: number }) => q.id === id);
    expect(wire).toMatchObject({ status: 'quoted', quantity: '10000', leverage: 5, bandPercent: '3', direction: 0 });
    // The quoted price is inside the band; a buy pays above the mid.
    expect(exact(wire.price) >= exact(wire.bandLow) && exact(wire.price) <= exact(wire.bandHigh), JSON.stringify(wire)).toBe(true);
    expect(exact(wire.price) > exact(wire.referencePrice), JSON.stringify(wire)).toBe(true);
    await expect(quote.getByTestId('blocktrade-quote-price')).toHaveAttribute('data-value', wire.price);
    await expect(quote.getByTestId('blocktrade-countdown')).toBeVisible();
    await expect(toast(page)).toHaveCount(0, { timeout: 5_000 });
    await animationsDone(page);
    expect(await seriousViolations(page), `axe on the quote (${language.short})`).toEqual([]);
    await quote.scrollIntoViewIfNeeded();
    await shot(page, `blocktrade-quote-${language.short}`);
    if (language.short === 'en') {
      await expect(quote.getByTestId('blocktrade-quote-margin')).toHaveText(`$${wire.margin.replace(/\B(?=(\d{3})+(?!\d))(?=.*\.)/g, ',')}`);
      await expect(quote.getByTestId('blocktrade-quote-band')).toContainText('–');
    }
  }

  // ---- the last (Chinese) quote is left to expire: it can no longer be accepted ----
  const expired = page.getByTestId('blocktrade-quote');
  await expect(expired).toHaveAttribute('data-status', 'expired', { timeout: 40_000 });
  await expect(page.getByTestId('blocktrade-accept')).toHaveCount(0);
  await expect(page.getByTestId('blocktrade-again')).toBeVisible();
  // The recent quotes say so too, without a reload: none of the three is live any more.
  await expect(page.locator('[data-testid="blocktrade-recent-row"][data-status="quoted"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="blocktrade-recent-row"][data-status="expired"]')).toHaveCount(3);
  await animationsDone(page);
  expect(await seriousViolations(page), 'axe on the expired quote').toEqual([]);
  await shot(page, 'blocktrade-quote-expired-zh');

  // ---- a fresh quote, accepted: the result links to the position ----
  await launch(page, user.token);
  await page.goto(PAGE);
  const quote = await requestQuote(page, SYMBOL, '10000', 5);
  const id = Number(await quote.getAttribute('data-id'));
  const price = (await quote.getByTestId('blocktrade-quote-price').getAttribute('data-value'))!;
  await page.getByTestId('blocktrade-accept').click();
  const result = page.getByTestId('blocktrade-result');
  await expect(result).toBeVisible();
  await expect(result.getByTestId('blocktrade-result-text')).toContainText(`Buy 10,000 Intel Corporation at ${price} USD`);
  const accepted = (await get(request, '/blockTrade/quotes?size=5', user.token)).list.find((q: { id: number }) => q.id === id);
  expect(accepted).toMatchObject({ status: 'accepted', positionId: expect.any(Number) });
  await expect(page.locator(`[data-testid="blocktrade-recent-row"][data-id="${id}"]`)).toHaveAttribute('data-status', 'accepted');
  await expect(toast(page)).toHaveCount(0, { timeout: 5_000 });
  await animationsDone(page);
  expect(await seriousViolations(page), 'axe on the result').toEqual([]);
  await shot(page, 'blocktrade-result-en');
  await page.getByTestId('blocktrade-position').click();
  await expect(page).toHaveURL(new RegExp(`#${ROUTES.tradeDetail}\\?id=${accepted.positionId}`));
  const position = await post(request, '/position/detail', user.token, { id: accepted.positionId });
  expect(position).toMatchObject({ source: 4, status: 1, openPrice: price, quantity: '10000', leverage: 5, largeOrder: true });
  await shot(page, 'blocktrade-position-en');

  // ---- the back office reads the quotes: live, expired, accepted ----
  const bo = await backOffice(browser, baseURL);
  await bo.getByTestId('bo-blocktrade-tab-quotes').click();
  const rows = bo.getByTestId('bo-blockquote-row').filter({ hasText: user.username });
  await expect(rows.first()).toBeVisible();
  await expect(bo.locator(`[data-testid="bo-blockquote-row"][data-quote-id="${id}"]`)).toHaveAttribute('data-status', 'accepted');
  expect(await seriousViolations(bo), 'axe on the back office quotes').toEqual([]);
  await screen(bo, 'operator-blockquotes');
  await bo.getByTestId('bo-blockquote-status').getByRole('button', { name: 'Expired' }).click();
  await expect(rows.first()).toHaveAttribute('data-status', 'expired');
  await bo.context().close();
});
