import { compareDecimal, isDecimal, loanBand, LOAN_SCORE_MAX, plainDecimal, subDecimal, type LoanScoreFactor } from '@tradeapp/contract';
import { formatAmount, formatUtcDay } from '../../ui/format';
import type { LoanState } from './api';

// How the loan queue words a loan, its score and its schedule. Every figure comes from the server as
// a decimal string (the score as computed at application, the schedule the applicant accepted, what
// was repaid from the journals) and is only written out here, never recomputed; the one difference is
// the principal repaid, the amount lent less the principal still owed.

type Tone = 'warning' | 'info' | 'success' | 'danger';

/** The queue's statuses, in the order of the filter. */
export const STATUS_LABELS: Record<LoanState, string> = {
  review: 'In review',
  passed: 'Approved',
  inUse: 'Being repaid',
  repaid: 'Repaid',
  rejected: 'Refused',
};

export const STATUS_TONES: Record<LoanState, Tone> = {
  review: 'warning',
  passed: 'info',
  inUse: 'info',
  repaid: 'success',
  rejected: 'danger',
};

/** Each factor of the score, as the applicant's loan page names it. */
export const FACTOR_LABELS: Record<LoanScoreFactor, string> = {
  identity: 'Identity verified',
  accountAge: 'Account age',
  netDeposits: 'Net deposits',
  tradingRecord: 'Trading record',
  repayment: 'Repayment history',
};

const count = (input: string, one: string, many: string) =>
  `${isDecimal(input) ? plainDecimal(input) : input} ${compareDecimal(input, '1') === 0 ? one : many}`;

/** What a factor was computed from, in words: "240 days", "3,000.00 EUR", "12 positions closed; a liquidation in 90 days". */
export function factorInputText(f: { factor: LoanScoreFactor; input: string; flag: boolean }): string {
  switch (f.factor) {
    case 'identity':
      return compareDecimal(f.input, '0') === 1 ? 'verified' : 'not verified';
    case 'accountAge':
      return count(f.input, 'day', 'days');
    case 'netDeposits':
      return eurText(f.input);
    case 'tradingRecord':
      return `${count(f.input, 'position closed', 'positions closed')}${f.flag ? '; a liquidation in the last 90 days' : ''}`;
    case 'repayment':
      return `${count(f.input, 'loan repaid', 'loans repaid')}${f.flag ? '; an instalment overdue now' : ''}`;
  }
}

/** "652 of 850". */
export const scoreText = (score: number) => `${String(score)} of ${String(LOAN_SCORE_MAX)}`;

/** The band a score falls in, from the contract's table: "limit 3,000.00 EUR at 18.00 % borrowing rate"; "below 580: no loan". */
export function bandText(score: number): string {
  const band = loanBand(score);
  return band ? `limit ${eurText(band.limit)} at ${band.aprPercent} % borrowing rate` : 'below the first band: no loan';
}

/** Euros with their thousands grouped: "12,345.60 EUR"; a dash for none. */
export const eurText = (amount: string | null) => (amount === null ? '—' : `${formatAmount(amount)} EUR`);

/** A nominal (borrowing) rate as the key fact statement states it: "18.00 %"; the APR of the cash flows is another figure (contract `annualPercentageRate`). */
export const aprText = (percent: string) => `${percent} %`;

export const monthsText = (months: number) => `${String(months)} ${months === 1 ? 'month' : 'months'}`;

/** A day (a UTC day's start) as the other pages write dates: "2026-05-04". */
export const dayText = (day: number | null): string => formatUtcDay(day);

export const INSTALMENT_LABELS: Record<'upcoming' | 'due' | 'overdue' | 'paid', string> = {
  upcoming: 'Upcoming',
  due: 'Due',
  overdue: 'Overdue',
  paid: 'Paid',
};

/**
 * The principal repaid so far: the amount lent less the principal still owed. Early repayments reduce
 * the principal without settling an instalment, so the schedule's "paid" figures alone would miss them.
 */
export const principalRepaidText = (loan: { amount: string; outstanding: string }) => eurText(subDecimal(loan.amount, loan.outstanding));

/** "2 of 6 instalments paid". */
export function instalmentsPaidText(schedule: readonly { status: string }[]): string {
  return `${String(schedule.filter((row) => row.status === 'paid').length)} of ${String(schedule.length)} instalments paid`;
}
