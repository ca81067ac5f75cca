import { JournalKind, WalletCode } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { Dec } from '../../lib/decimal';
import { HOUSE, postJournal, postRelease, type JournalInput, type Posting } from '../../ledger/ledger';
import type { SubscriptionRow } from './repository';

// The ledger side of the primary market (decision 0019, "Money"). Every step is one balanced
// journal in euros in the investor's subscription wallet, referring to the subscription it moved
// money for. What a subscription holds sits on the wallet's held side from the subscription until
// the allotment, which leaves there only the allotted shares' money: the position's margin.

const CURRENCY = 'EUR';
const wallet = (userId: number, part: 'available' | 'held') => ({ userId, wallet: WalletCode.Subscription, part, currency: CURRENCY });
const fees = { house: HOUSE.fees, currency: CURRENCY };

export type Actor = { actorId: number | null; idempotencyKey: string | null };

const journal = (kind: JournalKind, userId: number, subscriptionId: number, a: Actor): JournalInput => ({
  kind,
  userId,
  actorId: a.actorId,
  idempotencyKey: a.idempotencyKey,
  refType: 'deal_subscription',
  refId: subscriptionId,
});

/** Postings without the zero ones: a journal never carries a posting of nothing. */
const moving = (postings: Posting[]) => postings.filter((p) => !new Dec(p.amount).isZero());

/**
 * Subscribing, one journal: the money of the lots applied for (fee included) moves to the held
 * side and the handling fee to the house's fees, both out of the available side.
 */
export function postSubscribe(sql: Sql, s: { userId: number; subscriptionId: number; held: string; handlingFee: string }, a: Actor) {
  return postJournal(
    sql,
    journal(JournalKind.DealSubscribe, s.userId, s.subscriptionId, a),
    moving([
      { account: wallet(s.userId, 'available'), amount: new Dec(s.held).add(s.handlingFee).neg() },
      { account: wallet(s.userId, 'held'), amount: s.held },
      { account: fees, amount: s.handlingFee },
    ]),
  );
}

/** A changed or reconfirmed offer first gives back what it held (its hold ends here). */
export function postRehold(sql: Sql, s: SubscriptionRow, a: Actor) {
  return postRelease(sql, s.hold_journal_id, journal(JournalKind.DealRelease, s.user_id, s.id, a), [
    { account: wallet(s.user_id, 'held'), amount: new Dec(s.amount_held).neg() },
    { account: wallet(s.user_id, 'available'), amount: s.amount_held },
  ]);
}

/** ... then holds the money of its new lots at the new price: the subscription's hold from then on. */
export function postHold(sql: Sql, s: SubscriptionRow, held: string, a: Actor) {
  return postJournal(sql, journal(JournalKind.DealHold, s.user_id, s.id, a), [
    { account: wallet(s.user_id, 'available'), amount: new Dec(held).neg() },
    { account: wallet(s.user_id, 'held'), amount: held },
  ]);
}

/**
 * The allotment of `amount` (the allotted shares at the final price) and their `fee`: the fee goes
 * from the held side to the house's fees, the rest of the hold back to the available side, and the
 * shares' money stays held as the position's margin. The journal ends the subscription's hold and
 * holds the position's margin from then on. When nothing is left to move (everything allotted,
 * no fee) there is no journal: the subscription's hold carries on as the position's. Answers the
 * journal, if any.
 */
export async function postAllot(sql: Sql, s: SubscriptionRow, amount: string, fee: string, a: Actor): Promise<number | null> {
  const refund = new Dec(s.amount_held).sub(amount).sub(fee);
  if (refund.isNegative()) throw new Error(`subscription ${s.id}: the allotment takes more than its hold`);
  const postings = moving([
    { account: wallet(s.user_id, 'held'), amount: refund.add(fee).neg() },
    { account: fees, amount: fee },
    { account: wallet(s.user_id, 'available'), amount: refund },
  ]);
  if (postings.length < 2) return null;
  return postRelease(sql, s.hold_journal_id, journal(JournalKind.DealAllot, s.user_id, s.id, a), postings);
}

/** Nothing allotted (the ballot, or an offer not reconfirmed): the whole hold goes back. */
export function postRefund(sql: Sql, s: SubscriptionRow, a: Actor) {
  return postRelease(sql, s.hold_journal_id, journal(JournalKind.DealRefund, s.user_id, s.id, a), [
    { account: wallet(s.user_id, 'held'), amount: new Dec(s.amount_held).neg() },
    { account: wallet(s.user_id, 'available'), amount: s.amount_held },
  ]);
}

/**
 * A cancelled deal delivers nothing, so everything comes back: what is still held (the whole hold
 * before the allotment, the position's margin after it), the fee on allotted shares and the
 * handling fee. `holdId` is the journal holding that money, if any is still held. Answers the
 * journal, or null when there was nothing to give back.
 */
export async function postCancel(sql: Sql, s: SubscriptionRow, back: { held: string; fees: string; holdId: number | null }, a: Actor): Promise<number | null> {
  const held = new Dec(back.held);
  const fromFees = new Dec(back.fees);
  const postings = moving([
    { account: wallet(s.user_id, 'held'), amount: held.neg() },
    { account: fees, amount: fromFees.neg() },
    { account: wallet(s.user_id, 'available'), amount: held.add(fromFees) },
  ]);
  if (postings.length < 2) return null;
  const j = journal(JournalKind.DealCancel, s.user_id, s.id, a);
  return back.holdId === null || held.isZero() ? postJournal(sql, j, postings) : postRelease(sql, back.holdId, j, postings);
}
