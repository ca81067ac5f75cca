import { loanAnnuity, loanDailyPenalty, loanInstalments, loanInterest } from '@tradeapp/contract';
import { Dec, plain } from '../../lib/decimal';

// A disbursed loan's book (decision 0022), as plain figures the service loads from its rows and
// saves back under the loan's row lock. Every rule of the money is here:
// - interest accrues each day on the principal not yet due, exactly (euros × days, `periodPd`), and is
//   rounded once, when the instalment falls due: the key fact statement's loanInterest of the period;
// - what has fallen due and is unpaid carries the overdue penalty instead of interest, so a late
//   instalment is not charged twice and the later ones keep the figures the schedule stated;
// - a payment covers penalties, then interest due, then principal due (so `due` clears exactly what
//   is due), then the interest accrued to date, then principal not yet due; that early principal
//   re-computes the instalments not yet due (same count, same days) from the lower principal.

export const DAY_MS = 86_400_000;
export const dayOf = (t: number) => Math.floor(t / DAY_MS) * DAY_MS;

const ZERO = new Dec(0);
const cents = (x: Dec) => x.toDecimalPlaces(2, Dec.ROUND_HALF_UP);

export interface Instalment {
  n: number;
  dueDay: number;
  principal: Dec;
  interest: Dec;
  /** What the instalment comes to in all; when it falls due, its principal is this less its interest. */
  target: Dec;
  /** Fallen due: its figures are final. */
  fixed: boolean;
  /** Exact (6 decimals); paid rounded to the cent. */
  penalty: Dec;
  paidPrincipal: Dec;
  paidInterest: Dec;
  paidPenalty: Dec;
  overdueDays: number;
  noticed: boolean;
}

export interface LoanBook {
  aprPercent: string;
  /** Principal owed, what has fallen due and is unpaid included. */
  principal: Dec;
  /** Σ over the current period's days so far of the principal not yet due. */
  periodPd: Dec;
  /** The day whose start the book has reached. */
  through: number;
  instalments: Instalment[];
}

/** Principal and interest of a fallen-due instalment still unpaid. */
export const owedOf = (i: Instalment) => i.principal.add(i.interest).sub(i.paidPrincipal).sub(i.paidInterest);
/** Its penalty still unpaid, at the cent. */
export const penaltyOwedOf = (i: Instalment) => cents(i.penalty).sub(i.paidPenalty);

/** Principal not yet fallen due: what bears interest. */
export function notYetDue(book: LoanBook): Dec {
  return book.instalments.filter((i) => i.fixed).reduce((rest, i) => rest.sub(i.principal.sub(i.paidPrincipal)), book.principal);
}

/** The instalment whose period is running: the first not yet due. */
export const currentOf = (book: LoanBook) => book.instalments.find((i) => !i.fixed);

/** Interest of the running period accrued to the book's day and not yet paid, at the cent. */
export function interestToDate(book: LoanBook): Dec {
  const current = currentOf(book);
  return current ? new Dec(loanInterest(plain(book.periodPd), book.aprPercent)).sub(current.paidInterest) : ZERO;
}

/** Everything owed today: principal, interest due and accrued to date, penalties. Repays the loan. */
export function payoffOf(book: LoanBook): Dec {
  let total = book.principal.add(interestToDate(book));
  for (const i of book.instalments) if (i.fixed) total = total.add(i.interest.sub(i.paidInterest)).add(penaltyOwedOf(i));
  return total;
}

/** What is due on the book's day: overdue instalments, their penalties, and the instalment due that day. */
export function dueOf(book: LoanBook) {
  let overdue = ZERO;
  let today = ZERO;
  let penalty = ZERO;
  for (const i of book.instalments) {
    if (!i.fixed) continue;
    penalty = penalty.add(penaltyOwedOf(i));
    if (i.dueDay < book.through) overdue = overdue.add(owedOf(i));
    else today = today.add(owedOf(i));
  }
  return { overdue, penalty, due: overdue.add(penalty).add(today) };
}

function fallDue(book: LoanBook, i: Instalment) {
  const open = notYetDue(book);
  i.interest = new Dec(loanInterest(plain(book.periodPd), book.aprPercent));
  const last = book.instalments.every((j) => j.fixed || j === i);
  i.principal = last ? open : Dec.min(open, Dec.max(ZERO, i.target.sub(i.interest)));
  i.fixed = true;
  book.periodPd = ZERO;
}

/**
 * Bring the book to the start of `today`: each day's interest accrued, each instalment falling due
 * fixed, each overdue day's penalty taken. Answers the instalments that became overdue (their notice
 * is due once). Idempotent: a book already at `today` is left as it is.
 */
export function catchUp(book: LoanBook, today: number): Instalment[] {
  const overdue: Instalment[] = [];
  while (book.through < today) {
    book.periodPd = book.periodPd.add(notYetDue(book));
    book.through += DAY_MS;
    for (const i of book.instalments) if (!i.fixed && i.dueDay === book.through) fallDue(book, i);
    for (const i of book.instalments) {
      if (!i.fixed || i.dueDay >= book.through) continue;
      const owed = owedOf(i);
      if (owed.lte(0)) continue;
      i.penalty = i.penalty.add(loanDailyPenalty(owed.toFixed(2)));
      i.overdueDays = Math.max(i.overdueDays, (book.through - i.dueDay) / DAY_MS);
      if (!i.noticed) {
        i.noticed = true;
        overdue.push(i);
      }
    }
  }
  return overdue;
}

/**
 * The instalments not yet due after `early` principal was repaid ahead of them: the same count and
 * days, from the book's day, each figure as it will be fixed when it falls due if paid on time.
 */
function recompute(book: LoanBook, early: Dec) {
  const [current, ...later] = book.instalments.filter((i) => !i.fixed);
  if (!current) return;
  const open = notYetDue(book);
  if (open.isZero()) {
    // Repaid in full: the running instalment closes with what was paid for it now; any later one with nothing.
    current.principal = early;
    current.paidPrincipal = early;
    current.interest = current.paidInterest;
    current.target = early.add(current.paidInterest);
    current.fixed = true;
    for (const i of later) Object.assign(i, { principal: ZERO, interest: ZERO, target: ZERO, fixed: true });
    book.periodPd = ZERO;
    return;
  }
  const annuity = new Dec(loanAnnuity(plain(open), book.aprPercent, later.length + 1));
  // The running period: the interest of its days so far (some of it paid) and of the rest at the new principal.
  const days = (current.dueDay - book.through) / DAY_MS;
  current.interest = new Dec(loanInterest(plain(book.periodPd.add(open.mul(days))), book.aprPercent));
  current.target = later.length === 0 ? open.add(current.interest) : annuity.add(current.paidInterest);
  current.principal = Dec.min(open, Dec.max(ZERO, current.target.sub(current.interest)));
  const rows = loanInstalments({
    principal: plain(open.sub(current.principal)),
    aprPercent: book.aprPercent,
    fromDay: current.dueDay,
    dueDays: later.map((i) => i.dueDay),
    instalment: plain(annuity),
  });
  later.forEach((i, k) => {
    const row = rows[k]!;
    i.interest = new Dec(row.interest);
    i.principal = new Dec(row.principal);
    i.target = k === later.length - 1 ? new Dec(row.total) : annuity;
  });
}

export interface Split {
  penalty: Dec;
  interest: Dec;
  principal: Dec;
}

/** Apply a payment of at most the payoff (the caller checks) to a book brought to today. */
export function applyPayment(book: LoanBook, amount: Dec): Split {
  let rest = amount;
  const take = (owed: Dec) => {
    const x = Dec.max(ZERO, Dec.min(rest, owed));
    rest = rest.sub(x);
    return x;
  };
  const split: Split = { penalty: ZERO, interest: ZERO, principal: ZERO };
  const fixed = book.instalments.filter((i) => i.fixed);
  for (const i of fixed) {
    const x = take(penaltyOwedOf(i));
    i.paidPenalty = i.paidPenalty.add(x);
    split.penalty = split.penalty.add(x);
  }
  for (const i of fixed) {
    const x = take(i.interest.sub(i.paidInterest));
    i.paidInterest = i.paidInterest.add(x);
    split.interest = split.interest.add(x);
  }
  for (const i of fixed) {
    const x = take(i.principal.sub(i.paidPrincipal));
    i.paidPrincipal = i.paidPrincipal.add(x);
    book.principal = book.principal.sub(x);
    split.principal = split.principal.add(x);
  }
  const current = currentOf(book);
  if (current) {
    const x = take(interestToDate(book));
    current.paidInterest = current.paidInterest.add(x);
    split.interest = split.interest.add(x);
  }
  const early = take(notYetDue(book));
  if (early.gt(0)) {
    book.principal = book.principal.sub(early);
    split.principal = split.principal.add(early);
    recompute(book, early);
  }
  if (rest.gt(0)) throw new Error('a payment above the payoff');
  return split;
}

export type InstalmentStatus = 'upcoming' | 'due' | 'overdue' | 'paid';

export function statusOf(i: Instalment, today: number): InstalmentStatus {
  if (!i.fixed) return 'upcoming';
  if (owedOf(i).isZero() && penaltyOwedOf(i).isZero()) return 'paid';
  return i.dueDay < today ? 'overdue' : 'due';
}

/** A fresh book for a loan disbursed on `day` with the schedule's rows. */
export function newBook(
  aprPercent: string,
  amount: string,
  day: number,
  rows: ReadonlyArray<{ dueDay: number; principal: string; interest: string; total: string }>,
  instalment: string,
): LoanBook {
  return {
    aprPercent,
    principal: new Dec(amount),
    periodPd: ZERO,
    through: day,
    instalments: rows.map((r, k) => ({
      n: k + 1,
      dueDay: r.dueDay,
      principal: new Dec(r.principal),
      interest: new Dec(r.interest),
      target: new Dec(k === rows.length - 1 ? r.total : instalment),
      fixed: false,
      penalty: ZERO,
      paidPrincipal: ZERO,
      paidInterest: ZERO,
      paidPenalty: ZERO,
      overdueDays: 0,
      noticed: false,
    })),
  };
}
