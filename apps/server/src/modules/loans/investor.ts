import {
  LOAN_MIN_AMOUNT,
  LOAN_PENALTY_DAILY_PERCENT,
  LOAN_TERMS_MONTHS,
  compareDecimal,
  loanBand,
  loanBandApr,
  loanSchedule,
  loanScorePoints,
  type Loan,
  type LoanDue,
  type LoanProfile,
  type LoanRepayment,
  type zLoanApplyInput,
} from '@tradeapp/contract';
import type { z } from 'zod';
import type { Sql } from '../../db/db';
import { isUniqueViolation } from '../../db/errors';
import { AppError, notFound } from '../../errors';
import { Dec } from '../../lib/decimal';
import { requireVerifiedKyc } from '../kyc';
import { isActive, type LoanContext } from './context';
import { DAY_MS, applyPayment, catchUp, currentOf, dayOf, dueOf, payoffOf, statusOf } from './engine';
import { postLoanRepayment } from './postings';
import * as repo from './repository';
import type { LoanStatus } from './repository';
import { ZERO, loanOf, money } from './views';

// The investor's use cases of loans: the score and what it allows, the application, repayments and
// what is due.

export function createLoanInvestor(ctx: LoanContext) {
  const { db, now, bookToday, viewOf, overdueNotices } = ctx;

  /** The caller's score factor by factor, what it allows, and whether an application waits. */
  async function profileOf(sql: Sql, userId: number): Promise<LoanProfile> {
    const at = now();
    const today = dayOf(at);
    const facts = await repo.scoreFacts(sql, userId, new Date(at - 90 * DAY_MS));
    let owed = ZERO;
    let taken = 0;
    let repaid = 0;
    let overdueOver30Days = false;
    let overdueNow = false;
    let inReview = false;
    for (const l of await repo.userLoans(sql, userId)) {
      if (l.status === 'review') inReview = true;
      const b = await bookToday(sql, l, today);
      if (!b) continue;
      taken += 1;
      if (l.status === 'repaid') repaid += 1;
      if (isActive(l.status)) owed = owed.add(b.principal);
      if (b.instalments.some((i) => i.overdueDays > 30)) overdueOver30Days = true;
      if (b.instalments.some((i) => statusOf(i, today) === 'overdue')) overdueNow = true;
    }
    const { score, factors } = loanScorePoints({
      identityVerified: facts.kyc_status === 3,
      accountAgeDays: Math.floor((at - facts.created_at.getTime()) / DAY_MS),
      netDeposits: new Dec(facts.deposits).sub(facts.withdrawals).toFixed(2, Dec.ROUND_DOWN),
      positionsClosed: facts.closed,
      liquidationsIn90Days: facts.liquidations,
      loansTaken: taken,
      loansRepaid: repaid,
      overdueOver30Days,
      overdueNow,
    });
    const band = loanBand(score);
    const limit = new Dec(band?.limit ?? 0);
    return {
      score,
      factors,
      limit: money(limit),
      available: money(Dec.max(ZERO, limit.sub(owed))),
      aprPercent: band?.aprPercent ?? null,
      annualPercentageRate: band ? loanBandApr(band.aprPercent) : null,
      terms: [...LOAN_TERMS_MONTHS],
      penaltyDailyPercent: LOAN_PENALTY_DAILY_PERCENT,
      inReview,
    };
  }

  return {
    profile: (userId: number) => profileOf(db, userId),

    /** An application on the key fact statement the caller accepted, within what the score allows. */
    async apply(userId: number, input: z.output<typeof zLoanApplyInput>): Promise<Loan> {
      const at = now();
      const today = dayOf(at);
      return db
        .tx(async (sql) => {
          // One application at a time per investor, checked and inserted under the investor's row.
          await sql.query('select id from users where id = $1 for update', [userId]);
          await requireVerifiedKyc(sql, userId);
          const p = await profileOf(sql, userId);
          if (p.inReview) throw new AppError('e.loanInReview');
          const band = loanBand(p.score);
          if (!band) throw new AppError('e.loanNoBand', undefined, { score: p.score });
          if (compareDecimal(input.aprPercent, band.aprPercent) !== 0)
            throw new AppError('e.loanAprChanged', { aprPercent: 'e.loanAprChanged' }, { apr: band.aprPercent });
          const amount = new Dec(input.amount);
          if (amount.lt(LOAN_MIN_AMOUNT)) throw new AppError('e.loanMinAmount', { amount: 'e.loanMinAmount' }, { min: LOAN_MIN_AMOUNT });
          if (amount.gt(p.available)) throw new AppError('e.loanOverLimit', { amount: 'e.loanOverLimit' }, { available: p.available });
          const kfs = loanSchedule({ amount: money(amount), aprPercent: band.aprPercent, months: input.months, startDay: today });
          const l = await repo.insertApplication(sql, {
            userId,
            amount: money(amount),
            months: input.months,
            aprPercent: band.aprPercent,
            score: p.score,
            factors: p.factors,
            instalment: kfs.instalment,
            totalRepay: kfs.totalRepay,
            schedule: kfs.schedule,
            at: new Date(at),
          });
          return loanOf(l, null, today);
        })
        .catch((err: unknown) => {
          if (isUniqueViolation(err, 'loans_one_review')) throw new AppError('e.loanInReview');
          throw err;
        });
    },

    /** A payment from the funding account, at most the payoff: penalty, interest, principal (engine.ts). */
    async repay(userId: number, loanId: number, amountText: string): Promise<Loan> {
      const { answer, pushes } = await db.tx(async (sql) => {
        const l = await repo.ownLoan(sql, userId, loanId, true);
        if (!l) throw notFound();
        if (!isActive(l.status)) throw new AppError('e.loanNotRepayable');
        const at = now();
        const today = dayOf(at);
        const b = await repo.book(sql, l);
        const overdue = catchUp(b, today);
        const payoff = payoffOf(b);
        const amount = new Dec(amountText);
        if (amount.gt(payoff)) throw new AppError('e.loanOverPayoff', { amount: 'e.loanOverPayoff' }, { payoff: money(payoff) });
        const split = applyPayment(b, amount);
        const journalId = await postLoanRepayment(sql, {
          userId,
          loanId: l.id,
          amount,
          principal: split.principal,
          interest: split.interest,
          penalty: split.penalty,
        });
        await repo.insertRepayment(sql, {
          loanId: l.id,
          userId,
          amount: money(amount),
          penalty: money(split.penalty),
          interest: money(split.interest),
          principal: money(split.principal),
          journalId,
          at: new Date(at),
        });
        await repo.saveBook(sql, l.id, b);
        const done = payoffOf(b).isZero();
        await repo.setStatus(sql, l.id, done ? 'repaid' : 'inUse', done ? new Date(at) : null);
        const pushes = await overdueNotices(sql, l, overdue);
        return { answer: await viewOf(sql, (await repo.ownLoan(sql, userId, loanId))!, today), pushes };
      });
      pushes.forEach((p) => p());
      return answer;
    },

    /** What is due today on a loan (the oldest being repaid when none is named), and its payoff. */
    async due(userId: number, loanId: number | undefined): Promise<LoanDue> {
      const today = dayOf(now());
      const l = loanId === undefined ? await repo.oldestActive(db, userId) : await repo.ownLoan(db, userId, loanId);
      if (loanId !== undefined && !l) throw notFound();
      const nothing: LoanDue = { loanId: l?.id ?? null, due: '0.00', overdue: '0.00', penalty: '0.00', payoff: '0.00', nextDueDay: null, nextDueAmount: null };
      if (!l || !isActive(l.status)) return nothing;
      const b = (await bookToday(db, l, today))!;
      const d = dueOf(b);
      const next = currentOf(b);
      return {
        loanId: l.id,
        due: money(d.due),
        overdue: money(d.overdue),
        penalty: money(d.penalty),
        payoff: money(payoffOf(b)),
        nextDueDay: next?.dueDay ?? null,
        nextDueAmount: next ? money(next.principal.add(next.interest).sub(next.paidPrincipal).sub(next.paidInterest)) : null,
      };
    },

    async list(userId: number, status: LoanStatus | undefined, page: number, size: number) {
      const today = dayOf(now());
      const rows = await repo.userLoanPage(db, userId, status, size, (page - 1) * size);
      const list: Loan[] = [];
      for (const l of rows) list.push(await viewOf(db, l, today));
      return { list, total: rows[0]?.total ?? 0, page, size };
    },

    async repayments(userId: number, loanId: number | undefined, page: number, size: number) {
      const rows = await repo.repaymentPage(db, userId, loanId, size, (page - 1) * size);
      const list = rows.map((r): LoanRepayment => ({
        id: r.id,
        loanId: r.loan_id,
        amount: money(r.amount),
        penalty: money(r.penalty),
        interest: money(r.interest),
        principal: money(r.principal),
        createTimeTimestamp: r.created_at.getTime(),
      }));
      return { list, total: rows[0]?.total ?? 0, page, size };
    },
  };
}
