import type { FundOrder } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { AppError } from '../../errors';
import { Dec, fixed, plain } from '../../lib/decimal';
import { postDepositBought, postEarlyPenalty, postPurchaseHeld, postRedemptionPaid } from './postings';
import * as repo from './repository';
import type { ProductRow } from './repository';
import { DAY_MS, exitLoadUntil, simpleInterest, utcDayOf } from './rules';
import { timingOf, type FundServiceOptions, type OrderInput } from './context';
import type { RedemptionPlans } from './redemptions';
import { orderOf } from './views';

/** An investor's purchase or redemption, inside the caller's transaction under the product's row lock. */
export function createOrderPlacing(ctx: FundServiceOptions, plans: RedemptionPlans) {
  const { engine, now } = ctx;
  const { planFundRedemption, planCurrentRedemption, planRegularRedemption } = plans;

  async function buy(sql: Sql, userId: number, p: ProductRow, input: OrderInput, key: string | undefined): Promise<FundOrder> {
    if (p.paused_at) throw new AppError('e.fundPaused');
    const amount = new Dec(input.amount!);
    if (amount.lt(p.min_amount)) throw new AppError('e.fundMinAmount', { amount: 'e.fundMinAmount' }, { min: fixed(p.min_amount, 2) });
    const at = now();
    const when = { at: new Date(at), idempotencyKey: key ?? null };
    if (p.kind === 'fund') {
      const h = await repo.insertHolding(sql, { productId: p.id, userId, amount: plain(amount), units: null, at: new Date(at) });
      const o = await repo.insertOrder(sql, {
        productId: p.id,
        userId,
        side: 'buy',
        status: 'pending',
        holdingId: h.id,
        amount: plain(amount),
        navDay: timingOf(p, at).orderNavDay,
        at: new Date(at),
      });
      await postPurchaseHeld(sql, { userId, orderId: o.id, amount }, when);
      return orderOf(o, p);
    }
    // A deposit is bought at once; a Regular term's interest runs from the next UTC day for its term.
    const endDay = p.kind === 'regular' ? utcDayOf(at) + (1 + p.term_days!) * DAY_MS : null;
    const h = await repo.insertHolding(sql, {
      productId: p.id,
      userId,
      amount: plain(amount),
      units: plain(amount),
      ratePercent: p.rate_percent,
      endDay,
      interest: p.kind === 'regular' ? plain(simpleInterest(amount, p.rate_percent!, p.term_days!)) : null,
      at: new Date(at),
    });
    const o = await repo.insertOrder(sql, {
      productId: p.id,
      userId,
      side: 'buy',
      status: 'done',
      holdingId: h.id,
      amount: plain(amount),
      units: plain(amount),
      at: new Date(at),
    });
    await postDepositBought(sql, { userId, orderId: o.id, amount }, when);
    return orderOf(o, p);
  }

  async function redeem(sql: Sql, userId: number, p: ProductRow, input: OrderInput, key: string | undefined): Promise<{ order: FundOrder; push?: () => void }> {
    const at = now();
    const stamp = new Date(at);
    if (p.kind === 'fund') {
      const plan = await planFundRedemption(sql, p, userId, input.units, at);
      const o = await repo.insertOrder(sql, {
        productId: p.id,
        userId,
        side: 'redeem',
        status: 'pending',
        units: plain(plan.units),
        navDay: plan.navDay,
        payDay: plan.payDay,
        at: stamp,
      });
      for (const t of plan.takes) {
        await repo.insertOrderLot(sql, { orderId: o.id, holdingId: t.holdingId, units: plain(t.units), free: plain(t.free), loaded: plain(t.loaded) });
        if (
          t.free.gt(0) &&
          plan.navDay <
            exitLoadUntil(
              plan.lots.find((l) => l.id === t.holdingId)!,
              { exitLoadDays: p.exit_load_days },
            )
        ) {
          await repo.useFreeUnits(sql, t.holdingId, plain(t.free));
        }
      }
      return { order: orderOf(o, p) };
    }
    const when = { at: stamp, idempotencyKey: key ?? null };
    if (p.kind === 'current') {
      const plan = await planCurrentRedemption(sql, p, userId, input);
      const amount = plain(plan.units);
      const o = await repo.insertOrder(sql, {
        productId: p.id,
        userId,
        side: 'redeem',
        status: 'done',
        amount,
        units: amount,
        exitLoad: '0',
        net: amount,
        at: stamp,
      });
      for (const t of plan.takes) {
        await repo.insertOrderLot(sql, {
          orderId: o.id,
          holdingId: t.holdingId,
          units: plain(t.units),
          free: plain(t.units),
          loaded: '0',
          gross: plain(t.units),
          exitLoad: '0',
        });
        await repo.reduceHolding(sql, t.holdingId, plain(t.units));
      }
      await postRedemptionPaid(sql, { userId, orderId: o.id, amount: plan.units }, when);
      return { order: orderOf(o, p) };
    }
    const { h, matured, early } = await planRegularRedemption(sql, p, userId, input, at);
    if (matured) {
      const { order: o, push } = await engine.mature(sql, p, h, stamp);
      return { order: orderOf(o, p), push };
    }
    const o = await repo.insertOrder(sql, {
      productId: p.id,
      userId,
      side: 'redeem',
      status: 'done',
      amount: plain(early.gross),
      units: plain(h.remaining),
      exitLoad: plain(early.charge),
      net: plain(early.net),
      at: stamp,
    });
    await repo.insertOrderLot(sql, {
      orderId: o.id,
      holdingId: h.id,
      units: plain(h.remaining),
      free: '0',
      loaded: plain(h.remaining),
      gross: plain(early.gross),
      exitLoad: plain(early.charge),
    });
    await repo.reduceHolding(sql, h.id, plain(h.remaining));
    if (early.penalty.gt(0)) await postEarlyPenalty(sql, { userId, orderId: o.id, amount: early.penalty }, when);
    await postRedemptionPaid(sql, { userId, orderId: o.id, amount: early.net }, when);
    return { order: orderOf(o, p) };
  }

  return { buy, redeem };
}
