import { loanSchedule, type zLoanAdmin } from '@tradeapp/contract';
import type { z } from 'zod';
import type { Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import { writeAudit } from '../../lib/audit';
import type { LoanContext, Operator } from './context';
import { dayOf, newBook } from './engine';
import { postLoanDisbursement } from './postings';
import * as repo from './repository';
import type { LoanRowWithUser, LoanStatus } from './repository';
import { dateOf, money } from './views';

// The back office's use cases of loans: the list, and the review that disburses or refuses, with a
// reason, audited.

type LoanAdmin = z.input<typeof zLoanAdmin>;

export function createLoanOperator(ctx: LoanContext) {
  const { db, notices, now, viewOf } = ctx;

  async function adminOf(sql: Sql, l: LoanRowWithUser, today: number): Promise<LoanAdmin> {
    return { ...(await viewOf(sql, l, today)), userId: l.user_id, userName: l.user_name, email: l.user_email };
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
    async operatorList(status: LoanStatus | undefined, page: number, size: number) {
      const today = dayOf(now());
      const rows = await repo.loanPage(db, status, size, (page - 1) * size);
      const list: LoanAdmin[] = [];
      for (const l of rows) list.push(await adminOf(db, l, today));
      return { list, total: rows[0]?.total ?? 0, page, size };
    },

    approve: (id: number, by: Operator, reason: string) => review(id, by, reason, true),
    refuse: (id: number, by: Operator, reason: string) => review(id, by, reason, false),
  };
}
