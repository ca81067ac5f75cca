import { JournalKind, WalletCode } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { Dec } from '../../lib/decimal';
import { HOUSE, postJournal, type JournalInput } from '../../ledger/ledger';

// The ledger side of copy-following (decision 0020), in dollars on the follow wallet. A follow's
// money sits on the wallet's held side, so the investor's own trading never spends it; a copy's
// margin and fee go to the available side just before its order takes them, and its payout comes
// back. An agency's capital comes once from the house's agency capital.

const CURRENCY = 'USD';
const follows = (userId: number, part: 'available' | 'held') => ({ userId, wallet: WalletCode.Follow, part, currency: CURRENCY });

/** A follow's money moving: whose, for which follow, how much, and when if not now (a copy of a backfilled agency trade). */
export type FollowMoney = { userId: number; followId: number; amount: Dec | string; at?: Date | undefined };

/** The investor's request: they are its actor, under its idempotency key. */
export type InvestorRequest = { idempotencyKey: string | null };

const journal = (kind: JournalKind, m: FollowMoney, a: { actorId: number | null; idempotencyKey?: string | null }): JournalInput => ({
  kind,
  userId: m.userId,
  actorId: a.actorId,
  idempotencyKey: a.idempotencyKey,
  refType: 'follow',
  refId: m.followId,
  ...(m.at ? { at: m.at } : {}),
});

/** The engine's moves between the follow's money (held) and the available side: nobody's request. */
const shuttle = (sql: Sql, kind: JournalKind, m: FollowMoney, toAvailable: Dec) =>
  postJournal(sql, journal(kind, m, { actorId: null }), [
    { account: follows(m.userId, 'held'), amount: toAvailable.neg() },
    { account: follows(m.userId, 'available'), amount: toAvailable },
  ]);

/** A copy opens: its margin and fee leave the follow's money for the order that takes them. */
export const postCopyFunded = (sql: Sql, m: FollowMoney) => shuttle(sql, JournalKind.FollowCopy, m, new Dec(m.amount));

/** A copy closes: its payout goes back to the follow's money. */
export const postCopyReturned = (sql: Sql, m: FollowMoney) => shuttle(sql, JournalKind.FollowReturn, m, new Dec(m.amount).neg());

/** A follow stops: the cash it still holds returns to the follow wallet. */
export const postFollowStopped = (sql: Sql, m: FollowMoney) => shuttle(sql, JournalKind.FollowStop, m, new Dec(m.amount));

/** The investor sets money aside for a follow, out of the follow wallet. */
const setAside = (sql: Sql, kind: JournalKind, m: FollowMoney, r: InvestorRequest) =>
  postJournal(sql, journal(kind, m, { actorId: m.userId, idempotencyKey: r.idempotencyKey }), [
    { account: follows(m.userId, 'available'), amount: new Dec(m.amount).neg() },
    { account: follows(m.userId, 'held'), amount: m.amount },
  ]);

/** Starting a follow sets its amount aside. */
export const postFollowFunded = (sql: Sql, m: FollowMoney, r: InvestorRequest) => setAside(sql, JournalKind.FollowStart, m, r);

/** Money added to a running follow. */
export const postFollowAdded = (sql: Sql, m: FollowMoney, r: InvestorRequest) => setAside(sql, JournalKind.FollowAdd, m, r);

/** An agency's starting capital (decision 0020), the house's own money, dated its first day. */
export function postAgencyCapital(sql: Sql, a: { userId: number; agencyId: number; capital: string; at: Date }) {
  return postJournal(sql, { kind: JournalKind.AgencyCapital, userId: a.userId, actorId: null, refType: 'agency', refId: a.agencyId, at: a.at }, [
    { account: { house: HOUSE.agencyCapital, currency: CURRENCY }, amount: new Dec(a.capital).neg() },
    { account: follows(a.userId, 'available'), amount: a.capital },
  ]);
}
