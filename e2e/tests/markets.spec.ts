// Over 400 lines: the market screens' journeys (lists, quote page, search, watchlist) in one file that shares the seeded market and its helpers; Playwright runs its tests in parallel all the same.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { funded, PASSWORD, post, register as registerAs, verifiedUser } from './api';
import { gradientPng } from './png';
import { animationsDone, LANGUAGES, launch, screen, shot } from './support';

const register = (request: APIRequestContext) => registerAs(request, 'mk_');

/** "+1.23%" -> 1.23 (reading the screen, not doing money arithmetic). */
const percent = (text: string | null) => Number((text ?? '').replace(/[%+,\s]/g, ''));

test('home shows the global indices, hot lists and market hours', async ({ page }) => {
  await launch(page);
  await page.goto('/#/pages/home/index');
  const strip = page.getByTestId('home-index-strip');
  await expect(strip).toBeVisible();
  await expect(strip.getByTestId('home-index').first()).toBeVisible();
  expect(await strip.getByTestId('home-index').count()).toBeGreaterThanOrEqual(3);
  await expect(strip.getByText('S&P 500')).toBeVisible();

  const gainers = page.getByTestId('home-top-gainers');
  await expect(gainers.getByTestId('home-top-row').first()).toBeVisible();
  const firstGain = percent(await gainers.getByTestId('home-top-row-change').first().textContent());
  await page.getByTestId('home-hot-losers').click();
  const losers = page.getByTestId('home-top-losers');
  await expect(losers.getByTestId('home-top-row').first()).toBeVisible();
  const firstLoss = percent(await losers.getByTestId('home-top-row-change').first().textContent());
  expect(firstLoss).toBeLessThanOrEqual(firstGain);
  await page.getByTestId('home-hot-active').click();
  await expect(page.getByTestId('home-top-active').getByTestId('home-top-row').first()).toBeVisible();

  await expect(page.getByTestId('home-market-US')).toBeVisible();
  await expect(page.getByTestId('home-market-CRYPTO')).toContainText('Open');
  await expect(page.getByText('Market data is simulated').first()).toBeVisible();

  // Pull to refresh at the top of the page asks the server again.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  const cdp = await page.context().newCDPSession(page);
  const refreshed = page.waitForRequest((r) => r.url().includes('/web/m_ft/home_custom_list'));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 200, y: 300 }] });
  for (let y = 320; y <= 520; y += 20) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 200, y }] });
  await expect(page.getByTestId('pull-to-refresh').first()).toHaveAttribute('data-status', 'canRelease');
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await refreshed;
  await expect(page.getByTestId('pull-to-refresh').first()).toHaveAttribute('data-status', 'idle');

  // An index card opens its quote page.
  await strip.getByTestId('home-index').first().click();
  await expect(page).toHaveURL(/#\/pages\/quote\/(globalindex|forex)\?/);
  await expect(page.getByTestId('quote-price')).toBeVisible();
});

test('the market tab switches segments, sorts on the server and pages on scroll', async ({ page }) => {
  await launch(page);
  await page.goto('/#/pages/market/index');
  const list = page.getByTestId('market-list');
  await expect(list).toHaveAttribute('data-segment', 'US');
  await expect(list.getByTestId('market-row').first()).toBeVisible();
  await expect(list.getByTestId('sparkline').first()).toBeVisible();
  const usFirst = await list.getByTestId('market-row').first().getAttribute('data-symbol');

  for (const [segment, pattern] of [
    ['HK', /\.HK$/],
    ['CRYPTO', /USDT$/],
    ['FX', /^[A-Z]{6}$/],
  ] as const) {
    await page.getByTestId(`market-segment-${segment}`).click();
    await expect(list).toHaveAttribute('data-segment', segment);
    await expect(list.getByTestId('market-row').first()).toHaveAttribute('data-symbol', pattern);
  }
  for (const segment of ['DE', 'NL', 'BE', 'MX', 'FUT', 'INDEX', 'BOND']) {
    await page.getByTestId(`market-segment-${segment}`).click();
    await expect(list).toHaveAttribute('data-segment', segment);
    await expect(list.getByTestId('market-row').first()).toBeVisible();
  }

  // Sorted by change %, high to low, then low to high: the server orders the rows.
  await page.getByTestId('market-segment-US').click();
  await expect(list.getByTestId('market-row').first()).toHaveAttribute('data-symbol', usFirst!);
  await page.getByTestId('market-sort-change_ratio').click();
  await expect(page.getByTestId('market-sort-change_ratio')).toHaveAttribute('data-order', 'desc');
  await expect(page).toHaveURL(/sort=change_ratio&order=desc/);
  await expect(list.getByTestId('market-row').nth(4)).toBeVisible();
  const desc = (await list.getByTestId('market-row-change').allTextContents()).slice(0, 10).map(percent);
  expect(desc[0]).toBeGreaterThanOrEqual(desc[desc.length - 1]!);
  await page.getByTestId('market-sort-change_ratio').click();
  await expect(page).toHaveURL(/order=asc/);
  await expect(async () => {
    const asc = (await list.getByTestId('market-row-change').allTextContents()).slice(0, 10).map(percent);
    expect(asc[0]).toBeLessThanOrEqual(asc[asc.length - 1]!);
    expect(asc[0]).toBeLessThanOrEqual(desc[0]!);
  }).toPass();
  await screen(page, 'markets-market-sorted-en');

  // Infinite scroll: the next page arrives at the bottom.
  await page.getByTestId('market-sort-change_ratio').click();
  await expect(page).not.toHaveURL(/sort=/);
  const before = await list.getByTestId('market-row').count();
  expect(before).toBe(20);
  await expect(async () => {
    await page.mouse.wheel(0, 4000);
    expect(await list.getByTestId('market-row').count()).toBeGreaterThan(before);
  }).toPass({ timeout: 15_000 });

  // Rows open the quote page of their source.
  await page.goto('/#/pages/market/index?seg=HK');
  await list.getByTestId('market-row').first().locator('.quote-row-main').click();
  await expect(page).toHaveURL(/#\/pages\/hkstock\/quote\?.*symbol=/);
  await expect(page.getByTestId('quote-price')).toBeVisible();
  await page.goto('/#/pages/market/index?seg=FUT');
  await list.getByTestId('market-row').first().locator('.quote-row-main').click();
  await expect(page).toHaveURL(/#\/pages\/quote\/future\?/);
  await expect(page.getByTestId('quote-field-openInterest')).toBeVisible();
  await expect(page.getByTestId('quote-field-expiryDate')).toBeVisible();
});

/**
 * Rows of a list wholly on screen: below what covers the top (nav bar, segment bar, column headers)
 * and above the tab bar (or the screen's bottom where there is none).
 */
function rowsOnScreen(page: Page, rowTestId: string): Promise<number> {
  return page.evaluate((testId) => {
    const covers = [...document.querySelectorAll('.page-nav, .segment-bar, .list-head-bar, [data-testid="quote-list-head"]')];
    const top = Math.max(...covers.map((el) => el.getBoundingClientRect().bottom));
    const bottom = document.querySelector('.tab-bar')?.getBoundingClientRect().top ?? window.innerHeight;
    return [...document.querySelectorAll(`[data-testid="${testId}"]`)]
      .map((row) => row.getBoundingClientRect())
      .filter((box) => box.top >= top - 0.5 && box.bottom <= bottom + 0.5).length;
  }, rowTestId);
}

/**
 * Where each column's header ends and where the same column ends in the first row: the right edge
 * of what is drawn (text, arrows, a currency tag), and for the name column the left edge.
 */
function columnEdges(page: Page, rowTestId: string) {
  return page.evaluate((testId) => {
    /** The drawn extent of an element: the boxes of its text and of its tags (a filled box, e.g. the currency's). */
    const ink = (el: Element) => {
      const boxes: DOMRect[] = [...el.querySelectorAll('*')]
        .filter((child) => getComputedStyle(child).backgroundColor !== 'rgba(0, 0, 0, 0)')
        .map((child) => child.getBoundingClientRect());
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const parent = node.parentElement!;
        if (parent.closest('.sr-only')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        boxes.push(...range.getClientRects());
      }
      return { left: Math.min(...boxes.map((b) => b.left)), right: Math.max(...boxes.map((b) => b.right)) };
    };
    const head = document.querySelector('[data-testid="quote-list-head"]')!;
    const row = document.querySelector(`[data-testid="${testId}"]`)!;
    return [...head.querySelectorAll('[data-col]')]
      .map((cell) => cell.getAttribute('data-col')!)
      .filter((col) => col !== 'mid' || head.querySelector('[data-col="mid"]')!.textContent!.trim() !== '')
      .map((col) => {
        const h = ink(head.querySelector(`[data-col="${col}"]`)!);
        const r = ink(row.querySelector(`[data-col="${col}"]`)!);
        return col === 'name' ? { col, head: h.left, row: r.left } : { col, head: h.right, row: r.right };
      });
  }, rowTestId);
}

/** Each row's code as shown, its symbol, and whether the code is cut (wider than its line or its cell). */
function tickers(page: Page, rowTestId: string) {
  return page.evaluate(
    (testId) =>
      [...document.querySelectorAll(`[data-testid="${testId}"]`)].map((row) => {
        const line = row.querySelector('.quote-row-symbol')!;
        const ticker = row.querySelector(`[data-testid="${testId}-ticker"]`)!;
        const cell = row.querySelector('[data-col="name"]')!.getBoundingClientRect();
        const box = ticker.getBoundingClientRect();
        return {
          symbol: row.getAttribute('data-symbol')!,
          text: (ticker as HTMLElement).innerText,
          cut: line.scrollWidth > line.clientWidth || box.right > cell.right + 0.5 || box.left < cell.left - 0.5,
        };
      }),
    rowTestId,
  );
}

/** Every ticker of a list in full, and distinct instruments with distinct tickers. */
async function expectDistinctTickers(page: Page, rowTestId: string, list: string) {
  const rows = await tickers(page, rowTestId);
  expect(rows.length, list).toBeGreaterThan(0);
  expect(
    rows.filter((row) => row.cut),
    `${list}: tickers cut`,
  ).toEqual([]);
  const bySymbol = new Map(rows.map((row) => [row.symbol, row.text]));
  expect(new Set(bySymbol.values()).size, `${list}: tickers shown alike`).toBe(bySymbol.size);
}

test('quote lists: 14 rows a screen, headers on their columns, tickers in full, the currency named', async ({ page }) => {
  await launch(page);
  await page.goto('/#/pages/market/index');
  const head = page.getByTestId('quote-list-head');
  const rows = page.getByTestId('market-row');
  await expect(page.getByTestId('market-list')).toHaveAttribute('data-segment', 'US');
  await expect(rows).toHaveCount(20);
  // Denser rows: at least 14 between the headers and the tab bar, each still a 44-pixel target.
  expect(await rowsOnScreen(page, 'market-row')).toBeGreaterThanOrEqual(14);
  expect((await rows.first().locator('.quote-row-main').boundingBox())!.height).toBeGreaterThanOrEqual(44);
  // Each header ends where its column ends; the name starts where the names start.
  for (const edge of await columnEdges(page, 'market-row'))
    expect(Math.abs(edge.head - edge.row), `${edge.col}: header ${edge.head}, column ${edge.row}`).toBeLessThanOrEqual(1);
  // One currency: named once, beside the price header.
  await expect(head.getByTestId('list-currency')).toHaveText('USD');
  await expect(rows.first().getByTestId('market-row-currency')).toHaveCount(0);

  const currencyOf: Record<string, string | null> = {
    US: 'USD',
    HK: 'HKD',
    DE: 'EUR',
    NL: 'EUR',
    BE: 'EUR',
    MX: 'MXN',
    FUT: 'USD',
    CRYPTO: 'USDT',
    FX: null,
    INDEX: null,
    BOND: null,
  };
  for (const [segment, currency] of Object.entries(currencyOf)) {
    await page.getByTestId(`market-segment-${segment}`).click();
    await expect(page.getByTestId('market-list')).toHaveAttribute('data-segment', segment);
    await expect(rows.first()).toBeVisible();
    await expectDistinctTickers(page, 'market-row', segment);
    if (currency) {
      await expect(head.getByTestId('list-currency')).toHaveText(currency);
      await expect(page.getByTestId('market-row-currency')).toHaveCount(0);
    } else {
      // Several currencies (pairs, indices, bonds of several countries): each row names its own.
      await expect(head.getByTestId('list-currency')).toHaveCount(0);
      const shown = await page.getByTestId('market-row-currency').allInnerTexts();
      expect(shown).toHaveLength(await rows.count());
      expect(new Set(shown).size).toBeGreaterThan(1);
    }
    for (const edge of await columnEdges(page, 'market-row')) expect(Math.abs(edge.head - edge.row), `${segment} ${edge.col}`).toBeLessThanOrEqual(1);
  }

  // A product list: the most traded stocks of every market, each row's currency beside its price.
  await page.goto('/#/pages/product/popular');
  const product = page.getByTestId('product-row');
  await expect(page.getByTestId('product-list')).toHaveAttribute('data-segment', 'popular');
  await expect(product).toHaveCount(20);
  expect(await rowsOnScreen(page, 'product-row')).toBeGreaterThanOrEqual(14);
  for (const edge of await columnEdges(page, 'product-row')) expect(Math.abs(edge.head - edge.row), `popular ${edge.col}`).toBeLessThanOrEqual(1);
  await expect(head.getByTestId('list-currency')).toHaveCount(0);
  const currencies = await page.getByTestId('product-row-currency').allInnerTexts();
  expect(currencies).toHaveLength(20);
  for (const currency of currencies) expect(currency).toMatch(/^[A-Z]{3,4}$/);
  await expectDistinctTickers(page, 'product-row', 'popular');
  // Mexican series codes are long (TLEVISACPO): all pages, every code still whole.
  await expect(async () => {
    await page.mouse.wheel(0, 4000);
    await expect(page.getByText('No more instruments')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expectDistinctTickers(page, 'product-row', 'popular, every page');
  // Which markets lead the first page depends on the hour (volumes follow each exchange's day); the
  // whole list holds them all, each row naming its own currency.
  const everyCurrency = new Set(await page.getByTestId('product-row-currency').allInnerTexts());
  expect([...everyCurrency]).toEqual(expect.arrayContaining(['USD', 'HKD', 'EUR', 'MXN']));

  for (const [path, currency] of [
    ['future', 'USD'],
    ['forex', null],
  ] as const) {
    await page.goto(`/#/pages/product/${path}`);
    await expect(page.getByTestId('product-list')).toHaveAttribute('data-segment', path);
    await expect(product.first()).toBeVisible();
    await expectDistinctTickers(page, 'product-row', path);
    for (const edge of await columnEdges(page, 'product-row')) expect(Math.abs(edge.head - edge.row), `${path} ${edge.col}`).toBeLessThanOrEqual(1);
    if (currency) await expect(head.getByTestId('list-currency')).toHaveText(currency);
    else await expect(product.first().getByTestId('product-row-currency')).toHaveText(/^[A-Z]{3}$/);
  }
  await page.goto('/#/pages/hkstock/index');
  await expect(page.getByTestId('product-list')).toHaveAttribute('data-segment', 'hk');
  await expect(head.getByTestId('list-currency')).toHaveText('HKD');
  await expectDistinctTickers(page, 'product-row', 'hk');
});

for (const language of LANGUAGES) {
  test(`the market list and a product list in ${language.ui}`, async ({ page }) => {
    await launch(page, null, language.ui);
    await page.goto('/#/pages/market/index');
    await expect(page.getByTestId('market-row')).toHaveCount(20);
    await expect(page.getByTestId('list-currency')).toHaveText('USD');
    expect(await rowsOnScreen(page, 'market-row')).toBeGreaterThanOrEqual(14);
    for (const edge of await columnEdges(page, 'market-row')) expect(Math.abs(edge.head - edge.row), edge.col).toBeLessThanOrEqual(1);
    await animationsDone(page);
    await shot(page, `market-list-${language.short}`);
    await page.goto('/#/pages/product/popular');
    await expect(page.getByTestId('product-list')).toHaveAttribute('data-segment', 'popular');
    await expect(page.getByTestId('product-row')).toHaveCount(20);
    expect(await rowsOnScreen(page, 'product-row')).toBeGreaterThanOrEqual(14);
    for (const edge of await columnEdges(page, 'product-row')) expect(Math.abs(edge.head - edge.row), edge.col).toBeLessThanOrEqual(1);
    await animationsDone(page);
    await shot(page, `product-popular-${language.short}`);
  });
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test('a tab opens at its top; Back returns to where the list was, also once the list has to load again', async ({ page }) => {
  await launch(page);
  await page.goto('/#/pages/market/index');
  const rows = page.getByTestId('market-row');
  await expect(rows).toHaveCount(20);
  // Down into the second page, which loads on scroll.
  await expect(async () => {
    await page.mouse.wheel(0, 3000);
    expect(await rows.count()).toBeGreaterThan(25);
  }).toPass({ timeout: 15_000 });
  const row = rows.nth(24);
  await row.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const y = await scrollY(page);
  expect(y).toBeGreaterThan(600);
  const symbol = (await row.getAttribute('data-symbol'))!;

  // A quote opens at its top; its back arrow returns to the same place in the list.
  await row.locator('.quote-row-main').click();
  await expect(page).toHaveURL(/#\/pages\/quote\/stock\?.*symbol=/);
  await expect(page.getByTestId('quote-price')).toBeVisible();
  expect(await scrollY(page)).toBe(0);
  await page.locator('.adm-nav-bar-back').click();
  await expect(page).toHaveURL(/#\/pages\/market\/index/);
  await expect.poll(async () => Math.abs((await scrollY(page)) - y)).toBeLessThanOrEqual(2);
  await expect(page.locator(`[data-testid="market-row"][data-symbol="${symbol}"]`)).toBeInViewport();

  // The same after a reload on the quote page: the list loads again, page by page, and the
  // position is restored once its rows are there.
  await page.locator(`[data-testid="market-row"][data-symbol="${symbol}"] .quote-row-main`).click();
  await expect(page.getByTestId('quote-price')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('quote-price')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/#\/pages\/market\/index/);
  await expect.poll(async () => Math.abs((await scrollY(page)) - y), { timeout: 15_000 }).toBeLessThanOrEqual(2);
  await expect(page.locator(`[data-testid="market-row"][data-symbol="${symbol}"]`)).toBeInViewport();

  // Another tab and back through the tab bar: each opens at its top.
  await page.getByTestId('tab-home').click();
  await expect(page).toHaveURL(/#\/pages\/home\/index/);
  await expect(page.getByTestId('home-index-strip')).toBeVisible();
  expect(await scrollY(page)).toBe(0);
  await page.mouse.wheel(0, 400);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
  await page.getByTestId('tab-market').click();
  await expect(page).toHaveURL(/#\/pages\/market\/index/);
  await expect(rows.first()).toBeVisible();
  expect(await scrollY(page)).toBe(0);
  await page.getByTestId('tab-home').click();
  await expect(page.getByTestId('home-index-strip')).toBeVisible();
  expect(await scrollY(page)).toBe(0);

  // Another segment of the market tab: its list from the top.
  await page.getByTestId('tab-market').click();
  await expect(rows.first()).toBeVisible();
  await page.mouse.wheel(0, 500);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(100);
  await page.getByTestId('market-segment-HK').click();
  await expect(page.getByTestId('market-list')).toHaveAttribute('data-segment', 'HK');
  expect(await scrollY(page)).toBe(0);
});

test('a crypto quote has a live price that changes, the chart, and every range loads', async ({ page }, testInfo) => {
  // What the push socket did, attached when the live price does not move (a flake seen once in a
  // full run could not be reproduced; this records the evidence if it comes back).
  const socketLog: string[] = [];
  page.on('websocket', (ws) => {
    const started = Date.now();
    const at = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
    socketLog.push(`open ${ws.url()}`);
    ws.on('framesent', (f) => socketLog.push(`${at()} > ${String(f.payload).slice(0, 120)}`));
    ws.on('framereceived', (f) => {
      if (socketLog.length < 400) socketLog.push(`${at()} < ${String(f.payload).slice(0, 120)}`);
    });
    ws.on('socketerror', (e) => socketLog.push(`${at()} error ${e}`));
    ws.on('close', () => socketLog.push(`${at()} closed`));
  });
  await launch(page);
  // Crypto's day is the UTC day: the intraday line has a candle for each of its minutes so far.
  const minuteOfDay = (ms: number) => Math.floor((ms % 86_400_000) / 60_000);
  const opened = Date.now();
  await page.goto('/#/pages/market/index?seg=CRYPTO');
  await page.locator('[data-testid="market-row"][data-symbol="BTCUSDT"] .quote-row-main').click();
  await expect(page).toHaveURL(/#\/pages\/quote\/forex\?.*symbol=BTCUSDT/);

  const price = page.getByTestId('quote-price');
  await expect(price).toBeVisible();
  await expect(page.getByTestId('quote-status')).toHaveAttribute('data-phase', 'regular');
  await expect(page.getByTestId('simulated-tag')).toBeVisible();
  await expect(page.getByTestId('quote-change')).toHaveText(/^[+-]?[\d,.]+ [+-]?[\d.]+%$/);
  const first = await price.getAttribute('data-price');
  // Crypto trades around the clock: the pushed price moves within seconds.
  try {
    await expect.poll(async () => price.getAttribute('data-price'), { timeout: 20_000, intervals: [500] }).not.toBe(first);
  } catch (error) {
    await testInfo.attach('push-socket.log', { body: socketLog.join('\n'), contentType: 'text/plain' });
    throw error;
  }
  expect(await price.textContent()).toMatch(/^[\d,]+\.\d{2,}$/);

  const chart = page.getByTestId('chart');
  await expect(chart).toHaveAttribute('data-ready', 'true');
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect(chart).toHaveAttribute('data-range', 'intraday');
  // The minutes since 00:00 UTC when the chart loaded, and the forming minute once a price has come.
  const drawn = Number(await chart.getAttribute('data-candles'));
  if (minuteOfDay(Date.now()) >= minuteOfDay(opened)) {
    expect(drawn).toBeGreaterThanOrEqual(minuteOfDay(opened));
    expect(drawn).toBeLessThanOrEqual(minuteOfDay(Date.now()) + 1);
  }
  for (const field of ['open', 'high', 'low', 'preClose', 'bid', 'ask', 'volume', 'high52w', 'low52w', 'amplitude', 'time']) {
    await expect(page.getByTestId(`quote-field-${field}`)).toBeVisible();
  }
  await screen(page, 'markets-quote-btc-en');

  for (const range of ['1d', '1w', '1m', '3m', '1y'] as const) {
    await page.getByTestId(`kline-range-${range}`).click();
    await expect(page.getByTestId(`kline-range-${range}`)).toHaveAttribute('aria-selected', 'true');
    await expect(chart).toHaveAttribute('data-range', range);
    // The range's candles are drawn once the earlier candles that warm up its indicators have come too.
    await expect.poll(async () => Number(await chart.getAttribute('data-candles'))).toBeGreaterThan(3);
  }
  await page.getByTestId('quote-profile').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('quote-profile')).not.toBeEmpty();

  // Buy opens the order sheet over the quote (signed out, the login page first).
  await page.getByTestId('quote-buy').click();
  await expect(page).toHaveURL(/#\/pages\/(quote\/forex\?.*order=buy|auth\/login\?)/);
});

test('signed in: star a stock and a search result, see them on the watchlist, reorder and remove them', async ({ page, request }) => {
  const { username } = await register(request);
  await launch(page);
  await page.goto('/#/pages/watchlist/index');
  await page.getByTestId('watchlist-signin').click();
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/#\/pages\/watchlist\/index/);
  await expect(page.getByTestId('watchlist-search')).toBeVisible();
  await screen(page, 'markets-watchlist-empty-en');

  // Star a US stock on its quote page.
  await page.goto('/#/pages/market/index?seg=US');
  const firstRow = page.getByTestId('market-row').first();
  const symbol = (await firstRow.getAttribute('data-symbol'))!;
  await firstRow.locator('.quote-row-main').click();
  await expect(page).toHaveURL(/#\/pages\/quote\/stock\?/);
  const star = page.getByTestId('quote-star');
  await expect(star).toHaveAttribute('data-starred', 'false');
  await star.click();
  await expect(star).toHaveAttribute('data-starred', 'true');
  await expect(page.locator('.adm-toast-main')).toHaveText('Added to watchlist');

  // Star Tencent from the search results.
  await page.goto('/#/pages/search/index');
  await page.getByTestId('search-input').fill('Tencent');
  const tencent = page.getByTestId('search-result').filter({ hasText: 'Tencent' }).first();
  await expect(tencent).toBeVisible();
  await tencent.getByTestId('search-star').click();
  await expect(tencent.getByTestId('search-star')).toHaveAttribute('data-starred', 'true');

  await page.goto('/#/pages/watchlist/index');
  const rows = page.getByTestId('watchlist-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('data-symbol', symbol);
  await expect(rows.nth(1)).toHaveAttribute('data-symbol', '0700.HK');
  await expect(rows.nth(0).getByTestId('watchlist-row-price')).toHaveText(/^[\d,]+\.\d{2,}$/);
  await screen(page, 'markets-watchlist-en');

  // Reorder on the manage page; the order is kept by the server.
  await page.getByTestId('watchlist-manage').click();
  await expect(page).toHaveURL(/#\/pages\/watchlist\/manage/);
  const manageRows = page.getByTestId('manage-row');
  await expect(manageRows).toHaveCount(2);
  await manageRows.nth(0).getByTestId('manage-down').click();
  await expect(manageRows.nth(0)).toHaveAttribute('data-symbol', '0700.HK');
  await page.reload();
  await expect(manageRows.nth(0)).toHaveAttribute('data-symbol', '0700.HK');
  await screen(page, 'markets-watchlist-manage-en');

  // Remove the stock after confirming.
  await page.locator(`[data-testid="manage-row"][data-symbol="${symbol}"]`).getByTestId('manage-remove').click();
  await page.getByTestId('manage-remove-confirm').click();
  await expect(manageRows).toHaveCount(1);
  await expect(manageRows.first()).toHaveAttribute('data-symbol', '0700.HK');

  // The watchlist tab follows; un-starring on the quote page empties it.
  await page.goto('/#/pages/watchlist/index');
  await expect(rows).toHaveCount(1);
  await rows.first().locator('.quote-row-main').click();
  await expect(page).toHaveURL(/#\/pages\/hkstock\/quote\?.*symbol=0700\.HK/);
  await expect(page.getByTestId('quote-star')).toHaveAttribute('data-starred', 'true');
  // The star turns at once; the list is read again once the server has answered (a busy machine answers late).
  const removed = page.waitForResponse((r) => r.url().includes('/userSelfSecurity/deleteByStockCode/'));
  await page.getByTestId('quote-star').click();
  await expect(page.getByTestId('quote-star')).toHaveAttribute('data-starred', 'false');
  await removed;
  await page.goto('/#/pages/watchlist/index');
  await expect(page.getByTestId('watchlist-search')).toBeVisible();
});

test('signed out, the star leads to sign-in', async ({ page }) => {
  await launch(page);
  await page.goto('/#/pages/quote/stock?name=Apple&code=AAPL&source=0&market=US');
  await expect(page.getByTestId('quote-name')).toContainText('Apple');
  // A stock's quote page shows its large-order flow (none yet on a fresh market).
  await expect(page.getByTestId('quote-large-orders')).toContainText('No large orders yet.');
  await page.getByTestId('quote-star').click();
  await expect(page).toHaveURL(/#\/pages\/auth\/login\?redirect=/);
});

test('search finds instruments across markets and keeps recent searches', async ({ page }) => {
  await launch(page);
  await page.goto('/#/pages/search/index');
  const input = page.getByTestId('search-input');
  await input.fill('Tencent');
  await expect(page.getByTestId('search-result').filter({ hasText: 'Tencent' }).first()).toHaveAttribute('data-symbol', '0700.HK');
  await input.fill('ASML');
  const asml = page.getByTestId('search-result').filter({ hasText: 'ASML' }).first();
  await expect(asml).toBeVisible();
  await asml.locator('.quote-row-main').click();
  await expect(page).toHaveURL(/#\/pages\/quote\/stock\?.*symbol=ASML/);
  await expect(page.getByTestId('quote-name')).toContainText('ASML');

  await page.goto('/#/pages/search/index');
  await expect(page.getByTestId('search-recent-item').first()).toHaveText('ASML');
  await page.getByTestId('search-recent-item').first().click();
  await expect(input).toHaveValue('ASML');
  await input.fill('');
  await page.getByTestId('search-recent-clear').click();
  await expect(page.getByTestId('search-recent-item')).toHaveCount(0);
  await input.fill('zzzzqqq');
  await expect(page.getByTestId('empty-state')).toBeVisible();
});

test('a Hong Kong quote tells Hong Kong time, the chart sits above the fold, intraday is a line and 1D daily candles', async ({ page, request }) => {
  await launch(page);
  await page.goto('/#/pages/hkstock/quote?name=Tencent&code=00700&source=11&market=HK&symbol=0700.HK');
  await expect(page.getByTestId('quote-name')).toContainText('Tencent');
  const time = page.getByTestId('quote-time');
  await expect(time).toHaveAttribute('data-time-zone', 'Asia/Hong_Kong');
  await expect(time).toContainText('Hong Kong');
  await expect(time).not.toContainText('New York');
  const quote = (await (await request.get('/web/m_ft/stock_detail_ft?symbol=0700.HK')).json()).data as { tradable: boolean; timestamp: number };
  if (quote.tradable) {
    // Open: the date there now. Hong Kong is 8 hours ahead of UTC all year.
    const hk = new Date(Date.now() + 8 * 3600_000);
    const two = (n: number) => String(n).padStart(2, '0');
    await expect(time).toContainText(`${two(hk.getUTCDate())}/${two(hk.getUTCMonth() + 1)}/${hk.getUTCFullYear()}`);
  } else {
    // Closed: as of its last trade, the close of its last session, in the reader's language.
    await expect(time).toHaveAttribute('data-closed', 'true');
    await expect(time).toContainText('Last trade as of');
    // The one English date style: DD/MM/YYYY on Hong Kong's clock (UTC+8 all year).
    const hk = new Date(quote.timestamp + 8 * 3600_000);
    const two = (n: number) => String(n).padStart(2, '0');
    await expect(time).toContainText(`${two(hk.getUTCDate())}/${two(hk.getUTCMonth() + 1)}/${hk.getUTCFullYear()}`);
  }
  await expect(page.getByTestId('quote-field-time')).toContainText('Hong Kong');

  const chart = page.getByTestId('chart');
  await expect(chart).toHaveAttribute('data-ready', 'true');
  await expect(chart).toHaveAttribute('data-time-zone', 'Asia/Hong_Kong');
  await expect(chart).toHaveAttribute('data-style', 'line');
  await expect(page.getByTestId('chart-preclose')).toContainText('previous close');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const canvas = await chart.locator('canvas').first().boundingBox();
  expect(canvas).not.toBeNull();
  expect(canvas!.y).toBeGreaterThan(0);
  expect(canvas!.y + canvas!.height).toBeLessThanOrEqual(844);
  await screen(page, 'markets-quote-hk-en');

  await page.getByTestId('kline-range-1d').click();
  await expect(chart).toHaveAttribute('data-range', '1d');
  await expect(chart).toHaveAttribute('data-style', 'candles');
  // The daily candles are drawn once the 1Y answer that warms their indicators up has come too.
  await expect.poll(async () => Number(await chart.getAttribute('data-candles'))).toBeGreaterThanOrEqual(30);
  expect(Number(await chart.getAttribute('data-candles'))).toBeLessThanOrEqual(61);
  await screen(page, 'markets-quote-hk-1d-en');

  // A German stock tells its own zone too.
  await page.goto('/#/pages/quote/stock?name=SAP&code=SAP&source=0&market=DE&symbol=SAP.DE');
  await expect(page.getByTestId('quote-time')).toContainText('Frankfurt time');
});

for (const language of LANGUAGES) {
  test(`market screens in ${language.ui}`, async ({ page, request }) => {
    const { token } = await register(request);
    const auth = { authorization: `Bearer ${token}` };
    for (const secuCode of ['AAPL', '0700.HK', 'BTCUSDT']) {
      const res = await request.post('/web/userSelfSecurity/save', { headers: auth, data: { secuCode } });
      expect((await res.json()).code).toBe(200);
    }
    await launch(page, token, language.ui);

    await page.goto('/#/pages/home/index');
    await expect(page.getByTestId('home-index-strip')).toBeVisible();
    await expect(page.getByTestId('home-top-gainers').getByTestId('home-top-row').first()).toBeVisible();
    await screen(page, `markets-home-${language.short}`);
    await page.getByTestId('home-top-gainers').scrollIntoViewIfNeeded();
    await screen(page, `markets-home-lists-${language.short}`);

    await page.goto('/#/pages/market/index');
    await expect(page.getByTestId('market-row').first()).toBeVisible();
    await screen(page, `markets-market-${language.short}`);

    await page.goto('/#/pages/quote/forex?name=Bitcoin&code=BTCUSDT&source=100&market=CRYPTO&symbol=BTCUSDT');
    await expect(page.getByTestId('chart')).toHaveAttribute('data-ready', 'true');
    await expect(page.getByTestId('chart')).toHaveAttribute('data-range', 'intraday');
    await expect(page.getByTestId('quote-star')).toHaveAttribute('data-starred', 'true');
    await screen(page, `markets-quote-${language.short}`);

    await page.goto('/#/pages/quote/stock?name=Apple&code=AAPL&source=0&market=US&symbol=AAPL');
    await expect(page.getByTestId('quote-fields')).toBeVisible();
    await expect(page.getByTestId('quote-field-marketCap')).toBeVisible();
    await screen(page, `markets-quote-stock-${language.short}`);

    await page.goto('/#/pages/hkstock/quote?name=Tencent&code=00700&source=11&market=HK&symbol=0700.HK');
    await expect(page.getByTestId('chart')).toHaveAttribute('data-ready', 'true');
    await expect(page.getByTestId('quote-time')).toHaveAttribute('data-time-zone', 'Asia/Hong_Kong');
    await screen(page, `markets-quote-hk-${language.short}`);

    await page.goto('/#/pages/watchlist/index');
    await expect(page.getByTestId('watchlist-row')).toHaveCount(3);
    await screen(page, `markets-watchlist-${language.short}`);

    await page.goto('/#/pages/search/index');
    await page.getByTestId('search-input').fill('Tencent');
    await expect(page.getByTestId('search-result').first()).toBeVisible();
    await screen(page, `markets-search-${language.short}`);
  });
}

// ---- closed markets, instruments without orders, product lists (issue 11) ----

type WireQuote = {
  symbol: string;
  name: string;
  stock_code: string;
  market: string;
  source: number;
  tradable: boolean;
  nextOpenTimestamp: number | null;
  timeZone: string;
  minQuantity: string;
};

async function getData(request: APIRequestContext, path: string) {
  const body = await (await request.get(`/web${path}`)).json();
  expect(body.code, `${path}: ${JSON.stringify(body)}`).toBe(200);
  return body.data;
}

/**
 * A stock whose market is closed now. The stock markets never all trade at once (Hong Kong closes
 * before New York's pre-market opens), so there is always one; the one with the longest wait is
 * taken, so that it does not open during the test.
 */
async function closedStock(request: APIRequestContext): Promise<WireQuote> {
  const markets = (await (await request.post('/web/market/getMakets', { data: {} })).json()).data as Array<{
    market: string;
    tradable: boolean;
    nextOpenTimestamp: number | null;
  }>;
  const closed = markets
    .filter((m) => ['US', 'HK', 'DE', 'NL', 'BE', 'MX'].includes(m.market) && !m.tradable && m.nextOpenTimestamp !== null)
    .sort((a, b) => b.nextOpenTimestamp! - a.nextOpenTimestamp!)[0];
  expect(closed, 'a closed stock market').toBeTruthy();
  const list = await getData(request, `/m_ft/stock_list?market=${closed!.market}&size=1&sort=name&order=asc`);
  return list.list[0] as WireQuote;
}

const quotePath = (q: WireQuote) =>
  `/#/pages/${q.market === 'HK' ? 'hkstock/quote' : 'quote/stock'}?name=${encodeURIComponent(q.name)}&code=${encodeURIComponent(q.stock_code)}&source=${q.source}&market=${q.market}&symbol=${encodeURIComponent(q.symbol)}`;

const WALLET_OF: Record<string, string> = { US: 'US_STOCK', HK: 'HK_STOCK', MX: 'MX_STOCK' };

/** The English date-time to the minute of an instant on the test browser's clock (UTC): 19/11/2026 01:30 AM. */
function utcMinute(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  const h = d.getUTCHours();
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(h % 12 || 12)}:${two(d.getUTCMinutes())} ${h < 12 ? 'AM' : 'PM'}`;
}

test('a closed market: the quote says when it opens and offers limit orders only; a limit order is entrusted', async ({ page, request }) => {
  const stock = await closedStock(request);
  const png = gradientPng(160, 100);
  const user = await verifiedUser(request, 'mkc_', png);
  await funded(request, user, '5000', png);
  await post(request, '/wallet/transfer', user.token, { from: 'BALANCE', to: WALLET_OF[stock.market] ?? 'STOCK', amount: '3000' }, true);
  await launch(page, user.token);

  await page.goto(quotePath(stock));
  await expect(page.getByTestId('quote-name')).toContainText(stock.name);
  const note = page.getByTestId('quote-trading-note');
  await expect(note).toHaveAttribute('data-kind', 'closed');
  const opens = Number(await note.getAttribute('data-next-open'));
  expect(opens).toBeGreaterThan(Date.now());
  // In the viewer's time (the browser runs on UTC here) and in the exchange's.
  await expect(page.getByTestId('quote-trading-note-opens')).toContainText(`Opens ${utcMinute(opens)} your time`);
  await expect(page.getByTestId('quote-trading-note-exchange-time')).not.toBeEmpty();
  await expect(page.getByTestId('quote-buy')).toHaveCount(0);
  await expect(page.getByTestId('quote-sell')).toHaveCount(0);
  await expect(page.getByTestId('quote-limit-buy')).toBeVisible();
  await screen(page, 'markets-quote-closed-en');

  // The order sheet opens on a limit order; a market order is explained and cannot be sent.
  await page.getByTestId('quote-limit-buy').click();
  await expect(page).toHaveURL(/#\/pages\/(quote\/stock|hkstock\/quote)\?.*order=buy/);
  await expect(page.getByTestId('order-sheet')).toBeVisible();
  await expect(page.getByTestId('order-type-limit')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('order-trading-note')).toHaveAttribute('data-kind', 'closed');
  await page.getByTestId('order-type-market').click();
  await expect(page.getByTestId('order-market-closed')).toContainText('a market order cannot be placed until it opens');
  await expect(page.getByTestId('order-submit')).toBeDisabled();
  await page.getByTestId('order-type-limit').click();
  await expect(page.getByTestId('order-price')).not.toHaveValue('');
  await page.getByTestId('order-quantity').fill(stock.minQuantity);
  await page.getByTestId('order-leverage-10').click();
  // Where the stock's currency is not the wallet's (Hong Kong dollars or pesos into the euro wallet),
  // the estimate shows what the wallet pays beside it, through the currencies' dollar pairs.
  const walletCurrency = stock.market === 'US' ? 'USD' : 'EUR';
  const stockCurrency = ({ US: 'USD', HK: 'HKD', MX: 'MXN' } as Record<string, string>)[stock.market] ?? 'EUR';
  await expect(page.getByTestId('order-margin').locator('.estimate-sub')).toHaveCount(walletCurrency === stockCurrency ? 0 : 1);
  if (walletCurrency !== stockCurrency) await expect(page.getByTestId('order-margin').locator('.estimate-sub')).toContainText(/€\d/);
  await shot(page, 'markets-order-closed-limit-en');
  await page.getByTestId('order-submit').click();
  // 10x is above a share's retail cap of 5:1: the risk is acknowledged first, once.
  await page.getByTestId('leverage-risk-check').click();
  await page.getByTestId('leverage-risk-confirm').click();
  await page.getByTestId('order-confirm').click();

  await expect(page).toHaveURL(/#\/pages\/trade\/index\?tab=entrusted/);
  await expect(page.locator(`[data-testid="entrusted-row"][data-symbol="${stock.symbol}"]`)).toBeVisible();
});

test('a bond quote’s Buy leads to the bond order page; an index quote offers no Buy or Sell and says why; the stock order page asks nothing of the server for a bond', async ({
  page,
  request,
}) => {
  const bond = (await (await request.post('/web/m_ft/bondsList', { data: { size: 1 } })).json()).data.list[0] as WireQuote;
  const minCount: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/stocka_config/getMinCount')) minCount.push(r.url());
  });
  await launch(page);
  await page.goto(
    `/#/pages/quote/stock?name=${encodeURIComponent(bond.name)}&code=${encodeURIComponent(bond.stock_code)}&source=${bond.source}&market=BOND&symbol=${encodeURIComponent(bond.symbol)}`,
  );
  await expect(page.getByTestId('quote-trading-note')).toHaveAttribute('data-kind', 'bond');
  await expect(page.getByTestId('quote-trading-note')).toContainText('Bonds are bought on the bond order page');
  await expect(page.getByTestId('quote-limit-buy')).toHaveCount(0);
  // Signed out, Buy asks to sign in first and then goes on to the bond order page.
  await page.getByTestId('quote-buy').click();
  await expect(page).toHaveURL(/#\/pages\/auth\/login\?redirect=%2Fpages%2Fbonds%2Fopen/);

  await page.goto('/#/pages/quote/globalindex?name=S%26P%20500&code=SPX&source=99&market=INDEX&symbol=SPX');
  await expect(page.getByTestId('quote-trading-note')).toHaveAttribute('data-kind', 'index');
  await expect(page.getByTestId('quote-buy')).toHaveCount(0);

  const user = await register(request);
  await launch(page, user.token);
  await page.goto(
    `/#/pages/quote/stock?name=${encodeURIComponent(bond.name)}&code=${encodeURIComponent(bond.stock_code)}&source=${bond.source}&market=BOND&symbol=${encodeURIComponent(bond.symbol)}`,
  );
  await page.getByTestId('quote-buy').click();
  await expect(page).toHaveURL(new RegExp(`#/pages/bonds/open\\?.*symbol=${bond.symbol}`));
  await page.goto(
    `/#/pages/payment/stock?name=${encodeURIComponent(bond.name)}&code=${encodeURIComponent(bond.stock_code)}&source=${bond.source}&direction=0&market=BOND&symbol=${encodeURIComponent(bond.symbol)}`,
  );
  await expect(page.getByTestId('order-trading-note')).toHaveAttribute('data-kind', 'bond');
  await expect(page.getByTestId('order-submit')).toHaveCount(0);
  expect(minCount).toEqual([]);
});

test('the product pages show the live lists they are named after', async ({ page }) => {
  await launch(page);
  await page.goto('/#/pages/product/future');
  const rows = page.getByTestId('product-row');
  await expect(page.getByTestId('product-list')).toHaveAttribute('data-segment', 'future');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().getByTestId('sparkline')).toBeVisible();
  // A category narrows the list on the server.
  const chip = page.locator('[data-testid^="product-classify-"]').nth(1);
  await chip.click();
  await expect(page).toHaveURL(/classify=/);
  await expect(chip).toHaveAttribute('aria-selected', 'true');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByText('Market data arrives soon')).toHaveCount(0);
  await rows.first().locator('.quote-row-main').click();
  await expect(page).toHaveURL(/#\/pages\/quote\/future\?/);
  await expect(page.getByTestId('quote-price')).toBeVisible();

  await page.goto('/#/pages/hkstock/index');
  await expect(rows.first()).toHaveAttribute('data-symbol', /\.HK$/);
  await page.goto('/#/pages/product/forex');
  await expect(rows.first()).toHaveAttribute('data-symbol', /^[A-Z]{6}$/);

  // The most traded stocks, paged on scroll as on the market tab.
  await page.goto('/#/pages/product/popular');
  // The same screen serves the forex list just left: wait for this list's own first page.
  await expect(page.getByTestId('product-list')).toHaveAttribute('data-segment', 'popular');
  await expect(rows).toHaveCount(20);
  await expect(async () => {
    await page.mouse.wheel(0, 4000);
    expect(await rows.count()).toBeGreaterThan(20);
  }).toPass({ timeout: 15_000 });

  // The stock table: a segment per market, a page at a time.
  await page.goto('/#/pages/product/ucstock');
  const table = page.getByTestId('ucstock-table');
  await expect(table).toHaveAttribute('data-market', 'US');
  await expect(page.getByTestId('ucstock-row')).toHaveCount(20);
  const firstUs = await page.getByTestId('ucstock-row').first().getAttribute('data-symbol');
  await page.getByTestId('ucstock-next').click();
  await expect(table).toHaveAttribute('data-page', '2');
  await expect(page.getByTestId('ucstock-row').first()).not.toHaveAttribute('data-symbol', firstUs!);
  await expect(page.getByTestId('ucstock-page')).toContainText('Page 2 of');
  await page.getByTestId('ucstock-segment-DE').click();
  await expect(table).toHaveAttribute('data-market', 'DE');
  await expect(page.getByTestId('ucstock-row').first()).toHaveAttribute('data-symbol', /\.DE$/);

  // The bond list: the notes and bonds of the market, and the three bills beside them.
  await page.goto('/#/pages/bonds/list');
  for (const bill of ['US1M', 'US3M', 'US6M', 'US10Y']) await expect(page.locator(`[data-testid="bond-row"][data-symbol="${bill}"]`)).toBeVisible();
});

for (const language of LANGUAGES) {
  test(`closed-market quote and product list in ${language.ui}`, async ({ page, request }) => {
    const stock = await closedStock(request);
    await launch(page, null, language.ui);
    await page.goto(quotePath(stock));
    await expect(page.getByTestId('quote-trading-note')).toHaveAttribute('data-kind', 'closed');
    await expect(page.getByTestId('chart')).toHaveAttribute('data-ready', 'true');
    await screen(page, `markets-quote-closed-${language.short}`);
    await page.goto('/#/pages/product/future');
    await expect(page.getByTestId('product-row').first()).toBeVisible();
    await screen(page, `markets-product-future-${language.short}`);
    await page.goto('/#/pages/product/ucstock');
    await expect(page.getByTestId('ucstock-row').first()).toBeVisible();
    await screen(page, `markets-product-ucstock-${language.short}`);
  });
}
