// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { mount, mountsPerTest } from '../../testing/harness';
import { orderedLines, PortfolioView, type Portfolio } from './PortfolioCard';

// The user page's portfolio (issue 32): a row per line with its price, source and time, its value in
// its currency and in euros and its P&L; the server's three totals, the rate and the simulated note.

const T = Date.UTC(2026, 10, 24, 14, 5, 0);
type Line = Portfolio['lines'][number];
const base: Omit<Line, 'key' | 'product'> = {
  side: 'asset',
  instrument: null,
  name: 'BALANCE',
  wallet: 'BALANCE' as Line['wallet'],
  quantity: null,
  price: null,
  priceCurrency: null,
  priceSource: 'ledger',
  priceTimestamp: null,
  currency: 'EUR',
  value: '500.00',
  reportingValue: '500.00',
  cost: null,
  pnl: null,
  pnlGross: null,
  fees: null,
  dayChange: '0.00',
  stale: false,
};

const portfolio: Portfolio = {
  currency: 'EUR',
  asOf: T,
  rates: [{ currency: 'EUR', rate: '1', timestamp: T }],
  eurUsd: '1.085',
  rateTimestamp: T,
  lines: [
    { ...base, key: 'loan:4', product: 'loan', side: 'liability', name: 'Loan 4', priceSource: 'accrual', value: '2000.10', reportingValue: '2000.10' },
    {
      ...base,
      key: 'position:7',
      product: 'position',
      instrument: 'AAPL',
      name: 'Apple',
      wallet: 'US_STOCK' as Line['wallet'],
      quantity: '10',
      price: '189.12',
      priceCurrency: 'USD',
      priceSource: 'market',
      priceTimestamp: T,
      currency: 'USD',
      value: '1012.30',
      reportingValue: '933.00',
      cost: '1001.00',
      pnl: '11.30',
      pnlGross: '12.30',
      fees: '1.00',
    },
    { ...base, key: 'cash:BALANCE', product: 'cash' },
  ],
  total: '1433.00',
  liabilities: '2000.10',
  netAssets: '-567.10',
  dayChange: '-3.20',
  dayChangePercent: null,
  byProduct: [],
  stale: [],
  simulated: true,
};

mountsPerTest();

describe('an investor’s portfolio on the user page', () => {
  it('lists held before owed, by product, and shows each figure as sent', () => {
    expect(orderedLines(portfolio.lines).map((l) => l.key)).toEqual(['cash:BALANCE', 'position:7', 'loan:4']);
    const host = mount(<PortfolioView portfolio={portfolio} />);
    const text = (id: string) => host.querySelector(`[data-testid="${id}"]`)?.textContent;
    expect(text('bo-portfolio-total')).toBe('1,433.00 EUR');
    expect(text('bo-portfolio-liabilities')).toBe('2,000.10 EUR');
    expect(text('bo-portfolio-net')).toBe('-567.10 EUR');
    expect(text('bo-portfolio-rate')).toContain('1 EUR = 1.085 USD');
    expect(text('bo-portfolio-rate')).toContain('simulated market');
    const rows = [...host.querySelectorAll('[data-testid="bo-portfolio-line"]')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(rows[1]).toEqual([
      'Position',
      'AAPLApple',
      '10',
      `189.12 USDMarket quote · ${new Date(T).getFullYear()}-11-24 ${String(new Date(T).getHours()).padStart(2, '0')}:05:00`,
      '1,012.30 USD',
      '933.00 EUR',
      '11.30 USDgross 12.30 · fees 1.00',
    ]);
    expect(rows[2]?.[0]).toBe('Loan Owed');
  });
});
