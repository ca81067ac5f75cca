import { MarketSource, OrderDirection, OrderStatus, OrderType, WalletCode, type Position } from '@tradeapp/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from '../../lib/router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n';
import { queryClient } from '../../lib/queryClient';
import PositionDetailPage from './PositionDetailPage';

// A copy's position page (decision 0020): where it came from, with the way to its follow, and the
// close and add-margin buttons off with the server's sentence; a closed copy says what closed it. A
// robot's position (decision 0021) the same, with the way to its robot order.

const T = Date.UTC(2026, 10, 24, 12, 0, 0);
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
  createTimeTimestamp: T,
  marketDateTimestamp: T,
  modifyTimeTimestamp: T,
  closeTimeTimestamp: null,
  expiredDateTimestamp: null,
  lockedUntilTimestamp: null,
  followId: 7,
  robotOrderId: null,
};
let position: Position = copy;

vi.mock('../../api/client', async (original) => ({
  ...(await original<object>()),
  call: (id: string) => {
    if (id === 'position') return Promise.resolve(position);
    if (id === 'follow') return Promise.resolve({ id: 7, strategy: 'trend', status: 'following' });
    return Promise.reject(new Error(`no answer for ${id}`));
  },
}));

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

async function show(p: Position) {
  position = p;
  await setLanguage('en');
  host = document.createElement('div');
  document.body.append(host);
  const mounted = createRoot(host);
  root = mounted;
  const router = createMemoryRouter([{ path: '*', Component: PositionDetailPage }], { initialEntries: [`/pages/trade/detail?id=${p.id}`] });
  await act(async () => {
    mounted.render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  for (let i = 0; i < 3; i += 1)
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  const el = host;
  return {
    el,
    text: (id: string) => el.querySelector(`[data-testid="${id}"]`)?.textContent ?? null,
    /** Until a lazily loaded piece (the follow feature's note) is on the page. */
    until: async (id: string) => {
      for (let i = 0; i < 100 && !el.querySelector(`[data-testid="${id}"]`); i += 1)
        await act(async () => {
          await new Promise((resolve) => setTimeout(resolve, 20));
        });
    },
  };
}

describe('a copy’s position page', () => {
  it('names its agency, links its follow, and cannot be closed or topped up', async () => {
    const page = await show(copy);
    await page.until('detail-copy-follow');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(page.text('detail-copy-tag')).toBe('Copy of Trend on index futures');
    expect(page.text('detail-copy-follow')).toBe('View the follow');
    expect(page.text('detail-copy-locked')).toBe('This position follows its agency and cannot be sold after placing: stop following to close it');
    expect(page.el.querySelector<HTMLButtonElement>('[data-testid="position-close"]')?.disabled).toBe(true);
    expect(page.el.querySelector<HTMLButtonElement>('[data-testid="add-margin"]')?.disabled).toBe(true);
  });

  it('says what closed a closed copy', async () => {
    const page = await show({ ...copy, status: OrderStatus.Settled, closePrice: '4990', netProfit: '-1.10', grossProfit: '-1.00', closeFee: '0.05', closeReason: 'copyStop', closeTimeTimestamp: T });
    expect(page.text('detail-close-reason')).toBe('The copy stop-loss');
    expect(page.el.querySelector('[data-testid="position-close"]')).toBeNull();
  });

  it('says a robot’s position belongs to its robot order, links it, and cannot be closed or topped up', async () => {
    const page = await show({ ...copy, walletCode: WalletCode.Financial, followId: null, robotOrderId: 12 });
    await page.until('detail-robot-order');
    expect(page.text('detail-robot-tag')).toBe('Robot');
    expect(page.text('detail-robot-order')).toBe('View the robot');
    expect(page.text('detail-robot-locked')).toBe('This position belongs to a robot: redeem the robot to close it');
    expect(page.el.querySelector('[data-testid="detail-copy"]')).toBeNull();
    expect(page.el.querySelector<HTMLButtonElement>('[data-testid="position-close"]')?.disabled).toBe(true);
    expect(page.el.querySelector<HTMLButtonElement>('[data-testid="add-margin"]')?.disabled).toBe(true);
  });

  it('leaves an ordinary position closable', async () => {
    const page = await show({ ...copy, walletCode: WalletCode.UsStock, followId: null });
    expect(page.el.querySelector('[data-testid="detail-copy"]')).toBeNull();
    expect(page.el.querySelector<HTMLButtonElement>('[data-testid="position-close"]')?.disabled).toBe(false);
  });
});
