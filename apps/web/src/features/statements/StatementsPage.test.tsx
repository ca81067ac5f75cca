import type { Statement } from '@tradeapp/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n';
import type { UiLanguage } from '../../i18n/locale';
import { formatDateTime } from '../../lib/format';
import { showPage, unmountAll } from '../../testing/mountRoute';

// A month's statement from the server's answer (the client is a stub): the net assets at the
// month's end as sent (issue 32), with total and liabilities when something is owed, the time the
// month in progress was valued, a past month's day, and a month older than analytics reaches.

const AS_OF = Date.UTC(2026, 11, 6, 19, 30);
const inProgress: Statement = {
  month: '2026-12',
  fromTimestamp: Date.UTC(2026, 11, 1),
  toTimestamp: Date.UTC(2027, 0, 1),
  complete: false,
  generatedTimestamp: AS_OF,
  userName: 'pf_test',
  wallets: [
    {
      walletCode: 'BALANCE',
      currency: 'EUR',
      opening: { available: '0.00', held: '0.00', total: '0.00' },
      closing: { available: '11500.00', held: '0.00', total: '11500.00' },
      lines: [{ type: 'deposit', count: 1, amount: '11500.00' }],
      moneyIn: '10000.00',
      moneyOut: '0.00',
      fees: '0.00',
    },
  ],
  trades: [],
  positions: [],
  portfolio: { currency: 'EUR', netAssets: '10100.00', total: '11600.00', liabilities: '1500.00', asOf: AS_OF },
};
const pastMonth: Statement = {
  ...inProgress,
  month: '2026-11',
  fromTimestamp: Date.UTC(2026, 10, 1),
  toTimestamp: Date.UTC(2026, 11, 1),
  complete: true,
  portfolio: { currency: 'EUR', netAssets: '1234.56', total: null, liabilities: null, asOf: Date.UTC(2026, 11, 1) },
};
let answer: Statement = inProgress;

vi.mock('../../api/client', async (original) => ({
  ...(await original<object>()),
  call: (id: string) => (id === 'statement' ? Promise.resolve(answer) : Promise.reject(new Error(`no answer for ${id}`))),
}));

beforeAll(async () => {
  await import('./StatementsPage');
}, 30_000);
afterAll(() => setLanguage('en'));
afterEach(unmountAll);

async function show(month: string, language?: UiLanguage) {
  const { default: StatementsPage } = await import('./StatementsPage');
  const page = await showPage(StatementsPage, `/pages/profile/statements?month=${month}`, { language, turns: 1, within: 'page' });
  return { ...page, find: page.$ };
}

describe('the net assets on a month’s statement', () => {
  it('the month in progress: the portfolio’s net assets as sent, total and liabilities beneath, and the time it was valued', async () => {
    answer = inProgress;
    const page = await show('2026-12');
    expect(page.find('statement-net-assets')?.querySelector('h2')?.textContent).toBe('Net assets at month end');
    expect(page.text('statement-net')).toBe('€10,100.00');
    expect(page.find('statement-net')?.getAttribute('data-value')).toBe('10100.00');
    expect(page.text('statement-net-total')).toBe('€11,600.00');
    expect(page.text('statement-net-liabilities')).toBe('€1,500.00');
    expect(page.text('statement-net-as-of')).toContain(`as of ${formatDateTime(AS_OF)}`);
  });

  it('nothing owed: net assets alone', async () => {
    answer = { ...inProgress, portfolio: { ...inProgress.portfolio!, netAssets: '10000.00', total: '10000.00', liabilities: '0.00' } };
    const page = await show('2026-12');
    expect(page.text('statement-net')).toBe('€10,000.00');
    expect(page.find('statement-net-total')).toBeNull();
    expect(page.find('statement-net-liabilities')).toBeNull();
  });

  it('a past month: the value of its last day (UTC), in Dutch and Chinese too', async () => {
    answer = pastMonth;
    const en = await show('2026-11');
    expect(en.text('statement-net')).toBe('€1,234.56');
    expect(en.find('statement-net-total')).toBeNull();
    expect(en.text('statement-net-as-of')).toContain('at the end of 30/11/2026 (UTC)');
    en.unmount();

    const nl = await show('2026-11', 'nl');
    expect(nl.find('statement-net-assets')?.querySelector('h2')?.textContent).toBe('Nettovermogen aan het einde van de maand');
    expect(nl.text('statement-net')).toBe('€1.234,56');
    expect(nl.text('statement-net-as-of')).toContain('aan het einde van 30-11-2026 (UTC)');
    nl.unmount();

    const zh = await show('2026-11', 'zh-Hans');
    expect(zh.find('statement-net-assets')?.querySelector('h2')?.textContent).toBe('月末净资产');
    expect(zh.text('statement-net')).toBe('€1,234.56');
    expect(zh.text('statement-net-as-of')).toContain('2026-11-30');
  });

  it('a month older than analytics reaches: said so, no figure', async () => {
    answer = { ...pastMonth, month: '2020-01', portfolio: null };
    const page = await show('2020-01');
    expect(page.find('statement-net')).toBeNull();
    expect(page.text('statement-net-unavailable')).toBe('Not stated: this month is older than the five years Analytics values.');
  });
});
