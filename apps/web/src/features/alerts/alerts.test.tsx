import type { Alert, Quote } from '@tradeapp/contract';
import type { ReactElement } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { setLanguage } from '../../i18n';
import type { UiLanguage } from '../../i18n/locale';
import { queryClient } from '../../lib/queryClient';
import { showPage, unmountAll } from '../../testing/mountRoute';

// The alert screens from the server's answers (the client is a stub): the list with what each
// alert waits for in words, its state and what fired it, its empty state; the sheet that checks
// the contract's rules before it calls and puts the server's refusal under the field it names.

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const base: Alert = {
  id: 1,
  symbol: 'MSFT',
  stockCode: 'MSFT',
  name: 'Microsoft Corporation',
  currency: 'USD',
  kind: 'price',
  direction: 'above',
  level: '510.50',
  percent: null,
  period: null,
  interval: null,
  status: 'active',
  createTimestamp: NOW,
  triggeredPrice: null,
  triggeredTimestamp: null,
  triggeredValue: null,
};
const waiting = [
  base,
  { ...base, id: 2, kind: 'change', direction: 'below', level: null, percent: '2.5', status: 'paused' },
  { ...base, id: 3, kind: 'ma', direction: 'above', level: null, period: 20, interval: '1d' },
] as Alert[];
const triggered = [{ ...base, id: 4, status: 'triggered', triggeredPrice: '510.52', triggeredTimestamp: NOW + 60_000 }] as Alert[];

const calls: Array<{ id: string; input: unknown }> = [];
let lists: Record<string, Alert[]> = {};
let create: () => Promise<unknown> = () => Promise.resolve(base);

vi.mock('../../api/client', async (original) => ({
  ...(await original<object>()),
  call: (id: string, input: { status?: string }) => {
    calls.push({ id, input });
    if (id === 'alerts') {
      const list = lists[input.status ?? 'waiting'] ?? [];
      return Promise.resolve({ list, total: list.length, page: 1, size: 20, active: 2, limit: 50 });
    }
    if (id === 'alertCreate') return create();
    return Promise.reject(new Error(`no answer for ${id}`));
  },
}));
vi.mock('../../api/push', () => ({ getPushClient: () => ({ on: () => () => undefined }) }));

beforeAll(async () => {
  // Loaded once, outside the tests' time: the first import of antd's components is slow on a shared machine.
  await Promise.all([import('./AlertsPage'), import('./AlertSheet')]);
}, 30_000);
beforeEach(() => {
  calls.length = 0;
  lists = { waiting, triggered };
  create = () => Promise.resolve(base);
});
afterAll(() => setLanguage('en'));
afterEach(unmountAll);

// The sheet is a popup: it renders into the document's body, outside the page's element.
const show = (node: ReactElement, language?: UiLanguage) => showPage(node, '/pages/alerts/index', { language, turns: 3 });

describe('the alerts list', () => {
  it('says what each alert waits for, its state, and the count against the limit', async () => {
    const { default: AlertsPage } = await import('./AlertsPage');
    const page = await show(<AlertsPage />);
    expect(page.all('alert-condition')).toEqual(['At or above 510.50 USD', 'Down by 2.5% in the day', 'Crosses above MA20 of daily candles']);
    expect(page.all('alert-status')).toEqual(['Active', 'Paused', 'Active']);
    expect(page.all('alert-toggle')).toEqual(['Pause', 'Resume', 'Pause']);
    expect(page.text('alert-count')).toBe('2 of 50 active');
    await page.click('alerts-tab-triggered');
    expect(page.all('alert-triggered')[0]).toMatch(/^Triggered at 510\.52 USD, /);
    expect(calls.filter((c) => c.id === 'alerts').map((c) => (c.input as { status: string }).status)).toEqual(['waiting', 'triggered']);
  });

  it('shows its empty state, in Dutch and in Chinese too', async () => {
    lists = {};
    const { default: AlertsPage } = await import('./AlertsPage');
    const nl = await show(<AlertsPage />, 'nl');
    expect(nl.text('empty-state')).toContain('Nog geen alarmen');
    nl.unmount();
    queryClient.clear();
    const zh = await show(<AlertsPage />, 'zh-Hans');
    expect(zh.text('empty-state')).toContain('暂无提醒');
  });
});

describe('the alert sheet', () => {
  const quote = { symbol: 'MSFT', name: 'Microsoft Corporation', currency: 'USD', price_nominal: '505.20', change_ratio: '0.40', tickSize: '0.01' } as Quote;

  it('checks the level with the contract’s rule before calling, then sets the alert', async () => {
    const { default: AlertSheet } = await import('./AlertSheet');
    const page = await show(<AlertSheet quote={quote} visible onClose={() => undefined} />);
    await page.submit('alert-sheet');
    expect(page.text('alert-level-error')).toBe('Enter a price above 0');
    expect(calls.filter((c) => c.id === 'alertCreate')).toEqual([]);
    await page.type('alert-level', '510.50');
    await page.submit('alert-sheet');
    expect(calls.filter((c) => c.id === 'alertCreate').map((c) => c.input)).toEqual([{ symbol: 'MSFT', kind: 'price', direction: 'above', level: '510.50' }]);
  });

  it('sends a moving average’s period and candles, and puts the server’s refusal under its field', async () => {
    create = () => Promise.reject(new ApiError('The price must be a multiple of 0.01', { code: 400, key: 'e.priceTick', fields: { level: 'e.priceTick' } }));
    const { default: AlertSheet } = await import('./AlertSheet');
    const page = await show(<AlertSheet quote={quote} visible onClose={() => undefined} />);
    await page.type('alert-level', '510.505');
    await page.submit('alert-sheet');
    expect(page.text('alert-level-error')).toBe('The price must be a multiple of 0.01');
    await page.click('alert-kind-ma');
    await page.click('alert-direction-below');
    await page.click('alert-interval-1m');
    create = () => Promise.resolve(base);
    await page.submit('alert-sheet');
    expect(calls.filter((c) => c.id === 'alertCreate').at(-1)!.input).toEqual({ symbol: 'MSFT', kind: 'ma', direction: 'below', period: 20, interval: '1m' });
  });
});
