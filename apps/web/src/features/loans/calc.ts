import {
  addDecimal,
  compareDecimal,
  LOAN_MIN_AMOUNT,
  loanSchedule,
  minDecimal,
  subDecimal,
  zLoanApplyInput,
  type LoanInstalment,
  type LoanKeyFacts,
  type LoanProfile,
} from '@tradeapp/contract';
import { formatAmount } from '../../lib/format';

// What the loan page works out itself before the investor confirms: the key fact statement of the
// amount and term typed (the contract's `loanSchedule`, the arithmetic the server books), which
// problem an amount has, and how a repayment would be split, in the server's order. Every other figure is the server's.

export interface Problem {
  key: string;
  params?: Record<string, string>;
}

const DAY = 86_400_000;

/** Today's UTC day start: a loan's schedule starts on the day it is approved, taken to be today. */
export const todayUtc = (now = Date.now()) => Math.floor(now / DAY) * DAY;

const euros = (amount: string) => formatAmount(amount, { grouping: true });

/** An amount's problem by the contract's rule (a missing amount is "Please enter loan or repayment amount"), or null. */
export function amountProblem(amount: string): Problem | null {
  const checked = zLoanApplyInput.shape.amount.safeParse(amount);
  return checked.success ? null : { key: checked.error.issues[0]?.message ?? 'v.amountRule' };
}

/** An application's amount problem: the rule, the least loan, what the caller may still borrow. */
export function applyProblem(amount: string, profile: Pick<LoanProfile, 'available'>): Problem | null {
  const rule = amountProblem(amount);
  if (rule) return rule;
  if (compareDecimal(amount, LOAN_MIN_AMOUNT) === -1) return { key: 'e.loanMinAmount', params: { min: euros(LOAN_MIN_AMOUNT) } };
  if (compareDecimal(amount, profile.available) === 1) return { key: 'e.loanOverLimit', params: { available: euros(profile.available) } };
  return null;
}

/** A repayment's amount problem: the rule, then at most the payoff. */
export function repayProblem(amount: string, payoff: string): Problem | null {
  const rule = amountProblem(amount);
  if (rule) return rule;
  if (compareDecimal(amount, payoff) === 1) return { key: 'e.loanOverPayoff', params: { payoff: euros(payoff) } };
  return null;
}

/** The key fact statement of a loan of `amount` over `months` at `aprPercent`, disbursed today. */
export function keyFacts(amount: string, aprPercent: string, months: number, startDay = todayUtc()): LoanKeyFacts {
  return loanSchedule({ amount, aprPercent, months, startDay });
}

/** What a payment goes to, in the server's order: penalties, what has fallen due, the interest accrued since, the principal ahead. */
export interface RepaySplit {
  penalty: string;
  due: string;
  interest: string;
  principal: string;
}

const positive = (v: string | null) => (v !== null && compareDecimal(v, '0') === 1 ? v : '0');

/**
 * Of a loan's interest accrued, the part of instalments already due and unpaid: each pays its
 * penalty first and then its interest, so what was paid beyond the penalty went to interest first.
 */
export function dueInterest(schedule: readonly LoanInstalment[]): string {
  let total = '0';
  for (const i of schedule) {
    if (i.status !== 'due' && i.status !== 'overdue') continue;
    const toInterest = positive(subDecimal(i.paid, i.penalty));
    total = addDecimal(total, positive(subDecimal(i.interest, toInterest))) ?? total;
  }
  return total;
}

/**
 * How a payment is applied: penalties first, then the instalments due (interest, then principal),
 * then the interest accrued since the last due date, then principal not yet due, which lowers the
 * instalments left.
 */
export function repaySplit(amount: string, owed: { penalty: string; due: string; interest: string }): RepaySplit {
  let rest = amount;
  const take = (part: string) => {
    const x = minDecimal(rest, positive(part));
    rest = subDecimal(rest, x) ?? '0';
    return x;
  };
  const penalty = take(owed.penalty);
  const due = take(owed.due);
  const interest = take(owed.interest);
  return { penalty, due, interest, principal: rest };
}
