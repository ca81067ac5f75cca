// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../../api';
import { answerByCallId, mountsPerTest, showPage, type Answers } from '../../testing/harness';
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

/** What the stubbed server answers, by route; a function gets the request. */
let answers: Answers = {};

mountsPerTest();

/** Calls of the stub other than the list's. */
const actions = () => callMock.mock.calls.filter(([id]) => id !== 'operatorBonds');

async function show(url: string) {
  answerByCallId(callMock, () => answers);
  return showPage({ '/bonds': BondsPage, '*': () => null }, url);
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
    answers.operatorBondSpread = () =>
      Promise.reject(new ApiError('Please check the form', { code: 400, key: 'v.bondSpread', fields: { spreadBp: 'v.bondSpread' } }));
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
