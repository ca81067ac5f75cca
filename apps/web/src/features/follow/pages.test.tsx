import { MarketSource, OrderDirection, OrderStatus, OrderType, WalletCode, type AgencyDetail, type FollowDetail, type Position } from '@tradeapp/contract';
import { act, type ComponentType } from 'react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n';
import type { UiLanguage } from '../../i18n/locale';
import { showPage, unmountAll } from '../../testing/mountRoute';

// The follow screens as the investor sees them, from the server's answers (the client is a stub):
// the agencies with the ranking and its rule, an agency's record, the follow order with the
// contract's messages and the stop-loss level, one follow with its copies and skipped copies.

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);

const record = {
  equity: '11234.56',
  capital: '10000',
  nav: '1.1235',
  returns: { d7: '0.85', d30: '-2.10', d90: '6.40', d180: null, d365: null },
  maxDrawdown90: '0.0812',
  maxDrawdown365: '0.0812',
  winRate: '0.5833',
  closedTrades: 24,
  volatility: '0.1432',
  riskScore: 5,
  startDay: '2026-06-01',
  liveDay: '2026-11-01',
};
const agency = {
  id: 2,
  strategy: 'trend' as const,
  symbols: ['ES', 'NQ'],
  leverage: 5,
  currency: 'USD' as const,
  paused: false,
  record,
  followers: 1234,
  followingAmount: '56000.00',
  rank: 1,
};
const trade = {
  id: 91,
  symbol: 'ES',
  stockName: 'E-mini S&P 500',
  direction: OrderDirection.Buy,
  quantity: '2',
  leverage: 5,
  openPrice: '5000.25',
  price: '5012.50',
  profit: '24.50',
  fees: '1.00',
  openTimestamp: NOW - 2 * DAY,
  closeTimestamp: null,
  backfilled: false,
};
const detail: AgencyDetail = {
  ...agency,
  curve: [
    { day: '2026-10-30', equity: '11000', nav: '1.1000', backfilled: true },
    { day: '2026-10-31', equity: '11100', nav: '1.1100', backfilled: true },
    { day: '2026-11-01', equity: '11234.56', nav: '1.1235', backfilled: false },
  ],
  open: [trade],
  followId: null,
};
/** The agency's closed trades: 45, newest first, paged by the server 20 at a time; the oldest backfilled. */
const closedTrades = Array.from({ length: 45 }, (_, k) => ({
  ...trade,
  id: 200 - k,
  price: '4990',
  profit: '-21.00',
  closeTimestamp: NOW - (k + 1) * DAY,
  backfilled: k === 44,
}));
const copy: Position = {
  id: 501,
  positionNum: 'P501',
  symbol: 'ES',
  stockCode: 'ES',
  stockName: 'E-mini S&P 500',
  source: MarketSource.Future,
  market: 'US' as Position['market'],
  assetClass: 'future' as Position['assetClass'],
  currency: 'USD',
  walletCode: WalletCode.Follow,
  walletCurrency: 'USD',
  direction: OrderDirection.Buy,
  type: OrderType.Market,
  status: OrderStatus.InProgress,
  price: '5000.25',
  openPrice: '5000.25',
  quantity: '0.1',
  totalAmount: '500.03',
  handlingFee: '0.05',
  closeFee: null,
  leverage: 5,
  margin: '100.01',
  isolatedPosition: true,
  currentPrice: '5012.50',
  profit: '1.23',
  zdf: '1.23',
  sellProfit: null,
  grossProfit: null,
  netProfit: null,
  closedParts: { profit: '0', fee: '0' },
  closePrice: null,
  liquidationPrice: null,
  closeReason: null,
  largeOrder: false,
  createTimeTimestamp: NOW - DAY,
  marketDateTimestamp: NOW - DAY,
  modifyTimeTimestamp: NOW - DAY,
  closeTimeTimestamp: null,
  expiredDateTimestamp: null,
  lockedUntilTimestamp: null,
  followId: 7,
  robotOrderId: null,
};
const follow: FollowDetail = {
  id: 7,
  agencyId: 2,
  strategy: 'trend',
  status: 'following',
  stopReason: null,
  amount: '500.00',
  stopLossPercent: 40,
  stopLossEquity: '300.00',
  copyOpen: false,
  cash: '399.94',
  margin: '100.01',
  floating: '1.23',
  equity: '501.18',
  realised: '0.00',
  fees: '0.05',
  returnPercent: '0.24',
  agencyReturnPercent: '0.31',
  openCopies: 1,
  skippedCopies: 1,
  createTimeTimestamp: NOW - 3 * DAY,
  stoppedTimestamp: null,
  copies: [
    copy,
    { ...copy, id: 500, status: OrderStatus.Settled, closePrice: '4990', netProfit: '-1.10', closeReason: 'agency', closeTimeTimestamp: NOW - DAY },
  ],
  skipped: [
    {
      id: 3,
      symbol: 'NQ',
      stockName: 'E-mini Nasdaq-100',
      direction: OrderDirection.Sell,
      agencyQuantity: '1',
      quantity: '0.04',
      minQuantity: '0.1',
      reason: 'belowMinimum',
      timestamp: NOW - DAY,
    },
  ],
  additions: [],
};
const balances = [{ code: WalletCode.Follow, currency: 'USD', symbol: '$', balance: '250.00', usedBalance: '0', total: '250.00' }];

const answers: Record<string, unknown> = {
  agencies: {
    list: [agency, { ...agency, id: 3, strategy: 'breakout', rank: null, paused: true, record: { ...record, returns: { ...record.returns, d30: null } } }],
    ranking: [2],
  },
  agency: detail,
  walletBalance: balances,
  follow,
  follows: { list: [follow], total: 1, page: 1, size: 20 },
};

vi.mock('../../api/client', async (original) => ({
  ...(await original<object>()),
  call: (id: string, input: { page?: number; size?: number }) => {
    if (id === 'agencyClosed') {
      const { page = 1, size = 20 } = input;
      return Promise.resolve({ list: closedTrades.slice((page - 1) * size, page * size), total: closedTrades.length, page, size });
    }
    return id in answers ? Promise.resolve(answers[id]) : Promise.reject(new Error(`no answer for ${id}`));
  },
}));

// The chart is pixels: jsdom has no canvas, so the page shows its legend and the chart's place.
vi.mock('./curveEngine', () => ({ createCurveChart: () => ({ setData: () => undefined, remove: () => undefined }) }));

afterAll(() => setLanguage('en'));
afterEach(unmountAll);

const show = (Page: ComponentType, url: string, language?: UiLanguage) => showPage(Page, url, { language, turns: 1, within: 'page' });

describe('the agencies', () => {
  it('lists the top three with the rule in words, and every agency with its record', async () => {
    const { default: AgenciesPage } = await import('./AgenciesPage');
    const page = await show(AgenciesPage, '/pages/product/follow');
    expect(page.all('follow-ranked')).toHaveLength(1);
    expect(page.text('follow-ranking-rule')).toBe(
      'The 90-day return, among agencies whose 90-day maximum drawdown is at most 25%; a tie goes to the smaller drawdown. An agency younger than 90 days is not ranked.',
    );
    expect(page.all('follow-agency')).toHaveLength(2);
    expect(page.all('follow-agency-style')).toEqual(['Trend following on index futures (ES, NQ)', 'Breakouts on crypto (BTC, ETH)']);
    expect(page.all('follow-agency-d30')).toEqual(['-2.10%', '—']);
    expect(page.text('follow-agency-drawdown')).toBe('8.12%');
    expect(page.text('follow-agency-risk')).toBe('5/10');
    expect(page.text('follow-agency-followers')).toBe('1,234');
    expect(page.text('follow-agency-amount')).toBe('$56,000.00');
    expect(page.all('follow-agency-paused')).toEqual(['Paused']);
  });
});

describe('an agency', () => {
  it('shows its record, the curve legend, the windows too young for it, and a way to follow', async () => {
    const { default: AgencyPage } = await import('./AgencyPage');
    const page = await show(AgencyPage, '/pages/product/follow/agency?id=2');
    expect(page.text('agency-name')).toBe('Trend on index futures');
    expect(page.el.querySelector('[data-testid="agency-curve"]')?.getAttribute('data-backfilled')).toBe('2');
    expect(page.el.querySelector('[data-testid="agency-curve"]')?.getAttribute('data-live')).toBe('2');
    expect(page.text('agency-legend-backfilled')).toBe("Backfilled from the market's history");
    expect(page.text('agency-legend-live')).toBe('Live since 01/11/2026');
    expect(page.text('agency-return-7')).toBe('+0.85%');
    expect(page.text('agency-return-180')).toBe('—');
    expect(page.text('agency-younger-note')).toBe('— the record is younger than the window.');
    expect(page.text('agency-win-rate')).toBe('58.33% of 24 closed trades');
    expect(page.text('agency-volatility')).toBe('14.32%');
    expect(page.el.querySelectorAll('[data-testid="agency-risk-table"] tbody tr')).toHaveLength(10);
    expect(page.el.querySelector('[data-testid="agency-risk-table"] tr[aria-current="true"] th')?.textContent).toBe('5/10');
    expect(page.all('agency-open-row')).toHaveLength(1);
    // The closed trades page in as the list's end comes into view (jsdom lays nothing out: the end is
    // made to count as shown), until every one of the 45 is in.
    const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent')!;
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', { configurable: true, get: () => document.body });
    try {
      for (let n = 0; n < 30 && page.all('agency-closed-row').length < 45; n += 1) {
        await act(async () => {
          window.dispatchEvent(new Event('scroll'));
          await new Promise((resolve) => setTimeout(resolve, 120));
        });
      }
    } finally {
      Object.defineProperty(HTMLElement.prototype, 'offsetParent', offsetParent);
    }
    expect(page.el.querySelector('[data-testid="agency-closed"]')?.getAttribute('data-total')).toBe('45');
    const closedIds = [...page.el.querySelectorAll('[data-testid="agency-closed-row"]')].map((n) => Number(n.getAttribute('data-id')));
    expect(closedIds).toEqual(closedTrades.map((c) => c.id));
    expect(page.el.querySelector('[data-testid="agency-closed-row"]:last-child')?.getAttribute('data-backfilled')).toBe('true');
    expect(page.text('agency-computed-note')).toContain('simulated');
    expect(page.text('agency-follow')).toBe('Follow');
  });
});

describe('the follow order', () => {
  it('states the follow wallet, the terms, and the equity the stop-loss stands for', async () => {
    const { default: FollowOrderPage } = await import('./FollowOrderPage');
    const page = await show(FollowOrderPage, '/pages/payment/follow?agencyId=2');
    expect(page.text('follow-available-amount')).toBe('$250.00');
    expect(page.text('follow-stop-level')).toBe('Enter the amount and the percentage to see the equity it stops at.');
    const amount = page.el.querySelector<HTMLInputElement>('input[data-testid="follow-amount"]')!;
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(amount, '500');
      amount.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(page.text('follow-stop-level')).toBe("Stops when the follow's equity falls to $300.00");
    // 500 is more than the 250 in the wallet: the way to transfer shows.
    expect(page.text('follow-transfer')).toBe('Transfer from the funding wallet');
    expect(page.all('follow-statement')[0]).toContain('Copied positions cannot be sold after placing');
    expect(page.all('follow-statement')[0]).toContain('no profit share');
  });

  it('refuses an amount out of bounds with the contract’s message, in the investor’s language', async () => {
    const { default: FollowOrderPage } = await import('./FollowOrderPage');
    const page = await show(FollowOrderPage, '/pages/payment/follow?agencyId=2', 'nl');
    const amount = page.el.querySelector<HTMLInputElement>('input[data-testid="follow-amount"]')!;
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(amount, '50');
      amount.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => {
      page.el.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(page.text('follow-amount-error')).toBe('Het volgbedrag ligt tussen 100 en 1.000.000 dollar');
  });
});

describe('a follow', () => {
  it('shows its figures, its return beside the agency’s, its copies and why one was skipped', async () => {
    const { default: FollowPage } = await import('./FollowPage');
    const page = await show(FollowPage, '/pages/product/follow/order?id=7');
    expect(page.text('follow-status')).toBe('Following');
    expect(page.text('follow-equity')).toBe('$501.18');
    expect(page.text('follow-return')).toBe('+0.24%');
    expect(page.text('follow-agency-return')).toBe('+0.31%');
    expect(page.text('follow-stop-loss')).toBe('40%: stops at equity $300.00');
    expect(page.all('follow-copy')).toHaveLength(2);
    expect(page.text('follow-copy-reason')).toBe('The agency closed its position');
    expect(page.text('follow-skipped-reason')).toBe('Proportional size 0.04 below the minimum 0.1');
    expect(page.text('follow-add')).toBe('Add money');
    expect(page.text('follow-stop')).toBe('Stop following');
  });

  it('reads in Chinese', async () => {
    const { default: FollowPage } = await import('./FollowPage');
    const page = await show(FollowPage, '/pages/product/follow/order?id=7', 'zh-Hans');
    expect(page.text('follow-status')).toBe('跟单中');
    expect(page.text('follow-skipped-reason')).toBe('按比例数量 0.04 低于最小数量 0.1');
  });
});
