import { KycStatus, MarketSource, OrderDirection, OrderStatus, OrderType, WalletCode, type Position, type Quote } from '@tradeapp/contract';
import type * as AntdMobile from 'antd-mobile';
import { act, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n';
import { queryClient } from '../../lib/queryClient';
import { settle, showPage, unmountAll } from '../../testing/mountRoute';
import { OrderTicket } from './OrderForm';
import TradePage from './TradePage';

// Issue 33, one clock: the order form offers extended hours only for an instrument that trades them
// (a labelled switch with its explanation), and an entrusted day order says when it expires, on the
// exchange's clock and named by it, in the reader's language.

const aapl = {
  symbol: 'AAPL',
  name: 'Apple Inc.',
  stock_code: 'AAPL',
  market: 'US',
  assetClass: 'stock',
  source: MarketSource.Stock,
  currency: 'USD',
  price_nominal: '200.00',
  bid: '199.99',
  ask: '200.01',
  tickSize: '0.01',
  lotSize: '1',
  minQuantity: '1',
  tradable: false,
  marketStatus: 'closed',
  timeZone: 'America/New_York',
  nextOpenTimestamp: Date.UTC(2026, 10, 30, 9),
  change: '0',
} as unknown as Quote;
const tencent = {
  ...aapl,
  symbol: '0700.HK',
  name: 'Tencent',
  stock_code: '00700',
  market: 'HK',
  currency: 'HKD',
  tickSize: '0.2',
  lotSize: '100',
  minQuantity: '100',
  timeZone: 'Asia/Hong_Kong',
} as Quote;
const limitsOf = (q: Quote, calendar: 'US' | 'HK', extendedHours: boolean) => ({
  stockCode: q.symbol,
  minQuantity: q.minQuantity,
  lotSize: q.lotSize,
  tickSize: q.tickSize,
  leverages: [1, 2, 5, 10],
  walletCode: calendar === 'US' ? WalletCode.UsStock : WalletCode.HkStock,
  calendar,
  extendedHours,
});

// Placed Friday 27 November 2026, the half day after Thanksgiving: 13:00 EST is 18:00 UTC, late trading ends 17:00 EST (22:00 UTC).
const dayOrder: Position = {
  id: 71,
  positionNum: 'P00000071',
  symbol: 'AAPL',
  stockCode: 'AAPL',
  stockName: 'Apple Inc.',
  source: MarketSource.Stock,
  market: 'US',
  assetClass: 'stock',
  currency: 'USD',
  walletCode: WalletCode.UsStock,
  walletCurrency: 'USD',
  direction: OrderDirection.Buy,
  type: OrderType.Limit,
  status: OrderStatus.WaitingConfirmation,
  price: '150.00',
  openPrice: null,
  quantity: '1',
  totalAmount: '150.00',
  handlingFee: '0.08',
  closeFee: null,
  leverage: 1,
  margin: '150.00',
  isolatedPosition: true,
  currentPrice: null,
  profit: '0.00',
  zdf: '0.00',
  sellProfit: null,
  grossProfit: null,
  netProfit: null,
  closedParts: { profit: '0', fee: '0' },
  closePrice: null,
  liquidationPrice: null,
  closeReason: null,
  largeOrder: false,
  createTimeTimestamp: Date.UTC(2026, 10, 27, 15),
  marketDateTimestamp: null,
  modifyTimeTimestamp: Date.UTC(2026, 10, 27, 15),
  closeTimeTimestamp: null,
  expiredDateTimestamp: Date.UTC(2026, 10, 27, 18),
  lockedUntilTimestamp: null,
  followId: null,
  robotOrderId: null,
  timeInForce: 'day',
  extendedHours: false,
  timeZone: 'America/New_York',
};
const hkDayOrder: Position = {
  ...dayOrder,
  id: 72,
  symbol: '0700.HK',
  stockName: 'Tencent',
  currency: 'HKD',
  walletCode: WalletCode.HkStock,
  walletCurrency: 'EUR',
  timeZone: 'Asia/Hong_Kong',
  expiredDateTimestamp: Date.UTC(2026, 11, 24, 4, 10),
};

let answers: Record<string, unknown> = {};
const sent: Array<[string, unknown]> = [];
vi.mock('../../api/client', async (original) => ({
  ...(await original<object>()),
  call: (id: string, input: unknown) => {
    sent.push([id, input]);
    return id in answers ? Promise.resolve(answers[id]) : Promise.reject(new Error(`no answer for ${id}`));
  },
}));
vi.mock('../../ui/toast', () => ({ showToast: () => undefined }));
// The confirmation is antd's dialog: here the investor confirms at once, and what it showed is kept.
const confirmations: ReactNode[] = [];
vi.mock('antd-mobile', async (original) => {
  const antd = await original<typeof AntdMobile>();
  // Still a component (the leverage warning renders one), with its confirm replaced.
  const Dialog = Object.assign((props: AntdMobile.DialogProps) => <antd.Dialog {...props} />, antd.Dialog, {
    confirm: (options: { content: ReactNode }) => {
      confirmations.push(options.content);
      return Promise.resolve(true);
    },
  });
  return { ...antd, Dialog };
});
vi.mock('../../lib/session', async (original) => ({ ...(await original<object>()), isSignedIn: () => true }));

afterAll(() => setLanguage('en'));
afterEach(() => {
  unmountAll();
  answers = {};
  sent.length = 0;
  confirmations.length = 0;
  vi.useRealTimers();
});

/** The order form of `quote`, opened on a limit order (as the quote page opens it while the market is closed). */
const ticket = (quote: Quote) =>
  function Ticket() {
    return <OrderTicket quote={quote} initialDirection={OrderDirection.Buy} initialLimit place="page" />;
  };

async function mount(Component: ComponentType, language: 'en' | 'nl' | 'zh-Hans' = 'en') {
  const page = await showPage(Component, '/pages/trade?tab=entrusted', { language, turns: 0, within: 'page' });
  await settle(() => page.$('order-type-limit') !== null || page.$('entrusted-row') !== null);
  return { el: page.el, find: page.$, texts: page.all, unmount: page.unmount };
}

describe('the extended-hours switch of the order form', () => {
  it('is offered, labelled and explained for a US stock’s limit order, and switches', async () => {
    answers = { minCount: limitsOf(aapl, 'US', true), rates: [] };
    const form = await mount(ticket(aapl));
    const toggle = form.find('order-extended') as HTMLInputElement | null;
    expect(toggle).not.toBeNull();
    // Its accessible name is its label, its description the explanation.
    expect(toggle!.getAttribute('role')).toBe('switch');
    expect(toggle!.closest('label')?.textContent).toBe('Extended hours');
    expect(document.getElementById(toggle!.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Lets the order fill in the pre-market and after hours too, when trading is thinner; without it the order waits for the regular session.',
    );
    expect(toggle!.checked).toBe(false);
    act(() => toggle!.click());
    expect([toggle!.checked, toggle!.getAttribute('aria-checked')]).toEqual([true, 'true']);
    // A market order fills now or is refused: nothing to wait for, no switch.
    act(() => form.find('order-type-market')!.click());
    expect(form.find('order-extended')).toBeNull();
  });

  it('reads in Dutch and Chinese', async () => {
    answers = { minCount: limitsOf(aapl, 'US', true), rates: [] };
    const nl = await mount(ticket(aapl), 'nl');
    expect(nl.find('order-extended')?.closest('label')?.textContent).toBe('Verlengde handelstijden');
    nl.unmount();
    queryClient.clear();
    const zh = await mount(ticket(aapl), 'zh-Hans');
    expect(zh.find('order-extended')?.closest('label')?.textContent).toBe('盘前盘后交易');
  });

  it('sends a day order with extended hours, its confirmation saying when it expires on New York’s clock', async () => {
    // Friday 27 November 2026, 06:00 EST (11:00 UTC), before the half day after Thanksgiving opens: with
    // extended hours the order lives to the end of late trading, 17:00 EST (22:00 UTC).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 27, 11) });
    answers = {
      minCount: limitsOf(aapl, 'US', true),
      rates: [],
      userInfo: { id: 1, kycStatus: KycStatus.Verified },
      leverageRisk: { acknowledged: true, version: 1, acknowledgedVersion: 1, acknowledgedAtTimestamp: 0 },
      orderStock: { ...dayOrder, extendedHours: true, expiredDateTimestamp: Date.UTC(2026, 10, 27, 22) },
    };
    const form = await mount(ticket(aapl));
    const input = form.find('order-quantity') as HTMLInputElement;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, '1');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => form.find('order-tif-day')!.click());
    act(() => form.find('order-extended')!.click());
    for (let i = 0; i < 50 && (form.find('order-submit') as HTMLButtonElement).disabled; i += 1)
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
      });
    await act(async () => {
      form.find('order-submit')!.click();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(sent.find(([id]) => id === 'orderStock')?.[1]).toMatchObject({
      stockCode: 'AAPL',
      type: OrderType.Limit,
      price: '200.00',
      quantity: '1',
      timeInForce: 'day',
      extendedHours: true,
    });
    expect(confirmations).toHaveLength(1);
    const shown = document.createElement('div');
    const summary = createRoot(shown);
    act(() => summary.render(<>{confirmations[0]}</>));
    const line = (id: string) => shown.querySelector(`[data-testid="${id}"]`)?.textContent;
    expect([line('confirm-extended'), line('confirm-expiry')]).toEqual(['Pre-market and after hours too', 'Expires 27/11/2026 05:00 PM New York time']);
    act(() => summary.unmount());
  });

  it('is not offered for an instrument without extended hours', async () => {
    answers = { minCount: limitsOf(tencent, 'HK', false), rates: [] };
    const form = await mount(ticket(tencent));
    expect(form.find('order-type-limit')).not.toBeNull();
    expect(form.find('order-tif-day')).not.toBeNull();
    expect(form.find('order-extended')).toBeNull();
  });
});

describe('an entrusted day order’s expiry', () => {
  it('is shown on the exchange’s clock, named by it, in each language', async () => {
    const cases = {
      en: ['Expires 27/11/2026 01:00 PM New York time', 'Expires 24/12/2026 12:10 PM Hong Kong time'],
      nl: ['Vervalt 27-11-2026 13:00 New Yorkse tijd', 'Vervalt 24-12-2026 12:10 Hongkongse tijd'],
      'zh-Hans': ['到期：纽约时间 2026-11-27 13:00', '到期：香港时间 2026-12-24 12:10'],
    } as const;
    for (const language of ['en', 'nl', 'zh-Hans'] as const) {
      answers = { entrustedOrders: { list: [dayOrder, { ...hkDayOrder, extendedHours: false }], total: 2, page: 1, size: 20 } };
      const page = await mount(TradePage, language);
      expect(page.texts('entrusted-expiry')).toEqual(cases[language]);
      page.unmount();
      queryClient.clear();
    }
  });

  it('says a day order asked for extended hours, and shows no expiry for one that waits until cancelled', async () => {
    answers = {
      entrustedOrders: {
        list: [
          { ...dayOrder, extendedHours: true, expiredDateTimestamp: Date.UTC(2026, 10, 27, 22) },
          { ...dayOrder, id: 73, timeInForce: 'gtc', expiredDateTimestamp: null },
        ],
        total: 2,
        page: 1,
        size: 20,
      },
    };
    const page = await mount(TradePage);
    expect(page.texts('entrusted-expiry')).toEqual(['Expires 27/11/2026 05:00 PM New York time']);
    expect(page.texts('entrusted-extended')).toEqual([' · Extended hours']);
    expect(page.texts('entrusted-row')).toHaveLength(2);
  });
});
