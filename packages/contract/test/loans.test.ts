import { describe, expect, it } from 'vitest';
import {
  addLoanMonths,
  loanAnnuity,
  loanBand,
  loanDailyPenalty,
  loanDueDays,
  loanInstalments,
  loanInterest,
  loanSchedule,
  loanScorePoints,
  type LoanScoreInputs,
} from '../src/routes/loans';

const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);

describe('loan key fact statement', () => {
  it('computes the annuity instalment from the monthly rate', () => {
    // 1,000 at 24 % → r = 0.02 a month; 1.02^3 = 1.061208; 1 − 1/1.061208 = 0.0576776653…
    // 20 ÷ 0.0576776653 = 346.7547… → 346.75
    expect(loanAnnuity('1000', '24.00', 3)).toBe('346.75');
    // 12,000 at 12 % over 12 months: r = 0.01; the textbook annuity 1,066.1855… → 1,066.19
    expect(loanAnnuity('12000', '12.00', 12)).toBe('1066.19');
    // no interest: equal parts
    expect(loanAnnuity('100', '0', 3)).toBe('33.33');
  });

  it('rounds interest half up to the cent on the exact principal-days', () => {
    // 18.25 euro-days at 10 % = 18.25 × 0.10 ÷ 365 = 0.005 exactly → 0.01
    expect(loanInterest('18.25', '10.00')).toBe('0.01');
    // 18.24 euro-days → 0.004997… → 0.00
    expect(loanInterest('18.24', '10.00')).toBe('0.00');
    // 1,000 for 28 days at 24 %: 28,000 × 0.24 ÷ 365 = 18.4109… → 18.41
    expect(loanInterest('28000', '24.00')).toBe('18.41');
  });

  it('takes the daily penalty exactly', () => {
    // 343.37 × 0.05 % = 0.171685
    expect(loanDailyPenalty('343.37')).toBe('0.171685');
    expect(loanDailyPenalty('100.00')).toBe('0.050000');
  });

  it('falls due monthly on the start day, clamped to the month end', () => {
    expect(loanDueDays(day(2024, 1, 31), 3)).toEqual([day(2024, 2, 29), day(2024, 3, 31), day(2024, 4, 30)]);
    expect(addLoanMonths(day(2025, 11, 15), 2)).toBe(day(2026, 1, 15));
  });

  it('states the schedule of a worked example', () => {
    // 1,000 at 24 % for 3 months from 31 January 2025; instalment 346.75
    // 1: 28 days (to 28 Feb): 1,000 × 0.24 × 28 ÷ 365 = 18.4109 → 18.41; principal 346.75 − 18.41 = 328.34; left 671.66
    // 2: 31 days (to 31 Mar): 671.66 × 0.24 × 31 ÷ 365 = 13.6908 → 13.69; principal 333.06; left 338.60
    // 3: 30 days (to 30 Apr): 338.60 × 0.24 × 30 ÷ 365 = 6.6792 → 6.68; principal 338.60 (the rest); total 345.28
    const kfs = loanSchedule({ amount: '1000', aprPercent: '24.00', months: 3, startDay: day(2025, 1, 31) });
    expect(kfs.instalment).toBe('346.75');
    expect(kfs.schedule).toEqual([
      { n: 1, dueDay: day(2025, 2, 28), days: 28, principal: '328.34', interest: '18.41', total: '346.75', balance: '671.66' },
      { n: 2, dueDay: day(2025, 3, 31), days: 31, principal: '333.06', interest: '13.69', total: '346.75', balance: '338.60' },
      { n: 3, dueDay: day(2025, 4, 30), days: 30, principal: '338.60', interest: '6.68', total: '345.28', balance: '0.00' },
    ]);
    // 18.41 + 13.69 + 6.68 = 38.78; 1,000 + 38.78
    expect(kfs.totalInterest).toBe('38.78');
    expect(kfs.totalRepay).toBe('1038.78');
  });

  it('re-computes remaining instalments from a later day', () => {
    // 500 owed from 10 March on the two due days 31 March and 30 April at 24 %:
    // annuity 500 × 0.02 ÷ (1 − 1.02^−2) = 10 ÷ 0.0388312187… = 257.5247… → 257.52
    // 1: 21 days: 500 × 0.24 × 21 ÷ 365 = 6.9041 → 6.90; principal 250.62; left 249.38
    // 2: 30 days: 249.38 × 0.24 × 30 ÷ 365 = 4.9193 → 4.92; principal 249.38; total 254.30
    const rows = loanInstalments({ principal: '500', aprPercent: '24.00', fromDay: day(2025, 3, 10), dueDays: [day(2025, 3, 31), day(2025, 4, 30)] });
    expect(rows.map((r) => [r.days, r.principal, r.interest, r.total])).toEqual([
      [21, '250.62', '6.90', '257.52'],
      [30, '249.38', '4.92', '254.30'],
    ]);
  });
});

describe('loan score', () => {
  const base: LoanScoreInputs = {
    identityVerified: true,
    accountAgeDays: 200,
    netDeposits: '3000',
    positionsClosed: 7,
    liquidationsIn90Days: 0,
    loansTaken: 0,
    loansRepaid: 0,
    overdueOver30Days: false,
    overdueNow: false,
  };
  const points = (inputs: LoanScoreInputs) => Object.fromEntries(loanScorePoints(inputs).factors.map((f) => [f.factor, f.points]));

  it('adds each factor to 300', () => {
    // identity 150; age floor(100 × 200 ÷ 365 = 54.79) = 54; net 150 × 3,000 ÷ 10,000 = 45; trading 5 × 7 = 35; no loan yet 50
    const result = loanScorePoints(base);
    expect(points(base)).toEqual({ identity: 150, accountAge: 54, netDeposits: 45, tradingRecord: 35, repayment: 50 });
    expect(result.score).toBe(300 + 150 + 54 + 45 + 35 + 50);
    // 634 is in the first band (580–639)
    expect(loanBand(result.score)?.aprPercent).toBe('24.00');
    expect(result.factors.find((f) => f.factor === 'netDeposits')?.input).toBe('3000.00');
  });

  it('caps and floors each factor', () => {
    expect(points({ ...base, accountAgeDays: 1000, netDeposits: '50000', positionsClosed: 40 })).toMatchObject({ accountAge: 100, netDeposits: 150, tradingRecord: 100 });
    expect(loanScorePoints({ ...base, accountAgeDays: 1000, netDeposits: '50000', positionsClosed: 40 }).score).toBe(850);
    expect(points({ ...base, netDeposits: '-250.50' }).netDeposits).toBe(0);
    // 150 × 66.66 ÷ 10,000 = 0.9999 → 0; 66.67 → 1.00005 → 1
    expect(points({ ...base, netDeposits: '66.66' }).netDeposits).toBe(0);
    expect(points({ ...base, netDeposits: '66.67' }).netDeposits).toBe(1);
    expect(points({ ...base, identityVerified: false }).identity).toBe(0);
  });

  it('drops the trading record with a recent liquidation', () => {
    const factor = loanScorePoints({ ...base, liquidationsIn90Days: 1 }).factors.find((f) => f.factor === 'tradingRecord');
    expect(factor).toMatchObject({ points: 0, input: '7', flag: true });
  });

  it('reads the repayment history', () => {
    expect(points({ ...base, loansTaken: 1, loansRepaid: 0 }).repayment).toBe(0);
    expect(points({ ...base, loansTaken: 2, loansRepaid: 2 }).repayment).toBe(50);
    expect(points({ ...base, loansTaken: 2, loansRepaid: 2, overdueOver30Days: true }).repayment).toBe(0);
    expect(points({ ...base, loansTaken: 1, overdueNow: true }).repayment).toBe(-25);
    // nothing at all and an overdue instalment: 300 − 25 stays at the floor
    expect(loanScorePoints({ ...base, identityVerified: false, accountAgeDays: 0, netDeposits: '0', positionsClosed: 0, loansTaken: 1, overdueNow: true }).score).toBe(300);
  });
});
