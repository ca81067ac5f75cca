import { loanSchedule, WalletCode } from '@tradeapp/contract';
import { Dec, fixed } from '../../lib/decimal';
import type { OffLedgerValue, PortfolioDeps, PortfolioSource, SourceLine } from '../portfolio';
import { applyPayment, catchUp, DAY_MS, dayOf, newBook, payoffOf, type LoanBook } from './engine';
import * as repo from './repository';
import type { LoanRow } from './repository';

const money = (x: Dec | string) => fixed(x, 2);

/** A copy of a book that catching up can move without touching the original (a Dec never changes). */
const copyOf = (b: LoanBook): LoanBook => ({ ...b, instalments: b.instalments.map((i) => ({ ...i })) });

/** The book a loan was disbursed with: the key fact statement's schedule from the day of disbursement, as the review writes it. */
function disbursedBook(l: LoanRow): LoanBook {
  const amount = money(l.amount);
  const apr = money(l.apr_percent);
  const day = Number(l.disbursed_day);
  const kfs = loanSchedule({ amount, aprPercent: apr, months: l.months, startDay: day });
  return newBook(apr, amount, day, kfs.schedule, kfs.instalment);
}

/**
 * Loans' lines of the portfolio (issue 32): one liability per loan disbursed and not yet repaid,
 * worth what repays it today (its payoff: principal owed, interest accrued and unpaid, penalties due;
 * the engine's own figures, the book brought to today in memory as every read of the loan does).
 * The disbursement put the principal on the funding account's available side, which the portfolio
 * counts as cash: with this line beside it net assets do not move when a loan is paid out, and fall
 * by each day's interest and penalty as they accrue. Its day change is what the running day adds to
 * what is owed (the day's interest and any penalty, taken at the next day's start). In euros, on the
 * funding account, as the loan is.
 */
export function createLoansPortfolioSource(deps: PortfolioDeps): PortfolioSource {
  const { db } = deps;

  return {
    module: 'loans',
    products: ['loan'],
    holds: "exists (select 1 from loans where user_id = $1 and status in ('passed', 'inUse'))",
    async lines(userId) {
      const today = dayOf(deps.clocks.loans());
      const out: SourceLine[] = [];
      for (const l of await repo.owedLoans(db, userId)) {
        const book = await repo.book(db, l);
        catchUp(book, today);
        const owed = payoffOf(book);
        const tomorrow = copyOf(book);
        catchUp(tomorrow, today + DAY_MS);
        const amount = new Dec(l.amount);
        // Interest and penalties charged so far: what was paid and what is owed beyond the principal drawn.
        const charged = new Dec(l.paid).add(owed).sub(amount);
        const penalties = book.instalments.reduce((sum, i) => sum.add(i.penalty.toDecimalPlaces(2, Dec.ROUND_HALF_UP)), new Dec(0));
        out.push({
          id: String(l.id),
          product: 'loan',
          side: 'liability',
          instrument: null,
          name: `Loan #${l.id}`,
          wallet: WalletCode.Funding,
          priceSource: 'accrual',
          // Interest is accrued to the start of the book's day.
          priceTimestamp: book.through,
          currency: 'EUR',
          value: owed,
          cost: amount,
          pnl: charged.neg(),
          pnlGross: charged.sub(penalties).neg(),
          fees: penalties,
          dayChange: payoffOf(tomorrow).sub(owed),
        });
      }
      return out;
    },

    async offLedgerAt(userId, ends) {
      const out: OffLedgerValue[][] = ends.map(() => []);
      if (ends.length === 0) return out;
      const last = new Date(Math.max(...ends));
      const loans = await repo.disbursedBefore(db, userId, last);
      if (loans.length === 0) return out;
      const payments = await repo.repaymentsBefore(
        db,
        loans.map((l) => l.id),
        last,
      );
      const order = ends.map((end, k) => ({ end, k })).sort((a, b) => a.end - b.end);
      for (const l of loans) {
        // Replayed from the disbursement: each repayment on its day, as the service applied it.
        const book = disbursedBook(l);
        const own = payments.filter((p) => Number(p.loan_id) === Number(l.id));
        const disbursedAt = l.reviewed_at!.getTime();
        let next = 0;
        for (const { end, k } of order) {
          if (disbursedAt >= end) continue;
          for (; next < own.length && own[next]!.created_at.getTime() < end; next += 1) {
            const p = own[next]!;
            catchUp(book, dayOf(p.created_at.getTime()));
            applyPayment(book, new Dec(p.amount));
          }
          // Every day that has started by the instant accrued (a day's end is the next day's start).
          catchUp(book, dayOf(end));
          const owed = payoffOf(book);
          if (owed.gt(0)) out[k]!.push({ product: 'loan', side: 'liability', currency: 'EUR', value: owed });
        }
      }
      return out;
    },
  };
}
