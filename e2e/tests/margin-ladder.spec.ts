import { expect, test } from '@playwright/test';
import { ROUTES } from '../../apps/web/src/app/paths';
import { funded, get, operator, post, verifiedUser } from './api';
import { documentPng } from './png';
import { animationsDone, cents, inLanguage, LANGUAGES, launch, seriousViolations, shot } from './support';

// Issue 18, the margin warning ladder: an investor's leveraged bitcoin position whose equity falls
// to 80 % of its margin gets one notice with its liquidation price and equity ratio; the inbox lists
// it and its page reads it, in English, Dutch and Chinese at 390x844, checked by axe.
//
// The journeys run on the simulated market, which cannot be told to fall on cue: the server's
// test-only hook runs the ladder's check at a quote the test chooses (modules/marginLadder/
// testRoutes.ts), halfway from the open to the liquidation price, where equity is about 75 % of the
// margin. The price path itself, the exact figures and the once-only are the server's tests'
// (apps/server/test/margin-ladder.test.ts).

test.use({ bypassCSP: true });

const PNG = documentPng();

type Position = { id: number; openPrice: string; margin: string; liquidationPrice: string; walletCurrency: string };
type Notice = { id: number; kind: string; title: string; body: string };

/** A price as a Dutch reader's notice writes it: 98765.43 is "98.765,43". */
const dutch = (v: string) => v.replace(/^(\d+)\.(\d+)$/, (_all, int: string, frac: string) => `${int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${frac}`);

/** Cents as a price string: 9876543n is "98765.43". */
const price = (c: bigint) => `${c / 100n}.${(c % 100n).toString().padStart(2, '0')}`;

test('a margin warning reaches the inbox with the liquidation price, in every language', async ({ page, request }) => {
  test.setTimeout(180_000);
  const user = await verifiedUser(request, 'ml_', PNG);
  await funded(request, user, '5000', PNG);
  await post(request, '/wallet/transfer', user.token, { from: 'BALANCE', to: 'FOREX', amount: '5000' }, true);
  // Leverage 20 is above bitcoin's retail cap: the risk is acknowledged first.
  await post(request, '/trading/leverageRisk/acknowledge', user.token, { version: 1 });
  const p = (await post(
    request,
    '/gold/create',
    user.token,
    { stockCode: 'BTCUSDT', stockName: 'Bitcoin', direction: 0, source: 100, type: 0, quantity: '0.1', leverage: 20, goldCode: 'BTCUSDT' },
    true,
  )) as Position;

  // Halfway to the liquidation price (where equity is 50 % of the margin) equity is about 75 %.
  const open = cents(p.openPrice);
  const bid = open - (open - cents(p.liquidationPrice)) / 2n;
  const quote = { symbol: 'BTCUSDT', bid: price(bid), ask: price(bid + 2n) };
  const op = await operator(request);
  expect(await post(request, '/test/marginLadder/check', op, quote)).toEqual({ sent: 1 });
  // The same quote again: the level has been warned.
  expect(await post(request, '/test/marginLadder/check', op, quote)).toEqual({ sent: 0 });

  const notices = ((await get(request, '/userMessage/getMessage?size=50', user.token)) as { list: Notice[] }).list.filter(
    (n) => n.kind === 'position.marginWarning',
  );
  expect(notices).toHaveLength(1);
  const notice = notices[0]!;
  expect(notice.title).toBe('Margin warning');
  expect(notice.body).toContain(`Your Buy position of 0.1 Bitcoin (BTC/USDT) is at or below 80 % of its margin: at ${price(bid)} USDT`);
  expect(notice.body).toContain(
    `of the margin of ${p.margin} ${p.walletCurrency}. It will be liquidated at ${p.liquidationPrice} USDT, where equity reaches 50 % of the margin.`,
  );
  // About three quarters: the exact ratio is the server's test's (the rate the margin was set at is not on the wire).
  expect(notice.body).toMatch(/equity is \d+\.\d\d EUR, 7[45]\.\d\d % of the margin/);

  await launch(page, user.token);
  for (const language of LANGUAGES) {
    await inLanguage(page, language.ui, `/#${ROUTES.notices}`);
    const row = page.locator('[data-testid="notice-row"][data-kind="position.marginWarning"]');
    await expect(row).toHaveCount(1);
    const liquidation = language.ui === 'nl' ? dutch(p.liquidationPrice) : p.liquidationPrice;
    await expect(row).toContainText(liquidation);
    await animationsDone(page);
    await shot(page, `margin-ladder-inbox-${language.short}`);
    expect(await seriousViolations(page), `axe on the inbox in ${language.short}`).toEqual([]);
    await row.click();
    await expect(page.getByTestId('notice-body')).toContainText(liquidation);
    await expect(page.getByTestId('notice-title')).toHaveText({ en: 'Margin warning', nl: 'Margewaarschuwing', 'zh-Hans': '保证金预警' }[language.ui]);
    await animationsDone(page);
    await shot(page, `margin-ladder-notice-${language.short}`);
    expect(await seriousViolations(page), `axe on the notice in ${language.short}`).toEqual([]);
  }
  await expect(page.getByTestId('notice-body')).toContainText(`价格${price(bid)} USDT时权益为`);
});
