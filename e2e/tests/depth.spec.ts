import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ROUTES } from '../../apps/web/src/app/paths';
import { animationsDone, inLanguage, LANGUAGES, launch, screen, seriousViolations } from './support';

// Issue 18, depth and time and sales: a visitor opens Bitcoin's quote page (crypto trades every day,
// so the book is live whenever this runs), finds the simulated ten-level book under the quote's
// figures, bids falling and asks rising from the quote's own bid and ask, and its time and sales with
// sides; the book follows the live quote over the push socket. Apple's page shows the note of a
// closed market when its market is shut. Photographed in English, Dutch and Chinese at 390x844 and
// checked by axe.

test.use({ bypassCSP: true });

const CRYPTO = `/#${ROUTES.quoteForex}?name=Bitcoin&code=BTCUSDT&market=CRYPTO&symbol=BTCUSDT`;
const STOCK = `/#${ROUTES.quoteStock}?name=Apple&code=AAPL&source=0&market=US&symbol=AAPL`;

/** A public market call (no one signed in). */
async function get(request: APIRequestContext, path: string) {
  const body = await (await request.get(`/web${path}`)).json();
  expect(body.code, `${path}: ${JSON.stringify(body)}`).toBe(200);
  return body.data;
}

/** Exact comparison of two plain decimal strings (prices), without a float. */
function compare(a: string, b: string): number {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const width = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(width, '0'));
  const y = BigInt(bi + bf.padEnd(width, '0'));
  return x < y ? -1 : x > y ? 1 : 0;
}

async function prices(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(testId).evaluateAll((els) => els.map((el) => el.getAttribute('data-price') ?? ''));
}

async function axe(page: Page, what: string) {
  await animationsDone(page);
  expect(await seriousViolations(page), `axe on ${what}`).toEqual([]);
}

test('the quote page shows the simulated ten-level book and the time and sales, live, in every language', async ({ page, request }) => {
  test.setTimeout(180_000);
  await launch(page);

  for (const language of LANGUAGES) {
    await inLanguage(page, language.ui, CRYPTO);
    const card = page.getByTestId('quote-depth');
    await expect(page.getByTestId('depth-bid-level')).toHaveCount(10);
    await expect(page.getByTestId('depth-ask-level')).toHaveCount(10);
    const bids = await prices(page, 'depth-bid-level');
    const asks = await prices(page, 'depth-ask-level');
    for (let i = 1; i < 10; i += 1) {
      expect(compare(bids[i]!, bids[i - 1]!), `bids fall in ${language.short}`).toBe(-1);
      expect(compare(asks[i]!, asks[i - 1]!), `asks rise in ${language.short}`).toBe(1);
    }
    expect(compare(bids[0]!, asks[0]!)).toBe(-1);
    await expect(page.getByTestId('depth-note')).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await animationsDone(page);
    await screen(page, `depth-book-${language.short}`);
    await axe(page, `the book in ${language.short}`);

    await page.getByTestId('depth-tab-trades').click();
    await expect(page.getByTestId('tape-print')).toHaveCount(30);
    const sides = await page.getByTestId('tape-print').evaluateAll((els) => els.map((el) => el.getAttribute('data-side')));
    expect(sides.every((s) => s === 'buy' || s === 'sell')).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await animationsDone(page);
    await screen(page, `depth-tape-${language.short}`);
    await axe(page, `the time and sales in ${language.short}`);
  }

  // The book at the server's moment starts at the quote's bid and ask, exactly (one call, one moment).
  const depth = (await get(request, '/m_ft/depth?symbol=BTCUSDT')) as {
    timestamp: number;
    bids: Array<{ price: string; size: string }>;
    asks: Array<{ price: string; size: string }>;
  };
  const quote = (await get(request, '/m_ft/stock_detail_ft?symbol=BTCUSDT')) as {
    timestamp: number;
    bid: string;
    ask: string;
    bidVolume: string;
    askVolume: string;
  };
  if (Math.floor(depth.timestamp / 1000) === Math.floor(quote.timestamp / 1000)) {
    expect(depth.bids[0]).toEqual({ price: quote.bid, size: quote.bidVolume });
    expect(depth.asks[0]).toEqual({ price: quote.ask, size: quote.askVolume });
  }

  // Live: the pushed quotes bring a new book about every second, faster than the five-second poll
  // used without the socket would.
  await inLanguage(page, 'en', CRYPTO);
  await expect(page.getByTestId('depth-bid-level')).toHaveCount(10);
  let calls = 0;
  page.on('request', (r) => {
    if (r.url().includes('/m_ft/depth')) calls += 1;
  });
  const before = await page.getByTestId('depth-note').textContent();
  await expect(page.getByTestId('depth-note')).not.toHaveText(before ?? '', { timeout: 10_000 });
  await page.waitForTimeout(6_000);
  expect(calls, 'book requests in about six seconds of live quotes').toBeGreaterThan(2);
});

test('a closed market keeps its last book with a note', async ({ page, request }) => {
  const quote = (await get(request, '/m_ft/stock_detail_ft?symbol=AAPL')) as { tradable: boolean };
  await launch(page);
  await page.goto(STOCK);
  await expect(page.getByTestId('depth-bid-level')).toHaveCount(10);
  if (quote.tradable) {
    await expect(page.getByTestId('depth-closed')).toHaveCount(0);
  } else {
    await expect(page.getByTestId('depth-closed')).toBeVisible();
    await page.getByTestId('quote-depth').scrollIntoViewIfNeeded();
    await animationsDone(page);
    await screen(page, 'depth-closed-en');
  }
  await page.getByTestId('depth-tab-trades').click();
  await expect(page.getByTestId('tape-print')).toHaveCount(30);
});
