import { JournalKind, WalletCode } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { Dec } from '../../lib/decimal';
import { findHoldJournal, HOUSE, postJournal, postRelease, type JournalInput } from '../../ledger/ledger';

// The ledger side of funds and deposit terms (decision 0022). Every step is one balanced journal in
// euros between the investor's FINANCIAL wallet and the house's funds, fund-fees and deposit-interest
// accounts, referring to the order (or, for a Current term's income, the holding) it moved money for.
// A fund purchase waits on the wallet's held side for its NAV; everything else moves at once.

const CURRENCY = 'EUR';
const financial = (userId: number, part: 'available' | 'held') => ({ userId, wallet: WalletCode.Financial, part, currency: CURRENCY });
const house = (account: (typeof HOUSE)[keyof typeof HOUSE]) => ({ house: account, currency: CURRENCY });

/**
 * When the money moved, and the investor's request behind it (its idempotency key), if any: a job's
 * journals have none. No journal of the funds names an actor.
 */
export type When = { at: Date; idempotencyKey?: string | null };

/** What moves for one order (or one holding's income): whose, and how much. */
export type Movement = { userId: number; orderId: number; amount: Dec | string };

const journal = (kind: JournalKind, userId: number, refType: 'fund_order' | 'fund_holding', refId: number, w: When): JournalInput => ({
  kind,
  userId,
  actorId: null,
  idempotencyKey: w.idempotencyKey,
  refType,
  refId,
  at: w.at,
});
const ofOrder = (kind: JournalKind, m: Movement, w: When) => journal(kind, m.userId, 'fund_order', m.orderId, w);

/** A fund purchase holds its amount until its NAV is struck (the journal `postPurchaseAllotted` releases). */
export function postPurchaseHeld(sql: Sql, m: Movement, w: When) {
  return postJournal(sql, ofOrder(JournalKind.FundHold, m, w), [
    { account: financial(m.userId, 'available'), amount: new Dec(m.amount).neg() },
    { account: financial(m.userId, 'held'), amount: m.amount },
  ]);
}

/** The purchase allotted at its NAV: its hold ends, paid into the funds. */
export async function postPurchaseAllotted(sql: Sql, m: Movement, w: When) {
  const hold = await findHoldJournal(sql, { refType: 'fund_order', refId: m.orderId, kind: JournalKind.FundHold });
  if (!hold) throw new Error(`fund order ${m.orderId} has no hold`);
  return postRelease(sql, hold, ofOrder(JournalKind.FundBuy, m, w), [
    { account: financial(m.userId, 'held'), amount: new Dec(m.amount).neg() },
    { account: house(HOUSE.funds), amount: m.amount },
  ]);
}

/** A deposit term is bought at once: nothing waits for a price. */
export function postDepositBought(sql: Sql, m: Movement, w: When) {
  return postJournal(sql, ofOrder(JournalKind.FundBuy, m, w), [
    { account: financial(m.userId, 'available'), amount: new Dec(m.amount).neg() },
    { account: house(HOUSE.funds), amount: m.amount },
  ]);
}

/** A redemption's money comes back out of the funds: a fund's net on its payday, a deposit's principal (or early net) at once. */
export function postRedemptionPaid(sql: Sql, m: Movement, w: When) {
  return postJournal(sql, ofOrder(JournalKind.FundRedeem, m, w), [
    { account: house(HOUSE.funds), amount: new Dec(m.amount).neg() },
    { account: financial(m.userId, 'available'), amount: m.amount },
  ]);
}

/** What a redemption keeps back stays with the house: it moves from the funds to the fund fees, never through the wallet. */
const charge = (sql: Sql, kind: JournalKind, m: Movement, w: When) =>
  postJournal(sql, ofOrder(kind, m, w), [
    { account: house(HOUSE.funds), amount: new Dec(m.amount).neg() },
    { account: house(HOUSE.fundFees), amount: m.amount },
  ]);

/** A fund's exit load on the redeemed units still loaded. */
export const postExitLoad = (sql: Sql, m: Movement, w: When) => charge(sql, JournalKind.FundExitLoad, m, w);

/** A Regular term's penalty for leaving before its end. */
export const postEarlyPenalty = (sql: Sql, m: Movement, w: When) => charge(sql, JournalKind.DepositPenalty, m, w);

/** A Regular term's interest, paid with its principal at its end. */
export function postInterestPaid(sql: Sql, m: Movement, w: When) {
  return postJournal(sql, ofOrder(JournalKind.DepositInterest, m, w), [
    { account: house(HOUSE.depositInterest), amount: new Dec(m.amount).neg() },
    { account: financial(m.userId, 'available'), amount: m.amount },
  ]);
}

/** One UTC day of a Current holding's income: no order behind it, so the journal refers to the holding. */
export function postIncomeCredited(sql: Sql, i: { userId: number; holdingId: number; amount: Dec | string }, w: When) {
  return postJournal(sql, journal(JournalKind.DepositIncome, i.userId, 'fund_holding', i.holdingId, w), [
    { account: house(HOUSE.depositInterest), amount: new Dec(i.amount).neg() },
    { account: financial(i.userId, 'available'), amount: i.amount },
  ]);
}
