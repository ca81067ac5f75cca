import { describe, expect, it } from 'vitest';
import { Dec } from '../../lib/decimal';
import { moneyWeighted, timeWeighted } from './returns';

const days = (...d: Array<[flow: string, value: string]>) => d.map(([flow, value]) => ({ flow: new Dec(flow), value: new Dec(value) }));

describe('time- and money-weighted returns', () => {
  it('without flows both are the simple return of the period', () => {
    const d = days(['0', '104'], ['0', '99'], ['0', '110']);
    expect(timeWeighted(new Dec(100), d)?.toFixed(8)).toBe('0.10000000');
    expect(moneyWeighted(new Dec(100), d)?.toFixed(8)).toBe('0.10000000');
    // A loss too: 250 → 200 is −20%.
    expect(timeWeighted(new Dec(250), days(['0', '200']))?.toFixed(8)).toBe('-0.20000000');
    expect(moneyWeighted(new Dec(250), days(['0', '200']))?.toFixed(8)).toBe('-0.20000000');
  });

  it('a flow in the middle: the time-weighted return chains the days, the money-weighted one weighs the money', () => {
    // 100 → 110 on day 1 (+10%); 100 more at the start of day 2, which ends at 264: (264 − 110 − 100) ÷ 210.
    const d = days(['0', '110'], ['100', '264']);
    // 1.1 × 264 ÷ 210 − 1 = 0.382857142857…
    expect(timeWeighted(new Dec(100), d)?.toFixed(8)).toBe('0.38285714');
    // 100g² + 100g = 264 has g = 1.2 a day: over the two days 1.2² − 1 = 0.44.
    expect(moneyWeighted(new Dec(100), d)?.toFixed(8)).toBe('0.44000000');
  });

  it('a new account: the first deposit is a flow at the start of its day', () => {
    // 1,000 in on day 1, worth 1,050 at its end; 500 out on day 2 which ends at 577.5.
    const d = days(['1000', '1050'], ['-500', '577.5']);
    // Day 1: 50 ÷ 1,000 = 5%; day 2: 27.5 ÷ 550 = 5%: 1.05² − 1.
    expect(timeWeighted(new Dec(0), d)?.toFixed(8)).toBe('0.10250000');
    // 1,000g² − 500g = 577.5 has g = 1.05.
    expect(moneyWeighted(new Dec(0), d)?.toFixed(8)).toBe('0.10250000');
    // Days before the first deposit change neither: nothing was invested in them.
    const later = [...days(['0', '0'], ['0', '0']), ...d];
    expect(timeWeighted(new Dec(0), later)?.toFixed(8)).toBe('0.10250000');
    expect(moneyWeighted(new Dec(0), later)?.toFixed(8)).toBe('0.10250000');
  });

  it('nothing invested: neither is defined', () => {
    expect(timeWeighted(new Dec(0), days(['0', '0'], ['0', '0']))).toBeNull();
    expect(moneyWeighted(new Dec(0), days(['0', '0'], ['0', '0']))).toBeNull();
    expect(moneyWeighted(new Dec(0), [])).toBeNull();
  });
});
