import { JournalKind, walletCurrency, type WalletCode } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { Dec } from '../../lib/decimal';
import { HOUSE, postJournal, type JournalInput, type Posting } from '../../ledger/ledger';

// The ledger side of bonds (decision 0022). Every movement is one journal between the available
// side of the bond's wallet and the house book, the counterparty of every trade (the markup to the
// house's fees), in the wallet's currency. Each refers to its holding and is dated as the trade or
// payment it moved money for.

const wallet = (userId: number, code: WalletCode, part: 'available' | 'held') => ({ userId, wallet: code, part, currency: walletCurrency(code) });
const house = (name: 'book' | 'fees', currency: string) => ({ house: HOUSE[name], currency });
/** A journal has no zero lines: accrued interest is nothing on a coupon date and for a bill. */
const lines = (postings: Posting[]) => postings.filter((p) => !new Dec(p.amount).isZero());

/** The holding, and the wallet it trades from with that wallet's currency, as the holding recorded it. */
type Holding = { userId: number; holdingId: number; walletCode: WalletCode; walletCurrency: string; at: Date };
/** A trade's amounts in the wallet's currency: the clean price, the accrued interest and the markup. */
type Trade = { clean: Dec | string; accrued: Dec | string; fee: Dec | string };

const journal = (kind: JournalKind, h: Holding, actorId: number | null): JournalInput => ({
  kind,
  userId: h.userId,
  actorId,
  refType: 'bond_holding',
  refId: h.holdingId,
  at: h.at,
});

/** A purchase: the clean price and accrued interest to the house book, the markup to the fees, all from the available side. */
export function postBondBuy(sql: Sql, h: Holding, t: Trade): Promise<number> {
  return postJournal(
    sql,
    journal(JournalKind.BondBuy, h, h.userId),
    lines([
      { account: wallet(h.userId, h.walletCode, 'available'), amount: new Dec(t.clean).add(t.accrued).add(t.fee).neg() },
      { account: house('book', h.walletCurrency), amount: t.clean },
      { account: house('book', h.walletCurrency), amount: t.accrued },
      { account: house('fees', h.walletCurrency), amount: t.fee },
    ]),
  );
}

/** A sale: the house book pays the clean price and accrued interest, less the markup it keeps for the fees. */
export function postBondSale(sql: Sql, h: Holding, t: Trade): Promise<number> {
  return postJournal(
    sql,
    journal(JournalKind.BondSell, h, h.userId),
    lines([
      { account: house('book', h.walletCurrency), amount: new Dec(t.clean).neg() },
      { account: house('book', h.walletCurrency), amount: new Dec(t.accrued).neg() },
      { account: house('fees', h.walletCurrency), amount: t.fee },
      { account: wallet(h.userId, h.walletCode, 'available'), amount: new Dec(t.clean).add(t.accrued).sub(t.fee) },
    ]),
  );
}

/** Coupons and the principal come from the house book on their schedule: nobody acts for them. */
const payment = (sql: Sql, kind: JournalKind, h: Holding, amount: Dec | string) =>
  postJournal(sql, journal(kind, h, null), [
    { account: house('book', h.walletCurrency), amount: new Dec(amount).neg() },
    { account: wallet(h.userId, h.walletCode, 'available'), amount },
  ]);

export function postCouponPaid(sql: Sql, h: Holding, amount: Dec | string): Promise<number> {
  return payment(sql, JournalKind.BondCoupon, h, amount);
}

export function postBondRedeemed(sql: Sql, h: Holding, amount: Dec | string): Promise<number> {
  return payment(sql, JournalKind.BondRedeem, h, amount);
}
