import {
  LOAN_MIN_AMOUNT,
  LOAN_PENALTY_DAILY_PERCENT,
  LOAN_TERMS_MONTHS,
  compareDecimal,
  loanBand,
  loanBandApr,
  loanSchedule,
  loanScheduleApr,
  loanScorePoints,
  type Loan,
  type LoanDue,
  type LoanInstalment,
  type LoanProfile,
  type LoanRepayment,
  type zLoanAdmin,
  type zLoanApplyInput,
} from '@tradeapp/contract';
import type { z } from 'zod';
import type { Db, Sql } from '../../db/db';
import { isUniqueViolation } from '../../db/errors';
import { AppError, notFound } from '../../errors';
import { writeAudit } from '../../lib/audit';
import { Dec, fixed } from '../../lib/decimal';
import { requireVerifiedKyc } from '../kyc';
import type { Notices } from '../notices';
import {
  DAY_MS,
  applyPayment,
  catchUp,
  currentOf,
  dayOf,
  dueOf,
  interestToDate,
  newBook,
  owedOf,
  payoffOf,
  penaltyOwedOf,
  statusOf,
  type Instalment,
  type LoanBook,
} from './engine';
import { postLoanDisbursement, postLoanRepayment } from './postings';
import * as repo from './repository';
import type { LoanRow, LoanRowWithUser, LoanStatus } from './repository';

// Loans for investors and operators (decision 0022): the score from the caller's own records, the
// application on the key fact statement it accepted, the review that disburses, repayments, and the
// daily accrual (engine.ts holds the rules of the money). All in euros, from and to the funding account.

type Operator = { operatorId: number; ip: string | null };
type LoanAdmin = z.input<typeof zLoanAdmin>;

const ZERO = new Dec(0);
const money = (x: Dec | string) => fixed(x, 2);
const isActive = (status: LoanStatus) => status === 'passed' || status === 'inUse';
const dateOf = (day: number) => new Date(day).toISOString().slice(0, 10);
const sum = (xs: Dec[]) => xs.reduce((a, b) => a.add(b), ZERO);

export function createLoanService(opts: { db: Db; notices: Notices; now: () => number }) {
  const { db, notices, now } = opts;

  /** A disbursed loan's book brought to today in memory (a read never writes; the job and payments do). */
  async function bookToday(sql: Sql, l: LoanRow, today: number): Promise<LoanBook | null> {
    if (l.disbursed_day === null) return null;
    const b = await repo.book(sql, l);
    if (isActive(l.status)) catchUp(b, today);
    return b;
  }

  function instalmentOf(i: Instalment, today: number): LoanInstalment {
    return {
      n: i.n,
      dueDay: i.dueDay,
      principal: money(i.principal),
      interest: money(i.interest),
      total: money(i.principal.add(i.interest)),
      penalty: money(i.penalty),
      paid: money(i.paidPrincipal.add(i.paidInterest).add(i.paidPenalty)),
      status: statusOf(i, today),
    };
  }

  function loanOf(l: LoanRow, b: LoanBook | null, today: number): Loan {
    const schedule: LoanInstalment[] = b
      ? b.instalments.map((i) => instalmentOf(i, today))
      : l.kfs_schedule.map((r) => ({
          n: r.n,
          dueDay: r.dueDay,
          principal: r.principal,
          interest: r.interest,
          total: r.total,
          penalty: '0.00',
          paid: '0.00',
          status: 'upcoming',
        }));
    const fixedOnes = b ? b.instalments.filter((i) => i.fixed) : [];
    return {
      id: l.id,
      status: l.status,
      amount: money(l.amount),
      months: l.months,
      aprPercent: money(l.apr_percent),
      // The key fact statement's: of the schedule it stated, as `instalment` and `totalRepay` are.
      annualPercentageRate: loanScheduleApr(money(l.amount), l.kfs_schedule),
      score: l.score,
      factors: l.factors,
      instalment: money(l.instalment),
      totalRepay: money(l.total_repay),
      outstanding: money(b ? b.principal : ZERO),
      accruedInterest: money(b ? sum(fixedOnes.map((i) => i.interest.sub(i.paidInterest))).add(interestToDate(b)) : ZERO),
      penalty: money(sum(fixedOnes.map(penaltyOwedOf))),
      overdue: schedule.some((s) => s.status === 'overdue'),
      schedule,
      reason: l.status === 'rejected' ? l.reason : null,
      longCreateTime: l.created_at.getTime(),
      longAuditTime: l.reviewed_at?.getTime() ?? null,
      repaidTimestamp: l.repaid_at?.getTime() ?? null,
    };
  }

  async function viewOf(sql: Sql, l: LoanRow, today: number): Promise<Loan> {
    return loanOf(l, await bookToday(sql, l, today), today);
  }

  async function adminOf(sql: Sql, l: LoanRowWithUser, today: number): Promise<LoanAdmin> {
    return { ...(await viewOf(sql, l, today)), userId: l.user_id, userName: l.user_name, email: l.user_email };
  }

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

  /** The overdue notices of instalments a catch-up found overdue; pushed after commit. */
  async function overdueNotices(sql: Sql, l: LoanRow, overdue: Instalment[]) {
    const pushes: Array<() => void> = [];
    for (const i of overdue) {
      pushes.push(
        await notices.notify(sql, l.user_id, 'loan.overdue', {
          n: i.n,
          amount: money(l.amount),
          due: money(owedOf(i)),
          dueDate: dateOf(i.dueDay),
          penalty: LOAN_PENALTY_DAILY_PERCENT,
        }),
      );
    }
    return pushes;
  }

  async function review(id: number, by: Operator, reason: string, approve: boolean): Promise<LoanAdmin> {
    const { answer, push } = await db.tx(async (sql) => {
      const l = await repo.loan(sql, id, true);
      if (!l) throw notFound();
      if (l.status !== 'review') throw new AppError('e.loanNotInReview');
      const at = new Date(now());
      const today = dayOf(at.getTime());
      let push: () => void;
      if (approve) {
        const amount = money(l.amount);
        const apr = money(l.apr_percent);
        const journalId = await postLoanDisbursement(sql, { userId: l.user_id, loanId: l.id, amount, operatorId: by.operatorId });
        // The schedule starts on the day of disbursement, with the instalment the statement stated.
        const kfs = loanSchedule({ amount, aprPercent: apr, months: l.months, startDay: today });
        await repo.markDisbursed(sql, l.id, { by: by.operatorId, reason, at, day: today, journalId, amount });
        await repo.saveBook(sql, l.id, newBook(apr, amount, today, kfs.schedule, kfs.instalment), true);
        await writeAudit(sql, {
          actorId: by.operatorId,
          action: 'loan.approve',
          targetType: 'loan',
          targetId: l.id,
          before: { status: 'review' },
          after: { status: 'passed', amount, disbursedDay: dateOf(today), journalId },
          reason,
          ip: by.ip,
        });
        push = await notices.notify(sql, l.user_id, 'loan.approved', { amount, instalment: kfs.instalment, dueDate: dateOf(kfs.schedule[0]!.dueDay) });
      } else {
        await repo.markRefused(sql, l.id, by.operatorId, reason, at);
        await writeAudit(sql, {
          actorId: by.operatorId,
          action: 'loan.refuse',
          targetType: 'loan',
          targetId: l.id,
          before: { status: 'review' },
          after: { status: 'rejected' },
          reason,
          ip: by.ip,
        });
        push = await notices.notify(sql, l.user_id, 'loan.refused', { amount: money(l.amount), reason });
      }
      return { answer: await adminOf(sql, (await repo.loan(sql, id))!, today), push };
    });
    push();
    return answer;
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

    // ---- operators ----

    async operatorList(status: LoanStatus | undefined, page: number, size: number) {
      const today = dayOf(now());
      const rows = await repo.loanPage(db, status, size, (page - 1) * size);
      const list: LoanAdmin[] = [];
      for (const l of rows) list.push(await adminOf(db, l, today));
      return { list, total: rows[0]?.total ?? 0, page, size };
    },

    approve: (id: number, by: Operator, reason: string) => review(id, by, reason, true),
    refuse: (id: number, by: Operator, reason: string) => review(id, by, reason, false),

    /**
     * The loanAccrual job: every loan being repaid brought to today, its overdue notices sent once.
     * Idempotent: a loan is taken under its row lock and moved only from its own done_through.
     */
    async run() {
      const today = dayOf(now());
      let loans = 0;
      let days = 0;
      let overdue = 0;
      for (const { id } of await repo.behind(db, today)) {
        const pushes = await db.tx(async (sql) => {
          const l = await repo.loan(sql, id, true);
          if (!l || !isActive(l.status) || Number(l.done_through) >= today) return [];
          const b = await repo.book(sql, l);
          const from = b.through;
          const late = catchUp(b, today);
          await repo.saveBook(sql, l.id, b);
          loans += 1;
          days += (today - from) / DAY_MS;
          overdue += late.length;
          return overdueNotices(sql, l, late);
        });
        pushes.forEach((p) => p());
      }
      return { loans, days, overdue };
    },
  };
}

export type LoanService = ReturnType<typeof createLoanService>;
