import type { Analytics } from '@tradeapp/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n';
import type { UiLanguage } from '../../i18n/locale';
import { createMemoryRouter, RouterProvider } from '../../lib/router';
import { queryClient } from '../../lib/queryClient';

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
  allocation: { cash: '4619.96', byMarket: [{ market: 'CRYPTO', value: '1440.00' }], byAssetClass: [{ assetClass: 'crypto', value: '1440.00' }] },
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
  allocation: { cash: '0.00', byMarket: [], byAssetClass: [] },
};
let answer: Analytics = analytics;

vi.mock('../../api/client', async (original) => ({
  ...(await original<object>()),
  call: (id: string) => (id === 'analytics' ? Promise.resolve(answer) : Promise.reject(new Error(`no answer for ${id}`))),
}));
// The chart is pixels: jsdom has no canvas.
vi.mock('./valueChartEngine', () => ({ createValueChart: () => ({ setData: () => undefined, remove: () => undefined }) }));

let root: Root | undefined;
let host: HTMLElement | undefined;
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterAll(() => setLanguage('en'));
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  root = host = undefined;
  queryClient.clear();
});

async function show(language: UiLanguage = 'en') {
  const { default: AnalyticsPage } = await import('./AnalyticsPage');
  await setLanguage(language);
  host = document.createElement('div');
  document.body.append(host);
  const mounted = createRoot(host);
  root = mounted;
  const router = createMemoryRouter([{ path: '*', Component: AnalyticsPage }], { initialEntries: ['/pages/profile/analytics'] });
  await act(async () => {
    mounted.render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  const el = host;
  const text = (id: string) => el.querySelector(`[data-testid="${id}"]`)?.textContent?.replace(/\u2060/g, '') ?? null;
  return { el, text, all: (id: string) => [...el.querySelectorAll(`[data-testid="${id}"]`)].map((n) => n.textContent?.replace(/\u2060/g, '')) };
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
