import { loanScheduleApr, type Loan, type LoanInstalment } from '@tradeapp/contract';
import { Dec, fixed } from '../../lib/decimal';
import { interestToDate, penaltyOwedOf, statusOf, type Instalment, type LoanBook } from './engine';
import type { LoanRow } from './repository';

// A loan and its instalments as the contract shows them, from its row and its book brought to today
// (or, before disbursement, the schedule its key fact statement stated).

export const ZERO = new Dec(0);
export const money = (x: Dec | string) => fixed(x, 2);
export const dateOf = (day: number) => new Date(day).toISOString().slice(0, 10);
export const sum = (xs: Dec[]) => xs.reduce((a, b) => a.add(b), ZERO);

export function instalmentOf(i: Instalment, today: number): LoanInstalment {
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

export function loanOf(l: LoanRow, b: LoanBook | null, today: number): Loan {
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
