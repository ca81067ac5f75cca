import {
  MarketSource,
  OrderDirection,
  OrderStatus,
  OrderType,
  WalletCode,
  type Portfolio,
  type Position,
  type ResponseOf,
  type Routes,
} from '@tradeapp/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n';
import type { UiLanguage } from '../../i18n/locale';
import { showPage, unmountAll } from '../../testing/mountRoute';
import type { PositionsPage } from './api';
import { TradeSummary } from './TradeSummary';

// The trade tab's summary (issue 32) never adds euros and dollars under one sign. Positions in one
// currency: the server's sums in that currency, labelled with it. In more than one: the floating P&L
// counted in euros at the stated rate, each wallet's own in its currency, and no summed margin.

const T = Date.UTC(2026, 10, 24, 14, 5, 0);
type Overview = ResponseOf<Routes['fundingOverview']>;

function position(id: number, walletCode: WalletCode, walletCurrency: 'EUR' | 'USD', profit: string, margin: string): Position {
  return {
    id,
    positionNum: `P${id}`,
    symbol: walletCurrency === 'USD' ? 'AAPL' : 'ASML',
    stockCode: walletCurrency === 'USD' ? 'AAPL' : 'ASML',
    stockName: walletCurrency === 'USD' ? 'Apple' : 'ASML Holding',
    source: MarketSource.Stock,
    market: 'US' as Position['market'],
    assetClass: 'stock' as Position['assetClass'],
    currency: walletCurrency,
    walletCode,
    walletCurrency,
    direction: OrderDirection.Buy,
    type: OrderType.Market,
    status: OrderStatus.InProgress,
    price: '100',
    openPrice: '100',
    quantity: '10',
    totalAmount: '1000.00',
    handlingFee: '1.00',
    closeFee: null,
    leverage: 1,
    margin,
    isolatedPosition: true,
    currentPrice: '101',
    profit,
    zdf: '1.00',
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
    followId: null,
    robotOrderId: null,
  };
}

function page(list: Position[], totals: { totalProfit: string; totalMargin: string }, total = list.length): InfiniteData<PositionsPage> {
  return { pages: [{ list, total, page: 1, size: 20, ...totals }], pageParams: [1] };
}

function line(id: number, wallet: WalletCode, currency: 'EUR' | 'USD', pnlGross: string): Portfolio['lines'][number] {
  return {
    key: `position:${id}`,
    product: 'position',
    side: 'asset',
    instrument: currency === 'USD' ? 'AAPL' : 'ASML',
    name: currency === 'USD' ? 'Apple' : 'ASML Holding',
    wallet,
    quantity: '10',
    price: '101',
    priceCurrency: currency,
    priceSource: 'market',
    priceTimestamp: T,
    currency,
    value: '1000.00',
    reportingValue: '1000.00',
    cost: '1001.00',
    pnl: pnlGross,
    pnlGross,
    fees: '1.00',
    dayChange: '0.00',
    stale: false,
  };
}

function portfolio(lines: Portfolio['lines']): Portfolio {
  return {
    currency: 'EUR',
    asOf: T,
    rates: [{ currency: 'EUR', rate: '1', timestamp: T }],
    eurUsd: '1.085',
    rateTimestamp: T,
    lines,
    total: '0.00',
    liabilities: '0.00',
    netAssets: '0.00',
    dayChange: '0.00',
    dayChangePercent: null,
    byProduct: [],
    stale: [],
    simulated: true,
  };
}

const wallet = (code: WalletCode, currency: 'EUR' | 'USD', floating: string): Overview['wallets'][number] => ({
  code,
  currency,
  symbol: currency === 'USD' ? '$' : '€',
  balance: '0.00',
  usedBalance: '0.00',
  total: '0.00',
  value: '0.00',
  floating,
});

const overview: Overview = {
  currency: 'EUR',
  total: '0.00',
  liabilities: '0.00',
  netAssets: '0.00',
  available: '0.00',
  held: '0.00',
  floating: '-4.60',
  dayChange: '0.00',
  dayChangePercent: null,
  eurUsd: '1.085',
  rateTimestamp: T,
  wallets: [wallet(WalletCode.Funding, 'EUR', '0.00'), wallet(WalletCode.Stock, 'EUR', '12.40'), wallet(WalletCode.UsStock, 'USD', '-18.45')],
};

let answer: Portfolio = portfolio([]);
vi.mock('../../api/client', async (original) => ({
  ...(await original<object>()),
  call: (id: string) => {
    if (id === 'portfolio') return Promise.resolve(answer);
    if (id === 'fundingOverview') return Promise.resolve(overview);
    return Promise.reject(new Error(`no answer for ${id}`));
  },
}));

beforeAll(() => {
  // An hour after the rate was quoted, the same day: the rate line gives its time alone.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T + 3_600_000);
});
afterAll(() => {
  vi.useRealTimers();
  return setLanguage('en');
});
afterEach(unmountAll);

async function show(data: InfiniteData<PositionsPage>, lines: Portfolio['lines'], opts: { complete?: boolean; language?: UiLanguage } = {}) {
  unmountAll();
  answer = portfolio(lines);
  const summary = await showPage(<TradeSummary data={data} complete={opts.complete ?? true} />, '/', { language: opts.language, within: 'page' });
  return {
    text: summary.text,
    attr: summary.attr,
    label: () => summary.el.querySelector('.balance-label')?.textContent ?? null,
    all: () => summary.el.textContent ?? '',
  };
}

describe('the trade tab’s summary', () => {
  it('in one currency: the server’s sums, labelled with that currency', async () => {
    const eur = [position(1, WalletCode.Stock, 'EUR', '12.40', '500.00'), position(2, WalletCode.Future, 'EUR', '-2.00', '250.50')];
    let s = await show(page(eur, { totalProfit: '10.40', totalMargin: '750.50' }), [
      line(1, WalletCode.Stock, 'EUR', '12.40'),
      line(2, WalletCode.Future, 'EUR', '-2.00'),
    ]);
    expect(s.attr('trade-summary', 'data-currency')).toBe('EUR');
    expect(s.label()).toBe('Floating P&L (EUR)');
    expect(s.text('trade-total-profit')).toBe('+€10.40');
    expect(s.text('trade-total-margin')).toBe('€750.50');
    expect(s.all()).toContain('Margin in use (EUR)');

    // Dollars only: the dollar sums, in dollars.
    const usd = [position(3, WalletCode.UsStock, 'USD', '-18.45', '1000.00')];
    s = await show(page(usd, { totalProfit: '-18.45', totalMargin: '1000.00' }), [line(3, WalletCode.UsStock, 'USD', '-18.45')]);
    expect(s.label()).toBe('Floating P&L (USD)');
    expect(s.text('trade-total-profit')).toBe('-$18.45');
    expect(s.text('trade-total-margin')).toBe('$1,000.00');
  });

  it('in euros and dollars: never their sum as one figure; counted in euros at the rate, and per wallet in each currency', async () => {
    const mixed = [position(1, WalletCode.Stock, 'EUR', '12.40', '500.00'), position(3, WalletCode.UsStock, 'USD', '-18.45', '1000.00')];
    // What the positions call sums across currencies (12.40 - 18.45, 500 + 1000): not to be shown.
    const s = await show(page(mixed, { totalProfit: '-6.05', totalMargin: '1500.00' }), [
      line(1, WalletCode.Stock, 'EUR', '12.40'),
      line(3, WalletCode.UsStock, 'USD', '-18.45'),
    ]);
    expect(s.attr('trade-summary', 'data-currency')).toBe('mixed');
    expect(s.all()).not.toContain('6.05');
    expect(s.all()).not.toContain('1,500.00');
    expect(s.text('trade-total-margin')).toBeNull();
    expect(s.label()).toBe('Floating P&L, counted in EUR');
    expect(s.text('trade-total-profit')).toBe('-€4.60');
    expect(s.text('trade-rate')).toBe('Counted at 1 EUR = 1.0850 USD, 02:05 PM');
    expect(s.text('trade-wallet-STOCK')).toBe('Stocks · EUR+€12.40');
    expect(s.text('trade-wallet-US_STOCK')).toBe('US stocks · USD-$18.45');
    // The funding account holds no position: not listed.
    expect(s.text('trade-wallet-BALANCE')).toBeNull();
    expect(s.text('trade-margin-note')).toMatch(/never added together/);
  });

  it('knows the currencies of positions not loaded yet from the portfolio', async () => {
    // Twenty euro positions loaded of twenty-one; the portfolio has the dollar one.
    const loaded = [position(1, WalletCode.Stock, 'EUR', '12.40', '500.00')];
    const s = await show(
      page(loaded, { totalProfit: '-6.05', totalMargin: '1500.00' }, 21),
      [line(1, WalletCode.Stock, 'EUR', '12.40'), line(3, WalletCode.UsStock, 'USD', '-18.45')],
      { complete: false },
    );
    expect(s.attr('trade-summary', 'data-currency')).toBe('mixed');
    expect(s.text('trade-total-profit')).toBe('-€4.60');
    expect(s.text('trade-total-margin')).toBeNull();
  });

  it('reads in Dutch and Chinese', async () => {
    const mixed = [position(1, WalletCode.Stock, 'EUR', '12.40', '500.00'), position(3, WalletCode.UsStock, 'USD', '-18.45', '1000.00')];
    const lines = [line(1, WalletCode.Stock, 'EUR', '12.40'), line(3, WalletCode.UsStock, 'USD', '-18.45')];
    let s = await show(page(mixed, { totalProfit: '-6.05', totalMargin: '1500.00' }), lines, { language: 'nl' });
    expect(s.label()).toBe('Zwevende W&V, geteld in EUR');
    expect(s.text('trade-total-profit')).toBe('-€4,60');
    expect(s.text('trade-wallet-US_STOCK')).toBe('VS-aandelen · USD-$18,45');
    expect(s.text('trade-rate')).toBe('Geteld tegen 1 EUR = 1,0850 USD, 14:05');
    s = await show(page(mixed, { totalProfit: '-6.05', totalMargin: '1500.00' }), lines, { language: 'zh-Hans' });
    expect(s.label()).toBe('浮动盈亏，按 EUR 折算');
    expect(s.text('trade-wallet-STOCK')).toBe('股票 · EUR+€12.40');
    const single = [position(1, WalletCode.Stock, 'EUR', '12.40', '500.00')];
    s = await show(page(single, { totalProfit: '12.40', totalMargin: '500.00' }), [line(1, WalletCode.Stock, 'EUR', '12.40')], { language: 'zh-Hans' });
    expect(s.label()).toBe('浮动盈亏（EUR）');
    expect(s.all()).toContain('占用保证金（EUR）');
  });
});
