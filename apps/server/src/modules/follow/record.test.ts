import { describe, expect, it } from 'vitest';
import { Dec } from '../../lib/decimal';
import { maxDrawdown, navOf, ranking, riskScore, volatility, windowReturn, winRate } from './record';

// An agency's record on a worked example, every figure by hand. Capital 1,000.00; equity at four
// closes 1,000.00, 1,100.00, 990.00, 1,210.00: NAV 1, 1.1, 0.99, 1.21.
const nav = navOf(
  [
    { day: '2026-01-01', equity: '1000.00' },
    { day: '2026-01-02', equity: '1100.00' },
    { day: '2026-01-03', equity: '990.00' },
    { day: '2026-01-04', equity: '1210.00' },
  ],
  '1000.00',
);

describe('an agency’s record', () => {
  it('reads NAV as equity over the starting capital', () => {
    expect(nav.map((p) => p.nav.toFixed())).toEqual(['1', '1.1', '0.99', '1.21']);
    expect(() => navOf([], '0')).toThrow();
  });

  it('reads a window’s return from the last close on or before its first day', () => {
    // 1.21 ÷ 1.1 − 1 = 10 %; 1.21 ÷ 1 − 1 = 21 %; four days back is before the record: none.
    expect(windowReturn(nav, 2)).toBe('10.00');
    expect(windowReturn(nav, 3)).toBe('21.00');
    expect(windowReturn(nav, 4)).toBeNull();
    expect(windowReturn([], 7)).toBeNull();
  });

  it('measures the largest fall from a peak, over a window or all of it', () => {
    // From the peak 1.1 to 0.99: 0.11 ÷ 1.1 = 10 %. From the 3rd on, 0.99 then 1.21: no fall.
    expect(maxDrawdown(nav)).toBe('0.1000');
    expect(maxDrawdown(nav, 1)).toBe('0.0000');
    expect(maxDrawdown([])).toBe('0.0000');
  });

  it('counts the positions closed with a positive net result', () => {
    // A result of exactly zero is no win.
    expect(winRate(['12.50', '-3.00', '0.00', '4.01'])).toBe('0.5000');
    expect(winRate([])).toBeNull();
  });

  it('annualises the sample deviation of calendar-day NAV returns with √365', () => {
    // Returns 0.1, −0.1 and 0.2222…; mean 0.0740…; sample variance 0.0264609…; deviation 0.1626681;
    // × √365 (19.1049732) = 3.1078. (With √252, the trading-day factor, it read 2.5823: 1.20 times too calm.)
    expect(volatility(nav)).toBe('3.1078');
    expect(volatility(nav.slice(0, 2))).toBeNull();
  });

  it('reads the volatility of a series whose deviation is known in closed form', () => {
    // Daily returns +1 %, −1 %, +1 %, −1 % (NAV 1, 1.01, 0.9999, 1.009899, 0.99980001): mean 0, sample
    // variance 4 × 0.0001 ÷ 3, deviation 0.01 × √(4/3) = 0.011547005; × √365 = 0.2206...: 0.01 × √(1460/3) = 0.01 × 22.0605...
    const days = ['1', '1.01', '0.9999', '1.009899', '0.99980001'].map((v, k) => ({ day: `2026-02-0${k + 1}`, equity: v }));
    const expected = new Dec(1460).div(3).sqrt().mul('0.01');
    expect(volatility(navOf(days, '1'))).toBe(expected.toFixed(4));
    expect(expected.toFixed(4)).toBe('0.2206');
  });

  it('scores risk by the worse of volatility and drawdown', () => {
    // Volatility 3 % is step 2; a 10 % drawdown step 4.
    expect(riskScore('0.0300', '0.1000')).toBe(4);
    expect(riskScore(null, '0.0000')).toBe(1);
    expect(riskScore('0.9000', '0.0100')).toBe(10);
    expect(riskScore('0.0200', '0.0200')).toBe(1);
  });

  it('ranks by the 90-day return within the drawdown floor, ties by the smaller drawdown', () => {
    const agencies = [
      { id: 1, return90: '30.00', drawdown90: '0.3000' }, // beyond the 25 % floor
      { id: 2, return90: '20.00', drawdown90: '0.1000' },
      { id: 3, return90: '20.00', drawdown90: '0.0500' },
      { id: 4, return90: null, drawdown90: '0.0000' }, // younger than 90 days
      { id: 5, return90: '5.00', drawdown90: '0.2500' }, // at the floor: in
      { id: 6, return90: '-3.00', drawdown90: '0.0100' },
    ];
    expect(ranking(agencies).map((a) => a.id)).toEqual([3, 2, 5]);
  });
});
