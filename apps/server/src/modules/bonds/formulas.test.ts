import { describe, expect, it } from 'vitest';
import { isoToDay } from '../../market/calendars';
import { bondSettlementDay, couponDays, type BondTerms } from '../../market/bondTerms';
import { Dec } from '../../lib/decimal';
import { accruedInterest, bondPayDay, cashFlows, presentValue, yieldToMaturity } from './formulas';

const day = isoToDay;
const note = (couponRate: string, maturity: string, frequency: 0 | 1 | 2 = 2): BondTerms => ({
  symbol: 'X',
  currency: 'USD',
  couponRate,
  frequency,
  maturity: day(maturity),
});

describe('the coupon calendar', () => {
  it('counts back from maturity in whole periods, keeping month ends', () => {
    expect(couponDays(note('4.125', '2036-11-15'), day('2026-12-08')).slice(0, 3)).toEqual([day('2026-11-15'), day('2027-05-15'), day('2027-11-15')]);
    // 31 October: every date is a month's last day (30 April).
    expect(couponDays(note('3.5', '2028-10-31'), day('2026-12-08')).slice(0, 3)).toEqual([day('2026-10-31'), day('2027-04-30'), day('2027-10-31')]);
    expect(couponDays(note('2.6', '2036-02-15', 1), day('2026-12-08')).slice(0, 2)).toEqual([day('2026-02-15'), day('2027-02-15')]);
  });
});

describe('accrued interest, Actual/Actual (ICMA)', () => {
  it('a Treasury note between coupons: 4.125 % ÷ 2 × 23 days of a 181-day period', () => {
    // 15 November 2026 to 8 December 2026 is 23 days; to 15 May 2027, 181.
    expect(accruedInterest(note('4.125', '2036-11-15'), day('2026-12-08')).toFixed(12)).toBe('0.262085635359');
    expect(accruedInterest(note('4.125', '2036-11-15'), day('2026-12-08')).toFixed()).toBe(new Dec('2.0625').mul(23).div(181).toFixed());
  });

  it('a note maturing at a month end: 1.75 × 38 ÷ 181', () => {
    expect(accruedInterest(note('3.5', '2028-10-31'), day('2026-12-08')).toFixed()).toBe(new Dec('1.75').mul(38).div(181).toFixed());
  });

  it('an annual euro bond: 2.60 × 296 ÷ 365', () => {
    expect(accruedInterest(note('2.6', '2036-02-15', 1), day('2026-12-08')).toFixed()).toBe(new Dec('2.6').mul(296).div(365).toFixed());
  });

  it('nothing on a coupon date, for a bill, or at maturity', () => {
    expect(accruedInterest(note('4.125', '2036-11-15'), day('2027-05-15')).toFixed()).toBe('0');
    expect(accruedInterest(note('0', '2027-03-04', 0), day('2026-12-08')).toFixed()).toBe('0');
    expect(accruedInterest(note('4.125', '2036-11-15'), day('2036-11-15')).toFixed()).toBe('0');
  });
});

describe('to the settlement day', () => {
  it('a note bought the business day before a coupon settles on it: nothing accrued, and the coupon is the seller’s', () => {
    const us2y = note('3.5', '2028-10-31');
    // Thursday 29 April 2027, 11:00 in New York: T+1 is Friday 30 April, a coupon date.
    const settles = bondSettlementDay('USD', Date.parse('2027-04-29T15:00:00Z'));
    expect(settles).toBe(day('2027-04-30'));
    expect(accruedInterest(us2y, settles).toFixed()).toBe('0');
    expect(cashFlows(us2y, settles)[0]!.day).toBe(day('2027-10-31'));
    // A day earlier it settles on the 29th: 180 of the 181 days since 31 October, and the coupon of the 30th is the buyer's.
    const earlier = bondSettlementDay('USD', Date.parse('2027-04-28T15:00:00Z'));
    expect(accruedInterest(us2y, earlier).toFixed()).toBe(new Dec('1.75').mul(180).div(181).toFixed());
    expect(cashFlows(us2y, earlier)[0]!.day).toBe(day('2027-04-30'));
  });
});

describe('cash flows and present value', () => {
  it('leaves the coupon of the settlement day to the seller and pays principal with the last coupon', () => {
    const flows = cashFlows(note('4', '2027-11-15'), day('2026-11-15'));
    expect(flows.map((f) => [f.day, f.amount.toFixed()])).toEqual([
      [day('2027-05-15'), '2'],
      [day('2027-11-15'), '102'],
    ]);
    expect(cashFlows(note('0', '2027-03-04', 0), day('2026-12-08')).map((f) => f.amount.toFixed())).toEqual(['100']);
  });

  it('discounts each flow at its own years on Actual/365', () => {
    const flows = cashFlows(note('4', '2027-11-15'), day('2026-11-15'));
    // 181 and 365 days: 2 × 1.04^(−181/365) + 102 × 1.04^(−1)
    const pv = presentValue(flows, day('2026-11-15'), (t) => new Dec('1.04').pow(t.neg()));
    expect(pv.toFixed(10)).toBe(
      new Dec(2)
        .mul(new Dec('1.04').pow(new Dec(-181).div(365)))
        .add(new Dec(102).div('1.04'))
        .toFixed(10),
    );
  });
});

describe('yield to maturity', () => {
  it('a bill: (100 − price) ÷ price × 365 ÷ days', () => {
    // 8 December 2026 to 4 March 2027: 86 days.
    const y = yieldToMaturity(note('0', '2027-03-04', 0), day('2026-12-08'), '99.05')!;
    expect(y.toFixed(12)).toBe(new Dec('0.95').div('99.05').mul(365).div(86).toFixed(12));
    // 0.95 ÷ 99.05 = 0.0095911156; × 365 ÷ 86 = 0.0407065.
    expect(y.mul(100).toFixed(4)).toBe('4.0706');
  });

  it('a note at par on a coupon date yields its coupon', () => {
    expect(yieldToMaturity(note('4', '2028-11-15'), day('2026-11-15'), '100')!.toFixed(10)).toBe('0.0400000000');
  });

  it('one coupon left: 102 ÷ (1 + y/2)^w = price, solved by hand', () => {
    // On 8 December 2026, 158 of the period's 181 days are left: w = 158/181.
    const y = yieldToMaturity(note('4', '2027-05-15'), day('2026-12-08'), '101.5')!;
    const w = new Dec(158).div(181);
    expect(y.toFixed(10)).toBe(new Dec(102).div('101.5').pow(new Dec(1).div(w)).sub(1).mul(2).toFixed(10));
  });

  it('reprices to the dirty price it was solved from, even far from the coupon', () => {
    const thirty = note('4.625', '2056-11-15');
    const settle = day('2026-12-08');
    const flows = cashFlows(thirty, settle);
    for (const dirty of ['5', '20', '97.35', '150', '300']) {
      const y = yieldToMaturity(thirty, settle, dirty)!;
      // Σ CF × (1 + y/2)^(−(w + k)), with w = 158/181.
      const v = new Dec(1).div(new Dec(1).add(y.div(2)));
      const w = new Dec(158).div(181);
      const price = flows.reduce((sum, f, k) => sum.add(f.amount.mul(v.pow(w.add(k)))), new Dec(0));
      expect(price.sub(dirty).abs().toNumber(), dirty).toBeLessThan(1e-9);
    }
  });

  it('has no yield when nothing is left to receive', () => {
    expect(yieldToMaturity(note('4', '2026-11-15'), day('2026-11-15'), '100')).toBeNull();
  });
});

describe('the payment day', () => {
  it("pays a coupon or a maturity that falls on a day off on the next business day of the bond's market", () => {
    // Saturday 15 August 2026: Monday the 17th, for a Treasury and a Bund alike.
    expect(bondPayDay('USD', day('2026-08-15'))).toBe(day('2026-08-17'));
    expect(bondPayDay('EUR', day('2026-08-15'))).toBe(day('2026-08-17'));
    // Columbus Day (12 October 2026) closes SIFMA, not TARGET; Good Friday 2026 settles for neither.
    expect(bondPayDay('USD', day('2026-10-12'))).toBe(day('2026-10-13'));
    expect(bondPayDay('EUR', day('2026-10-12'))).toBe(day('2026-10-12'));
    expect(bondPayDay('USD', day('2026-04-03'))).toBe(day('2026-04-06'));
    expect(bondPayDay('EUR', day('2026-04-03'))).toBe(day('2026-04-07'));
    // A business day stays; the amount is the period's coupon whatever the day (cashFlows are unadjusted).
    expect(bondPayDay('USD', day('2026-10-30'))).toBe(day('2026-10-30'));
  });
});
