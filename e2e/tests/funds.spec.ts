import { expect, test } from '@playwright/test';
import { ROUTES } from '../../apps/web/src/app/paths';
import { financialInvestor, get, operator, post, walletOf } from './api';
import { documentPng } from './png';
import { animationsDone, expectAccessible, launch, photographInLanguages, shot, springsDone } from './support';

// Issue 15, mutual funds: a verified investor with euros in the financial wallet finds the funds from
// that wallet's tab, reads the funds, the Current and the Regular deposit terms and one fund's NAV
// history, and buys 250 euros of the US large-cap fund before its cut-off (the amount held until the
// NAV day the cut-off assigns). Once the funds' clock has passed that day's close and the NAV job has
// run, the holding shows the units allotted: 250 ÷ that day's NAV, rounded down to 3 decimals, worked
// out here from the NAV the API reports. The redemption's preview is shown before confirming. Each
// screen is photographed in English, Dutch and Chinese at 390x844 and checked by axe.

test.use({ bypassCSP: true });

const PNG = documentPng();
const DAY = 86_400_000;
const AMOUNT = '250';

interface ProductWire {
  id: number;
  code: string;
  kind: string;
  nav: string | null;
  cutoffAt: number | null;
  orderNavDay: number | null;
}

/** floor(amount ÷ nav, 3) as the units' text, exact: amount in euros, nav to 4 decimals. */
function unitsFor(amount: string, nav: string): string {
  const [int = '0', frac = ''] = nav.split('.');
  const navTenThousandths = BigInt(int) * 10_000n + BigInt((frac + '0000').slice(0, 4));
  // amount ÷ (n ÷ 10^4) × 10^3 = amount × 10^7 ÷ n
  const milli = (BigInt(amount) * 10_000_000n) / navTenThousandths;
  return `${milli / 1000n}.${(milli % 1000n).toString().padStart(3, '0')}`;
}

test('an investor buys a fund before its cut-off and sees the units its NAV allots', async ({ page, request }) => {
  test.setTimeout(300_000);
  const ops = await operator(request);
  const user = await financialInvestor(request, 'fu_', PNG);
  const financial = () => walletOf(request, user, 'FINANCIAL');

  // The funds' clock: tomorrow at 18:30 UTC, before 15:00 in New York (19:00 or 20:00 UTC), and ahead
  // of this device's clock, so the page's countdown and the server agree on the cut-off.
  const today = Math.floor(Date.now() / DAY) * DAY;
  await post(request, '/test/funds/clock', ops, { at: today + DAY + 18.5 * 3_600_000 });
  try {
    await post(request, '/test/funds/run', ops);
    const products = async (kind: string) => (await post(request, '/user_fund_orders/productPageList', user.token, { kind, size: 100 })).list as ProductWire[];
    const uslc = (await products('fund')).find((p) => p.code === 'USLC')!;
    expect(uslc.nav).not.toBeNull();
    expect(uslc.cutoffAt!).toBeGreaterThan(Date.now());
    const navDay = uslc.orderNavDay!;

    // ---- the financial wallet's tab leads to the funds ----
    await launch(page, user.token);
    await page.goto(`/#${ROUTES.transactions}?tab=FINANCIAL`);
    await expect(page.getByTestId('wallet-funds')).toBeVisible();
    await page.getByTestId('wallet-funds-browse').click();
    const card = page.locator(`[data-testid="fund-product"][data-code="USLC"]`);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('fund-product-cutoff')).toHaveAttribute('data-nav-day', String(navDay));
    await expect(card.getByTestId('fund-product-cutoff')).toHaveAttribute('data-passed', 'false');
    await photographInLanguages(page, 'funds', `/#${ROUTES.mutualIndex}`, '[data-testid="fund-product"][data-code="USLC"]', 'index');
    await photographInLanguages(page, 'funds', `/#${ROUTES.mutualIndex}?tab=current`, '[data-testid="fund-product"][data-kind="current"]', 'current');
    await photographInLanguages(page, 'funds', `/#${ROUTES.mutualIndex}?tab=regular`, '[data-testid="fund-product"][data-kind="regular"]', 'regular');
    await photographInLanguages(page, 'funds', `/#${ROUTES.mutualIndex}?id=${uslc.id}`, '[data-testid="fund-chart"][data-ready="true"]', 'detail');
    const current = (await products('current'))[0]!;
    await photographInLanguages(page, 'funds', `/#${ROUTES.mutualIndex}?tab=current&id=${current.id}`, '[data-testid="fund-yield"]', 'current-detail');

    // ---- buy: the amount is asked for, then 250 euros held until the NAV day ----
    await page.goto(`/#${ROUTES.mutualIndex}`);
    await page.locator(`[data-testid="fund-product"][data-code="USLC"]`).getByTestId('fund-product-buy').click();
    await expect(page.getByTestId('fund-buy-sheet')).toBeVisible();
    await page.getByTestId('fund-buy-submit').click();
    await expect(page.getByTestId('fund-amount-error')).toHaveText('Please enter purchase amount');
    await page.getByTestId('fund-amount').fill(AMOUNT);
    await expect(page.getByTestId('fund-buy-units')).toContainText(unitsFor(AMOUNT, uslc.nav!));
    await expect(page.getByTestId('fund-buy-cutoff')).toHaveAttribute('data-nav-day', String(navDay));
    await springsDone(page, '.adm-popup-body');
    await animationsDone(page);
    await shot(page, 'funds-buy-en');
    await expectAccessible(page, 'the buy sheet');
    await page.getByTestId('fund-buy-submit').click();
    await expect(page.getByTestId('fund-buy-sheet')).toHaveCount(0);
    expect(await financial()).toMatchObject({ balance: '550.00', usedBalance: '250.00' });
    const orders = async (status: string) =>
      (await post(request, '/user_fund_orders/orders', user.token, { status })).list as Array<{
        navDay: number;
        units: string | null;
        nav: string | null;
        side: string;
      }>;
    const [placed] = await orders('inProgress');
    expect(placed!.navDay).toBe(navDay);
    await photographInLanguages(page, 'funds', `/#${ROUTES.mutualHold}?tab=orders`, '[data-testid="fund-order"][data-status="inProgress"]', 'orders-progress');

    // ---- past the NAV day's close on the funds' clock: the NAV is struck and the units allotted ----
    await post(request, '/test/funds/clock', ops, { at: navDay + DAY + 6 * 3_600_000 });
    await post(request, '/test/funds/run', ops);
    await expect.poll(async () => (await orders('completed')).length, { timeout: 60_000 }).toBe(1);
    const detail = await get(request, `/stock/fund/details?id=${uslc.id}`, user.token);
    const nav = (detail.days as Array<{ day: number; value: string }>).find((d) => d.day === navDay)!.value;
    const [done] = await orders('completed');
    expect(done!.nav).toBe(nav);
    const units = unitsFor(AMOUNT, nav);
    expect(done!.units).toBe(units);
    expect(await financial()).toMatchObject({ balance: '550.00', usedBalance: '0.00' });

    // ---- my holdings: the lot with its units ----
    await page.goto(`/#${ROUTES.mutualHold}`);
    const lot = page.locator('[data-testid="fund-holding"][data-code="USLC"]').first();
    await expect(lot).toHaveAttribute('data-status', 'bought');
    await expect(lot).toHaveAttribute('data-units', units);
    // A NAV near 10 allots tens of units: no thousands separator.
    await expect(lot.getByTestId('fund-holding-units')).toHaveText(units);
    await photographInLanguages(page, 'funds', `/#${ROUTES.mutualHold}`, '[data-testid="fund-holding"][data-status="bought"]', 'holdings');
    await photographInLanguages(
      page,
      'funds',
      `/#${ROUTES.mutualHold}?tab=orders&status=completed`,
      '[data-testid="fund-order"][data-status="completed"]',
      'orders-completed',
    );
    await photographInLanguages(page, 'funds', `/#${ROUTES.mutualHold}?tab=profit`, '[data-testid="fund-profit"]', 'profit');

    // ---- the redemption's preview, lot by lot, before it is confirmed ----
    await page.goto(`/#${ROUTES.mutualHold}`);
    await page.locator('[data-testid="fund-holding"][data-code="USLC"]').first().getByTestId('fund-holding-redeem').click();
    await page.getByTestId('fund-units').fill('1');
    await expect(page.getByTestId('fund-preview-lot')).toHaveCount(1);
    await expect(page.getByTestId('fund-preview-units')).toHaveText('1.000');
    await expect(page.getByTestId('fund-redeem-submit')).toBeEnabled();
    await springsDone(page, '.adm-popup-body');
    await animationsDone(page);
    await shot(page, 'funds-redeem-en');
    await expectAccessible(page, 'the redeem sheet');

    // ---- the financial wallet's tab sums it ----
    await page.goto(`/#${ROUTES.transactions}?tab=FINANCIAL`);
    await expect(page.locator('[data-testid="wallet-fund"][data-kind="fund"]')).toBeVisible();
    await page.getByTestId('wallet-funds').scrollIntoViewIfNeeded();
    await animationsDone(page);
    await shot(page, 'funds-wallet-en');
  } finally {
    await post(request, '/test/funds/clock', ops, { at: null });
  }
});
