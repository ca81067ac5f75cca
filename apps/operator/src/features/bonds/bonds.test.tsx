// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../../api';
import { bondAction, type BondAdmin } from './api';
import { BondsPage } from './BondsPage';
import { couponText, dayText, faceText, holdersText, priceText, rateText, replaceBond, spreadProblem, spreadText, stateOf } from './labels';

// The back office's bond listings: the words and figures of the list, the spread's check (the
// contract's rule and range), and the calls pausing, resuming and setting the spread make, with the
// API stubbed. No call sets a price.

vi.mock('../../api', async (original) => ({ ...(await original<object>()), call: vi.fn() }));
const callMock = vi.mocked(call);

const MATURITY = Date.UTC(2031, 1, 15);

const bond = (patch: Partial<BondAdmin> = {}): BondAdmin => ({
  symbol: 'UST5Y',
  name: 'US Treasury 4.25 % 2031',
  currency: 'USD',
  couponRate: '4.25',
  frequency: 2,
  maturity: MATURITY,
  couponDates: [Date.UTC(2026, 7, 15), MATURITY],
  faceIncrement: '100',
  price: '99.8750',
  dirtyPrice: '100.7853',
  timestamp: Date.UTC(2026, 10, 24, 15),
  bid: '99.8125',
  ask: '99.9375',
  accrued: '0.9103',
  dirty: '100.8478',
  markup: '0.25',
  ytm: '4.26384',
  ytmAfterFees: '4.3212',
  curveRate: '4.0112',
  spreadBp: '25',
  paused: false,
  holders: 7,
  outstanding: '1250000',
  pausedReason: null,
  ...patch,
});

const bill = bond({
  symbol: 'UST13W',
  name: 'US Treasury bill 13 weeks',
  couponRate: '0',
  frequency: 0,
  faceIncrement: '100',
  spreadBp: '-10.5',
  paused: true,
  pausedReason: 'Auction pending',
  holders: 1,
  outstanding: '500',
});

describe('the bonds page’s words and figures', () => {
  it('writes the coupon, prices, rates, spread, face and days', () => {
    expect(couponText({ couponRate: '4.250', frequency: 2 })).toBe('4.25 % semi-annual');
    expect(couponText({ couponRate: '3', frequency: 1 })).toBe('3 % annual');
    expect(couponText({ couponRate: '0', frequency: 0 })).toBe('zero-coupon bill');
    expect(priceText('99.8125')).toBe('99.8125');
    expect(priceText('101')).toBe('101.00');
    expect(rateText('4.26384')).toBe('4.264 %');
    expect(rateText('4')).toBe('4.000 %');
    expect(spreadText('25')).toBe('+25 bp');
    expect(spreadText('-10.50')).toBe('-10.5 bp');
    expect(spreadText('0')).toBe('0 bp');
    expect(faceText('1250000', 'USD')).toBe('1,250,000 USD');
    expect(faceText('1000.00', 'EUR')).toBe('1,000 EUR');
    expect(dayText(MATURITY)).toBe('2031-02-15');
    expect(holdersText(1)).toBe('1 holder');
    expect(stateOf({ paused: true })).toBe('paused');
  });

  it('takes a spread from -200 to 1,000 basis points with at most 2 decimals', () => {
    for (const ok of ['0', '25', '-200', '1000', '999.99', '-12.5', ' 40 ']) expect(spreadProblem(ok), ok).toBeNull();
    const refused = 'The spread is from -200 to 1,000 basis points with at most 2 decimals';
    for (const bad of ['-200.01', '1000.01', '1001', '12345', '1.234', '+5', 'abc']) expect(spreadProblem(bad), bad).toBe(refused);
    expect(spreadProblem('  ')).toBe('Please fill in the required information');
  });

  it('replaces the answered bond’s row', () => {
    expect(replaceBond([{ symbol: 'A' }, { symbol: 'B', x: 1 }], { symbol: 'B', x: 2 } as never)).toEqual([{ symbol: 'A' }, { symbol: 'B', x: 2 }]);
    expect(replaceBond(undefined, { symbol: 'B' })).toBeUndefined();
  });
});

describe('the calls', () => {
  beforeEach(() => callMock.mockReset());

  it('pauses, resumes and sets the spread of a bond by its symbol, each with its body', async () => {
    callMock.mockResolvedValue(bond() as never);
    await bondAction('UST5Y', { action: 'pause', reason: 'Curve feed outage' });
    await bondAction('UST5Y', { action: 'resume', reason: 'Feed back' });
    await bondAction('BUND10', { action: 'spread', spreadBp: '-12.5', reason: 'Liquidity premium' });
    expect(callMock.mock.calls).toEqual([
      ['operatorBondPause', { reason: 'Curve feed outage' }, { params: { symbol: 'UST5Y' } }],
      ['operatorBondResume', { reason: 'Feed back' }, { params: { symbol: 'UST5Y' } }],
      ['operatorBondSpread', { spreadBp: '-12.5', reason: 'Liquidity premium' }, { params: { symbol: 'BUND10' } }],
    ]);
  });
});

// ---- the page, rendered, with the server's answers stubbed ----

let root: Root | undefined;
let host: HTMLElement | undefined;
/** What the stubbed server answers, by route; a function gets the request. */
let answers: Record<string, unknown> = {};

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  root = host = undefined;
});

const tick = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

/** Calls of the stub other than the list's. */
const actions = () => callMock.mock.calls.filter(([id]) => id !== 'operatorBonds');

async function show(url: string) {
  callMock.mockReset();
  callMock.mockImplementation(((id: string, input: unknown) => {
    const answer = answers[id];
    if (answer === undefined) return Promise.reject(new Error(`no answer for ${id}`));
    return typeof answer === 'function' ? (answer as (input: unknown) => Promise<unknown>)(input) : Promise.resolve(answer);
  }) as unknown as typeof call);
  host = document.createElement('div');
  document.body.append(host);
  const mounted = createRoot(host);
  root = mounted;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const page = (Page: ComponentType) => ({ Component: Page });
  const router = createMemoryRouter(
    [
      { path: '/bonds', ...page(BondsPage) },
      { path: '*', ...page(() => null) },
    ],
    { initialEntries: [url] },
  );
  await act(async () => {
    mounted.render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  for (let i = 0; i < 3; i += 1) await tick();
  const el = host;
  const find = <T extends Element = HTMLElement>(selector: string) => {
    const found = el.querySelector<T>(selector) ?? document.body.querySelector<T>(selector);
    if (!found) throw new Error(`nothing matches ${selector}`);
    return found;
  };
  const byId = <T extends Element = HTMLElement>(id: string, within = '') => find<T>(`${within}[data-testid="${id}"]`);
  const settle = async () => {
    for (let i = 0; i < 3; i += 1) await tick();
  };
  return {
    el,
    text: (id: string) => el.querySelector(`[data-testid="${id}"]`)?.textContent ?? null,
    all: (id: string) => [...el.querySelectorAll(`[data-testid="${id}"]`)].map((n) => n.textContent),
    byId,
    type: async (id: string, value: string, within = '') => {
      const field = byId<HTMLInputElement | HTMLTextAreaElement>(id, within);
      const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
      await act(async () => {
        Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(field, value);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      });
    },
    click: async (id: string, within = '') => {
      await act(async () => {
        byId(id, within).click();
      });
      await settle();
    },
    /** The error shown under the field of `id`. */
    errorOf: (id: string) => {
      const described = byId(id).getAttribute('aria-describedby') ?? '';
      return described
        .split(' ')
        .map((part) => document.getElementById(part)?.textContent ?? '')
        .join(' | ');
    },
  };
}

describe('the bonds page', () => {
  beforeEach(() => {
    answers = { operatorBonds: [bond(), bill] };
  });

  it('lists each bond with its curve rate, spread, clean bid and ask, yield, increment, holders, face outstanding and state', async () => {
    const page = await show('/bonds');
    expect(page.all('bo-bond-symbol')).toEqual(['UST5Y', 'UST13W']);
    expect(page.all('bo-bond-coupon')).toEqual(['USD · 4.25 % semi-annual', 'USD · zero-coupon bill']);
    expect(page.all('bo-bond-maturity')).toEqual(['2031-02-15', '2031-02-15']);
    expect(page.all('bo-bond-increment')).toEqual(['100 USD', '100 USD']);
    expect(page.all('bo-bond-curve')).toEqual(['4.011 %', '4.011 %']);
    expect(page.all('bo-bond-spread-bp')).toEqual(['+25 bp', '-10.5 bp']);
    expect(page.all('bo-bond-prices')[0]).toBe('99.8125 / 99.9375');
    expect(page.all('bo-bond-accrued')[0]).toBe('accrued 0.9103');
    expect(page.all('bo-bond-ytm')[0]).toBe('4.264 %');
    expect(page.all('bo-bond-holders')).toEqual(['7', '1']);
    expect(page.all('bo-bond-outstanding')).toEqual(['1,250,000 USD', '500 USD']);
    expect(page.all('bo-bond-paused-reason')).toEqual(['Auction pending']);
    expect(page.all('bo-bond-pause')).toHaveLength(1);
    expect(page.all('bo-bond-resume')).toHaveLength(1);
    expect(page.text('bo-bond-note')).toContain('Prices come from the yield curve and cannot be set');
  });

  it('pauses a bond with the reason typed, and shows its new state', async () => {
    answers.operatorBondPause = () => {
      answers.operatorBonds = [bond({ paused: true, pausedReason: 'Curve feed outage' }), bill];
      return Promise.resolve(bond({ paused: true, pausedReason: 'Curve feed outage' }));
    };
    const page = await show('/bonds');
    await page.click('bo-bond-pause');
    const dialog = page.byId('bo-reason').closest('[role="dialog"]')!;
    expect(dialog.textContent).toContain('Pause bond');
    await page.click('bo-confirm');
    expect(dialog.textContent).toContain('Please give a reason');
    expect(actions()).toEqual([]);
    await page.type('bo-reason', ' Curve feed outage ');
    await page.click('bo-confirm');
    expect(actions()).toEqual([['operatorBondPause', { reason: 'Curve feed outage' }, { params: { symbol: 'UST5Y' } }]]);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(page.all('bo-bond-paused-reason')).toEqual(['Curve feed outage', 'Auction pending']);
  });

  it('resumes a paused bill with a reason', async () => {
    answers.operatorBondResume = { ...bill, paused: false, pausedReason: null };
    const page = await show('/bonds');
    await page.click('bo-bond-resume');
    await page.type('bo-reason', 'Auction done');
    await page.click('bo-confirm');
    expect(actions()).toEqual([['operatorBondResume', { reason: 'Auction done' }, { params: { symbol: 'UST13W' } }]]);
  });

  it('sets a spread with a reason, checking the spread before sending', async () => {
    answers.operatorBondSpread = () => {
      answers.operatorBonds = [bond({ spreadBp: '40', bid: '99.1500', ask: '99.2750' }), bill];
      return Promise.resolve(bond({ spreadBp: '40', bid: '99.1500', ask: '99.2750' }));
    };
    const page = await show('/bonds');
    await page.click('bo-bond-spread', '[data-bond-symbol="UST5Y"] ');
    const dialog = page.byId('bo-reason').closest('[role="dialog"]')!;
    expect(dialog.textContent).toContain('now +25 bp');
    // The focus starts in the spread, above the reason.
    expect(document.activeElement).toBe(page.byId('bo-bond-spread-input'));
    await page.type('bo-reason', 'Wider credit spread');
    await page.type('bo-bond-spread-input', '1200');
    await page.click('bo-confirm');
    expect(page.errorOf('bo-bond-spread-input')).toBe('The spread is from -200 to 1,000 basis points with at most 2 decimals');
    expect(actions()).toEqual([]);
    await page.type('bo-bond-spread-input', ' 40 ');
    await page.click('bo-confirm');
    expect(actions()).toEqual([['operatorBondSpread', { spreadBp: '40', reason: 'Wider credit spread' }, { params: { symbol: 'UST5Y' } }]]);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(page.all('bo-bond-spread-bp')[0]).toBe('+40 bp');
    expect(page.all('bo-bond-prices')[0]).toBe('99.1500 / 99.2750');
  });

  it('shows the server’s refusal of a spread in the dialog, under the field it names', async () => {
    answers.operatorBondSpread = () => Promise.reject(new ApiError('Please check the form', { code: 400, key: 'v.bondSpread', fields: { spreadBp: 'v.bondSpread' } }));
    const page = await show('/bonds');
    await page.click('bo-bond-spread', '[data-bond-symbol="UST13W"] ');
    await page.type('bo-bond-spread-input', '-150');
    await page.type('bo-reason', 'Bills trade rich');
    await page.click('bo-confirm');
    expect(actions()).toEqual([['operatorBondSpread', { spreadBp: '-150', reason: 'Bills trade rich' }, { params: { symbol: 'UST13W' } }]]);
    expect(page.byId('bo-action-error').textContent).toBe('Please check the form');
    expect(page.errorOf('bo-bond-spread-input')).toBe('The spread is from -200 to 1,000 basis points with at most 2 decimals');
  });
});
