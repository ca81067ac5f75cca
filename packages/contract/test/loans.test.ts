import { describe, expect, it } from 'vitest';
import {
  addLoanMonths,
  annualPercentageRate,
  loanBandApr,
  loanAnnuity,
  loanBand,
  loanDailyPenalty,
  loanDueDays,
  loanInstalments,
  loanInterest,
  loanPaymentDays,
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

  it('moves an instalment due on a day off Modified Following onto a TARGET business day', () => {
    // From Thursday 31 December 2026: due Sunday 31 January 2027; the next business day, Monday 1
    // February, is in the next month, so Friday 29 January. Then Sunday 28 February → Friday 26th (1
    // March is in the next month), and Wednesday 31 March stays.
    expect(loanPaymentDays(day(2026, 12, 31), 3)).toEqual([day(2027, 1, 29), day(2027, 2, 26), day(2027, 3, 31)]);
    // Following within the month: Saturday 15 August 2026 → Monday 17th. Good Friday 26 March 2027 → Tuesday 30th (Easter Monday is closed too).
    expect(loanPaymentDays(day(2026, 7, 15), 1)).toEqual([day(2026, 8, 17)]);
    expect(loanPaymentDays(day(2027, 2, 26), 1)).toEqual([day(2027, 3, 30)]);
    // 1,000 at 24 % for one month from 31 December 2026, paid on 29 January: 29 days of interest,
    // 1,000 × 0.24 × 29 ÷ 365 = 19.0684… → 19.07; the one instalment is 1,019.07 (the annuity 1,020.00 less
    // the principal it would overpay).
    const kfs = loanSchedule({ amount: '1000', aprPercent: '24.00', months: 1, startDay: day(2026, 12, 31) });
    expect(kfs.schedule).toEqual([{ n: 1, dueDay: day(2027, 1, 29), days: 29, principal: '1000.00', interest: '19.07', total: '1019.07', balance: '0.00' }]);
    // Its APR is of 1,019.07 paid 1/12 year less 2 days after the drawdown: 1.01907^(1 / (1/12 − 2/365)) − 1.
    const t = 1 / 12 - 2 / 365;
    expect(kfs.annualPercentageRate).toBe(((1019.07 / 1000) ** (1 / t) * 100 - 100).toFixed(2));
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
    expect(points({ ...base, accountAgeDays: 1000, netDeposits: '50000', positionsClosed: 40 })).toMatchObject({
      accountAge: 100,
      netDeposits: 150,
      tradingRecord: 100,
    });
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
    expect(
      loanScorePoints({ ...base, identityVerified: false, accountAgeDays: 0, netDeposits: '0', positionsClosed: 0, loansTaken: 1, overdueNow: true }).score,
    ).toBe(300);
  });
});

// The annual percentage rate (Directive 2008/48/EC, Annex I, 12 equal months): each expected figure
// is worked out here by other means than the code's (exact integer powers, or a floating-point
// bisection on the same equation), never read back from it.

/** (num/den)^12 − 1 in percent, to two places half up, with exact integers: the rate of a constant monthly factor. */
function compounded(num: bigint, den: bigint): string {
  const hundredths = ((num ** 12n - den ** 12n) * 10_000n * 2n + den ** 12n) / (2n * den ** 12n);
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}

/** Σ D_l (1 + x)^(−l/12) − principal in floating point: only to bracket a rate in a test. */
const presentLess = (principal: number, payments: number[], x: number) => payments.reduce((sum, d, k) => sum + d * (1 + x) ** (-(k + 1) / 12), 0) - principal;

describe('annual percentage rate', () => {
  it('gives 19.56 % for 1,000 at 18 % nominal repaid in 12 monthly annuities of 91.68 (the last 91.66)', () => {
    // 18 % ÷ 12 = 1.5 % a month; with equal months X = 1.015^12 − 1 = 0.195618… → 19.56 %.
    expect(compounded(1015n, 1000n)).toBe('19.56');
    // The annuity 1,000 × 0.015 ÷ (1 − 1.015^−12) = 91.67999… → 91.68; cent-rounded interest makes the 12th 91.66.
    const payments = [...Array<string>(11).fill('91.68'), '91.66'];
    expect(annualPercentageRate('1000', payments)).toBe(compounded(1015n, 1000n));
    expect(annualPercentageRate('1000.00', payments)).toBe('19.56');
    // The true rate lies strictly inside (19.555 %, 19.565 %): the present value is above the credit below it, under it above.
    const floats = payments.map(Number);
    expect(presentLess(1000, floats, 0.19555)).toBeGreaterThan(0);
    expect(presentLess(1000, floats, 0.19565)).toBeLessThan(0);
    // To one decimal, as the Directive's least: 19.6 %.
    expect(annualPercentageRate('1000', payments, 1)).toBe('19.6');
  });

  it('solves cases whose rate is known exactly', () => {
    // One payment after 12 months: 1,100 for 1,000 is 10 % a year exactly.
    expect(annualPercentageRate('1000', [...Array<string>(11).fill('0'), '1100'])).toBe('10.00');
    // One payment after one month: 101 for 100 is 1 % a month, 1.01^12 − 1 = 12.6825… %.
    expect(compounded(101n, 100n)).toBe('12.68');
    expect(annualPercentageRate('100', ['101'])).toBe('12.68');
    // No interest: 3 × 100 for 300.
    expect(annualPercentageRate('300', ['100', '100', '100'])).toBe('0.00');
    // Less paid back than lent: a negative rate, 99 a month later for 100 is 0.99^12 − 1 = −11.36 %.
    expect(annualPercentageRate('100', ['99'])).toBe('-11.36');
    expect(() => annualPercentageRate('0', ['1'])).toThrow(RangeError);
    expect(() => annualPercentageRate('100', [])).toThrow(RangeError);
    expect(() => annualPercentageRate('100', ['0', '0'])).toThrow(RangeError);
  });

  it('states each band’s rate as its annual percentage rate: (1 + rate ÷ 12)^12 − 1', () => {
    // 24 % → 1.02^12; 18 % → 1.015^12; 14 % → (1 + 14/1200)^12 = (1214/1200)^12; 10 % → (1210/1200)^12.
    expect(loanBandApr('24.00')).toBe(compounded(102n, 100n));
    expect(loanBandApr('24.00')).toBe('26.82');
    expect(loanBandApr('18.00')).toBe('19.56');
    expect(loanBandApr('14.00')).toBe(compounded(1214n, 1200n));
    expect(loanBandApr('14.00')).toBe('14.93');
    expect(loanBandApr('10.00')).toBe(compounded(1210n, 1200n));
    expect(loanBandApr('10.00')).toBe('10.47');
    expect(loanBandApr('0')).toBe('0.00');
  });

  it('states the APR of the key fact statement’s own schedule', () => {
    // 1,000 at 18 % over 12 months from 15 January 2026: interest on each month's actual days.
    const kfs = loanSchedule({ amount: '1000', aprPercent: '18.00', months: 12, startDay: day(2026, 1, 15) });
    const floats = kfs.schedule.map((r) => Number(r.total));
    // The 15th is a Sunday in February, March and November 2026 (paid Monday the 16th) and a Saturday
    // in August (paid Monday the 17th): those payments are 1, 1, 2 and 1 days after their month.
    const moved = [1, 1, 0, 0, 0, 0, 2, 0, 0, 1, 0, 0];
    expect(kfs.schedule.map((r, k) => (r.dueDay - addLoanMonths(day(2026, 1, 15), k + 1)) / 86_400_000)).toEqual(moved);
    const presentMoved = (x: number) => floats.reduce((sum, d, k) => sum + d * (1 + x) ** -((k + 1) / 12 + moved[k]! / 365), 0) - 1000;
    // A floating-point bisection on the same equation, to bracket the two-place figure independently.
    let lo = 0;
    let hi = 1;
    for (let k = 0; k < 200; k += 1) {
      const mid = (lo + hi) / 2;
      if (presentMoved(mid) > 0) lo = mid;
      else hi = mid;
    }
    expect(kfs.annualPercentageRate).toBe((lo * 100).toFixed(2));
    // Paid later than on whole months, the same payments cost less a year than they would on them.
    expect(Number(kfs.annualPercentageRate)).toBeLessThan(
      Number(
        annualPercentageRate(
          '1000',
          kfs.schedule.map((r) => r.total),
        ),
      ),
    );
    // A hair from the band's 19.56 %: February's 28 days cost less than a twelfth of a year.
    expect(Math.abs(Number(kfs.annualPercentageRate) - 19.56)).toBeLessThan(0.1);
  });
});
