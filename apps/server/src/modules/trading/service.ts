import {
  dayOrderExpiry,
  isLargeOrder,
  LEVERAGE_RISK_VERSION,
  leverageCapFor,
  OrderStatus,
  OrderType,
  orderCallFor,
  PushEvent,
  walletCurrency,
  tradesExtendedHours,
  walletFor,
  type LeverageRisk,
  type OrderCall,
  type TimeInForce,
  type TradingRule,
  type TrailingKind,
  type WalletCode,
} from '@tradeapp/contract';
import type { PushHub } from '../../push/hub';
import type { Db, Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import { Dec, fixed } from '../../lib/decimal';
import type { Instrument, Snapshot } from '../../market/types';
import type { Notices } from '../notices';
import { requireVerifiedKyc } from '../kyc';
import { exchangeTime, type MarketService } from '../market';
import type { ExchangeRates } from '../wallet';
import { createPricing, entryPrice, exitPrice, isBuy, onGrid } from './pricing';
import { postAddMargin, postCancel, postClose, postFill, prepareOrderJournal } from './postings';
import * as repo from './repository';
import type { CloseReason, Explanation, OrderTerms, PositionEventName, PositionRow } from './repository';
import { RULES } from './rules';
import { createPositionView, placesOf } from './view';

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

/** An open position's stops as the investor sets them: each left out or null is removed. */
export interface StopsInput {
  stopLoss?: string | null | undefined;
  takeProfit?: string | null | undefined;
  trailingKind?: TrailingKind | null | undefined;
  trailingDistance?: string | null | undefined;
}

/** The close reasons of the stops, with their history event and notice. */
const STOP_CLOSES = {
  stopLoss: { event: 'stop_loss', notice: 'position.stopLoss' },
  takeProfit: { event: 'take_profit', notice: 'position.takeProfit' },
  trailingStop: { event: 'trailing_stop', notice: 'position.trailingStop' },
} as const;
type StopReason = keyof typeof STOP_CLOSES;

/** What an investor is told of a fill. */
const FILL_NOTICE = 'order.filled';

/** The tick a fill or close was made at, as its history line keeps it. */
const explanation = (s: Snapshot, fee: Dec | string | null): Explanation => ({
  bid: new Dec(s.bid).toFixed(),
  ask: new Dec(s.ask).toFixed(),
  time: s.time,
  fee,
  session: s.session.phase,
});

/** `value` onto the tick grid of `tick`, down or up. */
const toTick = (value: Dec, tick: string, up: boolean) =>
  value
    .div(tick)
    .toDecimalPlaces(0, up ? Dec.ROUND_CEIL : Dec.ROUND_FLOOR)
    .mul(tick);

/**
 * Where a trailing stop stands for a mark: a long's `distance` (or percent of the mark) below it, a
 * short's above it. A percent lands on the tick grid away from the price, so it never triggers
 * before its distance is covered.
 */
export function trailingStopAt(direction: number, kind: TrailingKind, distance: Dec, mark: Dec, tick: string): Dec {
  const long = isBuy(direction);
  if (kind === 'price') return long ? mark.sub(distance) : mark.add(distance);
  const away = mark.mul(distance).div(100);
  return toTick(long ? mark.sub(away) : mark.add(away), tick, !long);
}

/**
 * Which stop the exit side `exit` reaches, if any: a long's stop-loss and trailing stop at or below
 * them, its take-profit at or above it; a short's mirrored. A loss-side stop is looked at first.
 */
export function stopReached(p: PositionRow, exit: Dec): { reason: StopReason; stop: string } | null {
  const long = isBuy(p.direction);
  const lossSide = (stop: string | null) => stop !== null && (long ? exit.lte(stop) : exit.gte(stop));
  const gainSide = (stop: string | null) => stop !== null && (long ? exit.gte(stop) : exit.lte(stop));
  if (lossSide(p.stop_loss)) return { reason: 'stopLoss', stop: p.stop_loss! };
  if (lossSide(p.trailing_stop)) return { reason: 'trailingStop', stop: p.trailing_stop! };
  if (gainSide(p.take_profit)) return { reason: 'takeProfit', stop: p.take_profit! };
  return null;
}

/** An order checked against its instrument and rule, with its costs: what `place` books. */
interface Placement {
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
 * What happens in the closing transaction after a position has settled (modules/follow: a copy's
 * payout returns to its follow; an agency's close closes its copies). Answers what to push once committed.
 */
export type SettleHook = (sql: Sql, p: PositionRow, settled: PositionRow, payout: Dec, at: Date | undefined) => Promise<(() => void) | void>;

/** When a lock-up ends, as the refusal and the notices say it: UTC, to the minute. */
export const lockupEndText = (at: Date) => `${exchangeTime(at.getTime(), 'UTC')} UTC`;

const quantityLot = (i: Instrument) => new AppError('e.quantityLot', { quantity: 'e.quantityLot' }, { lot: i.lotSize, min: i.minQuantity });

/**
 * Orders against the live quote with the house book as counterparty. Margin (notional over
 * leverage, in the trading wallet's currency) is held in the ledger; fees go to the house's fee
 * account; profit and loss settle against the house book. Every change of a row happens under its
 * lock in one transaction with its journal and its history entry; the user's socket hears of it
 * only after the commit, so a push never announces what a rollback undid.
 */
export function createTradingService(opts: {
  db: Db;
  market: MarketService;
  exchangeRates: ExchangeRates;
  notices: Notices;
  hub: PushHub;
  /** The instrument an allotted IPO position will trade as, while the market does not quote it (modules/deals). */
  unlisted?: (sql: Sql, symbol: string) => Promise<Instrument | undefined>;
  /** The clock a lock-up ends by (tests move it). */
  now?: () => number;
}) {
  const { db, market, notices, hub } = opts;
  const now = opts.now ?? Date.now;
  const pricing = createPricing(opts.exchangeRates);
  const view = createPositionView(market, pricing);

  const settleHooks: SettleHook[] = [];

  /** Record a state change in the row's history; returns its push, to send once committed. */
  async function record(
    sql: Sql,
    p: PositionRow,
    event: PositionEventName,
    price: Dec | string | null,
    quantity: Dec | string | null,
    at?: Date,
    why?: Explanation,
  ) {
    await repo.insertEvent(sql, p, event, price, quantity, at, why);
    return () => hub.publishUserEvent(p.user_id, PushEvent.Order, { id: p.id, status: p.status, event });
  }

  function ruleOf(i: Instrument): TradingRule {
    const rule = RULES[i.assetClass];
    if (!rule) throw new AppError('e.notTradable');
    return rule;
  }

  async function load(sql: Sql, userId: number, id: number, lock = false) {
    const p = await repo.findOwn(sql, userId, id, lock);
    if (!p) throw notFound();
    return p;
  }

  /** The notice of a fill, of an order filled now (written with it) or of an entrusted one the quote crossed. */
  function fillNotice(p: {
    direction: number;
    quantity: Dec | string;
    symbol: string;
    openPrice: Dec | string;
    currency: string;
    leverage: number;
    margin: Dec | string;
    walletCurrency: string;
  }) {
    return {
      side: isBuy(p.direction) ? 't.buy' : 't.sell',
      quantity: new Dec(p.quantity).toFixed(),
      name: market.resolve(p.symbol).name,
      price: new Dec(p.openPrice).toFixed(),
      currency: p.currency,
      leverage: p.leverage,
      margin: fixed(p.margin, 2),
      walletCurrency: p.walletCurrency,
    };
  }

  /**
   * Close `quantity` of an open position at `price`; returns the settled row and the pushes.
   * `quote`: the tick the price was taken from, kept on the history line with the fee to explain it.
   */
  async function close(
    sql: Sql,
    p: PositionRow,
    quantity: Dec,
    price: Dec,
    reason: CloseReason,
    actorId: number | null,
    idempotencyKey: string | null,
    at?: Date,
    quote?: Snapshot,
  ) {
    const c = pricing.settlement(p, ruleOf(market.resolve(p.symbol)), quantity, price);
    const s: repo.Settlement = { quantity, margin: c.margin, price, fee: c.fee, realised: c.realised, reason, openFee: c.openFee, parts: c.parts, at };
    const settled = c.whole ? await repo.settle(sql, p.id, s) : await repo.settlePart(sql, p.id, s);
    await postClose(sql, p, settled.id, { ...c, reason }, { actorId, idempotencyKey, at });
    const event: PositionEventName = reason === 'liquidation' ? 'liquidated' : c.whole ? 'closed' : 'partially_closed';
    const why = quote ? explanation(quote, c.fee) : undefined;
    const pushes: Array<() => void> = [await record(sql, settled, event, price, quantity, at, why)];
    if (!c.whole) pushes.push(await record(sql, { ...p, status: OrderStatus.InProgress }, 'partially_closed', price, quantity, at, why));
    for (const hook of settleHooks) {
      const pushed = await hook(sql, p, settled, c.payout, at);
      if (pushed) pushes.push(pushed);
    }
    return { settled, loss: c.realised.neg(), pushed: () => pushes.forEach((f) => f()) };
  }

  /** An entrusted order the quote `s` crosses fills at its limit price; a trailing stop takes its first mark from `s`. */
  async function fill(sql: Sql, p: PositionRow, s: Snapshot) {
    let filled = await repo.markFilled(sql, p.id, s.session.phase);
    if (filled.trailing_kind) filled = await markTrailing(sql, filled, exitPrice(filled.direction, s));
    // Recorded as the owner's act, like the fill of a market order: the order was theirs to give.
    await postFill(sql, filled, { actorId: p.user_id, idempotencyKey: null });
    const event = await record(sql, filled, 'filled', p.price, p.quantity, undefined, explanation(s, p.open_fee));
    const notice = await notices.notify(
      sql,
      filled.user_id,
      FILL_NOTICE,
      fillNotice({ ...filled, openPrice: filled.open_price!, walletCurrency: filled.wallet_currency }),
    );
    return () => {
      event();
      notice();
    };
  }

  /** Move a trailing stop's mark to `exit` (and its stop with it) when `exit` is better than the mark; the stop never moves back. */
  async function markTrailing(sql: Sql, p: PositionRow, exit: Dec) {
    const long = isBuy(p.direction);
    if (p.trailing_mark !== null && (long ? exit.lte(p.trailing_mark) : exit.gte(p.trailing_mark))) return p;
    const at = trailingStopAt(p.direction, p.trailing_kind!, new Dec(p.trailing_distance!), exit, market.resolve(p.symbol).tickSize);
    const kept = p.trailing_stop === null ? at : long ? Dec.max(at, p.trailing_stop) : Dec.min(at, p.trailing_stop);
    return repo.moveTrailing(sql, p.id, exit, kept);
  }

  /**
   * A stop reached: the whole position closes at the live exit price of `s` (a gap's price, not the
   * stop's), once. Its history says which stop at what level, then the close as any close is
   * recorded (with its tick and fee), which the statements and the timeline count as the trade.
   */
  async function closeByStop(sql: Sql, p: PositionRow, i: Instrument, s: Snapshot, hit: { reason: StopReason; stop: string }) {
    const reached = await record(sql, p, STOP_CLOSES[hit.reason].event, hit.stop, p.quantity);
    const { settled, pushed: closed } = await close(sql, p, new Dec(p.quantity), exitPrice(p.direction, s), hit.reason, null, null, undefined, s);
    const pushed = () => {
      reached();
      closed();
    };
    const dp = placesOf(i.tickSize);
    const notice = await notices.notify(sql, p.user_id, STOP_CLOSES[hit.reason].notice, {
      side: isBuy(p.direction) ? 't.buy' : 't.sell',
      quantity: new Dec(p.quantity).toFixed(),
      name: i.name,
      stop: fixed(hit.stop, dp),
      price: new Dec(settled.close_price!).toFixed(dp),
      currency: p.currency,
      profit: fixed(settled.realised!, 2),
      walletCurrency: p.wallet_currency,
    });
    return () => {
      pushed();
      notice();
    };
  }

  /**
   * Stops checked and written the way an investor may set them: each on the instrument's tick grid,
   * a long's stop-loss below `reference` and take-profit above it (a short's mirrored), where
   * `reference` is the exit price now (an entrusted order's: its limit). A trailing stop starts its
   * mark at `mark` (null for an order not yet filled).
   */
  function checkStops(
    i: Instrument,
    direction: number,
    reference: Dec,
    input: StopsInput,
    mark: Dec | null,
  ): Pick<OrderTerms, 'stopLoss' | 'takeProfit' | 'trailing'> {
    const long = isBuy(direction);
    const price = reference.toFixed(placesOf(i.tickSize));
    const onTick = (field: string, v: Dec) => {
      if (!onGrid(v, i.tickSize)) throw new AppError('e.priceTick', { [field]: 'e.priceTick' }, { tick: i.tickSize });
      return v;
    };
    const stopLoss = input.stopLoss ? onTick('stopLoss', new Dec(input.stopLoss)) : null;
    const takeProfit = input.takeProfit ? onTick('takeProfit', new Dec(input.takeProfit)) : null;
    if (stopLoss && (long ? stopLoss.gte(reference) : stopLoss.lte(reference))) {
      const key = long ? 'e.stopLossBelow' : 'e.stopLossAbove';
      throw new AppError(key, { stopLoss: key }, { price });
    }
    if (takeProfit && (long ? takeProfit.lte(reference) : takeProfit.gte(reference))) {
      const key = long ? 'e.takeProfitAbove' : 'e.takeProfitBelow';
      throw new AppError(key, { takeProfit: key }, { price });
    }
    let trailing: OrderTerms['trailing'] = null;
    if (input.trailingKind && input.trailingDistance) {
      const distance = new Dec(input.trailingDistance);
      if (input.trailingKind === 'price') {
        onTick('trailingDistance', distance);
        if (long && distance.gte(reference)) throw new AppError('e.trailingTooFar', { trailingDistance: 'e.trailingTooFar' }, { price });
      } else if (!distance.lt(100)) {
        throw new AppError('e.trailingPercent', { trailingDistance: 'e.trailingPercent' });
      }
      const stop = mark && trailingStopAt(direction, input.trailingKind, distance, mark, i.tickSize);
      trailing = { kind: input.trailingKind, distance, mark, stop };
    }
    return { stopLoss, takeProfit, trailing };
  }

  async function liquidate(sql: Sql, p: PositionRow, i: Instrument, s: Snapshot) {
    const { settled, loss, pushed } = await close(sql, p, new Dec(p.quantity), exitPrice(p.direction, s), 'liquidation', null, null, undefined, s);
    const notice = await notices.notify(sql, p.user_id, 'position.liquidated', {
      side: isBuy(p.direction) ? 't.buy' : 't.sell',
      quantity: new Dec(p.quantity).toFixed(),
      name: i.name,
      price: new Dec(settled.close_price!).toFixed(),
      currency: p.currency,
      loss: fixed(loss, 2),
      walletCurrency: p.wallet_currency,
    });
    return () => {
      pushed();
      notice();
    };
  }

  /** The caller's acknowledgement of the leverage risk warning, as the wire says it. */
  async function leverageRisk(sql: Sql, userId: number): Promise<LeverageRisk> {
    const row = await repo.leverageRiskOf(sql, userId);
    return {
      acknowledged: row !== undefined && row.version >= LEVERAGE_RISK_VERSION,
      version: LEVERAGE_RISK_VERSION,
      acknowledgedVersion: row?.version ?? null,
      acknowledgedAtTimestamp: row ? row.acknowledged_at.getTime() : null,
    };
  }

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

  const listing = async (userId: number, which: repo.Listing, pageNo: number, size: number) => {
    const { rows, total } = await repo.page(db, userId, which, pageNo, size);
    return { list: rows.map(view.toPosition), total, page: pageNo, size };
  };

  return {
    rules(stockCode?: string) {
      const entries = Object.entries(RULES) as [Instrument['assetClass'], TradingRule][];
      const only = stockCode ? market.resolve(stockCode).assetClass : undefined;
      return entries.filter(([cls]) => !only || cls === only).map(([assetClass, r]) => ({ assetClass, ...r }));
    },

    minCount(stockCode: string) {
      const i = market.resolve(stockCode);
      return {
        stockCode: i.symbol,
        minQuantity: i.minQuantity,
        lotSize: i.lotSize,
        tickSize: i.tickSize,
        leverages: ruleOf(i).leverages,
        walletCode: walletFor(i),
        calendar: i.calendar,
        extendedHours: tradesExtendedHours(i),
      };
    },

    async halfOrFull(userId: number, input: { stockCode: string; direction: number; leverage: number; price?: string | undefined }) {
      const i = market.resolve(input.stockCode);
      const code = walletFor(i);
      const price = new Dec(input.price ?? entryPrice(input.direction, market.snapshot(i.symbol)));
      const available = new Dec((await repo.availableBalance(db, userId, code, walletCurrency(code))) ?? 0);
      const rule = ruleOf(i);
      const { half, full } = pricing.affordable(i, rule, input.direction, price, input.leverage, available);
      return {
        half,
        full,
        price: price.toFixed(),
        available: fixed(available, 2),
        walletCode: code,
        walletCurrency: walletCurrency(code),
      };
    },

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

    toPosition: (p: PositionRow) => view.toPosition(p),

    /**
     * Close a whole open position at `price` in the caller's transaction, for a reason of the
     * caller's (modules/follow: an agency's rule, a copy following it, the copy stop-loss, the end
     * of a follow), as a close by its owner books it. Answers the settled row and its pushes.
     */
    closeAt: (sql: Sql, p: PositionRow, price: Dec, reason: CloseReason, actorId: number | null, at?: Date) =>
      close(sql, p, new Dec(p.quantity), price, reason, actorId, null, at),

    /** Margin and fee of opening `quantity` of `i` at `price` in the wallet `code`, as an order would book them, and the rate they were converted at. */
    costs: (i: Instrument, direction: number, price: Dec, quantity: Dec, leverage: number, code: WalletCode) =>
      pricing.costs(i, ruleOf(i), direction, price, quantity, leverage, walletCurrency(code)),

    /** An open position's floating profit at the snapshot's exit side, in its wallet's currency, not rounded. */
    floating: (p: PositionRow, s: Snapshot) => pricing.floating(p, s),

    /** Run `hook` in every closing transaction, after the position has settled. */
    onSettle(hook: SettleHook) {
      settleHooks.push(hook);
    },

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

    /**
     * Entrusted day orders past their trading day's close expire: each hold returns through the cancel's
     * journal and the history says 'expired'. Claimed with SKIP LOCKED and rechecked under the
     * lock, so each expires once whichever node or run gets to it. Answers how many expired.
     */
    async expireDue(): Promise<number> {
      let done = 0;
      for (const id of await repo.expiredIds(db, new Date(now()))) {
        const push = await db.tx(async (sql) => {
          const p = await repo.claimActive(sql, id);
          if (!p || p.status !== OrderStatus.WaitingConfirmation || !p.expires_at || p.expires_at.getTime() > now()) return null;
          await postCancel(sql, p, { actorId: null, idempotencyKey: null });
          const c = await repo.markCancelled(sql, p.id);
          return record(sql, c, 'expired', null, null);
        });
        if (push) {
          push();
          done++;
        }
      }
      return done;
    },

    async detail(userId: number, id: number) {
      const p = await load(db, userId, id);
      // Allotted IPO shares are held before their instrument is on the market (and after, if the deal was cancelled).
      const listed = market.instruments.some((i) => i.symbol === p.symbol);
      const known = listed ? undefined : await opts.unlisted?.(db, p.symbol);
      return view.withHistory(p, await repo.history(db, p), known);
    },

    async open(userId: number, pageNo: number, size: number) {
      const page = await repo.page(db, userId, 'open', pageNo, size);
      return view.openPage(page, await repo.allOpen(db, userId), pageNo, size);
    },
    byStock: async (userId: number, stockCode: string) => (await repo.openOfSymbol(db, userId, market.resolve(stockCode).symbol)).map(view.toPosition),
    closed: (userId: number, pageNo: number, size: number) => listing(userId, 'closed', pageNo, size),
    entrusted: (userId: number, pageNo: number, size: number) => listing(userId, 'entrusted', pageNo, size),

    /**
     * The trigger engine's work for one symbol at one snapshot: entrusted orders the quote
     * crosses fill at their limit price; open positions whose exit side reaches a stop close at the
     * live exit price, trailing stops follow a better exit price, and positions whose equity reached
     * the maintenance level are liquidated at the live price. Each row is claimed with SKIP LOCKED and its state
     * rechecked under the lock, so a fill or a liquidation happens exactly once whoever runs it.
     * Answers how many rows it acted on.
     */
    async onQuote(symbol: string, s: Snapshot): Promise<number> {
      if (!s.session.tradable) return 0;
      const i = market.resolve(symbol);
      const rule = RULES[i.assetClass];
      if (!rule) return 0;
      let acted = 0;
      // Only the rows this quote acts on are claimed: a transaction per active row and tick kept the
      // database busy with positions nowhere near their price (every order waited behind them).
      const regular = s.session.phase === 'regular';
      const due = await repo.dueIds(db, symbol, { bid: new Dec(s.bid).toFixed(), ask: new Dec(s.ask).toFixed() }, rule.maintenanceRatio, regular);
      for (const id of due) {
        const push = await db.tx(async (sql) => {
          const p = await repo.claimActive(sql, id);
          if (!p) return null;
          if (p.status === OrderStatus.WaitingConfirmation) {
            const touch = entryPrice(p.direction, s);
            const crosses = isBuy(p.direction) ? touch.lte(p.price) : touch.gte(p.price);
            // A day order past its end waits for the expiry (expireDue), never fills.
            if (p.expires_at && p.expires_at.getTime() <= s.time) return null;
            if (!regular && !p.extended_hours) return null;
            return crosses ? fill(sql, p, s) : null;
          }
          const exit = exitPrice(p.direction, s);
          const hit = stopReached(p, exit);
          if (hit) return closeByStop(sql, p, i, s, hit);
          const q = p.trailing_kind ? await markTrailing(sql, p, exit) : p;
          return pricing.reachesMaintenance(q, rule, s) ? liquidate(sql, q, i, s) : null;
        });
        if (push) {
          push();
          acted++;
        }
      }
      return acted;
    },

    leverageRisk: (userId: number) => leverageRisk(db, userId),

    /** Acknowledge the leverage risk warning of `version` (the current one); a repeat changes nothing. */
    async acknowledgeLeverageRisk(userId: number, version: number) {
      await repo.acknowledgeLeverageRisk(db, userId, version);
      return leverageRisk(db, userId);
    },

    /** Large fills of an instrument for its quote page. */
    largeOrders: async (stockCode: string, size: number) => (await repo.largeFills(db, market.resolve(stockCode).symbol, size)).map(view.largeFill),

    /** Symbols with entrusted orders or open positions: the only ticks the engine needs to look at. */
    activeSymbols: async (): Promise<Set<string>> => new Set(await repo.activeSymbols(db)),
  };
}

export type TradingService = ReturnType<typeof createTradingService>;
