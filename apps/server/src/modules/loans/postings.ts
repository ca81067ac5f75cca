import { JournalKind } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { Dec } from '../../lib/decimal';
import { FUNDING_ACCOUNT, HOUSE, postJournal, type Posting } from '../../ledger/ledger';

// The ledger side of loans (decision 0022): all in euros, between the borrower's funding account
// and the house. The money lent leaves the house's loans receivable and the principal repaid goes
// back there; interest and penalties are the house's loan income. Each journal refers to its loan.

const funding = (userId: number) => ({ userId, wallet: FUNDING_ACCOUNT, part: 'available' as const, currency: 'EUR' });

/** An approved loan is paid out at once, on the operator's word. */
export function postLoanDisbursement(sql: Sql, l: { userId: number; loanId: number; amount: Dec | string; operatorId: number }): Promise<number> {
  return postJournal(sql, { kind: JournalKind.LoanDisburse, userId: l.userId, actorId: l.operatorId, refType: 'loan', refId: l.loanId }, [
    { account: { house: HOUSE.loans, currency: 'EUR' }, amount: new Dec(l.amount).neg() },
    { account: funding(l.userId), amount: l.amount },
  ]);
}

/**
 * A repayment as engine.ts split it: the principal back to the loans receivable, the interest and
 * penalty to the loan income. A part of nothing has no line (a payment may cover only the penalty).
 */
export function postLoanRepayment(
  sql: Sql,
  r: { userId: number; loanId: number; amount: Dec | string; principal: Dec | string; interest: Dec | string; penalty: Dec | string },
): Promise<number> {
  const principal = new Dec(r.principal);
  const income = new Dec(r.interest).add(r.penalty);
  const postings: Posting[] = [{ account: funding(r.userId), amount: new Dec(r.amount).neg() }];
  if (principal.gt(0)) postings.push({ account: { house: HOUSE.loans, currency: 'EUR' }, amount: principal });
  if (income.gt(0)) postings.push({ account: { house: HOUSE.loanIncome, currency: 'EUR' }, amount: income });
  return postJournal(sql, { kind: JournalKind.LoanRepay, userId: r.userId, actorId: r.userId, refType: 'loan', refId: r.loanId }, postings);
}
