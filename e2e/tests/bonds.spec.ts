import { expect, test, type APIRequestContext } from '@playwright/test';
import { ROUTES } from '../../apps/web/src/app/paths';
import { funded, get, operator, post, type User, verifiedUser, walletOf } from './api';
import { documentPng } from './png';
import { cents, launch, photographInLanguages, shot, springsDone } from './support';

// Issue 15, bonds: a verified investor with dollars in the US stock wallet finds the bonds from the
// home's products, reads the list (yields before and after the markup, prices from the simulated
// market's curve), opens the two-year note from its quote page's Buy, buys 1,000 of face at the
// dirty ask plus the markup, sees the holding on the trade tab's bonds, and sells it at the bid plus
// accrued interest less the markup. Every amount is checked against the figures the test works out
// from the quote the API gives at that minute (a bond's price holds for its minute). Each screen is
// photographed in English, Dutch and Chinese at 390x844 and checked by axe.

test.use({ bypassCSP: true });

const PNG = documentPng();
const MINUTE = 60_000;
const FACE = 1000;

interface QuoteWire {
  symbol: string;
  name: string;
  bid: string;
  ask: string;
  accrued: string;
  dirty: string;
  markup: string;
  faceIncrement: string;
  settlementDate: string;
}
interface HoldingWire {
  id: number;
  symbol: string;
  status: string;
  face: string;
  remaining: string;
  price: string;
  accrued: string;
  markup: string;
  cost: string;
  fee: string;
  proceeds: string;
  settlementDate: string;
}

/** A price per 100 face (up to 6 places) × face ÷ 100, to the cent half up, as cents: the server books each line so. */
function lineCents(pricePer100: string, face: number): bigint {
  const [int = '0', frac = ''] = pricePer100.split('.');
  const micro = BigInt(int) * 1_000_000n + BigInt((frac + '000000').slice(0, 6));
  // micro-units per 100 face × face ÷ 100 = micro-units of money; to cents (10,000 micro-units), half up.
  const money = (micro * BigInt(face)) / 100n;
  return money / 10_000n + ((money % 10_000n) * 2n >= 10_000n ? 1n : 0n);
}

/** Cents of an amount as the English screen writes it: "$1,003.62", "-$5.00". */
const shown = (text: string | null) => cents((text ?? '').replace(/[$€,\s]/g, ''));

const usdBalance = async (request: APIRequestContext, user: User) => (await walletOf(request, user, 'US_STOCK')).balance;
const quoteOf = async (request: APIRequestContext, user: User) => ((await get(request, '/treasuryBond/quotes?symbol=US2Y', user.token)) as QuoteWire[])[0]!;
const holdings = async (request: APIRequestContext, user: User) => (await post(request, '/treasuryBond/pageList', user.token, {})).list as HoldingWire[];

test('an investor buys a Treasury note at the dirty ask plus the markup, sees it on the trade tab and sells it at the bid', async ({ page, request }) => {
  test.setTimeout(300_000);
  const ops = await operator(request);
  const user = await verifiedUser(request, 'bd_', PNG);
  await funded(request, user, '2000.00', PNG);
  await post(request, '/wallet/transfer', user.token, { from: 'BALANCE', to: 'US_STOCK', amount: '1500.00' }, true);
  // Euros to dollars settle at the first settlement run 30 seconds on.
  await expect.poll(async () => Number(await usdBalance(request, user)), { timeout: 75_000, intervals: [2_000] }).toBeGreaterThan(1100);

  // The bond market trades 08:00-17:00 in New York: outside those hours the bonds' own clock is moved
  // to half an hour after the next open, and, before each order, to a minute's start so that the
  // price on the screen and the order's are the same minute's.
  const market = await get(request, '/m_ft/stock_detail_ft?symbol=US2Y', user.token);
  let base = market.tradable ? Date.now() : (market.nextOpenTimestamp as number) + 30 * MINUTE;
  let setAt = Date.now();
  const setClock = (at: number | null) => post(request, '/test/bonds/clock', ops, { at });
  /** The bonds' clock, running on from where it was set, moved on to the start of its next minute. */
  const freshMinute = async () => {
    base = Math.ceil((base + (Date.now() - setAt) + 1_000) / MINUTE) * MINUTE;
    setAt = Date.now();
    await setClock(base);
  };
  await setClock(base);
  try {
    // ---- home's products lead to the bonds; the list says where prices come from ----
    await launch(page, user.token);
    await page.goto(`/#${ROUTES.home}`);
    await expect(page.getByTestId('home-products').getByRole('button')).toHaveCount(10);
    await page.getByTestId('home-product-bonds').click();
    const row = page.locator('[data-testid="bond-row"][data-symbol="US2Y"]');
    await expect(row).toBeVisible();
    await expect(page.getByTestId('bond-curve-note')).toContainText('simulated market');
    // The short bills are listed beside the notes and bonds: no coupon, repaid at par within weeks.
    await expect(page.getByTestId('bond-row-coupon').filter({ hasText: 'None (bill)' })).toHaveCount(3);
    await photographInLanguages(page, 'bonds', `/#${ROUTES.bondsList}`, '[data-testid="bond-row"]', 'list');

    // ---- the quote page's Buy opens the bond's order page ----
    const quote = await quoteOf(request, user);
    await page.goto(`/#${ROUTES.quoteStock}?${new URLSearchParams({ name: quote.name, code: 'US2Y', source: '101', market: 'BOND', symbol: 'US2Y' })}`);
    await expect(page.getByTestId('quote-trading-note')).toHaveAttribute('data-kind', 'bond');
    await page.getByTestId('quote-buy').click();
    await expect(page).toHaveURL(/#\/pages\/bonds\/open\?.*symbol=US2Y/);
    const openPath = new URL(page.url()).hash;
    await expect(page.getByTestId('bond-terms')).toBeVisible();
    await photographInLanguages(page, 'bonds', `/${openPath}`, '[data-testid="bond-order"]', 'open');

    // ---- the face rule, then 1,000 of face: the total from this minute's quote, each line to the cent ----
    await page.getByTestId('bond-face').fill('1050');
    await page.getByTestId('bond-buy').click();
    await expect(page.getByTestId('bond-face-error')).toHaveText('Enter a multiple of 100');
    await freshMinute();
    await page.reload();
    const buyQuote = await quoteOf(request, user);
    const clean = lineCents(buyQuote.ask, FACE);
    const accrued = lineCents(buyQuote.accrued, FACE);
    const fee = lineCents(buyQuote.markup, FACE);
    const total = clean + accrued + fee;
    await page.getByTestId('bond-face').fill(String(FACE));
    await expect(page.getByTestId('bond-total')).toBeVisible();
    expect(shown(await page.getByTestId('bond-clean-amount').textContent())).toBe(clean);
    expect(shown(await page.getByTestId('bond-accrued-amount').textContent())).toBe(accrued);
    expect(shown(await page.getByTestId('bond-fee').textContent())).toBe(fee);
    expect(shown(await page.getByTestId('bond-total').textContent())).toBe(total);
    // The day the purchase settles, the quote's (T+1 for a Treasury), in the English date form.
    const [year, month, day] = buyQuote.settlementDate.split('-');
    await expect(page.getByTestId('bond-settlement')).toHaveText(`${day}/${month}/${year}`);
    const before = cents(await usdBalance(request, user));
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await shot(page, 'bonds-open-filled-en');
    await page.getByTestId('bond-buy').click();

    // ---- the trade tab's bonds: the holding at what the quote said, the wallet less exactly that ----
    await expect(page).toHaveURL(/#\/pages\/trade\/index\?tab=bonds/);
    const holdingRow = page.locator('[data-testid="bond-holding-row"][data-symbol="US2Y"]');
    await expect(holdingRow).toBeVisible();
    const [bought] = await holdings(request, user);
    expect(bought).toMatchObject({ symbol: 'US2Y', status: 'holding', price: buyQuote.ask, markup: buyQuote.markup, settlementDate: buyQuote.settlementDate });
    expect(cents(bought!.cost)).toBe(total);
    expect(cents(bought!.fee)).toBe(fee);
    expect(cents(await usdBalance(request, user))).toBe(before - total);
    expect(shown(await holdingRow.getByTestId('bond-holding-row-cost').textContent())).toBe(total);
    await expect(holdingRow.getByTestId('bond-holding-row-face')).toHaveText('$1,000');
    await expect(page.getByTestId('bond-total-row')).toHaveCount(1);
    await photographInLanguages(page, 'bonds', `/#${ROUTES.trade}?tab=bonds`, '[data-testid="bond-holding-row"]', 'holdings');

    // ---- the sale: (bid + accrued − markup) × face ÷ 100 from this minute's quote ----
    await holdingRow.getByTestId('bond-holding-sell').click();
    await expect(page).toHaveURL(new RegExp(`#/pages/bonds/close\\?.*id=${bought!.id}`));
    const closePath = new URL(page.url()).hash;
    await expect(page.getByTestId('bond-sale')).toBeVisible();
    await photographInLanguages(page, 'bonds', `/${closePath}`, '[data-testid="bond-sale"]', 'close');
    await freshMinute();
    await page.reload();
    const sellQuote = await quoteOf(request, user);
    const proceeds = lineCents(sellQuote.bid, FACE) + lineCents(sellQuote.accrued, FACE) - lineCents(sellQuote.markup, FACE);
    await expect(page.getByTestId('bond-sell-face')).toHaveValue(String(FACE));
    expect(shown(await page.getByTestId('bond-sell-proceeds').textContent())).toBe(proceeds);
    // Selling all of it: what it made is the proceeds less what was paid (no coupon fell in between).
    expect(shown(await page.getByTestId('bond-sell-result').textContent())).toBe(proceeds - total);
    const beforeSale = cents(await usdBalance(request, user));
    await page.getByTestId('bond-sell-submit').click();
    await springsDone(page, '.adm-dialog .adm-center-popup-wrap > div', '.adm-dialog .adm-mask');
    await expect(page.getByTestId('bond-sell-question')).toContainText('$1,000');
    await shot(page, 'bonds-close-confirm-en');
    await page.getByTestId('bond-sell-confirm').click();
    await expect(page).toHaveURL(/#\/pages\/trade\/index\?tab=bonds/);
    await expect(page.locator(`[data-testid="bond-holding-row"][data-id="${bought!.id}"]`)).toHaveAttribute('data-status', 'sold');
    const [closed] = await holdings(request, user);
    expect(closed).toMatchObject({ id: bought!.id, status: 'sold', remaining: '0.00' });
    expect(cents(closed!.proceeds)).toBe(proceeds);
    expect(cents(await usdBalance(request, user))).toBe(beforeSale + proceeds);
    const payments = (await get(request, `/treasuryBond/payments?id=${bought!.id}`, user.token)) as Array<{ kind: string; amount: string }>;
    expect(payments.map((p) => [p.kind, cents(p.amount)])).toEqual([['sale', proceeds]]);
    await shot(page, 'bonds-holdings-sold-en');
  } finally {
    await setClock(null);
  }
});
