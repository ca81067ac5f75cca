import { expect, test } from '@playwright/test';
import { ROUTES } from '../../apps/web/src/app/paths';
import { funded, get, operator, post, verifiedUser } from './api';
import { documentPng } from './png';
import { cents, dialogUp, expectAccessible, photographLaunched } from './support';

// Issue 13, copy-following: an investor picks an agency from the ranking, reads its record, follows
// it with 500 dollars, sees a copy appear when the agency trades (scripted through the server's
// test-only route, which takes the agency rule's own path), finds the copy cannot be sold, and stops
// following. Each screen is photographed in English, Dutch and Chinese at 390x844 and checked by axe.

test.use({ bypassCSP: true });

const PNG = documentPng();

test('an investor follows an agency from the ranking with 500 dollars, sees its trade copied, cannot sell the copy, and stops following', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const ops = await operator(request);
  // The agencies exist and have traded their backfilled days (the job does this too; running it again changes nothing).
  await post(request, '/test/agencies/run', ops);
  const user = await verifiedUser(request, 'fo_', PNG);
  await funded(request, user, '500.00', PNG);
  // 500 euros become more than 500 dollars at the live EURUSD, settled at the first run 30 seconds on: the journey reads the agencies meanwhile.
  await post(request, '/wallet/transfer', user.token, { from: 'BALANCE', to: 'FOLLOW', amount: '500.00' }, true);

  const agencies = await get(request, '/userFollowInvest/getInvestAgencyList', user.token);
  expect(agencies.list).toHaveLength(4);
  const chosen = agencies.ranking[0] ?? agencies.list[0].id;

  // ---- the agencies, the ranking and its rule ----
  await photographLaunched(page, user.token, 'follow', `/#${ROUTES.productFollow}`, '[data-testid="follow-agency"]', 'agencies');
  await expect(page.getByTestId('follow-ranking-rule')).toContainText('90');
  if (agencies.ranking.length) {
    await expect(page.getByTestId('follow-ranked')).toHaveCount(agencies.ranking.length);
    await page.locator(`[data-testid="follow-ranked"][data-id="${chosen}"]`).click();
  } else {
    await page.locator(`[data-testid="follow-agency"][data-id="${chosen}"] [data-testid="follow-agency-open"]`).click();
  }

  // ---- the agency's record: curve with its backfilled and live parts, returns, risk ----
  await expect(page.getByTestId('agency-curve')).toBeVisible();
  await expect(page.getByTestId('agency-legend-backfilled')).toBeVisible();
  await expect(page.getByTestId('agency-computed-note')).toBeVisible();
  const agencyPath = new URL(page.url()).hash.slice(1);
  await photographLaunched(page, user.token, 'follow', `/#${agencyPath}`, '[data-testid="agency-curve"]', 'agency');

  // ---- the follow order: 500 dollars, the default stop-loss, the terms confirmed ----
  await expect(async () => {
    const wallets = await post(request, '/wallet/getWalletBalance', user.token);
    expect(Number(wallets.find((w: { code: string }) => w.code === 'FOLLOW').balance)).toBeGreaterThanOrEqual(500);
  }).toPass({ timeout: 75_000, intervals: [2_000] });
  await page.getByTestId('agency-follow').click();
  await expect(page.getByTestId('follow-order-agency')).toBeVisible();
  await page.getByTestId('follow-amount').fill('500');
  await expect(page.getByTestId('follow-stop-level')).toHaveAttribute('data-level', '300.00');
  await photographLaunched(page, user.token, 'follow', `/#${ROUTES.orderFollow}?agencyId=${chosen}`, '[data-testid="follow-available-amount"]', 'order');
  const followWallet = async () => (await post(request, '/wallet/getWalletBalance', user.token)).find((w: { code: string }) => w.code === 'FOLLOW');
  const before = cents((await followWallet()).balance);
  await page.getByTestId('follow-amount').fill('500');
  await page.getByTestId('follow-submit').click();
  await dialogUp(page);
  await expect(page.getByTestId('follow-confirm-summary')).toBeVisible();
  await expectAccessible(page, 'the follow confirmation');
  await page.getByTestId('follow-confirm').click();
  await expect(page.getByTestId('follow-head')).toBeVisible();
  const followPath = new URL(page.url()).hash.slice(1);
  const followId = Number(new URLSearchParams(followPath.split('?')[1]).get('id'));
  const started = await post(request, '/userFollowInvest/detail', user.token, { id: followId });
  expect(started).toMatchObject({ status: 'following', amount: '500.00', stopLossPercent: 40, copies: [] });

  // ---- the agency trades: 1 BTC (crypto trades at any hour), copied in proportion ----
  const trade = await post(request, `/test/agencies/${chosen}/trade`, ops, { open: { symbol: 'BTCUSDT', direction: 0, quantity: '1' } });
  await expect(page.getByTestId('follow-copy')).toHaveCount(1, { timeout: 20_000 });
  const copied = await post(request, '/userFollowInvest/detail', user.token, { id: followId });
  expect(copied.copies).toHaveLength(1);
  expect(copied.copies[0]).toMatchObject({ symbol: 'BTCUSDT', openPrice: trade.openPrice, followId, walletCode: 'FOLLOW' });
  await photographLaunched(page, user.token, 'follow', `/#${followPath}`, '[data-testid="follow-copy"]', 'detail');

  // ---- the copy cannot be sold: its page says so and offers no close ----
  await page.getByTestId('follow-copy').first().click();
  await expect(page.getByTestId('detail-copy')).toBeVisible();
  await expect(page.getByTestId('detail-copy-locked')).toContainText('cannot be sold after placing');
  await photographLaunched(page, user.token, 'follow', `/${new URL(page.url()).hash}`, '[data-testid="detail-copy"]', 'copy');

  // ---- the trade tab's follows and the wallet's follow tab ----
  await photographLaunched(page, user.token, 'follow', `/#${ROUTES.trade}?tab=follow`, '[data-testid="follow-row"]', 'trade-tab');
  await photographLaunched(page, user.token, 'follow', `/#${ROUTES.transactions}?tab=FOLLOW`, '[data-testid="wallet-follows"]', 'wallet');

  // ---- the agency's page beside the follower's own result ----
  await photographLaunched(page, user.token, 'follow', `/#${agencyPath}`, '[data-testid="agency-your-follow"]', 'agency-followed');
  await expect(page.getByTestId('agency-your-return')).toContainText('%');

  // ---- add money to the follow: 20 dollars from the follow wallet ----
  await page.goto(`/#${followPath}`);
  await page.getByTestId('follow-add').click();
  await expect(page.getByTestId('follow-add-sheet')).toBeVisible();
  await page.getByTestId('follow-add-amount').fill('20.001');
  await page.getByTestId('follow-add-submit').click();
  await expect(page.getByTestId('follow-add-error')).toHaveText('Amount: greater than 0, at most 2 decimals');
  await page.getByTestId('follow-add-amount').fill('20');
  await page.getByTestId('follow-add-submit').click();
  await expect(page.getByTestId('follow-add-sheet')).toHaveCount(0);
  await expect(page.getByTestId('follow-addition')).toHaveCount(1);
  expect(await post(request, '/userFollowInvest/detail', user.token, { id: followId })).toMatchObject({ amount: '520.00' });

  // ---- stop following: the copy closed at market, the money back in the follow wallet ----
  await page.getByTestId('follow-stop').click();
  await dialogUp(page);
  await expect(page.getByTestId('follow-stop-body')).toBeVisible();
  await page.getByTestId('follow-stop-confirm').click();
  await expect(page.getByTestId('follow-stop-reason')).toHaveAttribute('data-reason', 'user');
  const stopped = await post(request, '/userFollowInvest/detail', user.token, { id: followId });
  expect(stopped).toMatchObject({ status: 'stopped', openCopies: 0, cash: '0.00' });
  expect(stopped.copies[0]).toMatchObject({ closeReason: 'unfollow' });
  // What came back is what was put in (520.00) plus the copy's net result, to the cent: the wallet is where it was, plus that net.
  const after = await followWallet();
  expect(cents(after.balance)).toBe(before + cents(stopped.copies[0].netProfit));
  expect(cents(stopped.realised)).toBe(cents(stopped.copies[0].netProfit));
  expect(after.usedBalance).toBe('0.00');
  await photographLaunched(page, user.token, 'follow', `/#${followPath}`, '[data-testid="follow-stop-reason"]', 'stopped');
});
