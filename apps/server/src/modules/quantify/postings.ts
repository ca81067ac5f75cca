import { JournalKind, WalletCode } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { Dec } from '../../lib/decimal';
import { findHoldJournal, HOUSE, postJournal, postRelease, type JournalInput } from '../../ledger/ledger';

// The ledger side of the pools (decision 0021, "AI quantify"). Every journal is in euros between
// financial wallets and the house: a subscription waits on the investor's held side until its day's
// NAV prices it, then goes to the pool's available side, which pays redemptions and the day's fee
// (to the house's pool fees) and got its seed from the house's pool capital.

const CURRENCY = 'EUR';
const financial = (userId: number, part: 'available' | 'held') => ({ userId, wallet: WalletCode.Financial, part, currency: CURRENCY });

/** Pool journals name no actor: the engine's are dated the day they belong to, an investor's order's are now. */
const journal = (kind: JournalKind, userId: number, refType: 'pool' | 'pool_order', refId: number, at?: Date): JournalInput => ({
  kind,
  userId,
  actorId: null,
  refType,
  refId,
  ...(at ? { at } : {}),
});

/** The journal holding a pending subscription's euros, which its pricing or its withdrawal ends. */
const subscriptionHold = async (sql: Sql, orderId: number) =>
  (await findHoldJournal(sql, { refType: 'pool_order', refId: orderId, kind: JournalKind.PoolHold }))!;

/** A pool's seed capital, from the house, dated the pool's first day. */
export function postPoolCapital(sql: Sql, p: { poolUserId: number; poolId: number; capital: Dec | string; at: Date }) {
  return postJournal(sql, journal(JournalKind.PoolCapital, p.poolUserId, 'pool', p.poolId, p.at), [
    { account: { house: HOUSE.poolCapital, currency: CURRENCY }, amount: new Dec(p.capital).neg() },
    { account: financial(p.poolUserId, 'available'), amount: p.capital },
  ]);
}

/** The day's management fee, out of the pool's free cash, dated the day's end. */
export function postPoolFee(sql: Sql, p: { poolUserId: number; poolId: number; fee: Dec | string; at: Date }) {
  return postJournal(sql, journal(JournalKind.PoolFee, p.poolUserId, 'pool', p.poolId, p.at), [
    { account: financial(p.poolUserId, 'available'), amount: new Dec(p.fee).neg() },
    { account: { house: HOUSE.poolFees, currency: CURRENCY }, amount: p.fee },
  ]);
}

/** A subscription sets its euros aside until its day's NAV is struck: the hold its pricing or its withdrawal ends. */
export function postPoolHold(sql: Sql, o: { userId: number; orderId: number; amount: Dec | string }) {
  return postJournal(sql, journal(JournalKind.PoolHold, o.userId, 'pool_order', o.orderId), [
    { account: financial(o.userId, 'available'), amount: new Dec(o.amount).neg() },
    { account: financial(o.userId, 'held'), amount: o.amount },
  ]);
}

/** A withdrawn subscription: its hold returns whole. */
export async function postPoolRelease(sql: Sql, o: { userId: number; orderId: number; amount: Dec | string }) {
  return postRelease(sql, await subscriptionHold(sql, o.orderId), journal(JournalKind.PoolRelease, o.userId, 'pool_order', o.orderId), [
    { account: financial(o.userId, 'held'), amount: new Dec(o.amount).neg() },
    { account: financial(o.userId, 'available'), amount: o.amount },
  ]);
}

/** A subscription priced at its day's NAV: its held euros go to the pool for the units (the release of its hold). */
export async function postPoolSubscription(sql: Sql, o: { userId: number; orderId: number; poolUserId: number; amount: Dec | string; at: Date }) {
  return postRelease(sql, await subscriptionHold(sql, o.orderId), journal(JournalKind.PoolSubscribe, o.userId, 'pool_order', o.orderId, o.at), [
    { account: financial(o.userId, 'held'), amount: new Dec(o.amount).neg() },
    { account: financial(o.poolUserId, 'available'), amount: o.amount },
  ]);
}

/** A redemption priced at its day's NAV: the payout goes from the pool's cash to the investor's available side. */
export function postPoolRedemption(sql: Sql, o: { userId: number; orderId: number; poolUserId: number; payout: Dec | string; at: Date }) {
  return postJournal(sql, journal(JournalKind.PoolRedeem, o.userId, 'pool_order', o.orderId, o.at), [
    { account: financial(o.poolUserId, 'available'), amount: new Dec(o.payout).neg() },
    { account: financial(o.userId, 'available'), amount: o.payout },
  ]);
}
