import { WalletCode, type FundDetail, type FundHolding, type FundOrder, type FundProduct, type FundRedeemPreview } from '@tradeapp/contract';
import type { ComponentType } from 'react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n';
import type { UiLanguage } from '../../i18n/locale';
import { queryClient } from '../../lib/queryClient';
import { showPage, tick, unmountAll } from '../../testing/mountRoute';

// The fund screens as the investor sees them, from the server's answers (the client is a stub): the
// products of each tab with their terms, the cut-off countdown and the NAV day an order gets (moving
// on at the cut-off, when the list is asked for again), the caller's figures, one product with its
// NAVs or the 7-day yield worked out, the buy sheet with the contract's rules and its estimate, the
// holdings with their statuses and the redemption previews shown before confirming, the orders and
// the profit, and the financial wallet's summary.

const DAY = 86_400_000;
const TODAY = Date.UTC(2026, 10, 24);
const HOUR = 3_600_000;
const AHEAD = Math.floor(Date.now() / DAY) * DAY + 3 * DAY;

const uslc: FundProduct = {
  id: 1,
  kind: 'fund',
  code: 'USLC',
  name: 'US Large Cap Index Fund',
  paused: false,
  minAmount: '10.00',
  basket: [
    { symbol: 'AAPL', weight: '0.6' },
    { symbol: 'MSFT', weight: '0.4' },
  ],
  expensePercent: '0.20',
  timeZone: 'America/New_York',
  cutoff: '15:00',
  nav: '10.2345',
  navDay: TODAY,
  navChange: '0.1234',
  cutoffAt: 0,
  orderNavDay: TODAY + DAY,
  nextNavDay: TODAY + 2 * DAY,
  exitLoadPercent: '1.00',
  exitLoadDays: 365,
  freeUnitsPercent: '10.00',
  lockInDays: 0,
  incomePer10k: null,
  sevenDayYield: null,
  termDays: null,
  ratePercent: null,
  penaltyPercent: null,
  units: '12.345',
  value: '126.34',
  pending: '50.00',
};
const tax: FundProduct = {
  ...uslc,
  id: 2,
  code: 'TAX3Y',
  name: 'Tax Saver',
  paused: true,
  lockInDays: 1095,
  navChange: '-0.5',
  units: '0',
  value: '0.00',
  pending: '0.00',
};
const cur: FundProduct = {
  ...uslc,
  id: 3,
  kind: 'current',
  code: 'CUR',
  name: 'Current',
  minAmount: '1.00',
  basket: [],
  expensePercent: null,
  timeZone: null,
  cutoff: null,
  nav: null,
  navDay: null,
  navChange: null,
  cutoffAt: null,
  orderNavDay: null,
  nextNavDay: null,
  exitLoadPercent: '0',
  exitLoadDays: 0,
  freeUnitsPercent: '0',
  incomePer10k: '0.5123',
  sevenDayYield: '1.8700',
  units: '500.00',
  value: '500.00',
  pending: '0.00',
};
const reg: FundProduct = {
  ...cur,
  id: 4,
  kind: 'regular',
  code: 'REG90',
  name: 'Regular 90 days',
  minAmount: '100.00',
  incomePer10k: null,
  sevenDayYield: null,
  termDays: 90,
  ratePercent: '2.10',
  penaltyPercent: '0.50',
  units: '0',
  value: '0.00',
};

const yieldInputs = ['1.2000', '1.1000', '1.0000', '1.3000', '1.2500', '1.1500', '1.0500'];
const details: Record<number, FundDetail> = {
  1: {
    ...uslc,
    days: [
      { day: TODAY - 2 * DAY, value: '10.0000', ratio: null },
      { day: TODAY - DAY, value: '10.2219', ratio: '1.022240' },
      { day: TODAY, value: '10.2345', ratio: '1.001238' },
    ],
    yieldInputs: [],
  },
  // A day declared ahead of this device's today, whenever the test runs.
  3: {
    ...cur,
    days: [
      { day: TODAY, value: '0.5123', ratio: null },
      { day: AHEAD, value: '0.4987', ratio: null },
    ],
    yieldInputs,
  },
  4: { ...reg, days: [], yieldInputs: [] },
};

const fundLot: FundHolding = {
  id: 11,
  productId: 1,
  kind: 'fund',
  code: 'USLC',
  name: 'US Large Cap Index Fund',
  status: 'bought',
  amount: '126.00',
  units: '12.345',
  remaining: '12.345',
  nav: '10.2062',
  navDay: TODAY - DAY,
  value: '126.34',
  paid: '0.00',
  profit: '0.34',
  lockedUntil: null,
  exitLoadUntil: TODAY + 364 * DAY,
  endTimestamp: null,
  ratePercent: null,
  interest: null,
  buyTimeStamp: TODAY - DAY + 10 * HOUR,
  sellTimeStamp: null,
};
const waiting: FundHolding = {
  ...fundLot,
  id: 12,
  status: 'pending',
  amount: '50.00',
  units: null,
  remaining: '0',
  nav: null,
  navDay: TODAY + DAY,
  value: '0.00',
  profit: '0.00',
  exitLoadUntil: null,
};
const current: FundHolding = {
  ...fundLot,
  id: 13,
  productId: 3,
  kind: 'current',
  code: 'CUR',
  name: 'Current',
  amount: '500.00',
  units: '500.00',
  remaining: '500.00',
  nav: null,
  navDay: null,
  value: '500.00',
  paid: '1.23',
  profit: '1.23',
  exitLoadUntil: null,
};
const regular: FundHolding = {
  ...current,
  id: 14,
  productId: 4,
  kind: 'regular',
  code: 'REG90',
  name: 'Regular 90 days',
  amount: '1000.00',
  units: '1000.00',
  remaining: '1000.00',
  value: '1000.00',
  paid: '0.00',
  profit: '0.00',
  ratePercent: '2.10',
  interest: '5.17',
  endTimestamp: TODAY + 80 * DAY,
};
const redeemed: FundHolding = {
  ...fundLot,
  id: 10,
  status: 'redeemed',
  remaining: '0',
  value: '0.00',
  paid: '130.10',
  profit: '4.10',
  sellTimeStamp: TODAY - 5 * DAY,
};

const orders: FundOrder[] = [
  {
    id: 21,
    productId: 1,
    kind: 'fund',
    code: 'USLC',
    name: 'US Large Cap Index Fund',
    side: 'buy',
    status: 'inProgress',
    amount: '50.00',
    units: null,
    nav: null,
    navDay: TODAY + DAY,
    payDay: null,
    exitLoad: '0.00',
    net: null,
    createTimeTimestamp: TODAY + 9 * HOUR,
    doneTimestamp: null,
  },
  {
    id: 20,
    productId: 1,
    kind: 'fund',
    code: 'USLC',
    name: 'US Large Cap Index Fund',
    side: 'redeem',
    status: 'completed',
    amount: '130.10',
    units: '12.700',
    nav: '10.2441',
    navDay: TODAY - 8 * DAY,
    payDay: TODAY - 5 * DAY,
    exitLoad: '1.17',
    net: '128.93',
    createTimeTimestamp: TODAY - 8 * DAY,
    doneTimestamp: TODAY - 5 * DAY,
  },
];

const fundPreview: FundRedeemPreview = {
  productId: 1,
  units: '5.000',
  nav: '10.2345',
  gross: '51.17',
  exitLoad: '0.39',
  net: '50.78',
  navDay: TODAY + DAY,
  payDay: TODAY + 4 * DAY,
  lots: [
    { holdingId: 11, buyTimeStamp: TODAY - DAY + 10 * HOUR, units: '5.000', free: '1.234', loaded: '3.766', exitLoad: '0.39', locked: false },
    { holdingId: 15, buyTimeStamp: TODAY - 2 * DAY, units: '3.000', free: '0.000', loaded: '0.000', exitLoad: null, locked: true },
  ],
};
// 1,000 for 10 days at 2.10 %: 0.57 earned so far; the penalty 0.50 % is 5.00.
const regularPreview: FundRedeemPreview = {
  productId: 4,
  units: '1000.00',
  nav: null,
  gross: '1000.57',
  exitLoad: '5.57',
  net: '995.00',
  navDay: null,
  payDay: null,
  lots: [{ holdingId: 14, buyTimeStamp: TODAY - 10 * DAY, units: '1000.00', free: '0.00', loaded: '1000.00', exitLoad: '5.57', locked: false }],
};
const currentPreview: FundRedeemPreview = { ...regularPreview, productId: 3, units: '50.00', gross: '50.00', exitLoad: '0.00', net: '50.00', lots: [] };

let products: Record<string, FundProduct[]> = {};
const answers: Record<string, unknown> = {
  fundProducts: (input: { kind: string }) => ({ list: products[input.kind] ?? [], total: (products[input.kind] ?? []).length, page: 1, size: 20 }),
  fundDetails: (input: { id: number }) => details[input.id],
  fundStat: { total: '1626.34', today: '0.15', earnings: '5.67', pending: '50.00', redeeming: '0.00', fund: '126.34', current: '500.00', regular: '1000.00' },
  fundHoldings: (input: { status?: string }) => {
    const all = [waiting, fundLot, current, regular, redeemed].filter((h) => !input.status || h.status === input.status);
    return { list: all, total: all.length, page: 1, size: 20 };
  },
  fundOrders: (input: { status: string }) => {
    const list = orders.filter((o) => o.status === input.status);
    return { list, total: list.length, page: 1, size: 20 };
  },
  fundProfit: {
    list: [
      { holdingId: 11, productId: 1, code: 'USLC', name: 'x', kind: 'fund', profit: '0.34', buyTimeStamp: TODAY - DAY + 10 * HOUR, sellTimeStamp: null },
      { holdingId: 10, productId: 1, code: 'USLC', name: 'x', kind: 'fund', profit: '-1.10', buyTimeStamp: TODAY - 20 * DAY, sellTimeStamp: TODAY - 5 * DAY },
    ],
    total: 2,
    page: 1,
    size: 20,
  },
  fundRedeemPreview: (input: { productId: number }) => (input.productId === 1 ? fundPreview : input.productId === 4 ? regularPreview : currentPreview),
  walletBalance: [
    { code: WalletCode.Funding, currency: 'EUR', symbol: '€', balance: '10.00', usedBalance: '0.00', total: '10.00' },
    { code: WalletCode.Financial, currency: 'EUR', symbol: '€', balance: '3000.00', usedBalance: '50.00', total: '3050.00' },
  ],
};
const calls: Array<{ id: string; input: unknown; options: { idempotencyKey?: string } | undefined }> = [];

vi.mock('../../api/client', async (original) => ({
  ...(await original<object>()),
  call: (id: string, input: unknown, options?: { idempotencyKey?: string }) => {
    calls.push({ id, input, options });
    if (id === 'fundOrderCreate') return Promise.resolve(orders[0]);
    const answer = answers[id];
    if (typeof answer === 'function') return Promise.resolve((answer as (input: unknown) => unknown)(input));
    return id in answers ? Promise.resolve(answer) : Promise.reject(new Error(`no answer for ${id}`));
  },
}));

const toasts: string[] = [];
vi.mock('../../ui/toast', () => ({ showToast: (content: string) => void toasts.push(content) }));
// The chart library draws on a canvas jsdom has not got: its engine is a stub here.
vi.mock('../follow/curveEngine', () => ({ createCurveChart: () => ({ setData: () => undefined, remove: () => undefined }) }));

beforeEach(() => {
  calls.length = 0;
  toasts.length = 0;
  localStorage.setItem('mm.token', 'test-token');
  // USLC's cut-off is two hours away; TAX3Y's passed a minute ago.
  products = {
    fund: [
      { ...uslc, cutoffAt: Date.now() + 2 * HOUR },
      { ...tax, cutoffAt: Date.now() - 60_000 },
    ],
    current: [cur],
    regular: [reg],
  };
});
afterAll(() => setLanguage('en'));
afterEach(unmountAll);

const show = (Page: ComponentType, url: string, language?: UiLanguage) => showPage(Page, url, { language });

const called = (id: string) => calls.filter((c) => c.id === id);

describe('the mutual funds page', () => {
  it('lists the funds with their NAV, change, terms, cut-off countdown and the NAV day an order gets', async () => {
    const { default: FundsPage } = await import('./FundsPage');
    const page = await show(FundsPage, '/pages/yinmutual/index');
    expect(called('fundProducts')[0]?.input).toEqual({ page: 1, size: 20, kind: 'fund' });
    expect(page.all('fund-product-open')).toEqual(['US Large Cap Index Fund', 'Tax Saver Equity Fund (3-year lock-in)']);
    expect(page.all('fund-product-nav')).toEqual(['NAV €10.2345 on 24/11/2026 +0.12%', 'NAV €10.2345 on 24/11/2026 -0.50%']);
    expect(page.all('fund-product-expense')[0]).toBe('0.20% a year');
    expect(page.all('fund-product-min')[0]).toBe('€10.00');
    expect(page.all('fund-product-exit-load')[0]).toBe(
      "1.00% of what is redeemed from units held less than 365 days; the first 10% of a purchase's units are free each year",
    );
    expect(page.all('fund-product-lock-in')).toEqual(['None: redeem on any trading day', 'Each purchase is locked for 1,095 days']);
    expect(page.all('fund-product-paused')).toEqual(['Paused']);
    expect(page.all('fund-product-yours')).toEqual(['You hold 12.345 units, worth €126.34 · €50.00 waiting for its NAV']);
    // Before the cut-off: the countdown and the NAV day the server named.
    const [before, after] = page.nodes('fund-product-cutoff');
    expect(before!.dataset.navDay).toBe(String(TODAY + DAY));
    expect(before!.dataset.passed).toBe('false');
    expect(page.text('fund-product-cutoff-countdown')).toMatch(/^(1 hr, 59 min|2 hr)$/);
    expect(before!.textContent).toContain('an order now gets the NAV of 25/11/2026');
    expect(before!.textContent).toContain('Cut-off 15:00');
    // After it: the next NAV day.
    expect(after!.dataset.passed).toBe('true');
    expect(after!.textContent).toContain("Today's cut-off has passed · an order now gets the NAV of 26/11/2026");
    expect(page.$('fund-simulated-note')?.textContent).toContain('simulated market');
  });

  it('moves to the next NAV day at the cut-off and asks for the list again', async () => {
    products.fund = [{ ...uslc, cutoffAt: Date.now() + 300 }];
    const { default: FundsPage } = await import('./FundsPage');
    const page = await show(FundsPage, '/pages/yinmutual/index');
    expect(page.attr('fund-product-cutoff', 'data-nav-day')).toBe(String(TODAY + DAY));
    // The server names the next cut-off once it has passed.
    products.fund = [{ ...uslc, cutoffAt: Date.now() + DAY, orderNavDay: TODAY + 2 * DAY, nextNavDay: TODAY + 3 * DAY }];
    await tick(1600);
    await page.settle();
    expect(called('fundProducts').length).toBe(2);
    expect(page.attr('fund-product-cutoff', 'data-nav-day')).toBe(String(TODAY + 2 * DAY));
    expect(page.attr('fund-product-cutoff', 'data-passed')).toBe('false');
  });

  it('shows the caller’s figures, split by kind, and the way to the holdings', async () => {
    const { default: FundsPage } = await import('./FundsPage');
    const page = await show(FundsPage, '/pages/yinmutual/index');
    expect(page.text('fund-stat-total')).toBe('€1,626.34');
    expect(page.text('fund-stat-today')).toBe('+€0.15');
    expect(page.text('fund-stat-earnings')).toBe('+€5.67');
    expect([page.text('fund-stat-fund'), page.text('fund-stat-current'), page.text('fund-stat-regular')]).toEqual(['€126.34', '€500.00', '€1,000.00']);
    expect(page.text('fund-stat-moving')).toBe('€50.00 waiting for its NAV');
    await page.click('fund-hold-link');
    expect(page.where()).toBe('/pages/yinmutual/myhold');
  });

  it('asks a visitor to sign in, for their figures and to buy', async () => {
    localStorage.removeItem('mm.token');
    const { default: FundsPage } = await import('./FundsPage');
    const page = await show(FundsPage, '/pages/yinmutual/index');
    expect(page.$('fund-stat')).toBeNull();
    expect(page.text('fund-signin')).toBe('Sign in');
    expect(called('fundStat')).toHaveLength(0);
    await page.click('fund-product-buy');
    expect(page.where()).toBe(`/pages/auth/login?redirect=${encodeURIComponent('/pages/yinmutual/index')}`);
  });

  it('shows Current’s income per 10,000 and its 7-day yield with the formula', async () => {
    const { default: FundsPage } = await import('./FundsPage');
    const page = await show(FundsPage, '/pages/yinmutual/index?tab=current');
    expect(page.attr('fund-tab-current', 'aria-selected')).toBe('true');
    expect(page.text('fund-product-income')).toBe('€0.5123');
    expect(page.text('fund-product-yield')).toBe('1.8700%');
    expect(page.text('fund-product-formula')).toBe("7-day annualised yield = (sum of the last 7 days' income per 10,000) ÷ 7 × 365 ÷ 10,000");
    expect(page.$('fund-product-cutoff')).toBeNull();
  });

  it('says when Current has fewer than 7 declared days', async () => {
    products.current = [{ ...cur, sevenDayYield: null }];
    const { default: FundsPage } = await import('./FundsPage');
    const page = await show(FundsPage, '/pages/yinmutual/index?tab=current');
    expect(page.text('fund-product-yield')).toBe('—');
    expect(page.text('fund-product-formula')).toContain('It is shown once 7 days have been declared.');
  });

  it('shows Regular’s term, rate and early-redemption penalty', async () => {
    const { default: FundsPage } = await import('./FundsPage');
    const page = await show(FundsPage, '/pages/yinmutual/index?tab=regular');
    expect(page.text('fund-product-term')).toBe('90 days');
    expect(page.text('fund-product-rate')).toBe('2.10% a year');
    expect(page.text('fund-product-penalty')).toBe('The interest is forfeited and 0.50% of the principal is charged');
    expect(page.text('fund-product-min')).toBe('€100.00');
  });

  it('says so when a tab has no products', async () => {
    products.regular = [];
    const { default: FundsPage } = await import('./FundsPage');
    const page = await show(FundsPage, '/pages/yinmutual/index?tab=regular');
    expect(page.attr('fund-products-state', 'data-state')).toBe('empty');
    expect(page.$('fund-products-state')?.textContent).toContain('No Regular deposits yet');
  });

  it('reads in Dutch and in Chinese, with their separators and dates', async () => {
    const { default: FundsPage } = await import('./FundsPage');
    const nl = await show(FundsPage, '/pages/yinmutual/index', 'nl');
    expect(nl.all('fund-product-open')[0]).toBe('Indexfonds Amerikaanse large caps');
    expect(nl.all('fund-product-nav')[0]).toBe('NAV €10,2345 op 24-11-2026 +0,12%');
    expect(nl.all('fund-product-expense')[0]).toBe('0,20% per jaar');
    expect(nl.text('fund-stat-total')).toBe('€1.626,34');
    nl.unmount();
    queryClient.clear();
    const zh = await show(FundsPage, '/pages/yinmutual/index', 'zh-Hans');
    expect(zh.all('fund-product-open')[0]).toBe('美国大盘指数基金');
    expect(zh.all('fund-product-nav')[0]).toBe('净值 €10.2345（2026-11-24） +0.12%');
    expect(zh.attr('fund-tab-current', 'role')).toBe('tab');
    expect(zh.text('fund-tab-regular')).toBe('定期');
  });
});

describe('one product', () => {
  it('shows a fund’s basket, NAV chart and recent NAVs with the rule that strikes them', async () => {
    const { default: FundsPage } = await import('./FundsPage');
    const page = await show(FundsPage, '/pages/yinmutual/index?id=1');
    expect(called('fundDetails')[0]?.input).toEqual({ id: 1 });
    expect(page.text('fund-detail-name')).toBe('US Large Cap Index Fund');
    expect(page.text('fund-detail-nav')).toBe('NAV €10.2345 on 24/11/2026 +0.12%');
    expect(page.attr('fund-chart', 'data-points')).toBe('3');
    expect(page.all('fund-nav-row').map((r) => r.replace(/\s+/g, ' '))).toEqual([
      '24/11/2026€10.23451.001238',
      '23/11/2026€10.22191.022240',
      '22/11/2026€10.0000—',
    ]);
    expect(page.all('fund-basket-item')).toEqual(['AAPL60.00%', 'MSFT40.00%']);
    expect(page.$('fund-navs')?.textContent).toContain('(1 − 0.20% ÷ 365)');
    expect(page.text('fund-detail-redeem')).toBe('Redeem');
  });

  it('works Current’s 7-day yield out from the declared incomes, and marks the days declared ahead', async () => {
    const { default: FundsPage } = await import('./FundsPage');
    const page = await show(FundsPage, '/pages/yinmutual/index?tab=current&id=3');
    // (1.20 + 1.10 + 1.00 + 1.30 + 1.25 + 1.15 + 1.05) ÷ 7 × 365 ÷ 10,000 = 4.1975 %.
    expect(page.text('fund-yield-result')).toBe('4.1975%');
    expect(page.text('fund-yield-working')).toBe('(1.2000 + 1.1000 + 1.0000 + 1.3000 + 1.2500 + 1.1500 + 1.0500) ÷ 7 × 365 ÷ 10,000 = 4.1975%');
    expect(page.nodes('fund-income-row').map((r) => r.dataset.ahead)).toEqual(['true', 'false']);
    expect(page.text('fund-incomes-ahead')).toBe(
      `1 day is declared ahead, up to ${new Date(AHEAD).toISOString().slice(8, 10)}/${new Date(AHEAD).toISOString().slice(5, 7)}/${new Date(AHEAD).getUTCFullYear()}.`,
    );
  });

  it('says how many days Current’s yield still waits for', async () => {
    details[3] = { ...details[3]!, yieldInputs: ['0.5', '0.5', '0.5'] };
    const { default: FundsPage } = await import('./FundsPage');
    const page = await show(FundsPage, '/pages/yinmutual/index?tab=current&id=3');
    expect(page.text('fund-yield-waiting')).toBe('Only 3 days have been declared: the 7-day yield is shown once 7 days are (4 more).');
    details[3] = { ...details[3]!, yieldInputs };
  });

  it('gives Regular an example of its interest', async () => {
    const { default: FundsPage } = await import('./FundsPage');
    const page = await show(FundsPage, '/pages/yinmutual/index?tab=regular&id=4');
    // 10,000 × 2.10 % × 90 ÷ 365 = 51.78…
    expect(page.text('fund-example')).toBe('€10,000.00 for 90 days at 2.10% a year earns €51.78, paid with the principal at the end.');
  });
});

describe('buying', () => {
  it('asks for a purchase amount, then the least purchase, then estimates the units and the NAV day, and sends the order under a key', async () => {
    const { default: FundsPage } = await import('./FundsPage');
    const page = await show(FundsPage, '/pages/yinmutual/index');
    await page.click('fund-product-buy');
    expect(page.$('fund-buy-sheet')).not.toBeNull();
    expect(page.text('fund-available')).toBe('€3,000.00');
    await page.submit('fund-buy-sheet');
    expect(page.text('fund-amount-error')).toBe('Please enter purchase amount');
    await page.type('fund-amount', '5');
    await page.submit('fund-buy-sheet');
    expect(page.text('fund-amount-error')).toBe('The least purchase is €10.00');
    expect(called('fundOrderCreate')).toHaveLength(0);
    await page.type('fund-amount', '1000');
    // 1000 ÷ 10.2345 = 97.7086…: 97.708 × 10.2345 = 999.9926, and 97.709 × 10.2345 = 1000.0028 is more than 1000.
    expect(page.text('fund-buy-units')).toBe('≈ 97.708 (estimate)');
    expect(page.text('fund-buy-nav-day')).toBe('25/11/2026');
    expect(page.text('fund-buy-nav')).toBe('€10.2345 on 24/11/2026');
    await page.submit('fund-buy-sheet');
    const [order] = called('fundOrderCreate');
    expect(order?.input).toEqual({ productId: 1, side: 'buy', amount: '1000' });
    expect(order?.options?.idempotencyKey).toMatch(/.{8,}/);
    expect(toasts).toEqual(['Purchase placed: it is priced at its NAV day']);
  });

  it('offers a transfer when the financial wallet is short', async () => {
    const { default: FundsPage } = await import('./FundsPage');
    const page = await show(FundsPage, '/pages/yinmutual/index');
    await page.click('fund-product-buy');
    await page.type('fund-amount', '3000.01');
    expect(page.$('fund-transfer')).not.toBeNull();
    await page.submit('fund-buy-sheet');
    expect(page.text('fund-amount-error')).toBe('Insufficient balance');
    expect(called('fundOrderCreate')).toHaveLength(0);
  });

  it('estimates a Regular term’s interest at its end', async () => {
    const { default: FundsPage } = await import('./FundsPage');
    const page = await show(FundsPage, '/pages/yinmutual/index?tab=regular');
    await page.click('fund-product-buy');
    await page.type('fund-amount', '1000');
    // 1,000 × 2.10 % × 90 ÷ 365 = 5.178…
    expect(page.text('fund-buy-interest')).toBe('€5.18');
    expect(page.text('fund-buy-note')).toBe('The term of 90 days starts today; the principal and interest are paid to your financial wallet at its end.');
  });
});

describe('my holdings', () => {
  it('lists each purchase with its status and figures', async () => {
    const { default: MyHoldPage } = await import('./MyHoldPage');
    const page = await show(MyHoldPage, '/pages/yinmutual/myhold');
    expect(page.nodes('fund-holding').map((n) => n.dataset.id)).toEqual(['12', '11', '13', '14', '10']);
    expect(page.all('fund-holding-status')).toEqual(['Waiting for NAV', 'Bought', 'Bought', 'Bought', 'Redeemed']);
    expect(page.all('fund-holding-nav')).toEqual(['Waiting for the NAV of 25/11/2026', '€10.2062 on 23/11/2026', '€10.2062 on 23/11/2026']);
    expect(page.all('fund-holding-units')[1]).toBe('12.345');
    expect(page.all('fund-holding-interest')).toEqual(['€5.17']);
    // Only what is bought and still held can be redeemed.
    expect(page.all('fund-holding-redeem')).toEqual(['Redeem', 'Redeem', 'Redeem early']);
    await page.click('fund-hold-filter-redeemed');
    expect(called('fundHoldings').at(-1)?.input).toEqual({ page: 1, size: 20, status: 'redeemed' });
    expect(page.nodes('fund-holding').map((n) => n.dataset.id)).toEqual(['10']);
  });

  it('shows a fund redemption’s preview lot by lot before it can be confirmed', async () => {
    const { default: MyHoldPage } = await import('./MyHoldPage');
    const page = await show(MyHoldPage, '/pages/yinmutual/myhold');
    await page.click('fund-holding-redeem', 0);
    expect(page.$('fund-redeem-sheet')).not.toBeNull();
    expect((page.$('fund-redeem-submit') as HTMLButtonElement).disabled).toBe(true);
    await page.type('fund-units', '5');
    await tick(450);
    await page.settle();
    expect(called('fundRedeemPreview').at(-1)?.input).toEqual({ productId: 1, units: '5' });
    expect(page.nodes('fund-preview-lot').map((r) => r.dataset.locked)).toEqual(['false', 'true']);
    expect(page.text('fund-preview-load')).toBe('−€0.39');
    expect(page.text('fund-preview-net')).toBe('€50.78');
    expect(page.text('fund-preview-nav-day')).toBe('25/11/2026');
    expect(page.text('fund-preview-pay-day')).toBe('28/11/2026');
    expect(page.$('fund-preview-locked-note')).not.toBeNull();
    expect((page.$('fund-redeem-submit') as HTMLButtonElement).disabled).toBe(false);
    await page.submit('fund-redeem-sheet');
    expect(called('fundOrderCreate')[0]?.input).toEqual({ productId: 1, side: 'redeem', units: '5' });
    expect(toasts).toEqual(['Redemption placed: it is priced at its NAV day']);
  });

  it('shows what a Regular term ended early forfeits before it is confirmed', async () => {
    const { default: MyHoldPage } = await import('./MyHoldPage');
    const page = await show(MyHoldPage, '/pages/yinmutual/myhold');
    await page.click('fund-holding-redeem', 2);
    expect(page.text('fund-early-note')).toContain('This term ends on 12/02/2027, when it pays €5.17 of interest.');
    await tick(450);
    await page.settle();
    expect(called('fundRedeemPreview').at(-1)?.input).toEqual({ productId: 4, units: 'all', holdingId: 14 });
    expect(page.text('fund-preview-principal')).toBe('€1,000.00');
    expect(page.text('fund-preview-forfeited')).toBe('€0.57');
    expect(page.text('fund-preview-penalty')).toBe('−€5.00');
    expect(page.text('fund-preview-net')).toBe('€995.00');
    await page.submit('fund-redeem-deposit-sheet');
    expect(called('fundOrderCreate')[0]?.input).toEqual({ productId: 4, side: 'redeem', holdingId: 14, units: 'all' });
  });

  it('redeems an amount of a Current deposit', async () => {
    const { default: MyHoldPage } = await import('./MyHoldPage');
    const page = await show(MyHoldPage, '/pages/yinmutual/myhold');
    await page.click('fund-holding-redeem', 1);
    await page.type('fund-units', '50');
    await tick(450);
    await page.settle();
    expect(called('fundRedeemPreview').at(-1)?.input).toEqual({ productId: 3, units: '50', holdingId: 13 });
    expect(page.text('fund-preview-net')).toBe('€50.00');
    expect(page.text('fund-preview-pay-day')).toBe('At once');
    await page.submit('fund-redeem-deposit-sheet');
    expect(called('fundOrderCreate')[0]?.input).toEqual({ productId: 3, side: 'redeem', holdingId: 13, units: '50' });
  });

  it('lists the orders in progress and completed, each with its figures', async () => {
    const { default: MyHoldPage } = await import('./MyHoldPage');
    const page = await show(MyHoldPage, '/pages/yinmutual/myhold?tab=orders');
    expect(called('fundOrders')[0]?.input).toEqual({ page: 1, size: 20, status: 'inProgress' });
    expect(page.all('fund-order-status')).toEqual(['In progress']);
    expect(page.text('fund-order-nav-day')).toBe('25/11/2026');
    await page.click('fund-order-filter-completed');
    expect(called('fundOrders').at(-1)?.input).toEqual({ page: 1, size: 20, status: 'completed' });
    expect(page.all('fund-order-status')).toEqual(['Completed']);
    expect(page.text('fund-order-load')).toBe('−€1.17');
    expect(page.text('fund-order-net')).toBe('€128.93');
    expect(page.text('fund-order-units')).toBe('12.700');
  });

  it('lists the profit per holding with its buy and sell times', async () => {
    const { default: MyHoldPage } = await import('./MyHoldPage');
    const page = await show(MyHoldPage, '/pages/yinmutual/myhold?tab=profit');
    expect(page.all('fund-profit-amount')).toEqual(['+€0.34', '-€1.10']);
    expect(page.nodes('fund-profit')[1]!.textContent).toContain('Sold 19/11/2026');
    expect(page.nodes('fund-profit')[0]!.textContent).toContain('Still held');
  });
});

describe('the financial wallet', () => {
  it('sums the caller’s funds and deposits by kind, with the ways to them', async () => {
    const { default: FinancialFunds } = await import('./FinancialFunds');
    const page = await show(FinancialFunds, '/pages/profile/transaction?tab=FINANCIAL');
    expect(page.nodes('wallet-fund').map((n) => [n.dataset.kind, n.textContent])).toEqual([
      ['fund', 'Funds€126.34'],
      ['current', 'Current€500.00'],
      ['regular', 'Regular€1,000.00'],
    ]);
    expect(page.text('wallet-funds-total')).toBe('Total€1,626.34');
    await page.click('wallet-funds-browse');
    expect(page.where()).toBe('/pages/yinmutual/index');
  });
});
