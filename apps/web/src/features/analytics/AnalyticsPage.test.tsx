import type { Analytics } from '@tradeapp/contract';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n';
import type { UiLanguage } from '../../i18n/locale';
import { showPage, unmountAll } from '../../testing/mountRoute';

// The analytics screen from the server's answer (the client is a stub): the figures as sent, the
// returns as percent, the calendar's colours and tapped figure, the lists and the allocation shares.

const analytics: Analytics = {
  period: '1M',
  currency: 'EUR',
  fromDay: '2026-10-30',
  toDay: '2026-11-02',
  startValue: '0.00',
  endValue: '6059.96',
  netFlow: '5800.00',
  pnl: '259.96',
  days: [
    { day: '2026-10-30', value: '1000.00', flow: '1000.00', pnl: '0.00' },
    { day: '2026-10-31', value: '990.00', flow: '0.00', pnl: '-10.00' },
    { day: '2026-11-01', value: '800.00', flow: '-200.00', pnl: '10.00' },
    { day: '2026-11-02', value: '6059.96', flow: '5000.00', pnl: '259.96' },
  ],
  twr: '0.04482069',
  mwr: '0.15715895',
  byInstrument: [{ symbol: 'BTCUSDT', name: 'Bitcoin', market: 'CRYPTO', realised: '31.96', floating: '240.00', fees: '20.04', pnl: '259.96' }],
  byMarket: [{ market: 'CRYPTO', realised: '31.96', floating: '240.00', fees: '20.04', pnl: '259.96' }],
  byProduct: [],
  allocation: {
    total: '6059.96',
    liabilities: '0.00',
    cash: '4619.96',
    byProduct: [
      { product: 'cash', side: 'asset', value: '4619.96' },
      { product: 'position', side: 'asset', value: '1440.00' },
    ],
    byMarket: [{ market: 'CRYPTO', value: '1440.00' }],
    byAssetClass: [{ assetClass: 'crypto', value: '1440.00' }],
  },
  stale: [],
  eurUsd: '1.25',
  simulated: true,
};
const empty: Analytics = {
  ...analytics,
  fromDay: '2026-11-02',
  endValue: '0.00',
  netFlow: '0.00',
  pnl: '0.00',
  days: [{ day: '2026-11-02', value: '0.00', flow: '0.00', pnl: '0.00' }],
  twr: null,
  mwr: null,
  byInstrument: [],
  byMarket: [],
  byProduct: [],
  allocation: { total: '0.00', liabilities: '0.00', cash: '0.00', byProduct: [], byMarket: [], byAssetClass: [] },
};
/** The same trader with a deposit term, a bond and a loan: the products' P&L beside the instrument's, and the allocation with what is owed. */
const withProducts: Analytics = {
  ...analytics,
  endValue: '4557.06',
  netFlow: '4300.00',
  pnl: '257.06',
  byProduct: [
    { product: 'depositTerm', pnl: '0.00' },
    { product: 'bond', pnl: '-2.90' },
  ],
  allocation: {
    total: '5057.06',
    liabilities: '500.00',
    cash: '2019.96',
    byProduct: [
      { product: 'cash', side: 'asset', value: '2019.96' },
      { product: 'position', side: 'asset', value: '1440.00' },
      { product: 'bond', side: 'asset', value: '997.10' },
      { product: 'depositTerm', side: 'asset', value: '600.00' },
      { product: 'loan', side: 'liability', value: '500.00' },
    ],
    byMarket: [
      { market: 'CRYPTO', value: '1440.00' },
      { market: 'BOND', value: '997.10' },
    ],
    byAssetClass: [
      { assetClass: 'crypto', value: '1440.00' },
      { assetClass: 'bond', value: '997.10' },
    ],
  },
  stale: ['fund'],
};
let answer: Analytics = analytics;

vi.mock('../../api/client', async (original) => ({
  ...(await original<object>()),
  call: (id: string) => (id === 'analytics' ? Promise.resolve(answer) : Promise.reject(new Error(`no answer for ${id}`))),
}));
// The chart is pixels: jsdom has no canvas.
vi.mock('./valueChartEngine', () => ({ createValueChart: () => ({ setData: () => undefined, remove: () => undefined }) }));

beforeAll(async () => {
  // The page's module graph loads once here, so a loaded machine does not spend the first test's time on it.
  await import('./AnalyticsPage');
}, 30_000);
afterAll(() => setLanguage('en'));
afterEach(unmountAll);

async function show(language?: UiLanguage) {
  const { default: AnalyticsPage } = await import('./AnalyticsPage');
  const page = await showPage(AnalyticsPage, '/pages/profile/analytics', { language, turns: 1, within: 'page' });
  // Figures carry word joiners that keep a sign to its number; they are not what is read.
  const text = (id: string) => page.text(id)?.replace(/\u2060/g, '') ?? null;
  return { el: page.el, text, all: (id: string) => page.all(id).map((t) => t?.replace(/\u2060/g, '')) };
}

describe('portfolio analytics', () => {
  it('shows the server’s figures, the returns as percent, and the day tapped in the calendar', async () => {
    answer = analytics;
    const page = await show();
    expect(page.text('analytics-value')).toBe('€6,059.96');
    expect(page.text('analytics-pnl')).toBe('+€259.96');
    expect(page.text('analytics-flow')).toBe('+€5,800.00');
    expect(page.text('analytics-twr')).toBe('+4.48%');
    expect(page.text('analytics-mwr')).toBe('+15.72%');
    expect(page.el.querySelector('[data-testid="analytics-chart"]')?.getAttribute('data-points')).toBe('4');
    // The last month of the period is shown first: November, two days of it in the period.
    expect(page.text('calendar-month')).toBe('November 2026');
    const days = [...page.el.querySelectorAll<HTMLButtonElement>('[data-testid="calendar-day"]')];
    expect(days.map((d) => [d.dataset.day, d.className.split(' ')[1]])).toEqual([
      ['2026-11-01', 'rise'],
      ['2026-11-02', 'rise'],
    ]);
    await act(async () => days[0]!.click());
    expect(page.text('calendar-figure')).toBe('01/11/2026: +€10.00 (value €800.00, money in or out -€200.00)');
    // October has the loss.
    await act(async () => page.el.querySelector<HTMLButtonElement>('[data-testid="calendar-previous"]')!.click());
    expect(page.text('calendar-month')).toBe('October 2026');
    expect(page.el.querySelector('[data-day="2026-10-31"]')?.className).toContain('fall');
    expect(page.all('analytics-instruments-row')).toEqual(['Bitcoin · BTCUSDTClosed +€31.96 · Open +€240.00 · Fees €20.04+€259.96']);
    expect(page.all('allocation-market-row')).toEqual(['Crypto€1,440.00 · 23.8%', 'Cash€4,619.96 · 76.2%']);
  });

  it('lists the products’ P&L and allocates over the products, with what is owed and what could not be valued now', async () => {
    answer = withProducts;
    const page = await show();
    expect(page.all('analytics-products-row')).toEqual(['Deposit terms€0.00', 'Bonds-€2.90']);
    expect(page.all('allocation-product-row')).toEqual([
      'Cash€2,019.96 · 39.9%',
      'Positions€1,440.00 · 28.5%',
      'Bonds€997.10 · 19.7%',
      'Deposit terms€600.00 · 11.9%',
    ]);
    expect(page.text('allocation-owed')).toBe('Owed-€500.00');
    // The market's instruments, cash, and the deposit term as another product: each chart adds up to the total held.
    expect(page.all('allocation-market-row')).toEqual([
      'Crypto€1,440.00 · 28.5%',
      'Bonds€997.10 · 19.7%',
      'Cash€2,019.96 · 39.9%',
      'Other products€600.00 · 11.9%',
    ]);
    expect(page.text('analytics-stale')).toBe('Valued today at their last known figure: Funds.');
  });

  it('in Dutch: the reader’s separators', async () => {
    answer = analytics;
    const page = await show('nl');
    expect(page.text('analytics-value')).toBe('€6.059,96');
    expect(page.text('analytics-twr')).toBe('+4,48%');
    expect(page.all('allocation-class-row')).toEqual(['Crypto€1.440,00 · 23,8%', 'Contant€4.619,96 · 76,2%']);
  });

  it('a new account: the empty state', async () => {
    answer = empty;
    const page = await show('zh-Hans');
    expect(page.text('analytics-empty')).toContain('暂无历史');
    expect(page.el.querySelector('[data-testid="analytics-summary"]')).toBeNull();
  });
});
