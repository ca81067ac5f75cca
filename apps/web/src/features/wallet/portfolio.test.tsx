import type { Portfolio } from '@tradeapp/contract';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import type { UiLanguage } from '../../i18n/locale';
import { showPage, unmountAll } from '../../testing/mountRoute';
import { ProductBreakdown } from './portfolio';

// The overview tab's breakdown by product (issue 32): each product's value as the server summed it,
// in the contract's order, what is owed apart, a product that could not be valued marked, and one
// line saying the prices are simulated; the product names in three languages.

const T = Date.UTC(2026, 10, 24, 14, 5, 0);
const answer: Portfolio = {
  currency: 'EUR',
  asOf: T,
  rates: [{ currency: 'EUR', rate: '1', timestamp: T }],
  eurUsd: '1.085',
  rateTimestamp: T,
  lines: [],
  total: '13234.56',
  liabilities: '2000.10',
  netAssets: '11234.46',
  dayChange: '0.00',
  dayChangePercent: null,
  // The server's order (cash first, then as the sources answered); the screen lists them in the contract's.
  byProduct: [
    { product: 'cash', side: 'asset', value: '9234.56' },
    { product: 'loan', side: 'liability', value: '2000.10' },
    { product: 'bond', side: 'asset', value: '1500.00' },
    { product: 'position', side: 'asset', value: '1500.00' },
    { product: 'depositTerm', side: 'asset', value: '1000.00' },
  ],
  stale: ['bond'],
  simulated: true,
};

afterAll(() => setLanguage('en'));
afterEach(unmountAll);

async function show(language: UiLanguage) {
  unmountAll();
  const breakdown = await showPage(<ProductBreakdown portfolio={answer} />, '/', { language, turns: 0, within: 'page' });
  return {
    rows: () => [...breakdown.el.querySelectorAll('[data-testid^="breakdown-"][data-side]')].map((r) => `${r.getAttribute('data-side')} ${r.textContent}`),
    text: breakdown.text,
  };
}

describe('the breakdown by product', () => {
  it('lists what is held in the contract’s order, then what is owed, each value as sent', async () => {
    const b = await show('en');
    expect(b.rows()).toEqual([
      'asset Cash€9,234.56',
      'asset Positions€1,500.00',
      'asset Deposit terms€1,000.00',
      'asset BondsLast known value€1,500.00',
      'liability Loans€2,000.10',
    ]);
    expect(b.text('portfolio-stale-note')).toMatch(/last known value/);
    expect(b.text('portfolio-simulated')).toMatch(/^Prices are simulated/);
  });

  it('names the products in Dutch and Chinese', async () => {
    let b = await show('nl');
    expect(b.rows()).toEqual([
      'asset Contant€9.234,56',
      'asset Posities€1.500,00',
      "asset Deposito's€1.000,00",
      'asset ObligatiesLaatst bekende waarde€1.500,00',
      'liability Leningen€2.000,10',
    ]);
    b = await show('zh-Hans');
    expect(b.rows()).toEqual([
      'asset 现金€9,234.56',
      'asset 持仓€1,500.00',
      'asset 存款€1,000.00',
      'asset 债券最近一次的价值€1,500.00',
      'liability 贷款€2,000.10',
    ]);
  });
});
