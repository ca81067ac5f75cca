import { JournalKind, WalletCode } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { Dec } from '../../lib/decimal';
import { HOUSE, postJournal, type JournalInput } from '../../ledger/ledger';

// The ledger side of the robots (decision 0021). Every journal is in euros in the investor's
// financial wallet and refers to the robot order: the order's money lives on the held side, from
// its start until its redemption, and leaves it only for the fills trading books from the
// available side (their payouts come back); the rent or price goes to the house's robots account.

const CURRENCY = 'EUR';
const financial = (userId: number, part: 'available' | 'held') => ({ userId, wallet: WalletCode.Financial, part, currency: CURRENCY });

type RobotOrder = { userId: number; orderId: number };
/** Who moved the money (the investor, or null for the engine), and when if not now (a fill's or a close's moment). */
type Actor = { actorId: number | null; idempotencyKey?: string | null; at?: Date | undefined };

const journal = (kind: JournalKind, o: RobotOrder, a: Actor): JournalInput => ({
  kind,
  userId: o.userId,
  actorId: a.actorId,
  ...(a.idempotencyKey !== undefined ? { idempotencyKey: a.idempotencyKey } : {}),
  refType: 'robot',
  refId: o.orderId,
  ...(a.at ? { at: a.at } : {}),
});

/** Money between the order's held side and the available side; a negative amount goes back to the held side. */
const shuttle = (sql: Sql, kind: JournalKind, o: RobotOrder, toAvailable: Dec, a: Actor) =>
  postJournal(sql, journal(kind, o, a), [
    { account: financial(o.userId, 'held'), amount: toAvailable.neg() },
    { account: financial(o.userId, 'available'), amount: toAvailable },
  ]);

/** A new order sets its amount aside on the held side: the order's money from then on. */
export function postRobotStarted(sql: Sql, o: RobotOrder & { amount: Dec | string }, a: { actorId: number; idempotencyKey: string | null }) {
  return postJournal(sql, journal(JournalKind.RobotStart, o, a), [
    { account: financial(o.userId, 'available'), amount: new Dec(o.amount).neg() },
    { account: financial(o.userId, 'held'), amount: o.amount },
  ]);
}

/** The robot's rent, or its price when bought, paid to the house out of the available side. */
export function postRobotPaid(sql: Sql, o: RobotOrder & { mode: 'rent' | 'buy'; cost: Dec | string }, a: { actorId: number }) {
  return postJournal(sql, journal(o.mode === 'buy' ? JournalKind.RobotBuy : JournalKind.RobotRent, o, a), [
    { account: financial(o.userId, 'available'), amount: new Dec(o.cost).neg() },
    { account: { house: HOUSE.robots, currency: CURRENCY }, amount: o.cost },
  ]);
}

/** A fill's margin and fee leave the order's money for the available side, which trading books the fill from. */
export function postRobotFunded(sql: Sql, o: RobotOrder & { amount: Dec | string; at: Date }) {
  return shuttle(sql, JournalKind.RobotFund, o, new Dec(o.amount), { actorId: null, at: o.at });
}

/** A robot position's payout, which its close paid to the available side, returns to the order's money in the closing transaction. */
export function postRobotReturned(sql: Sql, o: RobotOrder & { payout: Dec | string; at?: Date | undefined }) {
  return shuttle(sql, JournalKind.RobotReturn, o, new Dec(o.payout).neg(), { actorId: null, at: o.at });
}

/** Redeemed: what the order still holds returns to the available side. */
export function postRobotRedeemed(sql: Sql, o: RobotOrder & { amount: Dec | string }, a: { actorId: number; idempotencyKey: string | null }) {
  return shuttle(sql, JournalKind.RobotStop, o, new Dec(o.amount), a);
}
