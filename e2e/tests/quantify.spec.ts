import { expect, test } from '@playwright/test';
import { ROUTES } from '../../apps/web/src/app/paths';
import { financialInvestor, get, operator, post, walletOf } from './api';
import { documentPng } from './png';
import { animationsDone, cents, expectAccessible, launch, photographInLanguages, shot } from './support';

// Issue 14, AI quantify: the three seeded pools are backtested from the house strategies' first
// day. A verified investor with euros in the financial wallet finds the pools from that wallet's
// tab, reads one pool's NAV against its benchmark (backtested days marked), invests 250 euros (held
// until the day's NAV prices it), and, once the pools' clock has passed two day ends, sees the units
// priced at that day's NAV and the daily profit list: each day the units × the change of NAV. Each
// screen is photographed in English, Dutch and Chinese at 390x844 and checked by axe.

test.use({ bypassCSP: true });

const PNG = documentPng();
const DAY = 86_400_000;

interface PoolWire {
  id: number;
  rule: string;
  nav: string | null;
  navDay: number | null;
  units: string;
}

test('an investor invests in a pool at its day’s NAV and sees the daily profit from the NAVs', async ({ page, request }) => {
  test.setTimeout(240_000);
  const ops = await operator(request);
  const user = await financialInvestor(request, 'qu_', PNG);
  const financial = () => walletOf(request, user, 'FINANCIAL');

  // The pools' backfill runs in the job; this runs it now as well (a day is valued once, whoever gets there first).
  await post(request, '/test/quantify/run', ops);
  const pools = async () => (await get(request, '/quantization/list?size=100', user.token)).list as PoolWire[];
  await expect.poll(async () => (await pools()).every((p) => p.nav !== null), { timeout: 120_000, intervals: [1_000] }).toBe(true);
  const pool = (await pools()).find((p) => p.rule === 'volTarget')!;

  // ---- home's products lead to the pools, and so does the financial wallet's tab ----
  await launch(page, user.token);
  await page.goto(`/#${ROUTES.home}`);
  await expect(page.getByTestId('home-products').getByRole('button')).toHaveCount(10);
  await page.getByTestId('home-product-quantify').scrollIntoViewIfNeeded();
  await animationsDone(page);
  await shot(page, 'quantify-home-products-en');
  await page.getByTestId('home-product-quantify').click();
  await expect(page.locator(`[data-testid="quant-pool"][data-id="${pool.id}"]`)).toBeVisible();
  await page.goto(`/#${ROUTES.transactions}?tab=FINANCIAL`);
  await expect(page.getByTestId('wallet-pools')).toBeVisible();
  await page.getByTestId('wallet-pools-browse').click();
  const card = page.locator(`[data-testid="quant-pool"][data-id="${pool.id}"]`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('quant-pool-fee')).toContainText('1');
  await photographInLanguages(page, 'quantify', `/#${ROUTES.quantifyIndex}`, `[data-testid="quant-pool"][data-id="${pool.id}"]`, 'index');
  await page.getByTestId('quant-tab-ranking').click();
  await expect(page.getByTestId('quant-rank')).toHaveCount(3);
  await expect(page.getByTestId('quant-ranking-rule')).toContainText('30 days');
  await photographInLanguages(page, 'quantify', `/#${ROUTES.quantifyIndex}?tab=ranking`, '[data-testid="quant-rank"]', 'ranking');

  // ---- one pool: its NAV against its benchmark, the backtested days marked ----
  await page.goto(`/#${ROUTES.quantifyIndex}`);
  await page.locator(`[data-testid="quant-pool"][data-id="${pool.id}"]`).click();
  await expect(page.getByTestId('quant-detail-head')).toBeVisible();
  await expect(page.getByTestId('quant-legend-backtested')).toBeVisible();
  await expect(page.getByTestId('quant-detail-nav')).toContainText(pool.nav!.slice(0, 4));
  const detailPath = new URL(page.url()).hash;
  await photographInLanguages(page, 'quantify', `/${detailPath}`, '[data-testid="quant-chart"]', 'pool');

  // ---- invest: the amount rule, then 250 euros held until the day's NAV ----
  await page.getByTestId('quant-invest-open').click();
  await page.getByTestId('quant-amount').fill('50');
  await page.getByTestId('quant-invest-submit').click();
  await expect(page.getByTestId('quant-amount-error')).toBeVisible();
  await page.getByTestId('quant-amount').fill('250');
  await animationsDone(page);
  await shot(page, 'quantify-invest-en');
  await expectAccessible(page, 'the invest sheet');
  await page.getByTestId('quant-invest-submit').click();
  await expect(page.locator('[data-testid="quant-order"][data-status="pending"]')).toBeVisible();
  expect(await financial()).toMatchObject({ balance: '550.00', usedBalance: '250.00' });

  // ---- two day ends later on the pools' clock: priced, then a day of profit ----
  const today = Math.floor(Date.now() / DAY) * DAY;
  await post(request, '/test/quantify/clock', ops, { at: today + 2 * DAY + 60_000 });
  try {
    await post(request, '/test/quantify/run', ops);
    const orders = async () =>
      (await post(request, '/quantization/order/pageList', user.token, {})).list as Array<{ status: string; units: string; nav: string; navDay: number }>;
    await expect.poll(async () => (await orders())[0]!.status, { timeout: 60_000 }).toBe('done');
    const [order] = await orders();
    expect(order!.navDay).toBe(today);
    // Units = 250 ÷ the day's NAV, rounded down to 6 decimals.
    const micro = (x: string) => BigInt(x.replace('.', ''));
    expect(micro(order!.units)).toBe((250_000_000n * 1_000_000n) / micro(order!.nav));
    const detail = await get(request, `/quantization/detail?id=${pool.id}`, user.token);
    const [before, last] = detail.days.slice(-2) as Array<{ day: number; nav: string }>;
    expect(before!.day).toBe(today);
    expect(before!.nav).toBe(order!.nav);
    expect(await financial()).toMatchObject({ balance: '550.00', usedBalance: '0.00' });

    // ---- my investments: the daily profit list, from the NAVs ----
    await page.goto(`/#${ROUTES.quantifyRecord}?tab=profit`);
    const row = page.getByTestId('quant-profit').first();
    await expect(row).toBeVisible();
    // units × the change of NAV, exact at 12 decimals, rounded half away from zero to the cent.
    const exact = micro(order!.units) * (micro(last!.nav) - micro(order!.nav));
    const size = exact < 0n ? -exact : exact;
    const rounded = size / 10n ** 10n + (2n * (size % 10n ** 10n) >= 10n ** 10n ? 1n : 0n);
    const profits = (await get(request, '/quantization/profit/list', user.token)).list as Array<{ day: number; profit: string }>;
    expect(profits).toHaveLength(1);
    expect(profits[0]!.day).toBe(last!.day);
    expect(cents(profits[0]!.profit)).toBe(exact < 0n ? -rounded : rounded);
    await photographInLanguages(page, 'quantify', `/#${ROUTES.quantifyRecord}?tab=profit`, '[data-testid="quant-profit"]', 'profit');
    await photographInLanguages(page, 'quantify', `/#${ROUTES.quantifyRecord}?tab=orders`, '[data-testid="quant-order"][data-status="done"]', 'orders');
    await page.goto(`/#${ROUTES.quantifyIndex}`);
    await expect(page.getByTestId('quant-stat')).toBeVisible();
    await shot(page, 'quantify-stat-en');
  } finally {
    await post(request, '/test/quantify/clock', ops, { at: null });
  }
});
