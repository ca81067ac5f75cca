// Over 400 lines: the loan calls share the score, the key fact statement and the schedule's formulas, written once here for the server and both apps.
import { z } from 'zod';
import { adjustDay } from '../calendar/calendar';
import { AMOUNT_PATTERN, pageOf } from '../fields';
import { route } from '../route';
import { zId, zPaging, zReason } from './common';
import { zDecimal } from './market';

// Loans (decision 0022): a credit score from 300 to 850, explained factor by factor, sets the limit
// and the APR. The investor accepts a key fact statement (amount, APR, instalment, total, schedule,
// penalty, no prepayment charge) before applying; an operator approves (the amount is disbursed to
// the funding account at once) or refuses with a reason. Interest accrues daily on the outstanding
// principal; instalments fall due monthly; a payment covers penalty, then interest, then principal.
// All in euros, from and to the funding account.

export const LOAN_SCORE_MIN = 300;
export const LOAN_SCORE_MAX = 850;

/** The factors of the score and the most points each adds to LOAN_SCORE_MIN (they sum to 550). */
export const LOAN_SCORE_FACTORS = {
  /** Identity verified (KYC approved): all or nothing. */
  identity: 150,
  /** Account age: 100 × days ÷ 365, at most 100. */
  accountAge: 100,
  /** Net deposits (deposits − withdrawals, euros): 150 × net ÷ 10,000, at most 150, at least 0. */
  netDeposits: 150,
  /** Trading record: 5 per position closed, at most 100; 0 with a liquidation in the last 90 days. */
  tradingRecord: 100,
  /** Repayment history: 50 with no loan yet; 50 per loan repaid, at most 50; 0 with an instalment ever overdue more than 30 days, −25 with one overdue now. */
  repayment: 50,
} as const;
export type LoanScoreFactor = keyof typeof LOAN_SCORE_FACTORS;
export const LOAN_SCORE_FACTOR_NAMES = Object.keys(LOAN_SCORE_FACTORS) as LoanScoreFactor[];

/**
 * The score's band sets the most one may owe and the borrowing rate; below the first band there is
 * no loan. `aprPercent` is the nominal borrowing rate a year (the name the wire has always had): the
 * interest is that rate ÷ 365 a day. The annual percentage rate of the Consumer Credit Directive is
 * higher (`loanBandApr`, and each loan's own `annualPercentageRate`).
 */
export const LOAN_BANDS = [
  { minScore: 580, limit: '1000', aprPercent: '24.00' },
  { minScore: 640, limit: '3000', aprPercent: '18.00' },
  { minScore: 700, limit: '10000', aprPercent: '14.00' },
  { minScore: 760, limit: '25000', aprPercent: '10.00' },
] as const;
export const LOAN_MIN_AMOUNT = '100';
export const LOAN_TERMS_MONTHS = [3, 6, 12] as const;
/** An overdue instalment carries this penalty per day, percent of what is overdue of it. */
export const LOAN_PENALTY_DAILY_PERCENT = '0.05';

/** The band of a score, or null below the first. */
export function loanBand(score: number): (typeof LOAN_BANDS)[number] | null {
  let band: (typeof LOAN_BANDS)[number] | null = null;
  for (const b of LOAN_BANDS) if (score >= b.minScore) band = b;
  return band;
}

/** review: waiting for an operator; passed: approved and disbursed, nothing repaid yet; inUse: being repaid; repaid; rejected. */
export const LOAN_STATUSES = ['review', 'passed', 'inUse', 'repaid', 'rejected'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

export const zLoanFactor = z.object({
  factor: z.enum(LOAN_SCORE_FACTOR_NAMES as [LoanScoreFactor, ...LoanScoreFactor[]]),
  points: z.number().int(),
  max: z.number().int(),
  /** What it was computed from (days, euros, positions closed, loans repaid…), as a decimal string. */
  input: zDecimal,
  /** A second input where the rule has one (liquidations in 90 days; an instalment overdue now). */
  flag: z.boolean(),
});

/** The caller's score and what it allows. */
export const zLoanProfile = z.object({
  score: z.number().int(),
  factors: z.array(zLoanFactor),
  /** The band's limit and nominal borrowing rate, or null below it; `available` = limit − what is still owed. */
  limit: zDecimal,
  available: zDecimal,
  aprPercent: zDecimal.nullable(),
  /** The band's annual percentage rate (`loanBandApr`: monthly instalments at the nominal rate ÷ 12), or null below it. */
  annualPercentageRate: zDecimal.nullable(),
  terms: z.array(z.number().int()),
  penaltyDailyPercent: zDecimal,
  /** An application waiting for review: a second is refused. */
  inReview: z.boolean(),
});
export type LoanProfile = z.infer<typeof zLoanProfile>;

export const LOAN_INSTALMENT_STATUSES = ['upcoming', 'due', 'overdue', 'paid'] as const;

/** One instalment: its day, what it is of, what was paid of it. */
export const zLoanInstalment = z.object({
  n: z.number().int(),
  dueDay: z.number().int(),
  principal: zDecimal,
  interest: zDecimal,
  total: zDecimal,
  /** Penalty accrued on it while overdue. */
  penalty: zDecimal,
  paid: zDecimal,
  status: z.enum(LOAN_INSTALMENT_STATUSES),
});
export type LoanInstalment = z.infer<typeof zLoanInstalment>;

const zLoanFields = z.object({
  id: z.number().int(),
  status: z.enum(LOAN_STATUSES),
  amount: zDecimal,
  months: z.number().int(),
  /** The nominal borrowing rate a year (see LOAN_BANDS). */
  aprPercent: zDecimal,
  /** The score at application, with its factors (what the operator saw). */
  score: z.number().int(),
  factors: z.array(zLoanFactor),
  /** The monthly instalment and the total to repay as the key fact statement stated them. */
  instalment: zDecimal,
  totalRepay: zDecimal,
  /** Principal still owed, interest accrued and not yet paid, penalties not yet paid. */
  outstanding: zDecimal,
  accruedInterest: zDecimal,
  penalty: zDecimal,
  /** Some instalment is overdue. */
  overdue: z.boolean(),
  schedule: z.array(zLoanInstalment),
  /** The refusal's reason. */
  reason: z.string().nullable(),
  longCreateTime: z.number().int(),
  longAuditTime: z.number().int().nullable(),
  repaidTimestamp: z.number().int().nullable(),
});

export const zLoan = zLoanFields.extend({
  /** The annual percentage rate of the key fact statement's schedule (`annualPercentageRate`), percent to two places. */
  annualPercentageRate: zDecimal,
});
export type Loan = z.infer<typeof zLoan>;

export const zLoanRepayment = z.object({
  id: z.number().int(),
  loanId: z.number().int(),
  amount: zDecimal,
  /** How it was split: penalty first, then interest, then principal. */
  penalty: zDecimal,
  interest: zDecimal,
  principal: zDecimal,
  createTimeTimestamp: z.number().int(),
});
export type LoanRepayment = z.infer<typeof zLoanRepayment>;

/** What is due today, exactly: overdue instalments and their penalties plus today's instalment; and the payoff. */
export const zLoanDue = z.object({
  loanId: z.number().int().nullable(),
  due: zDecimal,
  overdue: zDecimal,
  penalty: zDecimal,
  /** Principal + interest accrued to today + penalties: repays the loan in full, without any charge. */
  payoff: zDecimal,
  nextDueDay: z.number().int().nullable(),
  nextDueAmount: zDecimal.nullable(),
});
export type LoanDue = z.infer<typeof zLoanDue>;

/** The specification's "enter loan or repayment amount" for a missing amount; the amount rule otherwise. */
const zLoanAmount = z
  .string({ error: 'v.enterLoanAmount' })
  .trim()
  .min(1, { error: 'v.enterLoanAmount' })
  .regex(AMOUNT_PATTERN, { error: 'v.amountRule' })
  .refine((v) => /[1-9]/.test(v), { error: 'v.amountRule' });

export const zLoanApplyInput = z.object({
  amount: zLoanAmount,
  months: z.coerce
    .number({ error: 'v.fillRequired' })
    .int()
    .refine((m) => (LOAN_TERMS_MONTHS as readonly number[]).includes(m), { error: 'v.loanTerm' }),
  /** The nominal borrowing rate the key fact statement showed: refused if the caller's band changed since. */
  aprPercent: zDecimal,
  /** The key fact statement was read and accepted. */
  accepted: z.literal(true, { error: 'v.loanAccept' }),
});
export type LoanApplyInput = z.input<typeof zLoanApplyInput>;

export const zLoanRepayInput = z.object({
  loanId: z.coerce.number().int().positive(),
  amount: zLoanAmount,
});

export const loanRoutes = {
  loanProfile: route({
    method: 'GET',
    path: '/loan/profile',
    auth: 'user',
    tag: 'loans',
    summary:
      "The caller's credit score factor by factor, the limit, nominal borrowing rate and annual percentage rate it allows, the terms and the overdue penalty. Not in the specification",
    request: z.object({}),
    response: zLoanProfile,
  }),
  loanApply: route({
    method: 'POST',
    path: '/loan/apply',
    auth: 'user',
    tag: 'loans',
    summary: 'Apply for a loan within the limit, having accepted its key fact statement; it waits for an operator’s review',
    request: zLoanApplyInput,
    response: zLoan,
    idempotency: 'required',
    rateLimit: { max: 10, windowSeconds: 60 },
  }),
  loanRepay: route({
    method: 'POST',
    path: '/loan/applyRepay',
    auth: 'user',
    tag: 'loans',
    summary: 'Repay any amount up to the payoff from the funding account, at any time and without charge: penalty first, then interest, then principal',
    request: zLoanRepayInput,
    response: zLoan,
    idempotency: 'required',
    rateLimit: { max: 30, windowSeconds: 60 },
  }),
  loanDue: route({
    method: 'GET',
    path: '/loan/shouldRepayAmount',
    auth: 'user',
    tag: 'loans',
    summary: 'Exactly what is due today on a loan (the caller’s oldest loan in use when none is named), and its payoff',
    request: z.object({ loanId: z.coerce.number().int().positive().optional() }),
    response: zLoanDue,
  }),
  loanList: route({
    method: 'POST',
    path: '/loan/applyList',
    auth: 'user',
    tag: 'loans',
    summary: "The caller's loans, newest first, each with its schedule",
    request: z.object({ ...zPaging, status: z.enum(LOAN_STATUSES).optional() }),
    response: pageOf(zLoan),
  }),
  loanRepayments: route({
    method: 'POST',
    path: '/loan/repayList',
    auth: 'user',
    tag: 'loans',
    summary: "The caller's repayments, newest first, each split into penalty, interest and principal",
    request: z.object({ ...zPaging, loanId: z.coerce.number().int().positive().optional() }),
    response: pageOf(zLoanRepayment),
  }),
};

// The back office's loan keeps the fields it had (its screens are the back office's to change).
export const zLoanAdmin = zLoanFields.extend({ userId: z.number().int(), userName: z.string(), email: z.string().nullable() });

export const loanOperatorRoutes = {
  operatorLoans: route({
    method: 'GET',
    path: '/operator/loans',
    auth: 'operator',
    tag: 'admin',
    summary: 'The loans, those in review oldest first, with the applicant’s score explanation and the key fact statement they accepted',
    request: z.object({ ...zPaging, status: z.enum(LOAN_STATUSES).optional() }),
    response: pageOf(zLoanAdmin),
  }),
  operatorLoanApprove: route({
    method: 'POST',
    path: '/operator/loans/:id/approve',
    auth: 'operator',
    tag: 'admin',
    summary: 'Approve a loan in review with a reason: the amount is disbursed to the applicant’s funding account at once and its schedule starts',
    params: zId,
    request: zReason,
    response: zLoanAdmin,
  }),
  operatorLoanRefuse: route({
    method: 'POST',
    path: '/operator/loans/:id/refuse',
    auth: 'operator',
    tag: 'admin',
    summary: 'Refuse a loan in review with a reason, which the applicant sees',
    params: zId,
    request: zReason,
    response: zLoanAdmin,
  }),
};

// --- The key fact statement's arithmetic and the score's points, shared by the server (which books
// them) and the screens (which show them before the user accepts), so both state the same cent.
// Money is handled as BigInt cents: the contract imports only zod.

const DAY = 86_400_000;
const PLAIN_DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** A decimal string as an integer count of 10^-scale units, exactly; throws on anything else. */
function scaled(text: string, scale: number): bigint {
  const m = PLAIN_DECIMAL.exec(String(text).trim());
  if (!m) throw new TypeError(`not a decimal: ${text}`);
  const frac = m[3] ?? '';
  const digits = BigInt(`${m[2]}${frac}`);
  const extra = scale - frac.length;
  let value: bigint;
  if (extra >= 0) value = digits * 10n ** BigInt(extra);
  else {
    const unit = 10n ** BigInt(-extra);
    if (digits % unit !== 0n) throw new RangeError(`more than ${scale} decimals: ${text}`);
    value = digits / unit;
  }
  return m[1] ? -value : value;
}

/** The APR as a fraction num / den of one (24.00 % → 2400 / 10000). */
function aprFraction(aprPercent: string): { num: bigint; den: bigint } {
  const m = PLAIN_DECIMAL.exec(String(aprPercent).trim());
  if (!m || m[1]) throw new TypeError(`not an APR: ${aprPercent}`);
  const frac = m[3] ?? '';
  return { num: BigInt(`${m[2]}${frac}`), den: 100n * 10n ** BigInt(frac.length) };
}

/** num / den rounded half up (away from zero) to an integer; den > 0. */
function divHalfUp(num: bigint, den: bigint): bigint {
  const negative = num < 0n;
  const abs = negative ? -num : num;
  let q = abs / den;
  if ((abs % den) * 2n >= den) q += 1n;
  return negative ? -q : q;
}

/** Cents as a decimal string with two places. */
function centsToDecimal(cents: bigint): string {
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** A money amount (at most two decimals) in cents. */
function decimalToCents(amount: string): bigint {
  return scaled(amount, 2);
}

/**
 * Interest on `principalDays` (the sum over days of the principal owed that day, euros × days) at
 * the APR: principalDays × APR ÷ 365, rounded half up to the cent. The server accrues the principal
 * of each day exactly and rounds once, when the instalment falls due, so a period with a constant
 * principal P of d days costs round(P × APR × d ÷ 365).
 */
export function loanInterest(principalDays: string, aprPercent: string): string {
  const { num, den } = aprFraction(aprPercent);
  // principalDays carries at most 2 decimals (cents × whole days).
  return centsToDecimal(divHalfUp(scaled(principalDays, 2) * num, den * 365n));
}

/** The penalty of one day on an overdue amount: amount × LOAN_PENALTY_DAILY_PERCENT ÷ 100, exact (6 decimals). */
export function loanDailyPenalty(overdue: string): string {
  // cents × hundredths of a percent = millionths of a euro
  const micro = decimalToCents(overdue) * scaled(LOAN_PENALTY_DAILY_PERCENT, 2);
  const negative = micro < 0n;
  const digits = (negative ? -micro : micro).toString().padStart(7, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -6)}.${digits.slice(-6)}`;
}

/**
 * The annuity instalment that repays `principal` in `count` equal monthly payments at APR ÷ 12 a
 * month: P × r ÷ (1 − (1 + r)^−count), rounded half up to the cent (P ÷ count at a zero rate).
 */
export function loanAnnuity(principal: string, aprPercent: string, count: number): string {
  if (count < 1) throw new RangeError('count must be at least 1');
  const p = decimalToCents(principal);
  const { num, den } = aprFraction(aprPercent);
  if (num === 0n) return centsToDecimal(divHalfUp(p, BigInt(count)));
  // r = num / (12·den); (1 + r)^n = (12·den + num)^n / (12·den)^n
  const d = 12n * den;
  const grown = (d + num) ** BigInt(count);
  const base = d ** BigInt(count);
  return centsToDecimal(divHalfUp(p * num * grown, d * (grown - base)));
}

/** The UTC start (ms) of the day that is `months` calendar months after `startDay`, on its day of month or the month's last day. */
export function addLoanMonths(startDay: number, months: number): number {
  const start = new Date(startDay);
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(start.getUTCDate(), lastDay));
}

/** The due days of a loan started on `startDay`: monthly, on its day of month clamped to the month's end. */
export function loanDueDays(startDay: number, months: number): number[] {
  return Array.from({ length: months }, (_, i) => addLoanMonths(startDay, i + 1));
}

/** Euro loans fall due on TARGET business days; Xetra's settlement days are those. */
export const LOAN_CALENDAR = 'XETRA' as const;

/**
 * The days the instalments are paid on: each due day (loanDueDays) moved Modified Following onto a
 * business day, as LMA facilities move their interest periods: to the next business day, unless that
 * is in the next month, then to the one before. Each period's interest runs to the day it is paid.
 */
export function loanPaymentDays(startDay: number, months: number): number[] {
  return loanDueDays(startDay, months).map((d) => adjustDay(LOAN_CALENDAR, Math.round(d / DAY), 'modifiedFollowing') * DAY);
}

export interface LoanScheduleRow {
  n: number;
  dueDay: number;
  /** Actual days of interest in the period that ends on dueDay. */
  days: number;
  principal: string;
  interest: string;
  total: string;
  /** Principal still owed after this instalment. */
  balance: string;
}

/**
 * Instalments that repay `principal`, owed from `fromDay`, on `dueDays`: each the annuity
 * `instalment` (computed from the monthly rate when not given), its interest the period's actual
 * days at the APR (loanInterest), its principal the rest; the last clears what remains.
 */
export function loanInstalments(args: { principal: string; aprPercent: string; fromDay: number; dueDays: number[]; instalment?: string }): LoanScheduleRow[] {
  const { aprPercent, fromDay, dueDays } = args;
  if (dueDays.length === 0) return [];
  const instalment = decimalToCents(args.instalment ?? loanAnnuity(args.principal, aprPercent, dueDays.length));
  let balance = decimalToCents(args.principal);
  let previous = fromDay;
  return dueDays.map((dueDay, i) => {
    const days = Math.round((dueDay - previous) / DAY);
    previous = dueDay;
    const interest = decimalToCents(loanInterest(centsToDecimal(balance * BigInt(days)), aprPercent));
    const last = i === dueDays.length - 1;
    let principal = last ? balance : instalment - interest;
    if (principal > balance) principal = balance;
    if (principal < 0n) principal = 0n;
    balance -= principal;
    return {
      n: i + 1,
      dueDay,
      days,
      principal: centsToDecimal(principal),
      interest: centsToDecimal(interest),
      total: centsToDecimal(principal + interest),
      balance: centsToDecimal(balance),
    };
  });
}

export interface LoanKeyFacts {
  instalment: string;
  totalRepay: string;
  totalInterest: string;
  /** The annual percentage rate of the schedule (`annualPercentageRate`), percent to two places. */
  annualPercentageRate: string;
  schedule: LoanScheduleRow[];
}

/** The key fact statement's figures for a loan disbursed on `startDay` (a UTC day start, ms). */
export function loanSchedule(args: { amount: string; aprPercent: string; months: number; startDay: number }): LoanKeyFacts {
  const instalment = loanAnnuity(args.amount, args.aprPercent, args.months);
  const schedule = loanInstalments({
    principal: args.amount,
    aprPercent: args.aprPercent,
    fromDay: args.startDay,
    dueDays: loanPaymentDays(args.startDay, args.months),
    instalment,
  });
  const totalInterest = schedule.reduce((sum, row) => sum + decimalToCents(row.interest), 0n);
  const totalRepay = schedule.reduce((sum, row) => sum + decimalToCents(row.total), 0n);
  return {
    instalment,
    totalRepay: centsToDecimal(totalRepay),
    totalInterest: centsToDecimal(totalInterest),
    annualPercentageRate: loanScheduleApr(args.amount, schedule),
    schedule,
  };
}

/**
 * The annual percentage rate of a key fact statement's schedule, of its cash flows on the days they
 * are paid: the l-th instalment l months after the drawdown, moved by the days a business-day
 * convention moved it. The drawdown is the first row's day less its days of interest.
 */
export function loanScheduleApr(
  principal: string,
  schedule: ReadonlyArray<Pick<LoanScheduleRow, 'dueDay' | 'days' | 'total'>>,
  decimals = APR_DECIMALS,
): string {
  const first = schedule[0];
  const startDay = first ? first.dueDay - first.days * DAY : 0;
  const due = loanDueDays(startDay, schedule.length);
  const moved = schedule.map((row, k) => Math.round((row.dueDay - due[k]!) / DAY));
  return annualPercentageRate(
    principal,
    schedule.map((row) => row.total),
    decimals,
    moved,
  );
}

// --- The annual percentage rate (issue 32): Directive 2008/48/EC, Annex I. The rate X that equates
// the credit drawn with the present value of every payment, Σ D_l (1 + X)^(−t_l) = credit, t_l in
// years from the drawdown. Our time basis is the Annex's 12 equal months: the l-th monthly instalment
// is t_l = l ÷ 12 years (the instalments fall due monthly on the drawdown's day of month). Disclosed
// in percent to two decimals, half up (the Annex asks for at least one). An instalment a business-day
// convention moved off its month's day is paid that many days earlier or later: the Annex counts
// whole periods and then days, so its time is l ÷ 12 years plus those days ÷ 365.

/** The places the annual percentage rate is stated to, in percent. */
export const APR_DECIMALS = 2;

/** The monthly rate m is carried as m / 10^k; k grows when the bracket is too wide to round. */
const APR_START_DIGITS = 16;
const APR_MOST_DIGITS = 64;

/** X = (1 + i)^12 − 1 in percent, i = m / scale, rounded half up (away from zero) to `decimals` places. */
function annualOfMonthly(m: bigint, scale: bigint, decimals: number): string {
  const base = scale ** 12n;
  const unit = 10n ** BigInt(decimals);
  const units = divHalfUp(((scale + m) ** 12n - base) * 100n * unit, base);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const text = decimals > 0 ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
  return negative ? `-${text}` : text;
}

/**
 * The annual percentage rate, in percent to `decimals` places (two unless asked), of a credit of
 * `principal` drawn at once and repaid by `payments`, the l-th (from 1) one month after the drawdown
 * for each l: the X of Σ D_l (1 + X)^(−l/12) = principal (Directive 2008/48/EC, Annex I; 12 equal
 * months). With v = 1 + i, i the monthly rate, that is Σ D_l v^(−l) = principal and X = v^12 − 1;
 * i is found by bisection with every comparison exact in BigInt (both sides × v^n, i = m ÷ 10^k),
 * until both ends of its bracket round to the same X.
 */
export function annualPercentageRate(principal: string, payments: readonly string[], decimals = APR_DECIMALS, movedDays?: readonly number[]): string {
  const texts = [principal, ...payments];
  const scale = Math.max(...texts.map((t) => (PLAIN_DECIMAL.exec(String(t).trim())?.[3] ?? '').length));
  const credit = scaled(principal, scale);
  const amounts = payments.map((p) => scaled(p, scale));
  if (credit <= 0n) throw new RangeError('the credit must be positive');
  if (amounts.length === 0 || amounts.some((d) => d < 0n) || !amounts.some((d) => d > 0n)) throw new RangeError('payments must be at least zero, one above it');
  if (movedDays?.some((d) => d !== 0)) return movedApr(Number(credit), amounts.map(Number), movedDays, decimals);
  const n = amounts.length;

  let digits = APR_START_DIGITS;
  let unit = 10n ** BigInt(digits);
  /** The sign of Σ D_l v^(−l) − principal at i = m / unit (it falls as i rises), from both sides × (unit·v)^n. */
  const sign = (m: bigint): number => {
    const v = unit + m;
    let present = 0n;
    amounts.forEach((d, k) => {
      const l = k + 1;
      present += d * v ** BigInt(n - l) * unit ** BigInt(l);
    });
    const diff = present - credit * v ** BigInt(n);
    return diff > 0n ? 1 : diff < 0n ? -1 : 0;
  };

  // A bracket [lo, hi] with the value at lo ≥ 0 > the value at hi; −1 < i.
  let lo = 0n;
  while (sign(lo) < 0) lo = (lo - unit) / 2n; // halfway towards i = −1
  let hi = unit / 10n;
  while (sign(hi) >= 0) {
    hi *= 2n;
    if (hi > unit * 1_000_000n) throw new RangeError('no annual percentage rate below 10^8 % a month');
  }
  for (;;) {
    if (sign(lo) === 0) return annualOfMonthly(lo, unit, decimals);
    const low = annualOfMonthly(lo, unit, decimals);
    if (low === annualOfMonthly(hi, unit, decimals)) return low;
    if (hi - lo <= 1n) {
      if (digits >= APR_MOST_DIGITS) return low;
      digits += 8;
      lo *= 10n ** 8n;
      hi *= 10n ** 8n;
      unit *= 10n ** 8n;
      continue;
    }
    const mid = (lo + hi) / 2n;
    if (sign(mid) >= 0) lo = mid;
    else hi = mid;
  }
}

/**
 * The annual percentage rate when some payment is `movedDays[l]` days off its month: t_l = (l + 1) ÷ 12
 * + moved ÷ 365 years is no whole number of months, so the powers are no longer of a rational the
 * exact bisection above can compare; bisect on X in floating point instead (amounts in units of the
 * last decimal, far inside 2^53), to a width far below the stated places, then round half up.
 */
function movedApr(credit: number, amounts: readonly number[], movedDays: readonly number[], decimals: number): string {
  const years = amounts.map((_, k) => (k + 1) / 12 + (movedDays[k] ?? 0) / 365);
  const excess = (x: number) => amounts.reduce((sum, d, k) => sum + d * (1 + x) ** -years[k]!, 0) - credit;
  let lo = -0.99;
  let hi = 1;
  while (excess(hi) > 0) {
    hi *= 2;
    if (hi > 1e6) throw new RangeError('no annual percentage rate below 10^8 %');
  }
  for (let k = 0; k < 200 && hi - lo > 1e-15; k += 1) {
    const mid = (lo + hi) / 2;
    if (excess(mid) >= 0) lo = mid;
    else hi = mid;
  }
  const scaledRate = lo * 100 * 10 ** decimals;
  // Half up, away from zero, as the exact path rounds.
  const units = Math.sign(scaledRate) * Math.round(Math.abs(scaledRate));
  const negative = units < 0;
  const digits = String(Math.abs(units)).padStart(decimals + 1, '0');
  const text = decimals > 0 ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
  return negative ? `-${text}` : text;
}

/**
 * The annual percentage rate of a band's nominal rate, in percent to `decimals` places: that of any
 * schedule of equal monthly instalments at the nominal rate ÷ 12 a month, (1 + rate ÷ 12)^12 − 1,
 * exactly (Annex I with 12 equal months). A loan's own schedule (interest on each month's actual days,
 * instalments to the cent) states its own, a hair from this one.
 */
export function loanBandApr(aprPercent: string, decimals = APR_DECIMALS): string {
  const { num, den } = aprFraction(aprPercent);
  // 1 + i = (12·den + num) ÷ (12·den): the monthly rate as m ÷ unit with unit = 12·den.
  return annualOfMonthly(num, 12n * den, decimals);
}

/** What the score is computed from. */
export interface LoanScoreInputs {
  identityVerified: boolean;
  accountAgeDays: number;
  /** Deposits − withdrawals, euros (may be negative). */
  netDeposits: string;
  positionsClosed: number;
  liquidationsIn90Days: number;
  /** Loans disbursed before (in use or repaid) and those of them repaid. */
  loansTaken: number;
  loansRepaid: number;
  /** Some instalment was ever overdue more than 30 days; some instalment is overdue now. */
  overdueOver30Days: boolean;
  overdueNow: boolean;
}

export type LoanFactor = z.infer<typeof zLoanFactor>;

/**
 * The points of each factor per LOAN_SCORE_FACTORS' rules, fractions of a point dropped (a point is
 * earned whole), and the score: LOAN_SCORE_MIN + their sum, kept within LOAN_SCORE_MIN..LOAN_SCORE_MAX.
 */
export function loanScorePoints(inputs: LoanScoreInputs): { score: number; factors: LoanFactor[] } {
  const F = LOAN_SCORE_FACTORS;
  const days = Math.max(0, Math.floor(inputs.accountAgeDays));
  const netCents = decimalToCents(inputs.netDeposits);
  const netPoints = netCents <= 0n ? 0 : Number((BigInt(F.netDeposits) * netCents) / 1_000_000n); // 10,000 euros = 1,000,000 cents
  const liquidated = inputs.liquidationsIn90Days > 0;
  const repaymentPoints = inputs.overdueNow
    ? -25
    : inputs.overdueOver30Days
      ? 0
      : inputs.loansTaken === 0
        ? F.repayment
        : Math.min(F.repayment, 50 * inputs.loansRepaid);
  const factors: LoanFactor[] = [
    { factor: 'identity', points: inputs.identityVerified ? F.identity : 0, max: F.identity, input: inputs.identityVerified ? '1' : '0', flag: false },
    { factor: 'accountAge', points: Math.min(F.accountAge, Math.floor((F.accountAge * days) / 365)), max: F.accountAge, input: String(days), flag: false },
    { factor: 'netDeposits', points: Math.min(F.netDeposits, netPoints), max: F.netDeposits, input: centsToDecimal(netCents), flag: false },
    {
      factor: 'tradingRecord',
      points: liquidated ? 0 : Math.min(F.tradingRecord, 5 * inputs.positionsClosed),
      max: F.tradingRecord,
      input: String(inputs.positionsClosed),
      flag: liquidated,
    },
    { factor: 'repayment', points: repaymentPoints, max: F.repayment, input: String(inputs.loansRepaid), flag: inputs.overdueNow },
  ];
  const sum = factors.reduce((s, f) => s + f.points, 0);
  return { score: Math.min(LOAN_SCORE_MAX, Math.max(LOAN_SCORE_MIN, LOAN_SCORE_MIN + sum)), factors };
}
