import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { funded, get, post, verifiedUser } from './api';
import { gradientPng } from './png';
import { animationsDone, expectAccessible, inLanguage, LANGUAGES, launch, shot, springsDone } from './support';

// Issue 18, orders and risk: a verified investor buys bitcoin from its quote page with a stop-loss
// set in the order form's advanced part, finds the stop as a badge on the position, edits it on the
// position (a stop on the wrong side refused under its field, then a new stop-loss and a
// take-profit saved), and reads on the detail what the fill was made at: the ask of the tick, its
// time to the millisecond, the spread and the fee, exactly as the server kept them. The detail and
// the stops sheet are photographed in English, Dutch and Chinese at 390x844 and checked by axe.

test.use({ bypassCSP: true });

const BTC_QUOTE = '/#/pages/quote/forex?name=Bitcoin&code=BTC%2FUSDT&source=100&market=CRYPTO&symbol=BTCUSDT';
const PNG = gradientPng(160, 100);
const toast = (page: Page) => page.locator('.adm-toast-main');

type Detail = {
  id: number;
  stops: { stopLoss: string | null; takeProfit: string | null };
  handlingFee: string;
  history: Array<{
    event: string;
    price: string | null;
    fill: { bid: string; ask: string; spread: string; quoteTimestamp: number; fee: string | null } | null;
  }>;
};

/** A verified user with 1,000 of 5,000 euros in the FOREX wallet (bitcoin trades through it). */
async function trader(request: APIRequestContext) {
  const user = await verifiedUser(request, 'oa_', PNG);
  await funded(request, user, '5000', PNG);
  await post(request, '/wallet/transfer', user.token, { from: 'BALANCE', to: 'FOREX', amount: '1000' }, true);
  return user;
}

/** `price` × `percent` / 100 on the cent grid, as a plain decimal string (whole-cent arithmetic, no floats). */
function percentOf(price: string, percent: bigint): string {
  const [int, frac = ''] = price.split('.');
  const cents = ((BigInt(int!) * 100n + BigInt((frac + '00').slice(0, 2))) * percent) / 100n;
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

test('an order with a stop-loss, the stop edited on the position, the fill explained', async ({ page, request }) => {
  test.setTimeout(180_000);
  const user = await trader(request);
  const quote = (await get(request, '/m_ft/stock_detail_ft?symbol=BTCUSDT', user.token)) as { bid: string };
  // Far below the live bid, so nothing the simulated market does in a minute reaches it.
  const stopLoss = percentOf(quote.bid, 80n);
  await launch(page, user.token);

  // ---- the order form's advanced part ----
  await page.goto(BTC_QUOTE);
  await page.getByTestId('quote-buy').click();
  await expect(page.getByTestId('order-sheet')).toBeVisible();
  await springsDone(page, '.order-sheet', '.adm-popup .adm-mask');
  await page.getByTestId('order-quantity').fill('0.001');
  await page.getByTestId('order-advanced-toggle').click();
  await expect(page.getByTestId('order-advanced-toggle')).toHaveAttribute('aria-expanded', 'true');
  await page.getByTestId('order-stop-loss').fill(stopLoss);
  await page.getByTestId('order-stop-loss').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await animationsDone(page);
  await shot(page, 'orders-advanced-form-en');
  await page.getByTestId('order-submit').click();
  await springsDone(page, '.adm-dialog .adm-center-popup-wrap > div', '.adm-dialog .adm-mask');
  await page.getByTestId('order-confirm').click();

  await expect(page).toHaveURL(/#\/pages\/trade\/index\?tab=holding/);
  const row = page.locator('[data-testid="position-row"][data-symbol="BTCUSDT"]').first();
  await expect(row.getByTestId('position-stops-sl')).toHaveAttribute('data-price', stopLoss);
  const id = Number(await row.getAttribute('data-id'));
  const placed = (await post(request, '/position/detail', user.token, { id })) as Detail;
  expect(placed.stops.stopLoss).toBe(stopLoss);

  // ---- the detail: the stop as a badge, the fill explained by its tick ----
  await row.click();
  await expect(page.getByTestId('detail-head')).toHaveAttribute('data-id', String(id));
  await expect(page.getByTestId('detail-stop-badges-sl')).toHaveAttribute('data-price', stopLoss);
  const fill = placed.history.find((e) => e.event === 'filled')!.fill!;
  const explained = page.getByTestId('detail-history-row').and(page.locator('[data-event="filled"]')).getByTestId('fill-explained');
  await expect(explained).toHaveAttribute('data-ask', fill.ask);
  await expect(explained).toHaveAttribute('data-bid', fill.bid);
  await expect(explained).toHaveAttribute('data-time', String(fill.quoteTimestamp));
  await expect(explained).toHaveAttribute('data-fee', placed.handlingFee);
  // A buy fills at the ask: the fill price is the tick's ask, its time on the reader's clock (UTC here) to the millisecond.
  const time = new Date(fill.quoteTimestamp).toISOString().slice(11, 23);
  const grouped = (v: string) => v.replace(/\B(?=(\d{3})+(?!\d))/, ',');
  await expect(explained).toHaveText(`Filled at ${grouped(fill.ask)}: ask ${grouped(fill.ask)} at ${time}, spread ${fill.spread}, fee €${placed.handlingFee}`);

  // ---- editing the stops on the position ----
  await page.getByTestId('stops-edit').click();
  await expect(page.getByTestId('stops-sheet')).toBeVisible();
  await springsDone(page, '.adm-popup-body', '.adm-popup .adm-mask');
  await expect(page.getByTestId('stops-stop-loss')).toHaveValue(stopLoss);
  // Above the exit price: refused under the field, nothing changed.
  const above = percentOf(quote.bid, 150n);
  await page.getByTestId('stops-stop-loss').fill(above);
  await page.getByTestId('stops-save').click();
  await expect(page.getByTestId('stops-stop-loss-error')).toContainText('The stop-loss must be below the exit price of');
  expect(((await post(request, '/position/detail', user.token, { id })) as Detail).stops.stopLoss).toBe(stopLoss);
  const newStop = percentOf(quote.bid, 75n);
  const takeProfit = percentOf(quote.bid, 140n);
  await page.getByTestId('stops-stop-loss').fill(newStop);
  await page.getByTestId('stops-take-profit').fill(takeProfit);
  await page.getByTestId('stops-save').click();
  // The order's own toast may still be up on a fast run.
  await expect(toast(page).filter({ hasText: 'Stops saved' })).toBeVisible();
  await expect(page.getByTestId('stops-sheet')).toHaveCount(0);
  await expect(page.getByTestId('detail-stop-badges-sl')).toHaveAttribute('data-price', newStop);
  await expect(page.getByTestId('detail-stop-badges-tp')).toHaveAttribute('data-price', takeProfit);
  const edited = (await post(request, '/position/detail', user.token, { id })) as Detail;
  expect(edited.stops).toMatchObject({ stopLoss: newStop, takeProfit });
  expect(edited.history.map((e) => e.event)).toEqual(['placed', 'filled', 'stops_changed']);

  // ---- every language: the detail's stops and its explained fill, the stops sheet, the list's badges ----
  const detailPath = new URL(page.url()).hash ? `/${new URL(page.url()).hash}` : page.url();
  for (const language of LANGUAGES) {
    await inLanguage(page, language.ui, detailPath);
    await page.getByTestId('detail-stops').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expect(page.getByTestId('detail-stop-badges-tp')).toBeVisible();
    await animationsDone(page);
    await shot(page, `orders-advanced-detail-stops-${language.short}`);
    await expect(page.getByTestId('fill-explained')).toBeVisible();
    await page.getByTestId('detail-history').scrollIntoViewIfNeeded();
    await animationsDone(page);
    await shot(page, `orders-advanced-detail-${language.short}`);
    await expectAccessible(page, `the position detail in ${language.short}`);
    await page.getByTestId('stops-edit').click();
    await springsDone(page, '.adm-popup-body', '.adm-popup .adm-mask');
    await shot(page, `orders-advanced-stops-${language.short}`);
    await expectAccessible(page, `the stops sheet in ${language.short}`);
  }
  // A day limit order far under the price, with a stop-loss: the list of orders says both.
  const limit = percentOf(quote.bid, 50n);
  const order = {
    stockCode: 'BTCUSDT',
    stockName: 'Bitcoin',
    direction: 0,
    source: 100,
    type: 1,
    price: limit,
    quantity: '0.001',
    leverage: 1,
    goldCode: 'BTCUSDT',
    goldName: 'Bitcoin',
  };
  await post(request, '/gold/create', user.token, { ...order, timeInForce: 'day', stopLoss: percentOf(quote.bid, 40n) }, true);
  await page.goto('/#/pages/trade/index?tab=entrusted');
  const waiting = page.getByTestId('entrusted-row').first();
  await expect(waiting.getByTestId('entrusted-day')).toBeVisible();
  await expect(waiting.getByTestId('entrusted-stops-sl')).toHaveAttribute('data-price', percentOf(quote.bid, 40n));
  await waiting.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await animationsDone(page);
  await shot(page, 'orders-advanced-entrusted-zh');
  await page.goto('/#/pages/trade/index?tab=holding');
  await expect(page.getByTestId('position-stops-tp').first()).toBeVisible();
  await animationsDone(page);
  await shot(page, 'orders-advanced-holding-zh');
  await expectAccessible(page, 'the holding list in zh');
});
