import type { WalletCode } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { Dec, fixed, plain } from '../../lib/decimal';
import { dayOfInstant, paymentDays } from '../../market/bondTerms';
import type { BondContext } from './context';
import { bondPayDay, periodCoupon } from './formulas';
import { postBondRedeemed, postCouponPaid } from './postings';
import * as repo from './repository';
import type { HoldingRow } from './repository';
import { BONDS, dayOfDate, dayStart, money, termsOfHolding } from './views';

// Coupons and redemption: paid by the `bondCoupon` job, and before a sale the coupons due by its
// settlement day, which are the seller's.

export function createBondCoupons(ctx: BondContext) {
  const { db, exchangeRates, notices, now } = ctx;

  /** Pay one coupon or the principal of a holding: a journal from the house book to its wallet, recorded once per day and kind. */
  async function pay(sql: Sql, h: HoldingRow, kind: 'coupon' | 'redemption', day: number, face: Dec, amount: Dec, at: number): Promise<Dec> {
    const rate = exchangeRates.rate(h.currency, h.wallet_currency);
    const walletAmount = money(amount.mul(rate));
    const holding = { userId: h.user_id, holdingId: h.id, walletCode: h.wallet_code as WalletCode, walletCurrency: h.wallet_currency, at: new Date(at) };
    const journalId = await (kind === 'coupon' ? postCouponPaid : postBondRedeemed)(sql, holding, walletAmount);
    await repo.insertPayment(sql, {
      holdingId: h.id,
      kind,
      day: dayStart(day),
      face: plain(face),
      amount: plain(amount),
      rate: plain(rate),
      walletAmount: plain(walletAmount),
      journalId,
      at: new Date(at),
    });
    return walletAmount;
  }

  /**
   * Every coupon and the redemption a locked holding is owed up to the day of `at`, oldest first;
   * the notices' pushes to send once the transaction has committed. Before a sale settling on
   * `saleSettlement`, also every coupon due on or before that day, ahead of its payment day: the
   * buyer's purchase settles too late for it, so it is the seller's, on all the face held then.
   */
  async function settleDue(sql: Sql, id: number, at: number, saleSettlement?: number): Promise<Array<() => void>> {
    const today = dayOfInstant(at);
    const pushes: Array<() => void> = [];
    for (;;) {
      const h = (await repo.holding(sql, id))!;
      if (h.status !== 'holding' || h.next_payment === null) return pushes;
      const day = dayOfDate(h.next_payment);
      const keptBySeller = saleSettlement !== undefined && day <= saleSettlement;
      // The amount and the payment's record stay those of the scheduled day: only the cash waits.
      if (!keptBySeller && bondPayDay(h.currency, day) > today) return pushes;
      const terms = termsOfHolding(h);
      const face = new Dec(h.remaining);
      const coupon = money(face.mul(periodCoupon(terms)).div(100));
      const name = BONDS.find((b) => b.symbol === h.symbol)?.name ?? h.symbol;
      const common = { name, face: fixed(face, 2), currency: h.currency, walletCurrency: h.wallet_currency, wallet: h.wallet_code };
      if (day >= terms.maturity) {
        let paid = coupon.gt(0) ? await pay(sql, h, 'coupon', day, face, coupon, at) : new Dec(0);
        paid = paid.add(await pay(sql, h, 'redemption', day, face, money(face), at));
        await repo.markRedeemed(sql, h.id, new Date(at));
        pushes.push(await notices.notify(sql, h.user_id, 'bond.redeemed', { ...common, coupon: fixed(coupon, 2), walletAmount: fixed(paid, 2) }));
      } else {
        const paid = await pay(sql, h, 'coupon', day, face, coupon, at);
        await repo.setNextPayment(sql, h.id, dayStart(paymentDays(terms, day)[0]!));
        pushes.push(await notices.notify(sql, h.user_id, 'bond.coupon', { ...common, amount: fixed(coupon, 2), walletAmount: fixed(paid, 2) }));
      }
    }
  }

  return {
    settleDue,

    /** The `bondCoupon` job: every holding with a payment due, each in its own transaction under its row lock. */
    async runDue(): Promise<{ holdings: number }> {
      const at = now();
      const due = await repo.dueHoldings(db, dayStart(dayOfInstant(at)));
      let paid = 0;
      for (const { id } of due) {
        const pushes = await db.tx(async (sql) => {
          await repo.lockHolding(sql, id);
          return settleDue(sql, id, at);
        });
        // A payment scheduled for a day off waits for the next business day: that holding is not paid yet.
        if (pushes.length > 0) paid += 1;
        for (const push of pushes) push();
      }
      return { holdings: paid };
    },
  };
}

export type BondCoupons = ReturnType<typeof createBondCoupons>;
