// @vitest-environment jsdom
// Over 400 lines: the funds pages' suite, each case against one form's rules and the contract's schema; split by page it would repeat its fixtures.
import { FUND_PRODUCT_KINDS, zFundCreate } from '@tradeapp/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../../api';
import { answerByCallId, mountsPerTest, showPage, type Answers } from '../../testing/harness';
import { createFund, fundAction, type FundAdmin } from './api';
import { FundNewPage } from './FundNewPage';
import { basketErrors, checkForm, checkIncome, emptyForm, fieldOf, inputOf, refusalOf, type FundForm } from './form';
import { FundsPage } from './FundsPage';
import {
  basketText,
  changeText,
  cutoffText,
  dayText,
  declaredText,
  eurText,
  exitLoadText,
  expenseText,
  firstDeclarableDay,
  lastDeclarableDay,
  incomeText,
  KIND_LABELS,
  lockInText,
  navText,
  outstandingText,
  penaltyText,
  replaceRow,
  termText,
  unitsText,
  withRow,
} from './labels';

// The back office's funds and deposit terms: the words and figures of the list, the new product
// form's checks (the contract's zFundCreate and a basket adding up to exactly 1), the income form's
// (a day not yet begun, never one already declared), and the calls each action makes, with the API
// stubbed.

vi.mock('../../api', async (original) => ({ ...(await original<object>()), call: vi.fn() }));
const callMock = vi.mocked(call);

const DAY = Date.UTC(2026, 4, 4);
const ONE_DAY = 86_400_000;
/** The tests' "now": 2026-05-04 10:00 UTC. */
const NOW = DAY + 10 * 3_600_000;

const base = {
  paused: false,
  minAmount: '100.00',
  basket: [],
  expensePercent: null,
  timeZone: null,
  cutoff: null,
  nav: null,
  navDay: null,
  navChange: null,
  cutoffAt: null,
  orderNavDay: null,
  nextNavDay: null,
  exitLoadPercent: '0',
  exitLoadDays: 0,
  freeUnitsPercent: '0',
  lockInDays: 0,
  incomePer10k: null,
  sevenDayYield: null,
  termDays: null,
  ratePercent: null,
  penaltyPercent: null,
  holders: 0,
  outstanding: '0',
  value: '0',
  pendingOrders: 0,
  pausedReason: null,
  declared: [],
} satisfies Partial<FundAdmin>;

const fund = (patch: Partial<FundAdmin> = {}): FundAdmin => ({
  ...base,
  id: 1,
  kind: 'fund',
  code: 'USLC',
  name: 'US large-cap index',
  basket: [
    { symbol: 'AAPL', weight: '0.6' },
    { symbol: 'MSFT', weight: '0.4' },
  ],
  expensePercent: '0.20',
  timeZone: 'America/New_York',
  cutoff: '15:00',
  nav: '1.0234',
  navDay: DAY - ONE_DAY,
  navChange: '0.1234',
  exitLoadPercent: '1',
  exitLoadDays: 365,
  freeUnitsPercent: '10',
  lockInDays: 0,
  holders: 12,
  outstanding: '125000.125',
  value: '127928.13',
  pendingOrders: 3,
  ...patch,
});

const current = (patch: Partial<FundAdmin> = {}): FundAdmin => ({
  ...base,
  id: 5,
  kind: 'current',
  code: 'CUR',
  name: 'Current deposit',
  incomePer10k: '1.2500',
  sevenDayYield: '4.5625',
  holders: 4,
  outstanding: '25000.00',
  value: '25000.00',
  declared: [
    { day: DAY, value: '1.2500', ratio: null },
    { day: DAY + ONE_DAY, value: '1.3000', ratio: null },
  ],
  ...patch,
});

const regular = (patch: Partial<FundAdmin> = {}): FundAdmin => ({
  ...base,
  id: 6,
  kind: 'regular',
  code: 'REG90',
  name: 'Regular 90 days',
  termDays: 90,
  ratePercent: '3.50',
  penaltyPercent: '0.50',
  holders: 2,
  outstanding: '3000.00',
  value: '3000.00',
  paused: true,
  pausedReason: 'Rate under review',
  ...patch,
});

/** A fund as an operator would open it. */
const filled = (patch: Partial<FundForm> = {}): FundForm => ({
  ...emptyForm(),
  code: ' HKEQ ',
  name: ' Hong Kong equity ',
  minAmount: '50',
  basket: [
    { symbol: ' 0700.hk ', weight: '0.55' },
    { symbol: '0005.HK', weight: '.45' },
    { symbol: '', weight: '' },
  ],
  expensePercent: '0.50',
  timeZone: 'Asia/Hong_Kong',
  cutoff: '15:00',
  lockInDays: '0',
  reason: ' Second equity fund ',
  ...patch,
});

describe('the funds page’s words and figures', () => {
  it('names every kind of the contract', () => {
    expect(Object.keys(KIND_LABELS).sort()).toEqual([...FUND_PRODUCT_KINDS].sort());
  });

  it('writes the terms, NAV, units, euros and days', () => {
    expect(expenseText('0.20')).toBe('0.2 % a year');
    expect(expenseText(null)).toBe('—');
    expect(navText('1.0234')).toBe('1.0234 EUR');
    expect(navText(null)).toBe('—');
    expect(changeText('0.1234')).toBe('+0.12 %');
    expect(changeText('-1.305')).toBe('-1.31 %');
    expect(unitsText('125000.125')).toBe('125,000.125');
    expect(eurText('127928.1')).toBe('127,928.10 EUR');
    expect(outstandingText({ kind: 'fund', outstanding: '125000.125' })).toBe('125,000.125 units');
    expect(outstandingText({ kind: 'current', outstanding: '25000' })).toBe('25,000.00 EUR');
    expect(cutoffText({ cutoff: '13:30', timeZone: 'Asia/Hong_Kong' })).toBe('13:30 Asia/Hong_Kong');
    expect(cutoffText({ cutoff: null, timeZone: null })).toBe('—');
    expect(lockInText(0)).toBe('no lock-in');
    expect(lockInText(1095)).toBe('1,095-day lock-in');
    expect(exitLoadText({ exitLoadPercent: '1.00', exitLoadDays: 365, freeUnitsPercent: '10' })).toBe(
      'exit load 1 % under 365 days, 10 % of units free a year',
    );
    expect(exitLoadText({ exitLoadPercent: '0', exitLoadDays: 0, freeUnitsPercent: '0' })).toBe('no exit load');
    expect(termText({ termDays: 90, ratePercent: '3.50' })).toBe('90 days at 3.5 % a year');
    expect(penaltyText('0.50')).toBe('early redemption forfeits the interest and 0.5 % of the principal');
    expect(incomeText('1.25')).toBe('1.25 per 10,000 units');
    expect(
      basketText([
        { symbol: 'AAPL', weight: '0.6' },
        { symbol: 'MSFT', weight: '0.4' },
      ]),
    ).toBe('AAPL 0.6 · MSFT 0.4');
    expect(dayText(DAY)).toBe('2026-05-04');
    expect(dayText(null)).toBe('—');
    expect(declaredText([])).toBe('Declared from today on: none');
    expect(declaredText(['2026-05-05'])).toBe('Declared from today on: 1 day, through 2026-05-05');
  });

  it('takes tomorrow in UTC as the first day an income can be declared for, at any time of today', () => {
    expect(firstDeclarableDay(DAY)).toBe('2026-05-05');
    expect(firstDeclarableDay(NOW)).toBe('2026-05-05');
    expect(firstDeclarableDay(DAY + ONE_DAY - 1)).toBe('2026-05-05');
    expect(firstDeclarableDay(Date.UTC(2026, 11, 31, 23, 0))).toBe('2027-01-01');
    // At most a year ahead: 366 days after today.
    expect(lastDeclarableDay(NOW)).toBe('2027-05-05');
  });

  it('replaces the answered row and adds a new one', () => {
    const list = [{ id: 1 }, { id: 2 }];
    expect(replaceRow(list, { id: 2, paused: true } as never)).toEqual([{ id: 1 }, { id: 2, paused: true }]);
    expect(withRow(list, { id: 3 })).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(withRow(undefined, { id: 3 })).toBeUndefined();
  });
});

describe('the new product form', () => {
  it('makes the contract’s request for a fund, with only the rows filled in', () => {
    const input = inputOf(filled());
    expect(input).toEqual({
      kind: 'fund',
      code: 'HKEQ',
      name: 'Hong Kong equity',
      minAmount: '50',
      basket: [
        { symbol: '0700.HK', weight: '0.55' },
        { symbol: '0005.HK', weight: '.45' },
      ],
      expensePercent: '0.50',
      timeZone: 'Asia/Hong_Kong',
      cutoff: '15:00',
      lockInDays: 0,
      reason: 'Second equity fund',
    });
    expect(zFundCreate.safeParse(input).success).toBe(true);
    expect(checkForm(filled())).toEqual({});
    // No time zone chosen: the server takes the exchange of the basket's largest holding.
    expect(inputOf(filled({ timeZone: '' }))).not.toHaveProperty('timeZone');
    expect(checkForm(filled({ timeZone: '' }))).toEqual({});
  });

  it('makes the requests of a Current and a Regular term without a fund’s fields', () => {
    expect(inputOf(filled({ kind: 'current', code: 'CUR2' }))).toEqual({
      kind: 'current',
      code: 'CUR2',
      name: 'Hong Kong equity',
      minAmount: '50',
      reason: 'Second equity fund',
    });
    const reg = filled({ kind: 'regular', code: 'REG180', termDays: '180', ratePercent: '4.25', penaltyPercent: '0.5' });
    expect(inputOf(reg)).toEqual({
      kind: 'regular',
      code: 'REG180',
      name: 'Hong Kong equity',
      minAmount: '50',
      termDays: 180,
      ratePercent: '4.25',
      penaltyPercent: '0.5',
      reason: 'Second equity fund',
    });
    expect(checkForm(reg)).toEqual({});
  });

  it('names every empty field of each kind', () => {
    expect(checkForm({ ...emptyForm(), basket: [{ symbol: '', weight: '' }], expensePercent: '', cutoff: '', lockInDays: '' })).toEqual({
      code: 'Please fill in the required information',
      name: 'Please fill in the required information',
      minAmount: 'Please enter the correct amount',
      basket: 'Add at least one instrument with its weight',
      expensePercent: 'Please fill in the required information',
      cutoff: 'Please fill in the required information',
      lockInDays: 'Please fill in the required information',
      reason: 'Please give a reason',
    });
    expect(checkForm({ ...emptyForm(), kind: 'regular', code: 'REG30', name: 'Thirty days', minAmount: '10', reason: 'New term' })).toEqual({
      termDays: 'Please fill in the required information',
      ratePercent: 'Please fill in the required information',
      penaltyPercent: 'Please fill in the required information',
    });
    expect(checkForm({ ...emptyForm(), kind: 'current', code: 'CUR2', name: 'Current', minAmount: '1', reason: 'New term' })).toEqual({});
  });

  it('refuses a basket whose weights do not add up to exactly 1, before sending', () => {
    // 0.6 + 0.3 = 0.9; 0.6 + 0.4001 = 1.0001: both off by the sum alone.
    expect(
      basketErrors([
        { symbol: 'AAPL', weight: '0.6' },
        { symbol: 'MSFT', weight: '0.3' },
      ]),
    ).toEqual({ basket: 'The weights add up to 0.9; they must add up to exactly 1' });
    expect(
      basketErrors([
        { symbol: 'AAPL', weight: '0.6' },
        { symbol: 'MSFT', weight: '0.4001' },
      ]),
    ).toEqual({ basket: 'The weights add up to 1.0001; they must add up to exactly 1' });
    expect(
      basketErrors([
        { symbol: 'AAPL', weight: '0.3333' },
        { symbol: 'MSFT', weight: '0.3333' },
        { symbol: 'KO', weight: '0.3334' },
      ]),
    ).toEqual({});
    expect(basketErrors([{ symbol: 'SPY', weight: '1' }])).toEqual({});
    expect(checkForm(filled({ basket: [{ symbol: 'AAPL', weight: '0.5' }] }))).toEqual({ basket: 'The weights add up to 0.5; they must add up to exactly 1' });
  });

  it('marks the row of a bad weight, a missing symbol and a symbol twice', () => {
    expect(
      basketErrors([
        { symbol: 'AAPL', weight: '1.5' },
        { symbol: '', weight: '0.5' },
        { symbol: 'aapl', weight: '0' },
        { symbol: 'KO', weight: '0.12345' },
      ]),
    ).toEqual({
      'basket.0.weight': 'A weight is a fraction from 0 to 1 with at most 4 decimals',
      'basket.1.symbol': 'Please fill in the required information',
      'basket.2.symbol': 'AAPL is already in the basket',
      'basket.2.weight': 'A weight is a fraction from 0 to 1 with at most 4 decimals',
      'basket.3.weight': 'A weight is a fraction from 0 to 1 with at most 4 decimals',
    });
  });

  it('checks the code, the expense ratio, the cut-off, the lock-in and the rates by the contract', () => {
    expect(checkForm(filled({ code: 'hk eq' }))).toEqual({ code: 'A code is 2 to 12 capital letters or digits' });
    expect(checkForm(filled({ expensePercent: '10' }))).toEqual({ expensePercent: 'The expense ratio is a percentage from 0 to 9.99 with at most 2 decimals' });
    expect(checkForm(filled({ cutoff: '25:00' }))).toEqual({ cutoff: 'Please check this value' });
    expect(checkForm(filled({ lockInDays: '3651' }))).toEqual({ lockInDays: 'A lock-in is a whole number of days from 0 to 3,650' });
    expect(checkForm(filled({ lockInDays: '1095' }))).toEqual({});
    expect(checkForm(filled({ minAmount: '0' }))).toEqual({ minAmount: 'Amount: greater than 0, at most 2 decimals' });
    const reg = filled({ kind: 'regular', termDays: '90', ratePercent: '3.555', penaltyPercent: '0.5' });
    expect(checkForm(reg)).toEqual({ ratePercent: 'A rate is a percentage with at most 2 decimals' });
  });

  it('names the fields as the server does and puts its refusals under them', () => {
    expect(fieldOf('code')).toBe('code');
    expect(fieldOf('basket.1.weight')).toBe('basket.1.weight');
    expect(fieldOf('basket')).toBe('basket');
    expect(fieldOf('units')).toBeNull();
    const refused = new ApiError('Please check the form', {
      code: 400,
      key: 'v.fillRequired',
      fields: { 'basket.1.weight': 'v.fundWeight', code: 'v.fundCode' },
    });
    expect(refusalOf(refused)).toEqual({
      message: 'Please check the form',
      fields: { 'basket.1.weight': 'A weight is a fraction from 0 to 1 with at most 4 decimals', code: 'A code is 2 to 12 capital letters or digits' },
    });
    expect(refusalOf(new ApiError('A code is 2 to 12 capital letters or digits', { code: 400, key: 'v.fundCode' })).fields).toEqual({
      code: 'A code is 2 to 12 capital letters or digits',
    });
    expect(refusalOf(new Error('Cannot reach the server'))).toEqual({ message: 'Cannot reach the server', fields: {} });
    // The server's own words where its message has a placeholder it filled in.
    const symbol = new ApiError('NOPE is not a listed instrument a fund can hold', { code: 400, key: 'e.fundSymbol', fields: { basket: 'e.fundSymbol' } });
    expect(refusalOf(symbol).fields).toEqual({ basket: 'NOPE is not a listed instrument a fund can hold' });
    const zone = new ApiError('The time zone must be that of an exchange of the basket', { code: 400, key: 'e.fundTimeZone' });
    expect(refusalOf(zone).fields).toEqual({ timeZone: 'The time zone must be that of an exchange of the basket' });
  });
});

describe('the income form', () => {
  const declared = ['2026-05-04', '2026-05-05'];

  it('takes a day not yet begun and not yet declared, and an income of the contract', () => {
    expect(checkIncome({ day: '2026-05-06', incomePer10k: '1.2345' }, declared, NOW)).toEqual({});
    expect(checkIncome({ day: '2026-05-06', incomePer10k: '10' }, declared, NOW)).toEqual({});
    expect(checkIncome({ day: '2026-05-06', incomePer10k: '0' }, declared, NOW)).toEqual({});
  });

  it('refuses today, an earlier day and a day already declared: never backdated, never changed', () => {
    const begun = { day: 'This day has already begun: an income is declared only for a day not yet begun, never backdated' };
    expect(checkIncome({ day: '2026-05-04', incomePer10k: '1' }, [], NOW)).toEqual(begun);
    // Even a second after midnight, the day has begun.
    expect(checkIncome({ day: '2026-05-04', incomePer10k: '1' }, [], DAY + 1000)).toEqual(begun);
    expect(checkIncome({ day: '2026-04-30', incomePer10k: '1' }, [], NOW)).toEqual(begun);
    expect(checkIncome({ day: '2026-05-05', incomePer10k: '1' }, declared, NOW)).toEqual({
      day: 'An income is already declared for this day and can never be changed',
    });
    expect(checkIncome({ day: '2027-05-05', incomePer10k: '1' }, [], NOW)).toEqual({});
    expect(checkIncome({ day: '2027-05-06', incomePer10k: '1' }, [], NOW)).toEqual({
      day: 'An income is declared only for a day not yet begun, at most a year ahead',
    });
  });

  it('names an empty field and an income out of range', () => {
    expect(checkIncome({ day: '', incomePer10k: '' }, [], NOW)).toEqual({
      day: 'Please fill in the required information',
      incomePer10k: 'Please fill in the required information',
    });
    const income = { incomePer10k: 'The income per 10,000 units is from 0 to 10 with at most 4 decimals' };
    for (const value of ['10.0001', '11', '1.23456', '-1', 'abc'])
      expect(checkIncome({ day: '2026-05-06', incomePer10k: value }, [], NOW), value).toEqual(income);
  });
});

describe('the calls', () => {
  beforeEach(() => callMock.mockReset());

  it('opens a product with the form’s request', async () => {
    callMock.mockResolvedValue(fund({ id: 9 }) as never);
    await expect(createFund(inputOf(filled()))).resolves.toMatchObject({ id: 9 });
    expect(callMock.mock.calls[0]?.[0]).toBe('operatorFundCreate');
  });

  it('pauses, resumes and declares an income, each with its body', async () => {
    callMock.mockResolvedValue(fund() as never);
    await fundAction(2, { action: 'pause', reason: 'Feed outage' });
    await fundAction(2, { action: 'resume', reason: 'Feed back' });
    await fundAction(5, { action: 'income', day: '2026-05-06', incomePer10k: '1.3', reason: 'Weekly rate' });
    expect(callMock.mock.calls).toEqual([
      ['operatorFundPause', { reason: 'Feed outage' }, { params: { id: 2 } }],
      ['operatorFundResume', { reason: 'Feed back' }, { params: { id: 2 } }],
      ['operatorDepositIncome', { day: '2026-05-06', incomePer10k: '1.3', reason: 'Weekly rate' }, { params: { id: 5 } }],
    ]);
  });
});

// ---- the pages, rendered, with the server's answers stubbed ----

/** What the stubbed server answers, by route; a function gets the request. */
let answers: Answers = {};

// Registered before the unmounting, so that it runs after it (after-hooks run last first).
afterEach(() => {
  vi.useRealTimers();
});
mountsPerTest();

/** Calls of the stub other than the list's. */
const actions = () => callMock.mock.calls.filter(([id]) => id !== 'operatorFunds');

async function show(url: string) {
  answerByCallId(callMock, () => answers);
  return showPage({ '/funds': FundsPage, '/funds/new': FundNewPage, '*': () => null }, url);
}

describe('the funds page', () => {
  beforeEach(() => {
    answers = { operatorFunds: [fund(), current(), regular()] };
  });

  it('lists each product with its kind, terms, NAV or income, holders, outstanding, value and state', async () => {
    const page = await show('/funds');
    expect(page.all('bo-fund-code')).toEqual(['USLC', 'CUR', 'REG90']);
    expect(page.all('bo-fund-kind')).toEqual(['Fund', 'Current deposit', 'Regular deposit']);
    expect(page.text('bo-fund-basket')).toBe('AAPL 0.6 · MSFT 0.4');
    expect(page.text('bo-fund-expense')).toBe('expense ratio 0.2 % a year');
    expect(page.text('bo-fund-cutoff')).toBe('cut-off 15:00 America/New_York');
    expect(page.text('bo-fund-lockin')).toBe('no lock-in');
    expect(page.text('bo-fund-term')).toBe('90 days at 3.5 % a year');
    expect(page.all('bo-fund-min')).toEqual(['from 100.00 EUR', 'from 100.00 EUR', 'from 100.00 EUR']);
    expect(page.all('bo-fund-nav')).toEqual(['1.0234 EUR', '1.2500 per 10,000 units', '3.5 % a year']);
    expect(page.all('bo-fund-nav-day')).toEqual(['of 2026-05-03', '4.5625 % 7-day yield', 'fixed at purchase']);
    expect(page.all('bo-fund-holders')).toEqual(['12', '4', '2']);
    expect(page.all('bo-fund-pending')[0]).toBe('3 pending orders');
    expect(page.all('bo-fund-outstanding')).toEqual(['125,000.125 units', '25,000.00 EUR', '3,000.00 EUR']);
    // A deposit's value is its principal: written once.
    expect(page.all('bo-fund-value')).toEqual(['worth 127,928.13 EUR']);
    expect(page.all('bo-fund-paused-reason')).toEqual(['Rate under review']);
    expect(page.all('bo-fund-pause')).toHaveLength(2);
    expect(page.all('bo-fund-resume')).toHaveLength(1);
    // Incomes only for the Current term.
    expect(page.all('bo-fund-incomes')).toHaveLength(1);
    expect(page.text('bo-fund-note')).toContain('No call sets a NAV');
  });

  it('pauses a fund with the reason typed, and shows its new state', async () => {
    answers.operatorFundPause = fund({ paused: true, pausedReason: 'Basket under review' });
    const page = await show('/funds');
    await page.click('bo-fund-pause');
    const dialog = page.byId('bo-reason').closest('[role="dialog"]')!;
    expect(dialog.textContent).toContain('Pause fund');
    // Without a reason nothing is sent.
    await page.click('bo-confirm');
    expect(dialog.textContent).toContain('Please give a reason');
    expect(actions()).toEqual([]);
    await page.type('bo-reason', ' Basket under review ');
    answers.operatorFunds = [fund({ paused: true, pausedReason: 'Basket under review' }), current(), regular()];
    await page.click('bo-confirm');
    expect(actions()).toEqual([['operatorFundPause', { reason: 'Basket under review' }, { params: { id: 1 } }]]);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(page.all('bo-fund-paused-reason')).toEqual(['Basket under review', 'Rate under review']);
  });

  it('resumes a paused term with a reason, and shows the server’s refusal in the dialog', async () => {
    answers.operatorFundResume = () => Promise.reject(new ApiError('This product is not paused', { code: 400, key: 'v.invalidValue' }));
    const page = await show('/funds');
    await page.click('bo-fund-resume');
    await page.type('bo-reason', 'Rate confirmed');
    await page.click('bo-confirm');
    expect(actions()).toEqual([['operatorFundResume', { reason: 'Rate confirmed' }, { params: { id: 6 } }]]);
    expect(page.byId('bo-action-error').textContent).toBe('This product is not paused');
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
  });

  it('shows a Current term’s declared incomes and declares a future day’s with a reason', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const after = current({ declared: [...current().declared, { day: DAY + 2 * ONE_DAY, value: '1.3500', ratio: null }] });
    answers.operatorDepositIncome = () => {
      answers.operatorFunds = [fund(), after, regular()];
      return Promise.resolve(after);
    };
    const page = await show('/funds');
    await page.click('bo-fund-incomes');
    expect(page.byId('bo-fund-incomes').getAttribute('aria-expanded')).toBe('true');
    expect(page.router.state.location.search).toBe('?income=5');
    expect(page.text('bo-fund-incomes-note')).toContain('Declared incomes can never be changed or backdated');
    expect(page.text('bo-fund-declared-count')).toBe('Declared from today on: 2 days, through 2026-05-05');
    expect(page.all('bo-fund-declared')).toEqual(['2026-05-041.2500today: being earned', '2026-05-051.3000ahead']);
    // The date picker offers no day already begun.
    expect(page.byId('bo-fund-income-day').getAttribute('min')).toBe('2026-05-05');
    expect(page.byId('bo-fund-income-day').getAttribute('max')).toBe('2027-05-05');

    // Today, and a day already declared, are refused here; nothing is sent, no dialog opens.
    await page.type('bo-fund-income-day', '2026-05-04');
    await page.type('bo-fund-income-value', '1.35');
    await page.click('bo-fund-declare');
    expect(page.errorOf(page.byId('bo-fund-income-day'))).toBe(
      'This day has already begun: an income is declared only for a day not yet begun, never backdated',
    );
    await page.type('bo-fund-income-day', '2026-05-05');
    await page.click('bo-fund-declare');
    expect(page.errorOf(page.byId('bo-fund-income-day'))).toBe('An income is already declared for this day and can never be changed');
    await page.type('bo-fund-income-value', '12');
    await page.type('bo-fund-income-day', '2026-05-06');
    await page.click('bo-fund-declare');
    expect(page.errorOf(page.byId('bo-fund-income-value'))).toBe('The income per 10,000 units is from 0 to 10 with at most 4 decimals');
    expect(document.querySelector('[role="dialog"]')).toBeNull();

    await page.type('bo-fund-income-value', ' 1.35 ');
    await page.click('bo-fund-declare');
    const dialog = page.byId('bo-reason').closest('[role="dialog"]')!;
    expect(dialog.textContent).toContain('earns 1.35 per 10,000 units on 2026-05-06 (UTC)');
    expect(dialog.textContent).toContain('can never be changed afterwards');
    await page.type('bo-reason', 'Rate for Wednesday');
    await page.click('bo-confirm');
    expect(actions()).toEqual([['operatorDepositIncome', { day: '2026-05-06', incomePer10k: '1.35', reason: 'Rate for Wednesday' }, { params: { id: 5 } }]]);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(page.text('bo-fund-income-declared')).toBe('1.35 per 10,000 units is declared for 2026-05-06.');
    expect(page.all('bo-fund-declared')).toHaveLength(3);
    expect(page.text('bo-fund-declared-count')).toBe('Declared from today on: 3 days, through 2026-05-06');
    expect(page.byId<HTMLInputElement>('bo-fund-income-value').value).toBe('');

    await page.click('bo-fund-incomes-close');
    expect(page.has('bo-fund-incomes-panel')).toBe(false);
  });

  it('shows the server’s refusal of an income in the dialog', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    answers.operatorDepositIncome = () => Promise.reject(new ApiError('An income is already declared for this day', { code: 400, key: 'v.invalidValue' }));
    const page = await show('/funds?income=5');
    await page.type('bo-fund-income-day', '2026-05-07');
    await page.type('bo-fund-income-value', '1');
    await page.click('bo-fund-declare');
    await page.type('bo-reason', 'Rate for Thursday');
    await page.click('bo-confirm');
    expect(actions()).toHaveLength(1);
    expect(page.byId('bo-action-error').textContent).toBe('An income is already declared for this day');
  });
});

describe('the new product page', () => {
  beforeEach(() => {
    answers = { operatorFunds: [fund()] };
  });

  it('shows each field’s problem, the basket’s sum among them, and sends nothing', async () => {
    const page = await show('/funds/new');
    await page.click('bo-fund-create');
    expect(page.errorOf(page.byId('bo-fund-code'))).toMatch(/Please fill in the required information$/);
    expect(page.errorOf(page.byId('bo-fund-minAmount'))).toBe('Please enter the correct amount');
    expect(page.errorOf(page.byId('bo-fund-basket'))).toMatch(/Add at least one instrument with its weight$/);
    expect(page.errorOf(page.byId('bo-fund-expensePercent'))).toMatch(/Please fill in the required information$/);
    expect(page.errorOf(page.byId('bo-fund-reason'))).toBe('Please give a reason');

    await page.typeNth('bo-fund-symbol', 0, 'AAPL');
    await page.typeNth('bo-fund-weight', 0, '0.6');
    await page.typeNth('bo-fund-symbol', 1, 'MSFT');
    await page.typeNth('bo-fund-weight', 1, '0.3');
    await page.click('bo-fund-create');
    expect(page.errorOf(page.byId('bo-fund-basket'))).toMatch(/The weights add up to 0.9; they must add up to exactly 1$/);
    expect(actions()).toEqual([]);
  });

  it('opens a fund with the form’s request and goes back to the list', async () => {
    const created = fund({ id: 9, code: 'TECH', name: 'Tech basket' });
    answers.operatorFundCreate = () => {
      answers.operatorFunds = [fund(), created];
      return Promise.resolve(created);
    };
    const page = await show('/funds/new');
    await page.type('bo-fund-code', 'TECH');
    await page.type('bo-fund-name', 'Tech basket');
    await page.type('bo-fund-minAmount', '100');
    await page.typeNth('bo-fund-symbol', 0, 'aapl');
    await page.typeNth('bo-fund-weight', 0, '0.5');
    await page.typeNth('bo-fund-symbol', 1, 'MSFT');
    await page.typeNth('bo-fund-weight', 1, '0.25');
    await page.click('bo-fund-add-row');
    await page.typeNth('bo-fund-symbol', 2, 'NVDA');
    await page.typeNth('bo-fund-weight', 2, '0.25');
    await page.type('bo-fund-expensePercent', '0.75');
    await page.choose('bo-fund-timeZone', 'America/New_York');
    await page.type('bo-fund-lockInDays', '1095');
    await page.type('bo-fund-reason', ' A tech fund ');
    await page.click('bo-fund-create');
    expect(actions()).toEqual([
      [
        'operatorFundCreate',
        {
          kind: 'fund',
          code: 'TECH',
          name: 'Tech basket',
          minAmount: '100',
          basket: [
            { symbol: 'AAPL', weight: '0.5' },
            { symbol: 'MSFT', weight: '0.25' },
            { symbol: 'NVDA', weight: '0.25' },
          ],
          expensePercent: '0.75',
          timeZone: 'America/New_York',
          cutoff: '15:00',
          lockInDays: 1095,
          reason: 'A tech fund',
        },
      ],
    ]);
    expect(page.router.state.location.pathname).toBe('/funds');
    expect(page.router.state.location.search).toBe('?created=9');
    expect(page.text('bo-fund-created')).toBe('TECH · Tech basket (fund) is open to investors.');
  });

  it('opens a Regular term of one of the contract’s terms', async () => {
    answers.operatorFundCreate = regular({ id: 10, code: 'REG30', paused: false });
    const page = await show('/funds/new');
    await page.click('bo-fund-kind-regular');
    expect(page.has('bo-fund-basket')).toBe(false);
    expect([...page.byId<HTMLSelectElement>('bo-fund-termDays').options].map((o) => o.value)).toEqual(['', '30', '90', '180', '365']);
    await page.type('bo-fund-code', 'REG30');
    await page.type('bo-fund-name', 'Regular 30 days');
    await page.type('bo-fund-minAmount', '500');
    await page.choose('bo-fund-termDays', '30');
    await page.type('bo-fund-ratePercent', '2.75');
    await page.type('bo-fund-penaltyPercent', '0.5');
    await page.type('bo-fund-reason', 'Short term');
    await page.click('bo-fund-create');
    expect(actions()).toEqual([
      [
        'operatorFundCreate',
        {
          kind: 'regular',
          code: 'REG30',
          name: 'Regular 30 days',
          minAmount: '500',
          termDays: 30,
          ratePercent: '2.75',
          penaltyPercent: '0.5',
          reason: 'Short term',
        },
      ],
    ]);
  });

  it('shows the server’s refusal with its field marked', async () => {
    answers.operatorFundCreate = () =>
      Promise.reject(new ApiError('Please check the form', { code: 400, key: 'v.fillRequired', fields: { 'basket.1.symbol': 'v.invalidValue' } }));
    const page = await show('/funds/new');
    await page.type('bo-fund-code', 'DUO');
    await page.type('bo-fund-name', 'Duo');
    await page.type('bo-fund-minAmount', '10');
    await page.typeNth('bo-fund-symbol', 0, 'AAPL');
    await page.typeNth('bo-fund-weight', 0, '0.5');
    await page.typeNth('bo-fund-symbol', 1, 'NOPE');
    await page.typeNth('bo-fund-weight', 1, '0.5');
    await page.type('bo-fund-expensePercent', '0.1');
    await page.type('bo-fund-reason', 'Duo fund');
    await page.click('bo-fund-create');
    expect(actions()).toHaveLength(1);
    expect(page.text('bo-fund-error')).toBe('Please check the form. Check the field marked below.');
    const symbols = page.el.querySelectorAll('[data-testid="bo-fund-symbol"]');
    expect(page.errorOf(symbols[1]!)).toBe('Please check this value');
    expect(page.router.state.location.pathname).toBe('/funds/new');
  });
});
