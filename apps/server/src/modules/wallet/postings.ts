import { JournalKind, walletCurrency, type WalletCode } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { Dec } from '../../lib/decimal';
import { HOUSE, postJournal, postRelease, type JournalInput } from '../../ledger/ledger';

// The ledger side of transfers between a user's wallets, one of them always the funding account.
// In one currency the money moves at once, available side to available side; across currencies it
// waits on the sending wallet's held side until the settlement run exchanges it through the house's
// fx account at the rate recorded when it was asked for, or a cancel gives it back.

const wallet = (userId: number, code: WalletCode, part: 'available' | 'held') => ({
  userId,
  wallet: code,
  part,
  currency: walletCurrency(code),
});

/** A transfer as the user asked for it: `idempotencyKey` makes asking twice post once. */
type Asked = { userId: number; transferId: number; from: WalletCode; amount: Dec | string; idempotencyKey: string | null };

const journal = (kind: JournalKind, t: Asked): JournalInput => ({
  kind,
  userId: t.userId,
  actorId: t.userId,
  idempotencyKey: t.idempotencyKey,
  refType: 'transfer',
  refId: t.transferId,
});

/** A transfer in one currency, done at once. */
export function postTransfer(sql: Sql, t: Asked & { to: WalletCode }): Promise<number> {
  return postJournal(sql, journal(JournalKind.Transfer, t), [
    { account: wallet(t.userId, t.from, 'available'), amount: new Dec(t.amount).neg() },
    { account: wallet(t.userId, t.to, 'available'), amount: t.amount },
  ]);
}

/** A transfer across currencies holds its amount until it settles or is cancelled. Answers the hold. */
export function postTransferHold(sql: Sql, t: Asked): Promise<number> {
  return postJournal(sql, journal(JournalKind.TransferHold, t), [
    { account: wallet(t.userId, t.from, 'available'), amount: new Dec(t.amount).neg() },
    { account: wallet(t.userId, t.from, 'held'), amount: t.amount },
  ]);
}

/** Cancelled before it settled: the hold returns whole. */
export function postTransferCancel(sql: Sql, holdId: number, t: Asked): Promise<number> {
  return postRelease(sql, holdId, journal(JournalKind.TransferCancel, t), [
    { account: wallet(t.userId, t.from, 'held'), amount: new Dec(t.amount).neg() },
    { account: wallet(t.userId, t.from, 'available'), amount: t.amount },
  ]);
}

/** The settlement run exchanges the held amount at the recorded rate; the run, not the user, moves it. */
export function postTransferSettle(
  sql: Sql,
  holdId: number,
  t: {
    userId: number;
    transferId: number;
    from: WalletCode;
    to: WalletCode;
    amount: Dec | string;
    currency: string;
    toAmount: Dec | string;
    toCurrency: string;
  },
): Promise<number> {
  return postRelease(sql, holdId, { kind: JournalKind.TransferSettle, userId: t.userId, actorId: null, refType: 'transfer', refId: t.transferId }, [
    { account: wallet(t.userId, t.from, 'held'), amount: new Dec(t.amount).neg() },
    { account: { house: HOUSE.fx, currency: t.currency }, amount: t.amount },
    { account: { house: HOUSE.fx, currency: t.toCurrency }, amount: new Dec(t.toAmount).neg() },
    { account: wallet(t.userId, t.to, 'available'), amount: t.toAmount },
  ]);
}
