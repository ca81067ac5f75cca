import { describe, expect, it } from 'vitest';
import { applyProblem, dueInterest, repayProblem, repaySplit } from './calc';

// What the loan page works out before the investor confirms, against figures worked by hand.

describe('an amount', () => {
  it('is checked by the contract’s rule, then the least loan and what may still be borrowed', () => {
    expect(applyProblem('', { available: '1000.00' })).toEqual({ key: 'v.enterLoanAmount' });
    expect(applyProblem('0', { available: '1000.00' })).toEqual({ key: 'v.amountRule' });
    expect(applyProblem('99.99', { available: '1000.00' })).toEqual({ key: 'e.loanMinAmount', params: { min: '100.00' } });
    expect(applyProblem('1000.01', { available: '1000.00' })).toEqual({ key: 'e.loanOverLimit', params: { available: '1,000.00' } });
    expect(applyProblem('1000', { available: '1000.00' })).toBeNull();
    expect(repayProblem('413.73', '413.72')).toEqual({ key: 'e.loanOverPayoff', params: { payoff: '413.72' } });
    expect(repayProblem('413.72', '413.72')).toBeNull();
  });
});

describe('a repayment’s split', () => {
  it('goes to penalties, then what is due, then interest accrued since, then principal ahead', () => {
    const owed = { penalty: '0.10', due: '208.05', interest: '1.60' };
    expect(repaySplit('0.05', owed)).toEqual({ penalty: '0.05', due: '0.00', interest: '0.00', principal: '0.00' });
    expect(repaySplit('100', owed)).toEqual({ penalty: '0.10', due: '99.90', interest: '0.00', principal: '0.00' });
    expect(repaySplit('210', owed)).toEqual({ penalty: '0.10', due: '208.05', interest: '1.60', principal: '0.25' });
    expect(repaySplit('50', { penalty: '0', due: '0', interest: '4.44' })).toEqual({ penalty: '0', due: '0', interest: '4.44', principal: '45.56' });
  });

  it('counts the interest of instalments due and unpaid, what was paid beyond the penalty going to interest first', () => {
    const row = { n: 1, dueDay: 0, principal: '199.82', total: '208.05' };
    expect(
      dueInterest([
        { ...row, interest: '11.84', penalty: '0.00', paid: '208.05', status: 'paid' },
        { ...row, n: 2, interest: '8.23', penalty: '0.10', paid: '5.10', status: 'overdue' },
        { ...row, n: 3, interest: '4.16', penalty: '0.00', paid: '0.00', status: 'upcoming' },
      ]),
    ).toBe('3.23');
  });
});
