import {
  dayOrderExpiry,
  isLargeOrder,
  leverageCapFor,
  OrderStatus,
  OrderType,
  orderCallFor,
  PushEvent,
  walletCurrency,
  tradesExtendedHours,
  walletFor,
  type OrderCall,
  type TimeInForce,
  type TrailingKind,
  type WalletCode,
} from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { AppError } from '../../errors';
import { Dec } from '../../lib/decimal';
import type { Instrument, Snapshot } from '../../market/types';
import { requireVerifiedKyc } from '../kyc';
import { explanation, FILL_NOTICE, quantityLot, type TradingContext } from './context';
import { leverageRisk } from './leverage';
import { entryPrice, exitPrice, isBuy, onGrid } from './pricing';
import { postCancel, prepareOrderJournal } from './postings';
import * as repo from './repository';
import type { OrderTerms } from './repository';
import { checkStops } from './stops';

export interface OrderInput {
  stockCode: string;
  direction: number;
  type: number;
  price?: string | undefined;
  quantity: string;
  leverage: number;
  stopLoss?: string | undefined;
  takeProfit?: string | undefined;
  trailingKind?: TrailingKind | undefined;
  trailingDistance?: string | undefined;
  timeInForce?: TimeInForce | undefined;
  /** Fill in pre-market and after-hours too (only where `tradesExtendedHours`); a day order then lives to the late close. */
  extendedHours?: boolean | undefined;
}

/** An order checked against its instrument and rule, with its costs: what `place` books. */
export interface Placement {
  i: Instrument;
  direction: number;
  type: number;
  /** Filled now at `price`, or entrusted until the quote crosses `limit`. */
  filled: boolean;
  price: Dec;
  limit: Dec | null;
  quantity: Dec;
  leverage: number;
  /** In the trading wallet's currency, to the cent, and the rate they were converted at. */
  margin: Dec;
  fee: Dec;
  rate: string;
  /** Where the order came through, if not its instrument's own market (a block trade). */
  source?: number;
  idempotencyKey: string | null;
  /** A house strategy account's order (an agency, modules/follow): no person to identify, nobody to notify. */
  house?: boolean;
  /** The wallet it is booked in, if not its instrument's trading wallet: agencies and copies trade from the follow wallet. */
  walletCode?: WalletCode;
  /** A copy: its follow and the agency position it copies. */
  followId?: number;
  copyOf?: number;
  /** A robot's fill: its robot order (modules/robots); the robot's log tells of it, not a notice per fill. */
  robotOrderId?: number;
  /** When, if not now: an agency's backfilled trade at its moment in the market's history. */
  at?: Date;
  /** An investor's order: its stops, how long it waits and the session it was placed in (issue 18). */
  terms?: OrderTerms;
  /** The tick a fill was made at: kept on its history line to explain it. */
  quote?: Snapshot;
}

/**
 * The investor's orders: placing one (from an order call, or at a price fixed before by another
 * module) and cancelling an entrusted one.
 */
export function createOrderUseCases(ctx: TradingContext) {
  const { db, market, hub, now, pricing, view, record, ruleOf, load, fillNotice } = ctx;

  /**
   * An order placed in the caller's transaction: the identity and the retail cap's acknowledgement
   * checked, then the row, its history and its journal (the fill's, or an entrusted order's hold).
   * Answers the row and what to push once the transaction has committed.
   */
  async function place(sql: Sql, userId: number, o: Placement) {
    // The product's leverages stay on offer; above the retail cap of what the instrument follows
    // only once the investor has acknowledged the risk (an acknowledgement is never withdrawn).
    // A house strategy account trades within the cap and has no person to identify.
    const cap = leverageCapFor(o.i);
    if (o.house) {
      if (o.leverage > cap) throw new Error(`a house account trades ${o.i.symbol} within the retail cap of ${cap}`);
    } else if (o.leverage > cap) {
      await requireVerifiedKyc(sql, userId);
      if (!(await leverageRisk(sql, userId)).acknowledged) {
        throw new AppError('e.leverageRiskUnacknowledged', { leverage: 'e.leverageRiskUnacknowledged' }, { cap });
      }
    }
    const code = o.walletCode ?? walletFor(o.i);
    const actor = { actorId: userId, idempotencyKey: o.idempotencyKey, at: o.at };
    const events: repo.NewEvent[] = [{ status: OrderStatus.WaitingConfirmation, event: 'placed', price: o.limit ?? o.price, quantity: o.quantity }];
    if (o.filled)
      events.push({ status: OrderStatus.InProgress, event: 'filled', price: o.price, quantity: o.quantity, why: o.quote && explanation(o.quote, o.fee) });
    // The journal (the fill's, or the entrusted order's hold), the identity check and the fill's
    // notice ride on the insert (at or below the cap it is the only check): nothing is written without the identity.
    const journal = await prepareOrderJournal(sql, { userId, walletCode: code, margin: o.margin, fee: o.fee, filled: o.filled }, actor);
    const notifies = o.filled && !o.house && o.robotOrderId === undefined;
    const n: repo.NewPosition = {
      userId,
      symbol: o.i.symbol,
      walletCode: code,
      walletCurrency: walletCurrency(code),
      currency: o.i.currency,
      direction: o.direction,
      type: o.type,
      filled: o.filled,
      price: o.price,
      quantity: o.quantity,
      leverage: o.leverage,
      margin: o.margin,
      fee: o.fee,
      rate: o.rate,
      largeOrder: isLargeOrder(o.i, o.quantity.toFixed()),
      idempotencyKey: o.idempotencyKey,
      ...(o.source === undefined ? {} : { source: o.source }),
      ...(o.followId === undefined ? {} : { followId: o.followId, copyOf: o.copyOf! }),
      ...(o.robotOrderId === undefined ? {} : { robotOrderId: o.robotOrderId }),
      at: o.at,
    };
    const placed = await repo.insertOrder(sql, n, {
      events,
      terms: o.terms,
      requireKyc: !o.house && o.leverage <= cap,
      journal,
      notice: notifies ? { kind: FILL_NOTICE, params: fillNotice({ ...n, openPrice: o.price }) } : undefined,
    });
    if (!placed) throw new AppError('e.kycRequired');
    const { row: p, noticeId } = placed;
    return {
      row: p,
      push: () => {
        for (const e of events) hub.publishUserEvent(p.user_id, PushEvent.Order, { id: p.id, status: e.status, event: e.event });
        if (noticeId !== null) hub.publishUserEvent(p.user_id, PushEvent.Notice, { id: noticeId, kind: FILL_NOTICE });
      },
    };
  }

  return {
    async create(userId: number, call: OrderCall, input: OrderInput, idempotencyKey: string | undefined) {
      const i = market.resolve(input.stockCode);
      // Indices and bonds have no order call: through /gold/create they are refused as not
      // tradable (by the rule check below), through any other call as the wrong call.
      if ((orderCallFor(i) ?? 'orderGold') !== call) throw new AppError('e.wrongOrderRoute', { stockCode: 'e.wrongOrderRoute' });
      const rule = ruleOf(i);
      if (!rule.leverages.includes(input.leverage)) throw new AppError('e.leverageNotAllowed', { leverage: 'e.leverageNotAllowed' });
      const quantity = new Dec(input.quantity);
      if (!onGrid(quantity, i.lotSize) || quantity.lt(i.minQuantity)) throw quantityLot(i);
      if (input.type === OrderType.Limit && !onGrid(new Dec(input.price!), i.tickSize)) {
        throw new AppError('e.priceTick', { price: 'e.priceTick' }, { tick: i.tickSize });
      }
      const extendedHours = input.extendedHours ?? false;
      if (extendedHours && !tradesExtendedHours(i)) throw new AppError('e.extendedHoursNotTraded', { extendedHours: 'e.extendedHoursNotTraded' });
      const s = market.snapshot(i.symbol);
      const touch = entryPrice(input.direction, s);
      const limit = input.type === OrderType.Limit ? new Dec(input.price!) : null;
      // A limit order that the quote already crosses fills now, at the better quote.
      const fillsNow = limit === null || (isBuy(input.direction) ? touch.lte(limit) : touch.gte(limit));
      // A market order needs its session open (the refusal says when it opens); a limit order may be
      // entrusted while it is closed and fills once the open quote crosses it.
      if (!s.session.tradable && limit === null) throw market.closedError(i.symbol);
      // US stocks' pre-market and after-hours sessions are thin: only a limit order says what price is acceptable.
      if (s.session.tradable && s.session.phase !== 'regular' && limit === null) throw new AppError('e.extendedLimitOnly', { type: 'e.extendedLimitOnly' });
      // Outside the regular session only an order that asked for extended hours fills; any other waits for the open.
      const filled = fillsNow && s.session.tradable && (s.session.phase === 'regular' || extendedHours);
      const price = filled ? touch : limit!;
      const exit = exitPrice(input.direction, s);
      const timeInForce = input.timeInForce ?? 'gtc';
      const terms: OrderTerms = {
        // A filled order's stops are set against its exit price now, an entrusted order's against its limit.
        ...checkStops(i, input.direction, filled ? exit : limit!, input, filled ? exit : null),
        timeInForce,
        // On the server's clock, not the quote's: a closed market's quote is stamped with its last trade.
        expiresAt: timeInForce === 'day' ? new Date(dayOrderExpiry(i.calendar, now(), extendedHours)) : null,
        extendedHours,
        placedSession: s.session.phase,
        filledSession: filled ? s.session.phase : null,
      };
      const { margin, fee, rate } = pricing.costs(i, rule, input.direction, price, quantity, input.leverage);
      if (margin.lte(0)) throw quantityLot(i);
      // Concurrent orders commit in groups (db.ts, `grouped`), never two of one investor's in groups
      // running at once; inside a request's transaction (its idempotency key's) it joins that one.
      const placed = await db.grouped(
        (sql) =>
          place(sql, userId, {
            i,
            direction: input.direction,
            type: input.type,
            filled,
            price,
            limit,
            quantity,
            leverage: input.leverage,
            margin,
            fee,
            rate,
            idempotencyKey: idempotencyKey ?? null,
            terms,
            quote: s,
          }),
        userId,
      );
      // Announced once the order's transaction (its request's, or its group's) has committed.
      db.afterCommit(placed.push);
      return view.toPosition(placed.row);
    },

    /**
     * A position filled at once at a price and costs fixed before (an accepted block quote,
     * modules/blockTrades), opened in the caller's transaction exactly as an order call opens one:
     * the same checks, row, history, journal and notice. Answers the row and its push, to send once
     * the caller's transaction has committed.
     */
    openAt: (sql: Sql, userId: number, o: Omit<Placement, 'type' | 'filled' | 'limit'>) =>
      place(sql, userId, { ...o, type: OrderType.Market, filled: true, limit: null }),

    async cancel(userId: number, id: number, idempotencyKey: string | undefined) {
      const row = await db.tx(async (sql) => {
        const p = await load(sql, userId, id, true);
        if (p.status !== OrderStatus.WaitingConfirmation) throw new AppError('e.orderNotCancellable');
        await postCancel(sql, p, { actorId: userId, idempotencyKey: idempotencyKey ?? null });
        const c = await repo.markCancelled(sql, p.id);
        return { row: c, push: await record(sql, c, 'cancelled', null, null) };
      });
      row.push();
      return view.toPosition(row.row);
    },
  };
}
