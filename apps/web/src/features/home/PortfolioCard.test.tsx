import type { Portfolio } from '@tradeapp/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n';
import type { UiLanguage } from '../../i18n/locale';
import { queryClient } from '../../lib/queryClient';
import { showPage, unmountAll } from '../../testing/mountRoute';
import { PortfolioCard } from './PortfolioCard';

// The home card reads the portfolio answer (issue 32): net assets as the headline, total assets and
// liabilities under it only when something is owed, today's change of net assets, the rate the
// dollars were counted at and one line saying the prices are simulated; each figure the server's
// decimal string in the reader's language, nothing added up on the screen.

const QUOTED_AT = Date.UTC(2026, 10, 24, 14, 5, 0);

function portfolio(patch: Partial<Portfolio> = {}): Portfolio {
  return {
    currency: 'EUR',
    asOf: QUOTED_AT,
    rates: [
      { currency: 'EUR', rate: '1', timestamp: QUOTED_AT },
      { currency: 'USD', rate: '0.921658986175', timestamp: QUOTED_AT },
    ],
    eurUsd: '1.085',
    rateTimestamp: QUOTED_AT,
    lines: [],
    total: '11234.56',
    liabilities: '0.00',
    netAssets: '11234.56',
    dayChange: '12.40',
    dayChangePercent: '0.11',
    byProduct: [
      { product: 'cash', side: 'asset', value: '10234.56' },
      { product: 'depositTerm', side: 'asset', value: '1000.00' },
    ],
    stale: [],
    simulated: true,
    ...patch,
  };
}

let answer: Portfolio = portfolio();
let fail = false;
const asked: string[] = [];
vi.mock('../../api/client', async (original) => ({
  ...(await original<object>()),
  call: (id: string) => {
    asked.push(id);
    if (id === 'portfolio') return fail ? Promise.reject(new Error('down')) : Promise.resolve(answer);
    return Promise.reject(new Error(`no answer for ${id}`));
  },
}));

beforeAll(() => {
  // An hour after the rate was quoted, the same day: the rate line gives its time alone.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(QUOTED_AT + 3_600_000);
});
afterAll(() => {
  vi.useRealTimers();
  return setLanguage('en');
});
afterEach(() => {
  unmountAll();
  asked.length = 0;
  fail = false;
});

async function show(data: Portfolio, language?: UiLanguage) {
  answer = data;
  const card = await showPage(PortfolioCard, '/pages/home/index', { language, turns: 3, within: 'page' });
  return { ...card, head: () => card.text('home-portfolio-open') };
}

describe('the home portfolio card', () => {
  it('heads with net assets, today’s change, the rate and the simulated line, from the portfolio call', async () => {
    const card = await show(portfolio());
    expect(asked).toEqual(['portfolio']);
    expect(card.head()).toContain('Net assets (EUR)');
    expect(card.text('portfolio-net')).toBe('€11,234.56');
    expect(card.text('portfolio-change')).toBe('+€12.40 (+0.11%)');
    expect(card.text('portfolio-rate')).toBe('Counted at 1 EUR = 1.0850 USD, 02:05 PM');
    expect(card.text('portfolio-simulated')).toMatch(/simulated/);
    // Nothing owed: no total and no liabilities beside the headline.
    expect(card.text('portfolio-total')).toBeNull();
    expect(card.text('portfolio-liabilities')).toBeNull();
  });

  it('shows total assets and liabilities under net assets when a loan is owed, never adding them itself', async () => {
    // A net figure the screen could not have computed from the other two (it is the server's).
    const card = await show(portfolio({ total: '12234.56', liabilities: '2000.10', netAssets: '10234.46', dayChange: '-0.42', dayChangePercent: '-0.01' }));
    expect(card.text('portfolio-net')).toBe('€10,234.46');
    expect(card.text('portfolio-total')).toBe('€12,234.56');
    expect(card.text('portfolio-liabilities')).toBe('€2,000.10');
    expect(card.text('portfolio-change')).toBe('-€0.42 (-0.01%)');
  });

  it('reads in Dutch and Chinese', async () => {
    const owed = portfolio({ total: '12234.56', liabilities: '2000.10', netAssets: '10234.46' });
    let card = await show(owed, 'nl');
    expect(card.head()).toContain('Nettovermogen (EUR)');
    expect(card.text('portfolio-net')).toBe('€10.234,46');
    expect(card.text('portfolio-total')).toBe('€12.234,56');
    expect(card.text('portfolio-liabilities')).toBe('€2.000,10');
    expect(card.text('portfolio-change')).toBe('+€12,40 (+0,11%)');
    expect(card.text('portfolio-rate')).toBe('Geteld tegen 1 EUR = 1,0850 USD, 14:05');
    expect(card.text('portfolio-simulated')).toMatch(/gesimuleerd/);
    card.unmount();
    queryClient.clear();
    card = await show(owed, 'zh-Hans');
    expect(card.head()).toContain('净资产（EUR）');
    expect(card.text('portfolio-net')).toBe('€10,234.46');
    expect(card.text('portfolio-liabilities')).toBe('€2,000.10');
    expect(card.text('portfolio-simulated')).toMatch(/模拟/);
  });

  it('says the figure could not be loaded rather than showing another', async () => {
    fail = true;
    const card = await show(portfolio());
    expect(card.text('portfolio-net')).toBe('Could not load. Pull down to retry.');
    expect(card.text('portfolio-change')).toBeNull();
  });
});
