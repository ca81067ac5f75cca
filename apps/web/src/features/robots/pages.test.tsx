import {
  MarketSource,
  OrderDirection,
  OrderStatus,
  OrderType,
  WalletCode,
  type Position,
  type Robot,
  type RobotOrder,
  type RobotOrderDetail,
} from '@tradeapp/contract';
import type * as AntdMobile from 'antd-mobile';
import type { ComponentType } from 'react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { setLanguage } from '../../i18n';
import type { UiLanguage } from '../../i18n/locale';
import { showPage, unmountAll } from '../../testing/mountRoute';

// The robot screens as the investor sees them, from the server's answers (the client is a stub):
// the robots on offer with their rule in words, one robot, the order form with the contract's
// bounds and the mining quota, the caller's robot orders with their status colours, and one order
// with its honest breakdown, its grid, its positions and its log worded per kind.

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);

const grid: Robot = {
  id: 4,
  kind: 'grid',
  symbol: 'BTCUSDT',
  stockName: 'Bitcoin',
  params: { kind: 'grid', rangePercent: '0.05', cells: 10, mode: 'arithmetic' },
  cycleDays: 1,
  rent: '1.00',
  price: '5.00',
  energy: 50,
  minAmount: '100.00',
  maxAmount: '10000.00',
  paused: false,
  owned: false,
  running: 0,
};
const dca: Robot = {
  ...grid,
  id: 3,
  kind: 'dca',
  params: { kind: 'dca', firstOrderPercent: '10', safetyOrderPercent: '15', safetyOrders: 6, deviationPercent: '1.5', takeProfitPercent: '1.2' },
  cycleDays: 30,
  rent: '19.90',
  price: '99.00',
  energy: 200,
  owned: true,
  running: 1,
};
const paused: Robot = {
  ...grid,
  id: 5,
  symbol: 'ETHUSDT',
  stockName: 'Ethereum',
  params: { kind: 'grid', rangePercent: '8', cells: 16, mode: 'geometric' },
  paused: true,
};

const order: RobotOrder = {
  id: 1,
  robotId: 4,
  kind: 'grid',
  symbol: 'BTCUSDT',
  stockName: 'Bitcoin',
  mode: 'rent',
  status: 4,
  redeemed: false,
  amount: '1000.00',
  rent: '1.00',
  energy: 50,
  energyLeft: 47,
  cycleDays: 1,
  lower: '99823.85',
  upper: '99923.73',
  cash: '900.39',
  held: '0.00111',
  margin: '99.32',
  floating: '-1.22',
  realised: '0.01',
  completed: 1,
  fees: '0.30',
  total: '-2.51',
  totalPercent: '-0.251',
  yearlyPercent: null,
  outOfRange: 'below',
  floatingPercent: '-1.228',
  fills: 3,
  createTimeTimestamp: NOW - 60_000,
  expiresTimestamp: NOW + 86_340_000,
  redeemedTimestamp: null,
  returned: null,
};
const position: Position = {
  id: 2,
  positionNum: 'P00000002',
  symbol: 'BTCUSDT',
  stockCode: 'BTC/USDT',
  stockName: 'Bitcoin',
  source: MarketSource.RobotCrypto,
  market: 'CRYPTO' as Position['market'],
  assetClass: 'crypto' as Position['assetClass'],
  currency: 'USDT',
  walletCode: WalletCode.Financial,
  walletCurrency: 'EUR',
  direction: OrderDirection.Buy,
  type: OrderType.Market,
  status: OrderStatus.InProgress,
  price: '99893.77',
  openPrice: '99893.77',
  quantity: '0.00111',
  totalAmount: '110.88',
  handlingFee: '0.10',
  closeFee: null,
  leverage: 1,
  margin: '99.32',
  isolatedPosition: true,
  currentPrice: '98898.59',
  profit: '-1.22',
  zdf: '-1.23',
  sellProfit: null,
  grossProfit: null,
  netProfit: null,
  closedParts: { profit: '0', fee: '0' },
  closePrice: null,
  liquidationPrice: null,
  closeReason: null,
  largeOrder: false,
  createTimeTimestamp: NOW - 50_000,
  marketDateTimestamp: NOW - 50_000,
  modifyTimeTimestamp: NOW - 50_000,
  closeTimeTimestamp: null,
  expiredDateTimestamp: null,
  lockedUntilTimestamp: null,
  followId: null,
  robotOrderId: 1,
};
const detail: RobotOrderDetail = {
  ...order,
  robot: { ...grid, running: 1 },
  cells: [
    { buy: '99823.85', sell: '99833.84', quantity: '0.00111', state: 'buying' },
    { buy: '99833.84', sell: '99843.83', quantity: '0.00111', state: 'holding' },
    { buy: '99843.83', sell: '99853.81', quantity: '0.00111', state: 'idle' },
  ],
  nextBuy: null,
  takeProfit: null,
  positions: [
    position,
    { ...position, id: 1, status: OrderStatus.Settled, closePrice: '99895.13', netProfit: '-0.19', closeReason: 'robot', closeTimeTimestamp: NOW - 40_000 },
  ],
  messages: [
    { id: 6, kind: 'energyOut', values: { energy: 50 }, status: 5, timestamp: NOW - 1_000 },
    { id: 5, kind: 'sold', values: { buy: '99883.78', price: '99895.13', profit: '0.0125985', quantity: '0.00111' }, status: 4, timestamp: NOW - 40_000 },
    { id: 4, kind: 'bought', values: { price: '99893.77', quantity: '0.00111' }, status: 4, timestamp: NOW - 50_000 },
    { id: 2, kind: 'placed', values: { orders: 5 }, status: 2, timestamp: NOW - 59_000 },
    { id: 1, kind: 'levels', values: { cells: 10, lower: '99823.85', price: '99873.79', upper: '99923.73' }, status: 1, timestamp: NOW - 59_000 },
  ],
};

const answers: Record<string, unknown> = {
  robots: { list: [grid, dca, paused], total: 3, page: 1, size: 100 },
  robotQuota: { robotId: 4, energy: 50, cycleDays: 1, owned: false, cost: '1.00', available: '3000.00' },
  robotOrders: {
    list: [order, { ...order, id: 2, status: 5, outOfRange: null }, { ...order, id: 3, status: 6, redeemed: true, returned: '997.49', totalPercent: '1.5' }],
    total: 3,
    page: 1,
    size: 20,
  },
  robotOrder: detail,
  robotKline: {
    kline: { symbol: 'BTCUSDT', range: 'intraday', interval: '1m', candles: [], previousClose: '99282.59', simulated: true },
    marks: [
      { time: NOW - 50_000, side: 'buy', price: '99893.77', quantity: '0.00111' },
      { time: NOW - 40_000, side: 'sell', price: '99895.13', quantity: '0.00111' },
    ],
    levels: ['99823.85', '99833.84', '99843.83'],
  },
};
const calls: Array<{ id: string; input: unknown; options: { idempotencyKey?: string } | undefined }> = [];
let create: () => Promise<unknown> = () => Promise.resolve({ ...detail, id: 9 });

vi.mock('../../api/client', async (original) => ({
  ...(await original<object>()),
  call: (id: string, input: unknown, options?: { idempotencyKey?: string }) => {
    calls.push({ id, input, options });
    if (id === 'robotOrderCreate') return create();
    return id in answers ? Promise.resolve(answers[id]) : Promise.reject(new Error(`no answer for ${id}`));
  },
}));

// The confirmation is antd's dialog: here the investor confirms at once.
vi.mock('antd-mobile', async (original) => {
  const antd = await original<typeof AntdMobile>();
  return { ...antd, Dialog: { ...antd.Dialog, confirm: () => Promise.resolve(true) } };
});

beforeEach(() => {
  calls.length = 0;
  create = () => Promise.resolve({ ...detail, id: 9 });
});
afterAll(() => setLanguage('en'));
afterEach(unmountAll);

// Some queries wait for another's answer: three turns let the stubbed answers land.
const show = (Page: ComponentType, url: string, language?: UiLanguage) => showPage(Page, url, { language, turns: 3, within: 'page' });

describe('the robots on offer', () => {
  it('lists each robot with its rule in words, its cycle, rent, price, energy and bounds, and says results are simulated', async () => {
    const { default: RobotsPage } = await import('./RobotsPage');
    const page = await show(RobotsPage, '/pages/robotai/index');
    expect(page.attr('robots-state', 'data-state')).toBe('list');
    expect(page.all('robot-open')).toEqual(['Bitcoin · Grid', 'Bitcoin · DCA', 'Ethereum · Grid']);
    expect(page.all('robot-params')).toEqual([
      '10 arithmetic cells within ±0.05% of the price at the start',
      'First buy 10% of the capital, then up to 6 safety buys of 15%, each 1.5% lower; sells all at 1.2% over the average',
      '16 geometric cells within ±8% of the price at the start',
    ]);
    expect(page.all('robot-cycle')).toEqual(['1 day', '30 days', '1 day']);
    expect(page.all('robot-rent')[1]).toBe('€19.90');
    expect(page.all('robot-price')[1]).toBe('€99.00');
    expect(page.all('robot-energy')).toEqual(['50 fills', '200 fills', '50 fills']);
    expect(page.all('robot-bounds')[0]).toBe('€100.00 to €10,000.00');
    expect(page.all('robot-owned')).toEqual(['Owned']);
    expect(page.all('robot-running')).toEqual(['1 running']);
    expect(page.all('robot-paused')).toEqual(['Paused']);
    expect(page.text('robot-simulated-note')).toContain('no return is promised');
  });

  it('reads in Dutch, with its separators', async () => {
    const { default: RobotsPage } = await import('./RobotsPage');
    const page = await show(RobotsPage, '/pages/robotai/index', 'nl');
    expect(page.all('robot-params')[0]).toBe('10 rekenkundige cellen binnen ±0,05% van de prijs bij de start');
    expect(page.all('robot-bounds')[0]).toBe('€100,00 tot €10.000,00');
    expect(page.all('robot-cycle')[1]).toBe('30 dagen');
  });
});

describe('one robot', () => {
  it('says what a grid does, what energy is, renting against buying, and offers both', async () => {
    localStorage.setItem('mm.token', 'test-token');
    const { default: RobotProductPage } = await import('./RobotProductPage');
    const page = await show(RobotProductPage, '/pages/robotai/product?id=4');
    expect(page.text('robot-name')).toBe('Bitcoin · Grid');
    expect(page.text('robot-how')).toContain('it sets 11 price levels, equally far apart, from 0.05% under to 0.05% over the price at that moment: 10 cells');
    expect(page.text('robot-how')).toContain('sells that quantity one level up');
    expect(page.text('robot-energy-note')).toContain('50 fills included in a cycle: each buy and each sell spends one');
    expect(page.text('robot-cost-rent')).toBe('Rent: €1.00 for one cycle of 1 day.');
    expect(page.text('robot-cost-buy')).toBe('Buy: €5.00 once; every later cycle pays no rent.');
    expect(page.text('robot-rent')).toBe('Rent · €1.00');
    expect(page.text('robot-buy')).toBe('Buy · €5.00');
  });

  it('says what a DCA robot does, and that an owned one starts for nothing', async () => {
    localStorage.setItem('mm.token', 'test-token');
    const { default: RobotProductPage } = await import('./RobotProductPage');
    const page = await show(RobotProductPage, '/pages/robotai/product?id=3');
    expect(page.text('robot-how')).toContain('buys a safety order of 15%, up to 6 of them');
    expect(page.text('robot-how')).toContain('reaches 1.2% over its average buying price, it sells everything');
    expect(page.text('robot-cost-owned')).toBe('You own this robot: starting it costs nothing.');
    expect(page.text('robot-start')).toBe('Start');
    expect(page.el.querySelector('[data-testid="robot-rent"]')).toBeNull();
  });

  it('asks a visitor to sign in before starting one', async () => {
    localStorage.removeItem('mm.token');
    const { default: RobotProductPage } = await import('./RobotProductPage');
    const page = await show(RobotProductPage, '/pages/robotai/product?id=4');
    expect(page.text('robot-signin')).toBe('Sign in to start');
  });

  it('says when a robot does not exist', async () => {
    const { default: RobotProductPage } = await import('./RobotProductPage');
    const page = await show(RobotProductPage, '/pages/robotai/product?id=77');
    expect(page.text('empty-state')).toContain('Robot not found');
  });
});

describe('the robot order form', () => {
  it('shows the mining quota and the cost of renting or buying, with the total from the financial wallet', async () => {
    const { default: RobotRentalPage } = await import('./RobotRentalPage');
    const page = await show(RobotRentalPage, '/pages/robotai/rental?id=4&mode=rent');
    expect(page.text('robot-quota-energy')).toBe('50 fills');
    expect(page.text('robot-quota-cycle')).toBe('1 day');
    expect(page.text('robot-quota-cost')).toBe('€1.00');
    expect(page.text('robot-available')).toBe('€3,000.00');
    expect(page.text('robot-quota-total')).toBe('--');
    await page.type('robot-amount', '1000');
    expect(page.text('robot-quota-total')).toBe('€1,001.00');
    await page.click('robot-mode-buy');
    expect(page.text('robot-quota-cost')).toBe('€5.00');
    expect(page.text('robot-quota-total')).toBe('€1,005.00');
    await page.type('robot-amount', '2999');
    expect(page.text('robot-short')).toContain('Not enough in the financial wallet.');
    expect(page.all('robot-statement')[0]).toContain('The rent is not refunded');
  });

  it('refuses an amount out of the robot’s bounds with the contract’s message, in the investor’s language', async () => {
    const { default: RobotRentalPage } = await import('./RobotRentalPage');
    const page = await show(RobotRentalPage, '/pages/robotai/rental?id=4', 'nl');
    await page.type('robot-amount', '50');
    await page.submit();
    expect(page.text('robot-amount-error')).toBe('Het bedrag voor deze robot ligt tussen 100,00 en 10.000,00 EUR');
    expect(calls.some((c) => c.id === 'robotOrderCreate')).toBe(false);
  });

  it('starts the robot under an idempotency key and opens its order', async () => {
    const { default: RobotRentalPage } = await import('./RobotRentalPage');
    const page = await show(RobotRentalPage, '/pages/robotai/rental?id=4&mode=rent');
    await page.type('robot-amount', '1000');
    await page.submit();
    const sent = calls.find((c) => c.id === 'robotOrderCreate');
    expect(sent?.input).toEqual({ robotId: 4, amount: '1000', mode: 'rent' });
    expect(sent?.options?.idempotencyKey).toMatch(/\S{8,}/);
    expect(page.router.state.location.pathname + page.router.state.location.search).toBe('/pages/robotai/detail?id=9');
  });

  it('shows the server’s refusal under the amount', async () => {
    create = () =>
      Promise.reject(
        new ApiError('The amount for this robot is between 100.00 and 10000.00 EUR', { code: 400, key: 'v.robotAmount', fields: { amount: 'v.robotAmount' } }),
      );
    const { default: RobotRentalPage } = await import('./RobotRentalPage');
    const page = await show(RobotRentalPage, '/pages/robotai/rental?id=4&mode=rent');
    await page.type('robot-amount', '1000');
    await page.submit();
    expect(page.text('robot-amount-error')).toBe('The amount for this robot is between 100.00 and 10000.00 EUR');
  });
});

describe('my robots', () => {
  it('lists each order with its status in its colour, its total and percent to the 0.001 % step, and its energy', async () => {
    const { default: RobotRecordPage } = await import('./RobotRecordPage');
    const page = await show(RobotRecordPage, '/pages/robotai/record');
    expect(page.all('robot-order-status')).toEqual(['Mining', 'Insufficient energy, stopped mining', 'Redeemed']);
    expect([...page.el.querySelectorAll('[data-testid="robot-order-status"]')].map((n) => n.className)).toEqual([
      'status-badge tone-progress',
      'status-badge tone-failed',
      'status-badge tone-muted',
    ]);
    expect(page.all('robot-order-amount')[0]).toBe('€1,000.00');
    expect(page.all('robot-order-total')[0]).toBe('-€2.51');
    expect(page.all('robot-order-percent')).toEqual(['-0.251%', '-0.251%', '+1.500%']);
    expect(page.all('robot-order-energy')[0]).toBe('47 / 50');
    expect(page.all('robot-order-returned')).toEqual(['€997.49']);
  });
});

describe('one robot order', () => {
  it('breaks its total down line by line, says it left its grid, and words its log', async () => {
    const { default: RobotOrderPage } = await import('./RobotOrderPage');
    const page = await show(RobotOrderPage, '/pages/robotai/detail?id=1');
    expect(page.text('robot-detail-status')).toBe('Mining');
    expect(page.attr('robot-detail-status', 'class')).toBe('status-badge tone-progress');
    expect(page.text('robot-realised')).toBe('+€0.01');
    expect(page.el.querySelector('[data-testid="robot-realised"]')?.previousElementSibling?.textContent).toBe('Completed pairs (1)');
    expect(page.text('robot-floating')).toBe('-€1.22');
    expect(page.text('robot-fees')).toBe('-€0.30');
    expect(page.text('robot-rent-paid')).toBe('-€1.00');
    expect(page.text('robot-breakdown-total')).toBe('-€2.51 · -0.251%');
    expect(page.text('robot-yearly')).toBe('—');
    expect(page.text('robot-yearly-later')).toBe('A yearly rate appears after 7 days.');
    expect(page.text('robot-out-of-range')).toBe('The price left the grid: the robot holds only the coin, unrealised -1.228%.');
    expect(page.text('robot-energy-left')).toBe('47 / 50');
    expect(page.text('robot-held')).toBe('0.00111 BTC');
    expect(page.text('robot-grid-range')).toBe('From 99,823.85 to 99,923.73 USDT');
    expect(page.all('robot-cell')).toHaveLength(3);
    expect(page.attr('robot-positions', 'data-open')).toBe('1');
    expect(page.attr('robot-positions', 'data-closed')).toBe('1');
    expect(page.all('position-robot')).toEqual(['Robot']);
    expect(page.all('robot-message')).toEqual([
      expect.stringContaining('Insufficient energy, stop mining: its 50 fills are used'),
      expect.stringContaining('Sold 0.00111 at 99,895.13, bought at 99,883.78: 0.01 USDT before fees'),
      expect.stringContaining('Bought 0.00111 at 99,893.77'),
      expect.stringContaining('Placed 5 buy orders'),
      expect.stringContaining('Chose 10 cells from 99,823.85 to 99,923.73 around 99,873.79'),
    ]);
    expect(page.text('robot-redeem')).toBe('Redeem');
    expect(page.text('robot-kline')).toBe('Robot K-line');
  });

  it('shows a yearly rate only when the server gives one, labelled simulated', async () => {
    answers.robotOrder = { ...detail, yearlyPercent: '12.345', outOfRange: 'above' };
    try {
      const { default: RobotOrderPage } = await import('./RobotOrderPage');
      const page = await show(RobotOrderPage, '/pages/robotai/detail?id=1');
      expect(page.text('robot-yearly')).toBe('+12.345%');
      expect(page.el.querySelector('[data-testid="robot-yearly"]')?.previousElementSibling?.textContent).toBe('Yearly rate (simulated)');
      expect(page.el.querySelector('[data-testid="robot-yearly-later"]')).toBeNull();
      expect(page.text('robot-out-of-range')).toBe('The price is above the grid: the robot holds only cash.');
    } finally {
      answers.robotOrder = detail;
    }
  });

  it('reads in Chinese', async () => {
    const { default: RobotOrderPage } = await import('./RobotOrderPage');
    const page = await show(RobotOrderPage, '/pages/robotai/detail?id=1', 'zh-Hans');
    expect(page.text('robot-detail-status')).toBe('挖矿中');
    expect(page.all('robot-message')[0]).toContain('能量不足，停止挖矿');
  });
});

describe('the robot K-line', () => {
  it('counts the robot’s buys and sells and the grid’s levels, and lists the fills in words', async () => {
    const { default: RobotQuotePage } = await import('./RobotQuotePage');
    const page = await show(RobotQuotePage, '/pages/robotai/quote?id=1');
    expect(page.attr('robot-kline-chart', 'data-buys')).toBe('1');
    expect(page.attr('robot-kline-chart', 'data-sells')).toBe('1');
    expect(page.attr('robot-kline-chart', 'data-levels')).toBe('3');
    expect(page.all('robot-mark').map((t) => t?.split('@')[0]?.trim())).toEqual(['Sell 0.00111', 'Buy 0.00111']);
  });

  it('draws the axis and lists the fills on one clock, the pair’s UTC, named on both, read from Amsterdam', async () => {
    const device = process.env.TZ;
    process.env.TZ = 'Europe/Amsterdam';
    try {
      const { default: RobotQuotePage } = await import('./RobotQuotePage');
      const page = await show(RobotQuotePage, '/pages/robotai/quote?id=1');
      expect(page.attr('chart', 'data-time-zone')).toBe('UTC');
      expect(page.attr('robot-marks-zone', 'data-time-zone')).toBe('UTC');
      expect(page.text('chart-zone')).toBe('Times: UTC');
      expect(page.text('robot-marks-zone')).toBe('Times: UTC');
      // The sell 40 s before 12:00 UTC on 24 November 2026: 11:59:20 on UTC's clock, where Amsterdam's reads 12:59:20.
      expect(new Date(NOW - 40_000).getHours()).toBe(12);
      const times = [...page.el.querySelectorAll('[data-testid="robot-mark"] time')].map((n) => n.textContent?.replace(/\s+/g, ' '));
      expect(times).toEqual(['24/11/2026 11:59:20 AM', '24/11/2026 11:59:10 AM']);
    } finally {
      process.env.TZ = device;
    }
  });
});

describe('the financial wallet’s robots', () => {
  it('lists the robot orders still holding its money, and leads to all of them and to the robots', async () => {
    const { default: FinancialRobots } = await import('./FinancialRobots');
    const page = await show(FinancialRobots, '/pages/profile/transaction?tab=FINANCIAL');
    expect(page.all('wallet-robot').map((t) => t?.replace(/\s+/g, ' '))).toEqual([
      'Bitcoin · Grid Mining€1,000.00Total -€2.51',
      'Bitcoin · Grid Insufficient energy, stopped mining€1,000.00Total -€2.51',
    ]);
    expect(page.text('wallet-robots-all')).toBe('My robots');
    expect(page.text('wallet-robots-browse')).toBe('AI robots');
    await page.click('wallet-robots-browse');
    expect(page.router.state.location.pathname).toBe('/pages/robotai/index');
  });
});
