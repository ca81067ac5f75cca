import { JournalKind } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { Dec } from '../../lib/decimal';
import { FUNDING_ACCOUNT, HOUSE, postJournal, postRelease } from '../../ledger/ledger';

// The ledger side of withdrawals: the amount asked for moves at once to the funding account's held
// side, so it cannot be spent twice while an operator reviews it; the review then pays it out to the
// house's withdrawals account or gives it back to the available side. Each journal refers to its withdrawal.

const funding = (userId: number, part: 'available' | 'held', currency: string) => ({ userId, wallet: FUNDING_ACCOUNT, part, currency });

/** The user asks: the amount is held, in euros. Answers the hold, which the review releases. */
export function postWithdrawalHold(
  sql: Sql,
  w: { userId: number; withdrawalId: number; amount: Dec | string; idempotencyKey: string | null },
): Promise<number> {
  return postJournal(
    sql,
    { kind: JournalKind.WithdrawalHold, userId: w.userId, actorId: w.userId, idempotencyKey: w.idempotencyKey, refType: 'withdrawal', refId: w.withdrawalId },
    [
      { account: funding(w.userId, 'available', 'EUR'), amount: new Dec(w.amount).neg() },
      { account: funding(w.userId, 'held', 'EUR'), amount: w.amount },
    ],
  );
}

/** A withdrawal under review, and the operator who decides it. */
type Reviewed = { userId: number; withdrawalId: number; amount: Dec | string; currency: string; actorId: number };

/** Approved: the hold is paid out to the house's withdrawals account. */
export function postWithdrawalPaid(sql: Sql, holdId: number, w: Reviewed): Promise<number> {
  return postRelease(sql, holdId, { kind: JournalKind.Withdrawal, userId: w.userId, actorId: w.actorId, refType: 'withdrawal', refId: w.withdrawalId }, [
    { account: funding(w.userId, 'held', w.currency), amount: new Dec(w.amount).neg() },
    { account: { house: HOUSE.withdrawals, currency: w.currency }, amount: w.amount },
  ]);
}

/** Refused: the hold goes back to the available side, the reason on the journal for the user's bill. */
export function postWithdrawalReleased(sql: Sql, holdId: number, w: Reviewed & { reason: string }): Promise<number> {
  return postRelease(
    sql,
    holdId,
    { kind: JournalKind.WithdrawalRelease, userId: w.userId, actorId: w.actorId, refType: 'withdrawal', refId: w.withdrawalId, memo: w.reason },
    [
      { account: funding(w.userId, 'held', w.currency), amount: new Dec(w.amount).neg() },
      { account: funding(w.userId, 'available', w.currency), amount: w.amount },
    ],
  );
}
