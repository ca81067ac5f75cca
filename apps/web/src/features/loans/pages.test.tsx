import type { Loan, LoanDue, LoanProfile, LoanRepayment } from '@tradeapp/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { setLanguage } from '../../i18n';
import type { UiLanguage } from '../../i18n/locale';
import { queryClient } from '../../lib/queryClient';
import { showPage, unmountAll } from '../../testing/mountRoute';

// The loan page as the investor sees it, from the server's answers (the client is a stub): the
// score factor by factor in words with the limit, the borrowing rate and the APR (each labelled as
// what it is), the key fact statement of the amount and
// term typed (worked out here by hand) that must be accepted before Apply, the loans with their
// schedules, what is due today and the repayment split, the repayments paged, and, below the first
// band, why no loan is offered and what would raise the score.

const DAY = 86_400_000;
const TODAY = Date.UTC(2026, 10, 24);
const NOW = TODAY + 10 * 3_600_000;

const factors: LoanProfile['factors'] = [
  { factor: 'identity', points: 150, max: 150, input: '1', flag: false },
  { factor: 'accountAge', points: 32, max: 100, input: '120', flag: false },
  { factor: 'netDeposits', points: 75, max: 150, input: '5000.00', flag: false },
  { factor: 'tradingRecord', points: 20, max: 100, input: '4', flag: false },
  { factor: 'repayment', points: 50, max: 50, input: '0', flag: false },
];
// The band's APR as the server states it: 24 % nominal is 2 % a month, 1.02^12 − 1 = 26.824… %.
const profile: LoanProfile = {
  score: 627,
  factors,
  limit: '1000.00',
  available: '1000.00',
  aprPercent: '24.00',
  annualPercentageRate: '26.82',
  terms: [3, 6, 12],
  penaltyDailyPercent: '0.05',
  inReview: false,
};
const low: LoanProfile = {
  score: 470,
  factors: [
    { factor: 'identity', points: 0, max: 150, input: '0', flag: false },
    { factor: 'accountAge', points: 5, max: 100, input: '20', flag: false },
    { factor: 'netDeposits', points: 15, max: 150, input: '1000.00', flag: false },
    { factor: 'tradingRecord', points: 0, max: 100, input: '3', flag: true },
    { factor: 'repayment', points: 50, max: 50, input: '0', flag: false },
  ],
  limit: '0.00',
  available: '0.00',
  aprPercent: null,
  annualPercentageRate: null,
  terms: [3, 6, 12],
  penaltyDailyPercent: '0.05',
  inReview: false,
};

const inUse: Loan = {
  id: 3,
  status: 'inUse',
  amount: '600.00',
  months: 3,
  aprPercent: '24.00',
  // Of its key fact statement's 208.05, 208.05, 208.13 for 600: Σ D_l (1 + X)^(−l/12) = 600 at X = 26.910… %.
  annualPercentageRate: '26.91',
  score: 627,
  factors,
  instalment: '208.05',
  totalRepay: '624.23',
  outstanding: '403.79',
  // Instalment 2's 8.23 of interest unpaid, and 1.60 accrued since its due date.
  accruedInterest: '9.83',
  penalty: '0.10',
  overdue: true,
  schedule: [
    { n: 1, dueDay: TODAY - 33 * DAY, principal: '196.21', interest: '11.84', total: '208.05', penalty: '0.00', paid: '208.05', status: 'paid' },
    { n: 2, dueDay: TODAY - 2 * DAY, principal: '199.82', interest: '8.23', total: '208.05', penalty: '0.10', paid: '0.00', status: 'overdue' },
    { n: 3, dueDay: TODAY + 29 * DAY, principal: '203.97', interest: '4.16', total: '208.13', penalty: '0.00', paid: '0.00', status: 'upcoming' },
  ],
  reason: null,
  longCreateTime: TODAY - 64 * DAY,
  longAuditTime: TODAY - 63 * DAY,
  repaidTimestamp: null,
};
const rejected: Loan = {
  ...inUse,
  id: 2,
  status: 'rejected',
  overdue: false,
  outstanding: '0.00',
  accruedInterest: '0.00',
  penalty: '0.00',
  schedule: [],
  reason: 'Deposits too recent',
  longAuditTime: TODAY - 80 * DAY,
};
const due: LoanDue = { loanId: 3, due: '208.15', overdue: '208.05', penalty: '0.10', payoff: '413.72', nextDueDay: TODAY + 29 * DAY, nextDueAmount: '208.13' };
const repayment = (id: number): LoanRepayment => ({
  id,
  loanId: 3,
  amount: '208.05',
  penalty: '0.00',
  interest: '11.84',
  principal: '196.21',
  createTimeTimestamp: TODAY - 33 * DAY + id,
});

const answers: Record<string, unknown> = {
  loanProfile: profile,
  loanList: { list: [inUse, rejected], total: 2, page: 1, size: 20 },
  loanDue: due,
  loanRepayments: ({ page }: { page: number }) => ({ list: page === 1 ? [repayment(5), repayment(4)] : [repayment(3)], total: 3, page, size: 2 }),
};
const calls: Array<{ id: string; input: unknown; options: { idempotencyKey?: string } | undefined }> = [];
let apply: () => Promise<unknown> = () => Promise.resolve({ ...inUse, status: 'review' });

vi.mock('../../api/client', async (original) => ({
  ...(await original<object>()),
  call: (id: string, input: unknown, options?: { idempotencyKey?: string }) => {
    calls.push({ id, input, options });
    if (id === 'loanApply') return apply();
    if (id === 'loanRepay') return Promise.resolve(inUse);
    const answer = answers[id];
    if (typeof answer === 'function') return Promise.resolve((answer as (input: unknown) => unknown)(input));
    return id in answers ? Promise.resolve(answer) : Promise.reject(new Error(`no answer for ${id}`));
  },
}));

const toasts: string[] = [];
vi.mock('../../ui/toast', () => ({ showToast: (content: string) => void toasts.push(content) }));

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
beforeEach(() => {
  calls.length = 0;
  toasts.length = 0;
  localStorage.setItem('mm.token', 'test-token');
  apply = () => Promise.resolve({ ...inUse, status: 'review' });
});
afterAll(async () => {
  vi.useRealTimers();
  await setLanguage('en');
});
afterEach(unmountAll);

async function show(url: string, language?: UiLanguage) {
  const { default: LoanPage } = await import('./LoanPage');
  return showPage(LoanPage, url, { language, turns: 6 });
}

describe('the score', () => {
  it('explains each factor’s points out of its most in words, and the limit, available, borrowing rate and APR it allows', async () => {
    const page = await show('/pages/loan/index');
    expect(page.text('loan-score-value')).toBe('627');
    expect(page.text('loan-limit')).toBe('€1,000.00');
    expect(page.text('loan-available')).toBe('€1,000.00');
    expect(page.text('loan-rate')).toBe('24.00%');
    expect(page.$('loan-rate')?.previousElementSibling?.textContent).toBe('Borrowing rate');
    expect(page.text('loan-apr')).toBe('26.82%');
    expect(page.$('loan-apr')?.previousElementSibling?.textContent).toBe('APR');
    expect(page.all('loan-factor-points')).toEqual(['150 / 150', '32 / 100', '75 / 150', '20 / 100', '50 / 50']);
    expect(page.all('loan-factor-rule')).toEqual([
      'Your identity is verified: the full 150 points.',
      'Your account is 120 days old: 100 × days ÷ 365 gives 32 points; the full 100 at one year.',
      'You deposited €5,000.00 more than you withdrew: 150 × that ÷ €10,000 gives 75 points; the full 150 at €10,000.',
      'You closed 4 positions: 5 points each gives 20; the full 100 at 20.',
      'No loan yet: the full 50 points.',
    ]);
    // Each band's APR: (1 + rate ÷ 12)^12 − 1, 1.02^12 → 26.82, 1.015^12 → 19.56, (1 + 0.14/12)^12 → 14.93, (1 + 0.10/12)^12 → 10.47.
    expect(page.$('loan-bands')?.querySelector('[aria-current="true"]')?.textContent).toBe('from 580€1,000.0024.00%26.82%');
    expect(page.all('loan-band-apr')).toEqual(['26.82%', '19.56%', '14.93%', '10.47%']);
    expect(page.text('loan-bands-note')).toContain('The APR (annual percentage rate) is what the credit costs a year');
    expect(page.text('loan-apply-note')).toBe(
      'At a borrowing rate of 24.00% a year for your score, an APR of 26.82%. Next you see the key fact statement of exactly this loan, with its own APR; nothing is sent until you accept it.',
    );
    expect(page.$('loan-none')).toBeNull();
  });

  it('below the first band, says why no loan is offered and which factors would raise the score', async () => {
    answers.loanProfile = low;
    try {
      const page = await show('/pages/loan/index');
      expect(page.text('loan-rate')).toBe('No loan');
      expect(page.text('loan-apr')).toBe('No loan');
      expect(page.$('loan-apply')).toBeNull();
      expect(page.text('loan-none-why')).toBe('Your score is 470; loans start at 580, 110 points more.');
      expect(page.nodes('loan-raise')[0]!.querySelectorAll('li')).toHaveLength(4);
      expect(page.text('loan-raise')).toContain('verify your identity: +150 points.');
      expect(page.text('loan-raise')).toContain('the trading record counts again 90 days after the last liquidation.');
      expect(page.all('loan-factor-rule')[3]).toBe('A position of yours was liquidated in the last 90 days: no points until 90 days after it.');
      await page.click('loan-verify');
      expect(page.where()).toBe('/pages/kyc/individual');
    } finally {
      answers.loanProfile = profile;
    }
  });

  it('reads in Dutch and in Chinese', async () => {
    const nl = await show('/pages/loan/index', 'nl');
    expect(nl.text('loan-limit')).toBe('€1.000,00');
    expect(nl.all('loan-factor-rule')[0]).toBe('Uw identiteit is geverifieerd: de volle 150 punten.');
    expect(nl.$('loan-rate')?.previousElementSibling?.textContent).toBe('Debetrentevoet');
    expect(nl.$('loan-apr')?.previousElementSibling?.textContent).toBe('JKP');
    nl.unmount();
    queryClient.clear();
    const zh = await show('/pages/loan/index', 'zh-Hans');
    expect(zh.text('loan-tab-loans')).toBe('我的贷款');
    expect(zh.all('loan-factor-rule')[4]).toBe('尚无贷款：获得全部 50 分。');
    expect(zh.$('loan-rate')?.previousElementSibling?.textContent).toBe('名义年利率');
    expect(zh.$('loan-apr')?.previousElementSibling?.textContent).toBe('年化利率（APR）');
  });
});

describe('applying', () => {
  it('checks the amount by the contract’s rules and the limit before showing anything', async () => {
    const page = await show('/pages/loan/index');
    await page.submit('loan-apply');
    expect(page.text('loan-amount-error')).toBe('Please enter loan or repayment amount');
    await page.type('loan-amount', '12.345');
    await page.submit('loan-apply');
    expect(page.text('loan-amount-error')).toBe('Amount: greater than 0, at most 2 decimals');
    await page.type('loan-amount', '50');
    await page.submit('loan-apply');
    expect(page.text('loan-amount-error')).toBe('The least loan is 100.00 EUR');
    await page.type('loan-amount', '1500');
    await page.submit('loan-apply');
    expect(page.text('loan-amount-error')).toBe('You can borrow at most 1,000.00 EUR now');
    expect(page.$('loan-kfs')).toBeNull();
  });

  it('shows the key fact statement of the loan typed, and applies only once it is accepted', async () => {
    const page = await show('/pages/loan/index');
    await page.type('loan-amount', '600');
    await page.click('loan-term-3');
    await page.submit('loan-apply');
    // 600 at 24 % over 3 months: 600 × 0.02 ÷ (1 − 1.02^−3) = 208.0530… → 208.05 a month. Due on the 24th,
    // moved Modified Following onto business days: Sunday 24 Jan 2027 is paid Monday 25 Jan. Interest by the
    // days of each period from 24 Nov: 600 × 24 % × 30 ÷ 365 = 11.84; 403.79 × 24 % × 32 ÷ 365 = 8.4962 → 8.50;
    // 204.24 × 24 % × 30 ÷ 365 = 4.0288 → 4.03; the last instalment clears the 204.24 left: 208.27.
    expect(page.text('loan-kfs-amount')).toBe('€600.00');
    expect(page.text('loan-kfs-rate')).toBe('24.00%');
    // The APR of exactly these instalments on their days: 208.05 at 1/12, 208.05 at 2/12 + 1/365 and 208.27 at
    // 3/12 of a year, Σ D_l (1 + X)^(−t_l) = 600 at X = 26.9119 % (bisection in 50-digit decimals).
    expect(page.text('loan-kfs-apr')).toBe('26.91%');
    expect(page.text('loan-kfs-apr-rule')).toContain('higher than the borrowing rate');
    expect(page.text('loan-kfs-term')).toBe('3 months');
    expect(page.text('loan-kfs-instalment')).toBe('€208.05');
    expect(page.text('loan-kfs-interest')).toBe('€24.37');
    expect(page.text('loan-kfs-total')).toBe('€624.37');
    expect(page.nodes('loan-kfs-row').map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['1', '24/12/2026', '€196.21', '€11.84', '€208.05'],
      ['2', '25/01/2027', '€199.55', '€8.50', '€208.05'],
      ['3', '24/02/2027', '€204.24', '€4.03', '€208.27'],
    ]);
    expect(page.text('loan-kfs-penalty')).toContain('a penalty of 0.05% a day of what is overdue');
    expect(page.text('loan-kfs-early')).toContain('No charge for repaying early');
    expect(page.$('loan-kfs-apply')?.hasAttribute('disabled')).toBe(true);
    await page.click('loan-kfs-apply');
    expect(calls.some((c) => c.id === 'loanApply')).toBe(false);
    await page.click('loan-kfs-accept');
    expect(page.$('loan-kfs-apply')?.hasAttribute('disabled')).toBe(false);
    await page.click('loan-kfs-apply');
    const sent = calls.find((c) => c.id === 'loanApply');
    expect(sent?.input).toEqual({ amount: '600', months: 3, aprPercent: '24.00', accepted: true });
    expect(sent?.options?.idempotencyKey).toMatch(/\S{8,}/);
    expect(toasts).toEqual(['Application sent for review']);
    expect(page.where()).toBe('/pages/loan/index?tab=loans');
  });

  it('shows the server’s refusal in the statement', async () => {
    apply = () =>
      Promise.reject(
        new ApiError('The borrowing rate for your score is now 18.00 %: read the new key fact statement and accept it', { code: 400, key: 'e.loanAprChanged' }),
      );
    const page = await show('/pages/loan/index');
    await page.type('loan-amount', '600');
    await page.click('loan-term-6');
    await page.submit('loan-apply');
    expect(page.nodes('loan-kfs-row')).toHaveLength(6);
    await page.click('loan-kfs-accept');
    await page.click('loan-kfs-apply');
    expect(calls.find((c) => c.id === 'loanApply')?.input).toMatchObject({ months: 6 });
    expect(page.text('loan-kfs-error')).toBe('The borrowing rate for your score is now 18.00 %: read the new key fact statement and accept it');
  });

  it('says an application is waiting and takes no second one', async () => {
    answers.loanProfile = { ...profile, inReview: true };
    try {
      const page = await show('/pages/loan/index');
      expect(page.text('loan-in-review')).toContain('waiting for review');
      expect(page.$('loan-review')?.hasAttribute('disabled')).toBe(true);
    } finally {
      answers.loanProfile = profile;
    }
  });
});

describe('my loans', () => {
  it('lists each loan with its status, overdue marking, schedule, times and refusal reason', async () => {
    const page = await show('/pages/loan/index?tab=loans');
    expect(page.nodes('loan-row').map((n) => [n.dataset.id, n.dataset.status])).toEqual([
      ['3', 'inUse'],
      ['2', 'rejected'],
    ]);
    expect(page.all('loan-row-status')).toEqual(['In use', 'Rejected']);
    expect(page.all('loan-row-overdue')).toEqual(['Overdue']);
    expect(page.all('loan-row-instalment')[0]).toBe('€208.05');
    expect(page.all('loan-row-terms')[0]).toBe('3 months · borrowing rate 24.00% · APR 26.91% · score 627 at application');
    expect(page.all('loan-row-outstanding')[0]).toBe('€403.79');
    expect(page.all('loan-row-created')[0]).toBe('21/09/2026 12:00:00 AM');
    expect(page.text('loan-row-reason')).toBe('Reason: Deposits too recent');
    expect(page.nodes('loan-instalment').map((n) => n.dataset.status)).toEqual(['paid', 'overdue', 'upcoming']);
    expect(page.nodes('loan-instalment')[1]!.className).toBe('overdue');
    expect(page.nodes('loan-instalment')[1]!.textContent).toContain('+ €0.10 penalty');
    expect(calls.find((c) => c.id === 'loanDue')?.input).toEqual({ loanId: 3 });
    expect(page.text('loan-due-today')).toBe('€208.15');
    expect(page.text('loan-due-overdue')).toBe('€208.05');
    expect(page.text('loan-due-payoff')).toBe('€413.72');
    expect(page.text('loan-due-penalty')).toBe('Of what is due, €0.10 is penalty on overdue instalments.');
    expect(page.text('loan-due-next')).toBe('Next instalment: €208.13 on 23/12/2026');
  });

  it('repays an amount up to the payoff, split penalty first, then interest, then principal', async () => {
    const page = await show('/pages/loan/index?tab=loans');
    await page.click('loan-repay-open');
    await page.submit('loan-repay-sheet');
    expect(page.text('loan-repay-amount-error')).toBe('Please enter loan or repayment amount');
    await page.type('loan-repay-amount', '500');
    await page.submit('loan-repay-sheet');
    expect(page.text('loan-repay-amount-error')).toBe('The most you can repay on this loan today is 413.72 EUR, which repays it in full');
    // 5.00: 0.10 of penalty, then 4.90 towards the 208.05 of the overdue instalment.
    await page.type('loan-repay-amount', '5');
    expect(page.text('loan-repay-penalty')).toBe('€0.10');
    expect(page.text('loan-repay-due-part')).toBe('€4.90');
    expect(page.text('loan-repay-interest')).toBe('€0.00');
    expect(page.text('loan-repay-principal')).toBe('€0.00');
    // 210.00: 0.10 of penalty, the 208.05 due, the 1.60 of interest accrued since (9.83 − 8.23), 0.25 of principal ahead.
    await page.type('loan-repay-amount', '210');
    expect(page.text('loan-repay-penalty')).toBe('€0.10');
    expect(page.text('loan-repay-due-part')).toBe('€208.05');
    expect(page.text('loan-repay-interest')).toBe('€1.60');
    expect(page.text('loan-repay-principal')).toBe('€0.25');
    await page.click('loan-repay-due');
    expect((page.$('loan-repay-amount') as HTMLInputElement).value).toBe('208.15');
    await page.submit('loan-repay-sheet');
    const sent = calls.find((c) => c.id === 'loanRepay');
    expect(sent?.input).toEqual({ loanId: 3, amount: '208.15' });
    expect(sent?.options?.idempotencyKey).toMatch(/\S{8,}/);
    expect(toasts).toEqual(['Repayment made']);
  });
});

describe('repayments', () => {
  it('lists each repayment with its split, a page at a time', async () => {
    const page = await show('/pages/loan/index?tab=repayments');
    expect(page.nodes('loan-repayment').map((n) => n.dataset.id)).toEqual(['5', '4']);
    expect(page.all('loan-repayment-amount')).toEqual(['€208.05', '€208.05']);
    expect(page.all('loan-repayment-split')[0]).toBe('Penalty €0.00 · interest €11.84 · principal €196.21');
    expect(calls.filter((c) => c.id === 'loanRepayments').map((c) => c.input)).toEqual([{ page: 1, size: 20 }]);
  });
});
