import { isActive, type LoanContext } from './context';
import { DAY_MS, catchUp, dayOf } from './engine';
import * as repo from './repository';

export function createLoanAccrual(ctx: LoanContext) {
  const { db, now, overdueNotices } = ctx;

  return {
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
