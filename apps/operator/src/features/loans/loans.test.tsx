// @vitest-environment jsdom
import { LOAN_SCORE_FACTOR_NAMES, LOAN_STATUSES } from '@tradeapp/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../../api';
import { answerByCallId, mountsPerTest, showPage, type Answers } from '../../testing/harness';
import { decideLoan, withDecided, type LoanAdmin } from './api';
import { bandText, FACTOR_LABELS, factorInputText, instalmentsPaidText, principalRepaidText, scoreText, STATUS_LABELS } from './labels';
import { LoansPage } from './LoansPage';

// The back office's loan queue: the words of a loan, its score and its schedule, the cached pages
// after a decision, and the calls approving and refusing make, with the API stubbed. Loans past
// review are read, never changed.

vi.mock('../../api', async (original) => ({ ...(await original<object>()), call: vi.fn() }));
const callMock = vi.mocked(call);

const DAY = 86_400_000;
const APPLIED = Date.UTC(2026, 4, 4, 9, 30);
const FIRST_DUE = Date.UTC(2026, 5, 4);

// 1,000 EUR over 3 months at an 18 % borrowing rate (1.5 % a month): the annuity 1000 × 0.015 ÷ (1 − 1.015⁻³) = 343.38;
// interest 15.00, 10.07 (on 671.62) and 5.07 (on 338.31); 1,030.14 in all.
const schedule = [
  { n: 1, dueDay: FIRST_DUE, principal: '328.38', interest: '15.00', total: '343.38', penalty: '0', paid: '0', status: 'upcoming' as const },
  { n: 2, dueDay: Date.UTC(2026, 6, 4), principal: '333.31', interest: '10.07', total: '343.38', penalty: '0', paid: '0', status: 'upcoming' as const },
  { n: 3, dueDay: Date.UTC(2026, 7, 4), principal: '338.31', interest: '5.07', total: '343.38', penalty: '0', paid: '0', status: 'upcoming' as const },
];

// 300 + 150 + 20 (73 days: 100 × 73 ÷ 365) + 150 (10,000 EUR) + 15 (3 positions × 5) + 50 (no loan yet) = 685.
const factors = [
  { factor: 'identity' as const, points: 150, max: 150, input: '1', flag: false },
  { factor: 'accountAge' as const, points: 20, max: 100, input: '73', flag: false },
  { factor: 'netDeposits' as const, points: 150, max: 150, input: '10000.00', flag: false },
  { factor: 'tradingRecord' as const, points: 15, max: 100, input: '3', flag: false },
  { factor: 'repayment' as const, points: 50, max: 50, input: '0', flag: false },
];

const loan = (patch: Partial<LoanAdmin> = {}): LoanAdmin => ({
  id: 11,
  status: 'review',
  amount: '1000.00',
  months: 3,
  aprPercent: '18.00',
  score: 685,
  factors,
  instalment: '343.38',
  totalRepay: '1030.14',
  outstanding: '1000.00',
  accruedInterest: '0',
  penalty: '0',
  overdue: false,
  schedule,
  reason: null,
  longCreateTime: APPLIED,
  longAuditTime: null,
  repaidTimestamp: null,
  userId: 7,
  userName: 'anna_devries',
  email: 'anna@example.com',
  ...patch,
});

/** The same loan approved, its first instalment paid and its second overdue. */
const inUse = loan({
  id: 12,
  status: 'inUse',
  outstanding: '671.62',
  accruedInterest: '4.12',
  penalty: '0.34',
  overdue: true,
  longAuditTime: APPLIED + DAY,
  schedule: [{ ...schedule[0]!, paid: '343.38', status: 'paid' }, { ...schedule[1]!, penalty: '0.34', status: 'overdue' }, schedule[2]!],
});

const page1 = (list: LoanAdmin[], total = list.length) => ({ list, total, page: 1, size: 20 });

describe('the loan queue’s words', () => {
  it('names every status and factor of the contract', () => {
    expect(Object.keys(STATUS_LABELS)).toEqual([...LOAN_STATUSES]);
    expect(Object.keys(FACTOR_LABELS).sort()).toEqual([...LOAN_SCORE_FACTOR_NAMES].sort());
  });

  it('writes what each factor was computed from', () => {
    expect(factors.map(factorInputText)).toEqual(['verified', '73 days', '10,000.00 EUR', '3 positions closed', '0 loans repaid']);
    expect(factorInputText({ factor: 'identity', input: '0', flag: false })).toBe('not verified');
    expect(factorInputText({ factor: 'accountAge', input: '1', flag: false })).toBe('1 day');
    expect(factorInputText({ factor: 'tradingRecord', input: '12', flag: true })).toBe('12 positions closed; a liquidation in the last 90 days');
    expect(factorInputText({ factor: 'repayment', input: '1', flag: true })).toBe('1 loan repaid; an instalment overdue now');
  });

  it('writes the score and its band from the contract’s table', () => {
    expect(scoreText(685)).toBe('685 of 850');
    expect(bandText(685)).toBe('limit 3,000.00 EUR at 18.00 % borrowing rate');
    expect(bandText(580)).toBe('limit 1,000.00 EUR at 24.00 % borrowing rate');
    expect(bandText(579)).toBe('below the first band: no loan');
    expect(bandText(850)).toBe('limit 25,000.00 EUR at 10.00 % borrowing rate');
  });

  it('writes the principal repaid as the amount lent less the principal owed, early repayments included', () => {
    // 1,000.00 − 671.62: the first instalment's principal, 328.38.
    expect(principalRepaidText(inUse)).toBe('328.38 EUR');
    // 2,000.00 lent, 300.00 repaid early: 1,700.00 owed, no instalment settled yet.
    expect(principalRepaidText({ amount: '2000.00', outstanding: '1700.00' })).toBe('300.00 EUR');
    expect(principalRepaidText({ amount: '1000.00', outstanding: '1000.00' })).toBe('0.00 EUR');
    expect(instalmentsPaidText(inUse.schedule)).toBe('1 of 3 instalments paid');
  });

  it('keeps a decided loan in a page whose filter takes it and drops it from the others', () => {
    const approved = loan({ status: 'passed' });
    const page = page1([loan(), loan({ id: 13 })], 2);
    expect(withDecided(page, { status: 'review', page: 1 }, approved)).toEqual({ ...page, list: [loan({ id: 13 })], total: 1 });
    expect(withDecided(page, { status: undefined, page: 1 }, approved)).toEqual({ ...page, list: [approved, loan({ id: 13 })] });
    expect(withDecided(page1([loan({ id: 13 })], 5), { status: 'review', page: 1 }, approved).total).toBe(5);
  });
});

describe('the calls', () => {
  beforeEach(() => callMock.mockReset());

  it('approves and refuses a loan by its id, each with its reason', async () => {
    callMock.mockResolvedValue(loan() as never);
    await decideLoan(11, { action: 'approve', reason: 'Score and statement checked' });
    await decideLoan(12, { action: 'refuse', reason: 'Income not verifiable' });
    expect(callMock.mock.calls).toEqual([
      ['operatorLoanApprove', { reason: 'Score and statement checked' }, { params: { id: 11 } }],
      ['operatorLoanRefuse', { reason: 'Income not verifiable' }, { params: { id: 12 } }],
    ]);
  });
});

// ---- the page, rendered, with the server's answers stubbed ----

/** What the stubbed server answers, by route; a function gets the request. */
let answers: Answers = {};

mountsPerTest();

/** The list requests made, by their query. */
const listCalls = () => callMock.mock.calls.filter(([id]) => id === 'operatorLoans').map(([, input]) => input);
/** Calls of the stub other than the list's. */
const actions = () => callMock.mock.calls.filter(([id]) => id !== 'operatorLoans');

async function show(url: string) {
  answerByCallId(callMock, () => answers);
  const page = await showPage({ '/loans': LoansPage, '*': () => null }, url);
  return {
    ...page,
    /** Presses the status filter's button of `label`. */
    filter: async (label: string) => page.press([...page.byId('bo-loan-status').querySelectorAll('button')].find((b) => b.textContent === label)!),
  };
}

describe('the loans page', () => {
  beforeEach(() => {
    answers = {
      operatorLoans: page1([loan(), loan({ id: 13, userName: 'jan_jansen', email: null, amount: '500.00', months: 6, score: 600, aprPercent: '24.00' })]),
    };
  });

  it('asks for the loans in review, and lists each with its applicant, amount, term, borrowing rate and score', async () => {
    const page = await show('/loans');
    expect(listCalls()).toEqual([{ page: 1, size: 20, status: 'review' }]);
    const rows = page.el.querySelectorAll('[data-testid="bo-loan-row"]');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toBe('anna_devriesanna@example.comuser #71,000.00 EUR3 months at 18.00 %6852026-05-0409:30:00In reviewAudit');
    expect(page.all('bo-loan-row-score')).toEqual(['685', '600']);
    expect(page.text('bo-loan-panel')).toBeNull();
  });

  it('shows the selected loan’s score factor by factor and the key fact statement its applicant accepted', async () => {
    const page = await show('/loans?id=11');
    expect(page.text('bo-loan-score')).toBe('685 of 850 · limit 3,000.00 EUR at 18.00 % borrowing rate');
    const factorRows = [...page.el.querySelectorAll('[data-testid="bo-loan-factor"]')].map((row) =>
      [...row.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(factorRows).toEqual([
      ['Identity verified', 'verified', '150 / 150'],
      ['Account age', '73 days', '20 / 100'],
      ['Net deposits', '10,000.00 EUR', '150 / 150'],
      ['Trading record', '3 positions closed', '15 / 100'],
      ['Repayment history', '0 loans repaid', '50 / 50'],
    ]);
    expect(page.text('bo-loan-instalment-amount')).toBe('343.38 EUR');
    expect(page.text('bo-loan-total')).toBe('1,030.14 EUR');
    expect(page.text('bo-loan-kfs')).toContain('0.05 % a day of what is overdue');
    expect(page.text('bo-loan-kfs')).toContain('no charge');
    const scheduleRows = [...page.el.querySelectorAll('[data-testid="bo-loan-instalment"]')].map((row) =>
      [...row.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(scheduleRows).toEqual([
      ['2026-06-04', '328.38', '15.00', '343.38'],
      ['2026-07-04', '333.31', '10.07', '343.38'],
      ['2026-08-04', '338.31', '5.07', '343.38'],
    ]);
    expect(page.has('bo-loan-approve')).toBe(true);
    expect(page.has('bo-loan-outstanding')).toBe(false);
  });

  it('approves a loan with a reason, saying the amount is disbursed at once, and keeps its panel open once it leaves the queue', async () => {
    const approved = loan({ status: 'passed', longAuditTime: APPLIED + DAY });
    answers.operatorLoanApprove = () => {
      answers.operatorLoans = page1([loan({ id: 13 })]);
      return Promise.resolve(approved);
    };
    const page = await show('/loans?id=11');
    await page.click('bo-loan-approve');
    const dialog = page.byId('bo-reason').closest('[role="dialog"]')!;
    expect(dialog.textContent).toContain('Approve loan');
    expect(dialog.querySelector('[data-testid="bo-loan-approve-effect"]')!.textContent).toBe(
      "1,000.00 EUR to anna_devries: the amount is disbursed to the applicant's funding account at once, and the schedule they accepted starts: 3 months of 343.38 EUR, 1,030.14 EUR in all, at an 18.00 % borrowing rate.",
    );
    // Without a reason nothing is sent.
    await page.click('bo-confirm');
    expect(dialog.textContent).toContain('Please give a reason');
    expect(actions()).toEqual([]);
    await page.type('bo-reason', ' Score and statement checked ');
    await page.click('bo-confirm');
    expect(actions()).toEqual([['operatorLoanApprove', { reason: 'Score and statement checked' }, { params: { id: 11 } }]]);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(page.all('bo-loan-row').length).toBe(1);
    expect(page.byId('bo-loan-panel').textContent).toContain('Approved');
    expect(page.has('bo-loan-approve')).toBe(false);
  });

  it('refuses a loan with a reason the applicant sees', async () => {
    answers.operatorLoanRefuse = () => {
      answers.operatorLoans = page1([loan({ id: 13 })]);
      return Promise.resolve(loan({ status: 'rejected', reason: 'Income not verifiable' }));
    };
    const page = await show('/loans?id=11');
    await page.click('bo-loan-refuse');
    const dialog = page.byId('bo-reason').closest('[role="dialog"]')!;
    expect(dialog.textContent).toContain('the applicant sees it');
    await page.type('bo-reason', 'Income not verifiable');
    await page.click('bo-confirm');
    expect(actions()).toEqual([['operatorLoanRefuse', { reason: 'Income not verifiable' }, { params: { id: 11 } }]]);
    const panel = page.byId('bo-loan-panel').textContent;
    expect(panel).toContain('ReasonIncome not verifiable');
    expect(panel).toContain('Refused — nothing was disbursed.');
  });

  it('shows the server’s refusal in the dialog', async () => {
    answers.operatorLoanApprove = () => Promise.reject(new ApiError('This loan is no longer in review', { code: 400, key: 'v.invalidValue' }));
    const page = await show('/loans?id=11');
    await page.click('bo-loan-approve');
    await page.type('bo-reason', 'Checked');
    await page.click('bo-confirm');
    expect(page.byId('bo-action-error').textContent).toBe('This loan is no longer in review');
  });

  it('filters by status and pages, and shows a loan being repaid read only with its figures', async () => {
    answers.operatorLoans = (input: { status?: string; page: number }) =>
      Promise.resolve(input.status === 'inUse' ? { list: [inUse], total: 45, page: input.page, size: 20 } : page1([loan()]));
    const page = await show('/loans');
    await page.filter('Being repaid');
    expect(page.router.state.location.search).toBe('?status=inUse');
    expect(listCalls().at(-1)).toEqual({ page: 1, size: 20, status: 'inUse' });
    await page.click('bo-page-next');
    expect(listCalls().at(-1)).toEqual({ page: 2, size: 20, status: 'inUse' });
    await page.click('bo-loan-row');
    expect(page.text('bo-loan-outstanding')).toBe('671.62 EUR');
    expect(page.text('bo-loan-accrued')).toBe('4.12 EUR');
    expect(page.text('bo-loan-penalty')).toBe('0.34 EUR');
    expect(page.text('bo-loan-overdue')).toBe('Yes: an instalment is past its day');
    expect(page.text('bo-loan-repaid')).toBe('328.38 EUR');
    expect(page.text('bo-loan-instalments-paid')).toBe('1 of 3 instalments paid');
    const scheduleRows = [...page.el.querySelectorAll('[data-testid="bo-loan-instalment"]')].map((row) =>
      [...row.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(scheduleRows).toEqual([
      ['2026-06-04', '343.38', '343.38', 'Paid'],
      ['2026-07-04', '343.38', '0.00', 'Overduepenalty 0.34'],
      ['2026-08-04', '343.38', '0.00', 'Upcoming'],
    ]);
    expect(page.has('bo-loan-approve')).toBe(false);
    expect(page.has('bo-loan-refuse')).toBe(false);
    expect(page.byId('bo-loan-panel').textContent).toContain('Disbursed — read only.');

    await page.filter('All');
    expect(page.router.state.location.search).toBe('?status=all');
    expect(listCalls().at(-1)).toEqual({ page: 1, size: 20, status: undefined });
  });
});
