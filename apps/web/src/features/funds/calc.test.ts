import { describe, expect, it } from 'vitest';
import { amountProblem, estimateUnits, floorDiv, navDayAt, nextBoundary, termInterest, unitsProblem, yieldWorking } from './calc';

// The few figures the fund screens work out themselves, against values worked out by hand.

describe('the estimate of units', () => {
  it('is the amount ÷ the NAV rounded down to 3 decimals', () => {
    // 1000 ÷ 1.2345 = 810.04455…; 810.045 × 1.2345 = 1000.0005 is more than 1000.
    expect(estimateUnits('1000', '1.2345')).toBe('810.044');
    // 100 ÷ 0.9999 = 100.010001…
    expect(estimateUnits('100.00', '0.9999')).toBe('100.010');
    // Exactly divisible: 250 ÷ 1.25 = 200.
    expect(estimateUnits('250', '1.2500')).toBe('200.000');
  });

  it('is nothing without a NAV or a well-formed amount', () => {
    expect(estimateUnits('100', null)).toBeNull();
    expect(estimateUnits('', '1.2')).toBeNull();
    expect(estimateUnits('1.234', '1.2')).toBeNull();
  });

  it('floors without any intermediate rounding', () => {
    // 2 ÷ 3 = 0.6666…: rounding would give 0.667.
    expect(floorDiv('2', '3', 3)).toBe('0.666');
    expect(floorDiv('1', '0', 3)).toBeNull();
  });
});

describe('the purchase rules of the contract', () => {
  it('asks for a purchase amount, then for a well-formed one', () => {
    expect(amountProblem(1, '')).toBe('v.enterPurchaseAmount');
    expect(amountProblem(1, '0')).toBe('v.amountRule');
    expect(amountProblem(1, '12.345')).toBe('v.amountRule');
    expect(amountProblem(1, '12.34')).toBeNull();
    expect(unitsProblem(1, '1.2345')).toBe('v.fundUnits');
    expect(unitsProblem(1, 'all')).toBeNull();
  });
});

describe('the cut-off', () => {
  // 15:00 in New York on 24 November 2026 is 20:00 UTC.
  const cutoff = Date.UTC(2026, 10, 24, 20);
  const p = { cutoffAt: cutoff, orderNavDay: Date.UTC(2026, 10, 24), nextNavDay: Date.UTC(2026, 10, 25) };
  it('gives the NAV day the server named until the cut-off, then the next one', () => {
    expect(navDayAt(p, cutoff - 1)).toBe(Date.UTC(2026, 10, 24));
    expect(navDayAt(p, cutoff)).toBe(Date.UTC(2026, 10, 25));
    expect(navDayAt({ ...p, cutoffAt: null }, cutoff + 1)).toBe(Date.UTC(2026, 10, 24));
  });

  it('is next fetched at the earliest cut-off still ahead', () => {
    const now = Date.UTC(2026, 10, 24, 12);
    const at = (hours: number) => now + hours * 3_600_000;
    expect(nextBoundary([{ cutoffAt: at(-1) }, { cutoffAt: at(8) }, { cutoffAt: at(2) }, { cutoffAt: null }], now)).toBe(at(2));
    expect(nextBoundary([{ cutoffAt: at(-1) }], now)).toBeNull();
  });
});

describe('the deposit terms', () => {
  it('works the 7-day yield out from the last 7 declared incomes', () => {
    // (1.20 + 1.10 + 1.00 + 1.30 + 1.25 + 1.15 + 1.05) = 8.05; 8.05 ÷ 7 × 365 ÷ 10,000 = 0.041975 = 4.1975 %.
    const w = yieldWorking(['1.2000', '1.1000', '1.0000', '1.3000', '1.2500', '1.1500', '1.0500', '9.9999']);
    expect(w.inputs).toHaveLength(7);
    expect(w.sum).toBe('8.0500');
    expect(w.result).toBe('4.1975');
    expect(w.missing).toBe(0);
  });

  it('says how many days the yield still waits for', () => {
    const w = yieldWorking(['1.2', '1.1', '1.0']);
    expect(w.result).toBeNull();
    expect(w.missing).toBe(4);
  });

  it('works a Regular term’s interest out as principal × rate × days ÷ 365', () => {
    // 10,000 × 3 % × 90 ÷ 365 = 73.9726…
    expect(termInterest('10000', '3.00', 90)).toBe('73.97');
    // 500 × 2.5 % × 30 ÷ 365 = 1.02739…
    expect(termInterest('500', '2.50', 30)).toBe('1.03');
    expect(termInterest('', '2.50', 30)).toBeNull();
  });
});
