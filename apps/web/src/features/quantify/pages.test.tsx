import { WalletCode, type Pool, type PoolDetail, type PoolOrder, type PoolProfit } from '@tradeapp/contract';
import type * as AntdMobile from 'antd-mobile';
import type { ComponentType } from 'react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../app/paths';
import { ApiError } from '../../api/errors';
import { setLanguage } from '../../i18n';
import type { UiLanguage } from '../../i18n/locale';
import { queryClient } from '../../lib/queryClient';
import { showPage, unmountAll } from '../../testing/mountRoute';

// The AI quantify screens as the investor sees them, from the server's answers (the client is a
// stub): the pools with the caller's figures and the ranking with its rule, the key sheet, the
// caller's holdings, orders (withdrawn under an idempotency key) and daily profit, one pool with its
// rule in words, its chart's backtested and live days and the invest and redeem sheets with the
// contract's rules, and the financial wallet's pools.

const DAY = 86_400_000;
const TODAY = Date.UTC(2026, 10, 24);
const START = Date.UTC(2026, 0, 2);

const momentum: Pool = {
  id: 1,
  rule: 'momentum',
  symbols: ['ES', 'NQ', 'YM'],
  private: false,
  paused: false,
  feePercent: '1.50',
  minAmount: '100.00',
  nav: '1.083412',
  navDay: TODAY,
  startTimestamp: START,
  liveTimestamp: Date.UTC(2026, 9, 1, 9, 30),
  totalReturn: '8.3412',
  liveReturn: '2.1',
  rankingReturn: '3.4567',
  benchmarkReturn: '6.2',
  benchmarkRankingReturn: '1.9',
  maxDrawdown: '7.35',
  units: '92.301234',
  value: '100.00',
  pending: '50.00',
};
const pairs: Pool = {
  ...momentum,
  id: 2,
  rule: 'pairs',
  symbols: ['KO', 'PEP'],
  private: true,
  paused: true,
  nav: null,
  navDay: null,
  totalReturn: null,
  liveReturn: null,
  rankingReturn: null,
  benchmarkReturn: null,
  benchmarkRankingReturn: null,
  maxDrawdown: null,
  units: '0',
  value: '0.00',
  pending: '0.00',
};
const volTarget: Pool = {
  ...momentum,
  id: 3,
  rule: 'volTarget',
  symbols: ['BTCUSDT', 'ETHUSDT'],
  rankingReturn: '-1.25',
  units: '0',
  value: '0.00',
  pending: '0.00',
};

const detail: PoolDetail = {
  ...momentum,
  days: [
    { day: START, nav: '1.000000', benchmark: '1.000000', fee: '0.00', backtested: true },
    { day: START + DAY, nav: '1.010000', benchmark: '1.004000', fee: '1.20', backtested: true },
    { day: START + 2 * DAY, nav: '1.020000', benchmark: '1.010000', fee: '1.20', backtested: true },
    { day: START + 3 * DAY, nav: '1.050000', benchmark: '1.030000', fee: '1.30', backtested: false },
    { day: START + 4 * DAY, nav: '1.083412', benchmark: '1.062000', fee: '1.30', backtested: false },
  ],
  fees: '12.34',
  equity: '108341.20',
  unitsOutstanding: '100000',
};

const orders: PoolOrder[] = [
  {
    id: 5,
    poolId: 1,
    rule: 'momentum',
    kind: 'subscribe',
    status: 'pending',
    amount: '50.00',
    units: null,
    nav: null,
    navDay: TODAY + DAY,
    createTimeTimestamp: TODAY + 3_600_000,
    doneTimestamp: null,
  },
  {
    id: 4,
    poolId: 1,
    rule: 'momentum',
    kind: 'subscribe',
    status: 'done',
    amount: '100.00',
    units: '92.301234',
    nav: '1.083412',
    navDay: TODAY,
    createTimeTimestamp: TODAY - 3_600_000,
    doneTimestamp: TODAY + 600_000,
  },
  {
    id: 3,
    poolId: 3,
    rule: 'volTarget',
    kind: 'redeem',
    status: 'cancelled',
    amount: null,
    units: null,
    nav: null,
    navDay: TODAY,
    createTimeTimestamp: TODAY - DAY,
    doneTimestamp: null,
  },
];
const profits: PoolProfit[] = [
  { day: TODAY, poolId: 1, rule: 'momentum', units: '92.301234', nav: '1.083412', previousNav: '1.074300', profit: '0.84', backtested: false },
  { day: TODAY - DAY, poolId: 1, rule: 'momentum', units: '92.301234', nav: '1.074300', previousNav: '1.080000', profit: '-0.53', backtested: true },
];

const answers: Record<string, unknown> = {
  quantPools: { list: [momentum, pairs, volTarget], total: 3, page: 1, size: 20 },
  quantPool: detail,
  quantRanking: {
    days: 30,
    list: [
      { rank: 1, poolId: 1, rule: 'momentum', private: false, rankingReturn: '3.4567', benchmarkRankingReturn: '1.9', maxDrawdown: '7.35' },
      { rank: 2, poolId: 3, rule: 'volTarget', private: true, rankingReturn: '-1.25', benchmarkRankingReturn: '0.4', maxDrawdown: '3.1' },
    ],
  },
  quantProfitStat: { total: '100.00', today: '0.84', earnings: '-2.10', pending: '50.00', navDay: TODAY },
  quantOrders: { list: orders, total: 3, page: 1, size: 20 },
  quantProfits: { list: profits, total: 2, page: 1, size: 20 },
  walletBalance: [
    { code: WalletCode.Funding, currency: 'EUR', symbol: '€', balance: '10.00', usedBalance: '0.00', total: '10.00' },
    { code: WalletCode.Financial, currency: 'EUR', symbol: '€', balance: '3000.00', usedBalance: '50.00', total: '3050.00' },
  ],
};
const calls: Array<{ id: string; input: unknown; options: { idempotencyKey?: string } | undefined }> = [];
let save: () => Promise<unknown> = () => Promise.resolve(orders[0]);
let checkSecret: () => Promise<unknown> = () => Promise.resolve(pairs);

vi.mock('../../api/client', async (original) => ({
  ...(await original<object>()),
  call: (id: string, input: unknown, options?: { idempotencyKey?: string }) => {
    calls.push({ id, input, options });
    if (id === 'quantOrderSave') return save();
    if (id === 'quantOrderCancel') return Promise.resolve({ ...orders[0], status: 'cancelled' });
    if (id === 'quantCheckSecret') return checkSecret();
    const answer = answers[id];
    // An answer may depend on what was asked (a page).
    if (typeof answer === 'function') return Promise.resolve((answer as (input: unknown) => unknown)(input));
    return id in answers ? Promise.resolve(answer) : Promise.reject(new Error(`no answer for ${id}`));
  },
}));

// Toasts (antd's, unmounted the legacy way after 2 seconds) are recorded instead of shown.
const toasts: string[] = [];
vi.mock('../../ui/toast', () => ({ showToast: (content: string) => void toasts.push(content) }));

// The chart library draws on a canvas jsdom has not got: its engine is a stub here.
vi.mock('./navEngine', () => ({ createNavChart: () => ({ setData: () => undefined, remove: () => undefined }) }));

// The confirmation is antd's dialog: here the investor confirms at once.
vi.mock('antd-mobile', async (original) => {
  const antd = await original<typeof AntdMobile>();
  return { ...antd, Dialog: { ...antd.Dialog, confirm: () => Promise.resolve(true) } };
});

beforeEach(() => {
  calls.length = 0;
  toasts.length = 0;
  localStorage.setItem('mm.token', 'test-token');
  save = () => Promise.resolve(orders[0]);
  checkSecret = () => Promise.resolve(pairs);
});
afterAll(() => setLanguage('en'));
afterEach(unmountAll);

const show = (Page: ComponentType, url: string, language?: UiLanguage) => showPage(Page, url, { language });

describe('the pools', () => {
  it('shows the caller’s figures, each labelled simulated, and the way to the investments', async () => {
    const { default: QuantifyPage } = await import('./QuantifyPage');
    const page = await show(QuantifyPage, '/pages/aiquantify/index');
    expect(page.text('quant-stat-total')).toBe('€100.00');
    expect(page.text('quant-stat-today')).toBe('+€0.84');
    expect(page.text('quant-stat-earnings')).toBe('-€2.10');
    expect(page.text('quant-stat-pending')).toBe('€50.00');
    expect(page.text('quant-stat-day')).toBe('At the NAV of 24/11/2026');
    expect(page.$('quant-stat')?.querySelectorAll('.quant-sim')).toHaveLength(4);
    await page.click('quant-record-link');
    expect(page.where()).toBe('/pages/aiquantify/record');
  });

  it('lists each pool with its rule, tags, NAV, simulated returns, benchmark, drawdown, fee and the caller’s units', async () => {
    const { default: QuantifyPage } = await import('./QuantifyPage');
    const page = await show(QuantifyPage, '/pages/aiquantify/index');
    expect(page.attr('quant-pools-state', 'data-state')).toBe('list');
    expect(page.nodes('quant-pool').map((n) => n.dataset.id)).toEqual(['1', '2', '3']);
    expect(page.all('quant-pool-open')).toEqual([
      'Momentum across US index futures',
      'Market-neutral pairs: Coca-Cola and PepsiCo',
      'Volatility-targeted Bitcoin and Ether',
    ]);
    expect(page.all('quant-pool-private')).toEqual(['Private']);
    expect(page.all('quant-pool-paused')).toEqual(['Paused']);
    expect(page.all('quant-pool-nav')).toEqual(['NAV €1.083412 on 24/11/2026', 'NAV No NAV yet', 'NAV €1.083412 on 24/11/2026']);
    expect(page.all('quant-pool-ranking-return')).toEqual(['+3.46%', '—', '-1.25%']);
    expect(page.all('quant-pool-total-return')[0]).toBe('+8.34%');
    expect(page.all('quant-pool-benchmark')[0]).toBe('+6.20%');
    expect(page.all('quant-pool-drawdown')).toEqual(['7.35%', '—', '7.35%']);
    expect(page.all('quant-pool-fee')[0]).toBe('Fee 1.5 % a year, no performance fee');
    expect(page.all('quant-pool-min')[0]).toBe('From €100.00');
    expect(page.all('quant-pool-yours')).toEqual(['You hold 92.301234 units, worth €100.00 · €50.00 waiting for its NAV']);
    // Every return on a card says it is simulated.
    expect(page.nodes('quant-pool')[0]!.querySelectorAll('.quant-sim')).toHaveLength(3);
    await page.click('quant-pool-open');
    expect(page.where()).toBe(paths.quantify.detail(1));
  });

  it('ranks the pools with the rule in words', async () => {
    const { default: QuantifyPage } = await import('./QuantifyPage');
    const page = await show(QuantifyPage, '/pages/aiquantify/index');
    await page.click('quant-tab-ranking');
    expect(page.attr('quant-tab-ranking', 'aria-selected')).toBe('true');
    expect(page.text('quant-ranking-rule')).toBe(
      'Ranked by the return of the NAV over 30 days, after fees. Simulated; past results do not predict future ones.',
    );
    expect(page.all('quant-rank-no')).toEqual(['No. 1', 'No. 2']);
    expect(page.all('quant-rank-open')).toEqual(['Momentum across US index futures', 'Volatility-targeted Bitcoin and Ether']);
    expect(page.all('quant-rank-return')).toEqual(['+3.46%', '-1.25%']);
    expect(page.all('quant-rank-benchmark')).toEqual(['+1.90%', '+0.40%']);
    expect(page.all('quant-rank-drawdown')).toEqual(['7.35%', '3.10%']);
    expect(page.all('quant-rank-private')).toEqual(['Private']);
  });

  it('asks a visitor to sign in, and asks for no figures of theirs', async () => {
    localStorage.removeItem('mm.token');
    const { default: QuantifyPage } = await import('./QuantifyPage');
    const page = await show(QuantifyPage, '/pages/aiquantify/index');
    expect(page.$('quant-stat')).toBeNull();
    expect(page.text('quant-signin')).toBe('Sign in');
    expect(calls.some((c) => c.id === 'quantProfitStat')).toBe(false);
    expect(page.nodes('quant-pool')).toHaveLength(3);
  });

  it('reads in Dutch and in Chinese, with their separators', async () => {
    const { default: QuantifyPage } = await import('./QuantifyPage');
    const nl = await show(QuantifyPage, '/pages/aiquantify/index', 'nl');
    expect(nl.all('quant-pool-open')[0]).toBe('Momentum over Amerikaanse indexfutures');
    expect(nl.all('quant-pool-fee')[0]).toBe('Vergoeding 1,5 % per jaar, geen prestatievergoeding');
    expect(nl.all('quant-pool-ranking-return')[0]).toBe('+3,46%');
    expect(nl.all('quant-pool-nav')[0]).toBe('Intrinsieke waarde €1,083412 op 24-11-2026');
    nl.unmount();
    queryClient.clear();
    const zh = await show(QuantifyPage, '/pages/aiquantify/index', 'zh-Hans');
    expect(zh.all('quant-pool-open')[1]).toBe('市场中性配对：可口可乐与百事');
    expect(zh.all('quant-pool-private')).toEqual(['私募']);
  });
});

describe('the key sheet', () => {
  it('asks for a key when empty, and opens the pool a key unlocks', async () => {
    const { default: QuantifyPage } = await import('./QuantifyPage');
    const page = await show(QuantifyPage, '/pages/aiquantify/index');
    await page.click('quant-key-open');
    expect(page.$('quant-key-sheet')).not.toBeNull();
    await page.submit(page.$('quant-key-submit')!);
    expect(page.text('quant-key-input-error')).toBe('Please enter key');
    expect(calls.some((c) => c.id === 'quantCheckSecret')).toBe(false);
    const listed = calls.filter((c) => c.id === 'quantPools').length;
    await page.type('quant-key-input', 'POOL-KEY-1');
    await page.submit(page.$('quant-key-submit')!);
    expect(calls.find((c) => c.id === 'quantCheckSecret')?.input).toEqual({ key: 'POOL-KEY-1' });
    // The list is asked for again: the private pool is in it now.
    expect(calls.filter((c) => c.id === 'quantPools').length).toBeGreaterThan(listed);
    expect(page.where()).toBe('/pages/aiquantify/record-detail?id=2');
  });

  it('says when a key is not valid, under the field', async () => {
    checkSecret = () => Promise.reject(new ApiError('This key is not valid', { code: 400, key: 'e.keyInvalid' }));
    const { default: QuantifyPage } = await import('./QuantifyPage');
    const page = await show(QuantifyPage, '/pages/aiquantify/index');
    await page.click('quant-key-open');
    await page.type('quant-key-input', 'WRONG');
    await page.submit(page.$('quant-key-submit')!);
    expect(page.text('quant-key-input-error')).toBe('This key is not valid');
    expect(page.where()).toBe('/pages/aiquantify/index');
  });
});

describe('my investments', () => {
  it('lists the pools held, with their value, units and pending subscriptions', async () => {
    const { default: QuantifyRecordPage } = await import('./QuantifyRecordPage');
    const page = await show(QuantifyRecordPage, '/pages/aiquantify/record');
    expect(page.nodes('quant-holding').map((n) => n.dataset.id)).toEqual(['1']);
    expect(page.text('quant-holding-value')).toBe('€100.00');
    expect(page.text('quant-holding-units')).toBe('92.301234');
    expect(page.text('quant-holding-pending')).toBe('€50.00');
    expect(page.text('quant-holdings-total')).toContain('€100.00');
  });

  it('lists the orders with their status in its colour, the NAV day that prices them, and withdraws a pending one', async () => {
    const { default: QuantifyRecordPage } = await import('./QuantifyRecordPage');
    const page = await show(QuantifyRecordPage, '/pages/aiquantify/record');
    await page.click('quant-tab-orders');
    expect(page.where()).toBe('/pages/aiquantify/record?tab=orders');
    expect(page.nodes('quant-order').map((n) => n.dataset.status)).toEqual(['pending', 'done', 'cancelled']);
    expect(page.all('quant-order-status')).toEqual(['Pending', 'Done', 'Withdrawn']);
    expect(page.nodes('quant-order-status').map((n) => n.className)).toEqual([
      'status-badge tone-progress',
      'status-badge tone-done',
      'status-badge tone-muted',
    ]);
    expect(page.all('quant-order-pool')).toEqual([
      'Subscription · Momentum across US index futures',
      'Subscription · Momentum across US index futures',
      'Redemption · Volatility-targeted Bitcoin and Ether',
    ]);
    expect(page.all('quant-order-amount')).toEqual(['€50.00', '€100.00', '—']);
    expect(page.all('quant-order-units')).toEqual(['—', '92.301234', 'All units']);
    expect(page.all('quant-order-nav')).toEqual(['—', '€1.083412', '—']);
    expect(page.all('quant-order-day')).toEqual(['25/11/2026', '24/11/2026', '24/11/2026']);
    expect(page.nodes('quant-order-withdraw')).toHaveLength(1);
    await page.click('quant-order-withdraw');
    const sent = calls.find((c) => c.id === 'quantOrderCancel');
    expect(sent?.input).toEqual({ id: 5 });
    expect(sent?.options?.idempotencyKey).toMatch(/\S{8,}/);
    expect(toasts).toEqual(['Order withdrawn']);
  });

  it('lists the daily profit in its colour, a backtested day tagged', async () => {
    const { default: QuantifyRecordPage } = await import('./QuantifyRecordPage');
    const page = await show(QuantifyRecordPage, '/pages/aiquantify/record?tab=profit');
    expect(page.attr('quant-tab-profit', 'aria-selected')).toBe('true');
    expect(page.all('quant-profit-day')).toEqual(['24/11/2026', '23/11/2026']);
    expect(page.all('quant-profit-amount')).toEqual(['+€0.84', '-€0.53']);
    expect(page.nodes('quant-profit-amount').map((n) => n.style.color)).toEqual(['var(--mm-rise-text)', 'var(--mm-fall-text)']);
    expect(page.all('quant-profit-units')[0]).toBe('92.301234');
    expect(page.all('quant-profit-nav')[0]).toBe('€1.074300 → €1.083412');
    expect(page.nodes('quant-profit').map((n) => n.dataset.backtested)).toEqual(['false', 'true']);
    expect(page.all('quant-profit-backtested')).toEqual(['Backtested']);
    expect(page.nodes('quant-profit')[0]!.textContent).toContain('Momentum across US index futures');
  });

  it('says when there is nothing yet', async () => {
    const saved = answers.quantOrders;
    answers.quantOrders = { list: [], total: 0, page: 1, size: 20 };
    try {
      const { default: QuantifyRecordPage } = await import('./QuantifyRecordPage');
      const page = await show(QuantifyRecordPage, '/pages/aiquantify/record?tab=orders');
      expect(page.text('empty-state')).toContain('No orders yet');
      expect(page.text('quant-record-browse')).toBe('See the pools');
    } finally {
      answers.quantOrders = saved;
    }
  });
});

describe('one pool', () => {
  it('explains its rule, marks the backtested days of its chart, and shows its figures, each return simulated', async () => {
    const { default: PoolPage } = await import('./PoolPage');
    const page = await show(PoolPage, '/pages/aiquantify/record-detail?id=1');
    expect(calls.find((c) => c.id === 'quantPool')?.input).toEqual({ id: 1 });
    expect(page.text('quant-detail-name')).toBe('Momentum across US index futures');
    expect(page.text('quant-rule-text')).toContain('S&P 500, Nasdaq-100 and Dow futures');
    expect(page.text('quant-rule-text')).toContain('rose over the last 60 days, 30 % of the equity each at 2x leverage');
    expect(page.attr('quant-chart', 'data-backtested')).toBe('3');
    expect(page.attr('quant-chart', 'data-live')).toBe('2');
    expect(page.attr('quant-chart', 'data-benchmark')).toBe('5');
    expect(page.text('quant-legend-backtested')).toBe('Backtested until 04/01/2026');
    expect(page.text('quant-legend-live')).toBe('Live');
    expect(page.text('quant-legend-benchmark')).toBe('Benchmark');
    expect(page.text('quant-detail-nav')).toBe('NAV €1.083412 on 24/11/2026');
    expect(page.text('quant-detail-total-return')).toBe('+8.34%');
    expect(page.text('quant-detail-live-return')).toBe('+2.10%');
    expect(page.text('quant-detail-benchmark')).toBe('+6.20%');
    expect(page.text('quant-detail-drawdown')).toBe('7.35%');
    expect(page.text('quant-detail-fees')).toBe('€12.34');
    expect(page.text('quant-detail-equity')).toBe('€108,341.20');
    expect(page.text('quant-detail-units-outstanding')).toBe('100,000');
    expect(page.text('quant-detail-fee')).toBe('Fee 1.5 % a year, no performance fee');
    expect(page.$('quant-figures')?.querySelectorAll('.quant-sim')).toHaveLength(5);
    expect(page.text('quant-my-units')).toBe('92.301234');
    expect(page.text('quant-my-value')).toBe('€100.00');
  });

  it('shows the caller’s daily profit and orders in this pool, and more on request', async () => {
    const saved = answers.quantProfits;
    // Two pages: the second's days are older.
    answers.quantProfits = ({ page }: { page: number }) => ({
      list: page === 1 ? profits : profits.map((p) => ({ ...p, day: p.day - 2 * DAY })),
      total: 4,
      page,
      size: 2,
    });
    try {
      const { default: PoolPage } = await import('./PoolPage');
      const page = await show(PoolPage, '/pages/aiquantify/record-detail?id=1');
      expect(calls.find((c) => c.id === 'quantProfits')?.input).toEqual({ page: 1, size: 20, poolId: 1 });
      expect(calls.find((c) => c.id === 'quantOrders')?.input).toEqual({ page: 1, size: 20, poolId: 1 });
      expect(page.$('quant-my-profits')?.querySelectorAll('[data-testid="quant-profit"]')).toHaveLength(2);
      expect(page.$('quant-my-orders')?.querySelectorAll('[data-testid="quant-order"]')).toHaveLength(3);
      expect(page.$('quant-orders-more')).toBeNull();
      await page.click('quant-profits-more');
      expect(calls.filter((c) => c.id === 'quantProfits').map((c) => (c.input as { page: number }).page)).toEqual([1, 2]);
      expect(page.$('quant-my-profits')?.querySelectorAll('[data-testid="quant-profit"]')).toHaveLength(4);
      expect(page.$('quant-profits-more')).toBeNull();
    } finally {
      answers.quantProfits = saved;
    }
  });

  it('invests an amount by the contract’s rule and the pool’s least subscription, under an idempotency key', async () => {
    const { default: PoolPage } = await import('./PoolPage');
    const page = await show(PoolPage, '/pages/aiquantify/record-detail?id=1');
    await page.click('quant-invest-open');
    expect(page.text('quant-available')).toBe('€3,000.00');
    expect(page.text('quant-invest-min')).toBe('€100.00');
    expect(page.text('quant-invest-note')).toBe("Priced at today's NAV, known after 00:00 UTC; the amount is held until then.");
    await page.submit('quant-invest-sheet');
    expect(page.text('quant-amount-error')).toBe('Please enter purchase amount');
    await page.type('quant-amount', '12.345');
    await page.submit('quant-invest-sheet');
    expect(page.text('quant-amount-error')).toBe('Amount: greater than 0, at most 2 decimals');
    await page.type('quant-amount', '50');
    await page.submit('quant-invest-sheet');
    expect(page.text('quant-amount-error')).toBe('The least subscription to this pool is 100.00 EUR');
    await page.type('quant-amount', '5000');
    expect(page.$('quant-transfer')).not.toBeNull();
    await page.submit('quant-invest-sheet');
    expect(page.text('quant-amount-error')).toBe('Insufficient balance');
    expect(calls.some((c) => c.id === 'quantOrderSave')).toBe(false);
    await page.type('quant-amount', '250');
    await page.submit('quant-invest-sheet');
    const sent = calls.find((c) => c.id === 'quantOrderSave');
    expect(sent?.input).toEqual({ poolId: 1, kind: 'subscribe', amount: '250' });
    expect(sent?.options?.idempotencyKey).toMatch(/\S{8,}/);
    expect(toasts).toEqual(["Subscription placed: it is priced at today's NAV"]);
    // The pool's figures and orders are asked for again.
    expect(calls.filter((c) => c.id === 'quantPool').length).toBeGreaterThan(1);
  });

  it('shows the server’s refusal under the amount', async () => {
    save = () => Promise.reject(new ApiError('This pool is paused and takes no new subscriptions now', { code: 400, key: 'e.poolPaused' }));
    const { default: PoolPage } = await import('./PoolPage');
    const page = await show(PoolPage, '/pages/aiquantify/record-detail?id=1');
    await page.click('quant-invest-open');
    await page.type('quant-amount', '250');
    await page.submit('quant-invest-sheet');
    expect(page.text('quant-amount-error')).toBe('This pool is paused and takes no new subscriptions now');
  });

  it('redeems units by the units rule, or all of them, with the estimate at the latest NAV', async () => {
    const { default: PoolPage } = await import('./PoolPage');
    const page = await show(PoolPage, '/pages/aiquantify/record-detail?id=1');
    await page.click('quant-redeem-open');
    expect(page.text('quant-redeem-estimate')).toBe('Enter the units to see what they are worth now.');
    await page.submit('quant-redeem-sheet');
    expect(page.text('quant-units-error')).toBe('Enter a number of units above 0 with at most 6 decimals');
    await page.type('quant-units', '1.1234567');
    await page.submit('quant-redeem-sheet');
    expect(page.text('quant-units-error')).toBe('Enter a number of units above 0 with at most 6 decimals');
    await page.type('quant-units', '100');
    await page.submit('quant-redeem-sheet');
    expect(page.text('quant-units-error')).toBe('You hold 92.301234 units of this pool that are not already being redeemed');
    await page.type('quant-units', '10');
    expect(page.text('quant-redeem-estimate')).toBe("≈ €10.83 at the latest NAV; paid at today's NAV");
    await page.submit('quant-redeem-sheet');
    expect(calls.find((c) => c.id === 'quantOrderSave')?.input).toEqual({ poolId: 1, kind: 'redeem', units: '10' });

    calls.length = 0;
    await page.click('quant-redeem-open');
    await page.click('quant-redeem-all');
    expect((page.$('quant-units') as HTMLInputElement).disabled).toBe(true);
    expect(page.text('quant-redeem-estimate')).toBe("≈ €100.00 at the latest NAV; paid at today's NAV");
    await page.submit('quant-redeem-sheet');
    expect(calls.find((c) => c.id === 'quantOrderSave')?.input).toEqual({ poolId: 1, kind: 'redeem', units: 'all' });
  });

  it('says why a paused pool takes no subscription, and asks a visitor to sign in', async () => {
    answers.quantPool = { ...detail, ...pairs, units: '0', days: [] };
    try {
      const { default: PoolPage } = await import('./PoolPage');
      const page = await show(PoolPage, '/pages/aiquantify/record-detail?id=2');
      expect(page.text('quant-paused-note')).toBe('This pool is paused: it takes no new subscriptions for now. Redemptions go on.');
      expect(page.$('quant-invest-open')?.hasAttribute('disabled')).toBe(true);
      expect(page.attr('quant-invest-open', 'aria-describedby')).toBe('quant-paused-note');
      expect(page.$('quant-redeem-open')?.hasAttribute('disabled')).toBe(true);
      expect(page.text('quant-rule-text')).toContain('2 standard deviations away from its 20-day mean');
      expect(page.text('quant-my-none')).toBe('You hold no units of this pool.');
      unmountAll();
      const visitor = await show(PoolPage, '/pages/aiquantify/record-detail?id=2');
      expect(visitor.text('quant-signin')).toBe('Sign in to invest');
      expect(visitor.$('quant-my-holding')).toBeNull();
      expect(calls.filter((c) => c.id === 'quantProfits' || c.id === 'quantOrders')).toHaveLength(2);
    } finally {
      answers.quantPool = detail;
    }
  });
});

describe('the financial wallet’s pools', () => {
  it('lists the pools held with their value, units and rule, the total, and leads to the investments and the pools', async () => {
    const { default: FinancialPools } = await import('./FinancialPools');
    const page = await show(FinancialPools, '/pages/profile/transaction?tab=FINANCIAL');
    expect(page.all('wallet-pool').map((t) => t?.replace(/\s+/g, ' '))).toEqual(['Momentum across US index futures€100.0092.301234 units€50.00 pending']);
    expect(page.text('wallet-pools-total')).toContain('€100.00');
    expect(page.text('wallet-pools-all')).toBe('My investments');
    await page.click('wallet-pools-browse');
    expect(page.where()).toBe('/pages/aiquantify/index');
  });
});
