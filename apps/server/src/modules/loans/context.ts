import { LOAN_PENALTY_DAILY_PERCENT, type Loan } from '@tradeapp/contract';
import type { Db, Sql } from '../../db/db';
import type { Notices } from '../notices';
import { catchUp, owedOf, type Instalment, type LoanBook } from './engine';
import * as repo from './repository';
import type { LoanRow, LoanStatus } from './repository';
import { dateOf, loanOf, money } from './views';

// What the investor's use cases (investor.ts), the back office's (operator.ts) and the accrual job
// (accrual.ts) share: the options, a loan's book brought to today and as the contract shows it, and
// the overdue notices.

export type Operator = { operatorId: number; ip: string | null };

export const isActive = (status: LoanStatus) => status === 'passed' || status === 'inUse';

export interface LoanServiceOptions {
  db: Db;
  notices: Notices;
  now: () => number;
}

export function createLoanContext(opts: LoanServiceOptions) {
  const { notices } = opts;

  /** A disbursed loan's book brought to today in memory (a read never writes; the job and payments do). */
  async function bookToday(sql: Sql, l: LoanRow, today: number): Promise<LoanBook | null> {
    if (l.disbursed_day === null) return null;
    const b = await repo.book(sql, l);
    if (isActive(l.status)) catchUp(b, today);
    return b;
  }

  async function viewOf(sql: Sql, l: LoanRow, today: number): Promise<Loan> {
    return loanOf(l, await bookToday(sql, l, today), today);
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

  return { ...opts, bookToday, viewOf, overdueNotices };
}

export type LoanContext = ReturnType<typeof createLoanContext>;
