import { AuctionOrderStatus, isLargeOrder, OrderStatus, OrderType, openFeeRate, orderCosts, PushEvent, type WalletCode } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { writeAudit } from '../../lib/audit';
import { Dec, fixed } from '../../lib/decimal';
import type { Instrument } from '../../market/types';
import { insertEvent, insertPosition, isBuy, postHeldOrderFill, postHeldOrderRelease, postOrderHold, type PositionRow, RULES } from '../trading';
import { heldOf, placesOf, type AuctionContext } from './context';
import { toMatcher, withHouse } from './house';
import { matchAuction, type AuctionInput } from './matcher';
import * as repo from './repository';
import type { OrderRow } from './repository';
import { auctionDayOfIso, latestDue } from './session';

/**
 * The match job's work: each book uncrossed once at its match time, its fills made positions, its
 * unfilled at-auction orders cancelled and its unfilled limits passed on to continuous trading.
 */
export function createMatchUseCases(ctx: AuctionContext) {
  const { opts, db, market, notices, hub, now, figuresOf } = ctx;

  function notifyOutcome(
    sql: Sql,
    o: OrderRow,
    i: Instrument,
    outcome: { filled: Dec; price: string | null; position: PositionRow | null; entrusted: boolean },
  ) {
    const side = isBuy(o.direction) ? 't.buy' : 't.sell';
    const quantity = new Dec(o.quantity).toFixed();
    const rest = outcome.entrusted ? 'n.auctionRest.entrusted' : 'n.auctionRest.cancelled';
    const p = outcome.position;
    if (!p) return notices.notify(sql, o.user_id, 'auction.unfilled', { side, quantity, name: i.name, rest });
    const fill = {
      side,
      quantity,
      name: i.name,
      price: fixed(outcome.price!, placesOf(i.tickSize)),
      currency: o.currency,
      leverage: o.leverage,
      margin: fixed(p.margin, 2),
      walletCurrency: o.wallet_currency,
    };
    if (outcome.filled.eq(o.quantity)) {
      return notices.notify(sql, o.user_id, 'auction.filled', { ...fill, released: fixed(new Dec(o.held).sub(p.margin).sub(p.open_fee), 2) });
    }
    return notices.notify(sql, o.user_id, 'auction.partlyFilled', { ...fill, filled: outcome.filled.toFixed(), rest });
  }

  const orderEvent =
    (p: PositionRow, event: 'placed' | 'filled', status = p.status) =>
    () =>
      hub.publishUserEvent(p.user_id, PushEvent.Order, { id: p.id, status, event });

  /**
   * One order's part of the match, in the match's transaction: its fill becomes a position at the
   * auction price (margin and fee at the rate its money was held at, so never more than it holds),
   * its hold ends in one journal, and an unfilled limit is entrusted to continuous trading with its
   * money held again. Answers the pushes to send once committed.
   */
  async function settle(sql: Sql, i: Instrument, o: OrderRow, price: string | null, filledQuantity: string | undefined): Promise<Array<() => void>> {
    const feeRate = openFeeRate(RULES[i.assetClass]!, o.direction);
    // Recorded as the owner's act, like the fill of an entrusted order: the order was theirs to give.
    const actor = { actorId: o.user_id, idempotencyKey: null };
    const filled = new Dec(filledQuantity ?? 0);
    const left = new Dec(o.quantity).sub(filled);
    const common = {
      userId: o.user_id,
      symbol: o.symbol,
      walletCode: o.wallet_code as WalletCode,
      walletCurrency: o.wallet_currency,
      currency: o.currency,
      direction: o.direction,
      leverage: o.leverage,
      rate: new Dec(o.rate).toFixed(),
      idempotencyKey: null,
    };
    const pushes: Array<() => void> = [];
    let position: PositionRow | null = null;
    let releaseJournalId: number;
    let kept = new Dec(0);
    if (filled.gt(0)) {
      const c = orderCosts({ price: price!, quantity: filled.toFixed(), rate: common.rate, leverage: o.leverage, feeRate });
      position = await insertPosition(sql, {
        ...common,
        type: o.type === 'limit' ? OrderType.Limit : OrderType.Market,
        filled: true,
        price: new Dec(price!),
        quantity: filled,
        margin: new Dec(c.margin),
        fee: new Dec(c.fee),
        largeOrder: isLargeOrder(i, filled.toFixed()),
      });
      await insertEvent(sql, { ...position, status: OrderStatus.WaitingConfirmation }, 'placed', o.price ?? price!, o.quantity);
      await insertEvent(sql, position, 'filled', price!, filled);
      pushes.push(orderEvent(position, 'placed', OrderStatus.WaitingConfirmation), orderEvent(position, 'filled'));
      releaseJournalId = await postHeldOrderFill(sql, o.hold_journal_id!, heldOf(o), position, actor);
      kept = new Dec(c.margin).add(c.fee);
    } else {
      releaseJournalId = await postHeldOrderRelease(sql, o.hold_journal_id!, heldOf(o), actor);
    }

    let entrusted: PositionRow | null = null;
    if (left.gt(0) && o.type === 'limit') {
      const c = orderCosts({ price: o.price!, quantity: left.toFixed(), rate: common.rate, leverage: o.leverage, feeRate });
      // What the match gave back is what the rest is held from. Rounded separately, a fill and its
      // rest can cost a cent or two more than the whole order was held at: the rest's margin gives way.
      const room = new Dec(o.held).sub(kept);
      const fee = new Dec(c.fee);
      const margin = Dec.min(new Dec(c.margin), room.sub(fee));
      entrusted = await insertPosition(sql, {
        ...common,
        type: OrderType.Limit,
        filled: false,
        price: new Dec(o.price!),
        quantity: left,
        margin,
        fee,
        largeOrder: isLargeOrder(i, left.toFixed()),
      });
      await insertEvent(sql, entrusted, 'placed', o.price!, left);
      pushes.push(orderEvent(entrusted, 'placed'));
      await postOrderHold(sql, entrusted, actor);
    }

    const status = filled.gt(0)
      ? left.gt(0)
        ? AuctionOrderStatus.PartlyFilled
        : AuctionOrderStatus.Filled
      : o.type === 'limit'
        ? AuctionOrderStatus.PassedOn
        : AuctionOrderStatus.Cancelled;
    await repo.markMatched(sql, o.id, {
      status,
      filledQuantity: filled,
      fillPrice: filled.gt(0) ? price : null,
      positionId: position?.id ?? null,
      entrustedId: entrusted?.id ?? null,
      releaseJournalId,
    });
    pushes.push(await notifyOutcome(sql, o, i, { filled, price, position, entrusted: entrusted !== null }));
    return pushes;
  }

  /** Match one book, once: a book already matched (by this node or another) is left as it is. */
  async function matchBook(symbol: string, tradingDay: string): Promise<boolean> {
    const i = market.resolve(symbol);
    const d = auctionDayOfIso(tradingDay)!;
    let pushes: Array<() => void> = [];
    const done = await db.tx(async (sql) => {
      const book = await repo.lockBook(sql, symbol, tradingDay, figuresOf(i, d));
      if (book.matched_at) return false;
      pushes = [];
      const orders = await repo.collectedOf(sql, symbol, tradingDay);
      const reference = fixed(book.reference_price, placesOf(i.tickSize));
      const house = withHouse(orders.map(toMatcher), reference);
      const input: AuctionInput = { orders: house.orders, referencePrice: reference, tickSize: i.tickSize };
      const result = matchAuction(input);
      const fills = new Map(result.fills.map((f) => [f.id, f.quantity]));
      for (const o of orders) pushes.push(...(await settle(sql, i, o, result.price, fills.get(String(o.id)))));
      await repo.finishBook(sql, symbol, tradingDay, {
        price: result.price,
        volume: result.matchedVolume,
        houseBuy: house.houseBuy.toFixed(),
        houseSell: house.houseSell.toFixed(),
        orders: orders.length,
      });
      // Everything needed to replay the match (the matcher is pure) and whose order each id was.
      await writeAudit(sql, {
        actorId: null,
        action: 'auction.match',
        targetType: 'auction',
        targetId: `${symbol}:${tradingDay}`,
        after: { input, owners: Object.fromEntries(orders.map((o) => [String(o.id), o.user_id])), result },
      });
      return true;
    });
    if (done) {
      pushes.forEach((push) => push());
      opts.watch?.(symbol);
    }
    return done;
  }

  return {
    /**
     * The match job's run: every book whose match time has come and that has not been matched,
     * oldest day first (a node that was down at 09:20 catches up). Answers how many it matched.
     */
    async matchDue(): Promise<number> {
      let matched = 0;
      for (const b of await repo.unmatchedBooks(db, latestDue(now()).tradingDay)) if (await matchBook(b.symbol, b.trading_day)) matched++;
      return matched;
    },
  };
}
