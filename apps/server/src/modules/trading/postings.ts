import { JournalKind, walletCurrency, type WalletCode } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { Dec } from '../../lib/decimal';
import { findHoldJournal, HOUSE, postJournal, postRelease, prepareJournal, type JournalInput, type Posting, type PreparedJournal } from '../../ledger/ledger';
import type { CloseReason, PositionRow } from './repository';

// The ledger side of trading (docs/decisions/0015-trading-rules.md, "Books"). Every step is one
// balanced journal in the trading wallet's currency, referring to the position row it moved money
// for. An order's margin sits on the wallet's held side from the moment it is entrusted or filled
// until the position closes, so the held side always equals what open orders and positions risk.

const wallet = (userId: number, code: WalletCode, part: 'available' | 'held') => ({ userId, wallet: code, part, currency: walletCurrency(code) });
const house = (name: keyof typeof HOUSE, currency: string) => ({ house: HOUSE[name], currency });

/** Who moved the money, and when if not now (an agency's backfilled trade, modules/follow). */
type Actor = { actorId: number | null; idempotencyKey: string | null; at?: Date | undefined };
const journal = (kind: JournalKind, p: PositionRow, a: Actor, refId = p.id): JournalInput => ({
  kind,
  userId: p.user_id,
  actorId: a.actorId,
  idempotencyKey: a.idempotencyKey,
  refType: 'position',
  refId,
  ...(a.at ? { at: a.at } : {}),
});

/** The journal whose hold a fill or a cancel of the entrusted order `p` ends. */
const orderHold = (sql: Sql, p: PositionRow) => findHoldJournal(sql, { refType: 'position', refId: p.id, kind: JournalKind.OrderHold });

/**
 * The journal that holds an open position's margin: its opening, or for an entrusted order filled
 * without a fee to pay (no opening journal) the order's hold, which then carries on unreleased; for
 * listed IPO shares, which no order opened, the hold their allotment left (kept on the row).
 */
async function positionHold(sql: Sql, p: PositionRow) {
  return (
    (await findHoldJournal(sql, { refType: 'position', refId: p.id, kind: JournalKind.OrderOpen })) ??
    (await orderHold(sql, p)) ??
    p.hold_journal_id ??
    undefined
  );
}

const post = (sql: Sql, holdId: number | undefined, j: JournalInput, postings: Posting[]) =>
  holdId === undefined ? postJournal(sql, j, postings) : postRelease(sql, holdId, j, postings);

type NewOrder = { userId: number; walletCode: WalletCode; margin: Dec | string; fee: Dec | string };

/** An entrusted order holds its margin and fee until it fills or is cancelled. */
const holdPostings = (o: NewOrder): Posting[] => {
  const held = new Dec(o.margin).add(o.fee);
  return [
    { account: wallet(o.userId, o.walletCode, 'available'), amount: held.neg() },
    { account: wallet(o.userId, o.walletCode, 'held'), amount: held },
  ];
};

/** A market fill (or a limit order the quote already crosses): the margin is held and the fee paid, both from the available side. */
const openPostings = (o: NewOrder): Posting[] => {
  const fee = new Dec(o.fee);
  const postings: Posting[] = [
    { account: wallet(o.userId, o.walletCode, 'available'), amount: new Dec(o.margin).add(fee).neg() },
    { account: wallet(o.userId, o.walletCode, 'held'), amount: o.margin },
  ];
  if (fee.gt(0)) postings.push({ account: house('fees', walletCurrency(o.walletCode)), amount: fee });
  return postings;
};

const ofRow = (p: PositionRow): NewOrder => ({ userId: p.user_id, walletCode: p.wallet_code, margin: p.margin, fee: p.open_fee });

export function postOrderHold(sql: Sql, p: PositionRow, a: Actor) {
  return postJournal(sql, journal(JournalKind.OrderHold, p, a), holdPostings(ofRow(p)));
}

/**
 * The journal of an order not yet written, a fill's (`openPostings`) or an entrusted order's hold
 * (`postOrderHold`'s), to be written in the statement of its row (repository `insertOrder`), which
 * gives it the row's id as its reference.
 */
export function prepareOrderJournal(sql: Sql, o: NewOrder & { filled: boolean }, a: Actor): Promise<PreparedJournal> {
  const j: JournalInput = {
    kind: o.filled ? JournalKind.OrderOpen : JournalKind.OrderHold,
    userId: o.userId,
    actorId: a.actorId,
    idempotencyKey: a.idempotencyKey,
    refType: 'position',
    ...(a.at ? { at: a.at } : {}),
  };
  return prepareJournal(sql, j, o.filled ? openPostings(o) : holdPostings(o));
}

/**
 * An entrusted order fills: its fee is paid out of its hold and its margin stays held for the
 * position. The journal ends the order's hold and holds the position's margin from then on; with
 * no fee there is nothing to move, and the order's hold carries on as the position's.
 */
export async function postFill(sql: Sql, p: PositionRow, a: Actor) {
  const fee = new Dec(p.open_fee);
  if (!fee.gt(0)) return;
  await post(sql, await orderHold(sql, p), journal(JournalKind.OrderOpen, p, a), [
    { account: wallet(p.user_id, p.wallet_code, 'held'), amount: fee.neg() },
    { account: house('fees', p.wallet_currency), amount: fee },
  ]);
}

/** A cancelled entrusted order gives back what it held. */
export async function postCancel(sql: Sql, p: PositionRow, a: Actor) {
  const held = new Dec(p.margin).add(p.open_fee);
  await post(sql, await orderHold(sql, p), journal(JournalKind.OrderRelease, p, a), [
    { account: wallet(p.user_id, p.wallet_code, 'held'), amount: held.neg() },
    { account: wallet(p.user_id, p.wallet_code, 'available'), amount: held },
  ]);
}

export async function postAddMargin(sql: Sql, p: PositionRow, amount: string, a: Actor) {
  await postJournal(sql, journal(JournalKind.PositionMargin, p, a), [
    { account: wallet(p.user_id, p.wallet_code, 'available'), amount: new Dec(amount).neg() },
    { account: wallet(p.user_id, p.wallet_code, 'held'), amount },
  ]);
}

/**
 * Closing (by the user or by liquidation): the released margin leaves the held side; the payout
 * goes to the available side, the fee to the house's fees, the rest to or from the house book.
 * The journal refers to the settled row. Only a whole close ends the position's hold: after a
 * partial close the rest of the margin is still held for the open row.
 */
export async function postClose(
  sql: Sql,
  p: PositionRow,
  settledId: number,
  c: { whole: boolean; margin: Dec; payout: Dec; fee: Dec; book: Dec; reason: CloseReason },
  a: Actor,
) {
  const postings: Posting[] = [];
  if (c.margin.gt(0)) postings.push({ account: wallet(p.user_id, p.wallet_code, 'held'), amount: c.margin.neg() });
  if (c.payout.gt(0)) postings.push({ account: wallet(p.user_id, p.wallet_code, 'available'), amount: c.payout });
  if (c.fee.gt(0)) postings.push({ account: house('fees', p.wallet_currency), amount: c.fee });
  if (!c.book.isZero()) postings.push({ account: house('book', p.wallet_currency), amount: c.book });
  // A journal of one posting would move nothing (a margin of zero closed at no profit).
  if (postings.length < 2) return;
  const kind = c.reason === 'liquidation' ? JournalKind.PositionLiquidate : JournalKind.PositionClose;
  await post(sql, c.whole ? await positionHold(sql, p) : undefined, journal(kind, p, a, settledId), postings);
}

/**
 * An order whose money is held before it has a position row (a pre-opening auction order,
 * modules/auction). Its journals refer to its own row and take an entrusted order's kinds: the
 * money moves as an entrusted order's does.
 */
export interface HeldOrder {
  refType: string;
  id: number;
  userId: number;
  walletCode: WalletCode;
  /** Margin and fee held, in the wallet's currency. */
  held: Dec | string;
}

const heldJournal = (kind: JournalKind, o: HeldOrder, a: Actor): JournalInput => ({
  kind,
  userId: o.userId,
  actorId: a.actorId,
  idempotencyKey: a.idempotencyKey,
  refType: o.refType,
  refId: o.id,
});

/** A held order sets its margin and fee aside, as an entrusted order does. Answers the hold's journal. */
export function postHeldOrder(sql: Sql, o: HeldOrder, a: Actor): Promise<number> {
  return postJournal(sql, heldJournal(JournalKind.OrderHold, o, a), [
    { account: wallet(o.userId, o.walletCode, 'available'), amount: new Dec(o.held).neg() },
    { account: wallet(o.userId, o.walletCode, 'held'), amount: o.held },
  ]);
}

/** A held order ends without a fill (cancelled, or passed on to be held again as an entrusted order): its hold returns whole. */
export function postHeldOrderRelease(sql: Sql, holdId: number, o: HeldOrder, a: Actor): Promise<number> {
  return postRelease(sql, holdId, heldJournal(JournalKind.OrderRelease, o, a), [
    { account: wallet(o.userId, o.walletCode, 'held'), amount: new Dec(o.held).neg() },
    { account: wallet(o.userId, o.walletCode, 'available'), amount: o.held },
  ]);
}

/**
 * A held order fills as the open position `p` (at a price no worse than it was held at): one
 * journal ends the order's hold, pays p's fee to the house, leaves p's margin held and returns the
 * rest. It is p's opening journal, so p's close releases it, as after an entrusted order's fill.
 */
export function postHeldOrderFill(sql: Sql, holdId: number, o: HeldOrder, p: PositionRow, a: Actor): Promise<number> {
  const fee = new Dec(p.open_fee);
  const rest = new Dec(o.held).sub(p.margin).sub(fee);
  if (rest.isNegative()) throw new Error(`held order ${o.id}: the fill takes more than its hold`);
  const postings: Posting[] = [{ account: wallet(p.user_id, p.wallet_code, 'held'), amount: rest.add(fee).neg() }];
  if (fee.gt(0)) postings.push({ account: house('fees', p.wallet_currency), amount: fee });
  if (rest.gt(0)) postings.push({ account: wallet(p.user_id, p.wallet_code, 'available'), amount: rest });
  // Stock fees have a floor, so something always moves; a journal of nothing would leave the position without its hold.
  if (postings.length < 2) throw new Error(`held order ${o.id}: a fill without a fee or a rest to move`);
  return postRelease(sql, holdId, journal(JournalKind.OrderOpen, p, a), postings);
}
