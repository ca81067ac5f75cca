import { describe, expect, it } from 'vitest';
import { amountProblem, formatDay, formatDrawdown, formatNav, formatReturn, isHeld, navLines, redeemEstimate, sumOf, unitsProblem } from './calc';

const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 2);

describe('the AI quantify screens’ own arithmetic', () => {
  it('pays a redemption down to the cent, in exact decimals', () => {
    expect(redeemEstimate('92.301234', '1.083412')).toBe('100.00');
    expect(redeemEstimate('10', '1.083412')).toBe('10.83');
    expect(redeemEstimate('0.000001', '1.999999')).toBe('0.00');
    expect(redeemEstimate('10', null)).toBeNull();
    expect(sumOf(['100.10', '0.2', '-0.3'])).toBe('100.00');
  });

  it('checks amounts and units by the contract’s rules', () => {
    expect(amountProblem(1, '')).toBe('v.enterPurchaseAmount');
    expect(amountProblem(1, '1.234')).toBe('v.amountRule');
    expect(amountProblem(1, '0')).toBe('v.amountRule');
    expect(amountProblem(1, '100.50')).toBeNull();
    expect(unitsProblem(1, '')).toBe('v.poolUnits');
    expect(unitsProblem(1, '1.1234567')).toBe('v.poolUnits');
    expect(unitsProblem(1, '1.123456')).toBeNull();
    expect(unitsProblem(1, 'all')).toBeNull();
  });

  it('formats a UTC day, a NAV, a return and a drawdown; a missing figure as a dash', () => {
    expect(formatDay(START)).toBe('02/01/2026');
    expect(formatDay(START / 1000)).toBe('02/01/2026');
    expect(formatNav('1.0834125')).toBe('€1.083413');
    expect(formatNav(null)).toBe('—');
    expect(formatReturn('-0.005')).toBe('-0.01%');
    expect(formatReturn(null)).toBe('—');
    expect(formatDrawdown('7.354')).toBe('7.35%');
    expect(isHeld({ units: '0', pending: '0.00' })).toBe(false);
    expect(isHeld({ units: '0', pending: '5.00' })).toBe(true);
  });

  it('draws the NAV as a backtested and a live line joined where it went live, and the benchmark under both', () => {
    const day = (i: number, backtested: boolean) => ({ day: START + i * DAY, nav: `1.0${i}`, benchmark: `1.00${i}`, fee: '0', backtested });
    const lines = navLines([day(0, true), day(1, true), day(1, true), day(2, false), day(3, false)]);
    expect(lines.backtested.map((p) => p.value)).toEqual([1, 1.01]);
    expect(lines.live.map((p) => p.value)).toEqual([1.01, 1.02, 1.03]);
    expect(lines.benchmark).toHaveLength(4);
    expect(lines.lastBacktested).toBe(START + DAY);
    expect(lines.firstLive).toBe(START + 2 * DAY);
    expect(lines.live[1]?.time).toBe((START + 2 * DAY) / 1000);
  });
});
