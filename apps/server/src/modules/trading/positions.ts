import { OrderStatus } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { AppError } from '../../errors';
import { Dec } from '../../lib/decimal';
import { lockupEndText, quantityLot, type SettleHook, type TradingContext } from './context';
import { exitPrice, onGrid } from './pricing';
import { postAddMargin } from './postings';
import * as repo from './repository';
import type { CloseReason, PositionRow } from './repository';
import { checkStops, type StopsInput } from './stops';

/**
 * An open position after its fill: closed by its owner or, in the caller's transaction, by another
 * module; its margin topped up; its stops set.
 */
export function createPositionUseCases(ctx: TradingContext) {
  const { db, market, now, view, settleHooks, record, load, close } = ctx;

  return {
    /**
     * Close a whole open position at `price` in the caller's transaction, for a reason of the
     * caller's (modules/follow: an agency's rule, a copy following it, the copy stop-loss, the end
     * of a follow), as a close by its owner books it. Answers the settled row and its pushes.
     */
    closeAt: (sql: Sql, p: PositionRow, price: Dec, reason: CloseReason, actorId: number | null, at?: Date) =>
      close(sql, p, new Dec(p.quantity), price, reason, actorId, null, at),

    /** Run `hook` in every closing transaction, after the position has settled. */
    onSettle(hook: SettleHook) {
      settleHooks.push(hook);
    },

    async closeByUser(userId: number, id: number, quantity: string | undefined, idempotencyKey: string | undefined) {
      const row = await db.tx(async (sql) => {
        const p = await load(sql, userId, id, true);
        if (p.status === OrderStatus.ToBeSettled) throw new AppError('e.positionNotListed');
        if (p.status !== OrderStatus.InProgress) throw new AppError('e.positionClosed');
        // "Cannot be sold after placing": a copy closes with its agency's position (decision 0020).
        if (p.follow_id !== null) throw new AppError('e.copyNotClosable');
        if (p.robot_order_id !== null) throw new AppError('e.robotPosition');
        // Placement shares (modules/placements) may not be sold before their lock-up ends.
        if (p.locked_until && p.locked_until.getTime() > now()) throw new AppError('e.positionLocked', undefined, { until: lockupEndText(p.locked_until) });
        const i = market.resolve(p.symbol);
        const q = quantity ? new Dec(quantity) : new Dec(p.quantity);
        if (q.gt(p.quantity)) throw new AppError('e.closeTooMuch', { quantity: 'e.closeTooMuch' });
        if (!q.eq(p.quantity) && (!onGrid(q, i.lotSize) || q.lt(i.minQuantity))) throw quantityLot(i);
        const s = market.snapshot(p.symbol);
        if (!s.session.tradable) throw new AppError('e.marketClosed');
        return close(sql, p, q, exitPrice(p.direction, s), 'user', userId, idempotencyKey ?? null, undefined, s);
      });
      row.pushed();
      return view.toPosition(row.settled);
    },

    async addMargin(userId: number, id: number, amount: string, idempotencyKey: string | undefined) {
      const row = await db.tx(async (sql) => {
        const p = await load(sql, userId, id, true);
        // Allotted IPO shares are bought outright (leverage 1) and have no price to be liquidated at before their listing.
        if (p.status === OrderStatus.ToBeSettled) throw new AppError('e.positionNotListed');
        if (p.status !== OrderStatus.InProgress) throw new AppError('e.positionClosed');
        // A copy's margin is its follow's money, sized by its agency's trade.
        if (p.follow_id !== null) throw new AppError('e.copyNotClosable');
        if (p.robot_order_id !== null) throw new AppError('e.robotPosition');
        await postAddMargin(sql, p, amount, { actorId: userId, idempotencyKey: idempotencyKey ?? null });
        const u = await repo.addToMargin(sql, p.id, amount);
        return { row: u, push: await record(sql, u, 'margin_added', null, null) };
      });
      row.push();
      return view.toPosition(row.row);
    },

    /**
     * Set, change or remove an open position's stops, all three at once, checked against its exit
     * price now. A trailing stop sent again unchanged keeps its mark; a new one starts it at the
     * exit price. Not for a position something else closes: a copy, a robot's, locked placement shares.
     */
    async setStops(userId: number, id: number, input: StopsInput) {
      const row = await db.tx(async (sql) => {
        const p = await load(sql, userId, id, true);
        if (p.status === OrderStatus.ToBeSettled) throw new AppError('e.positionNotListed');
        if (p.status !== OrderStatus.InProgress) throw new AppError('e.positionClosed');
        if (p.follow_id !== null || p.robot_order_id !== null || (p.locked_until && p.locked_until.getTime() > now())) throw new AppError('e.stopsNotAllowed');
        const i = market.resolve(p.symbol);
        const exit = exitPrice(p.direction, market.snapshot(p.symbol));
        const stops = checkStops(i, p.direction, exit, input, exit);
        const same =
          stops.trailing && p.trailing_kind === stops.trailing.kind && p.trailing_distance !== null && stops.trailing.distance.eq(p.trailing_distance);
        if (same && p.trailing_mark !== null && p.trailing_stop !== null) {
          stops.trailing = { ...stops.trailing!, mark: new Dec(p.trailing_mark), stop: new Dec(p.trailing_stop) };
        }
        const u = await repo.setStops(sql, p.id, stops);
        return { row: u, push: await record(sql, u, 'stops_changed', null, null) };
      });
      row.push();
      return view.toPosition(row.row);
    },
  };
}
