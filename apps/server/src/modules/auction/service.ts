import {
  AuctionOrderStatus,
  isLargeOrder,
  LEVERAGE_RISK_VERSION,
  leverageCapFor,
  MarketSource,
  OrderStatus,
  OrderType,
  openFeeRate,
  orderCosts,
  PushEvent,
  walletCurrency,
  walletFor,
  type AuctionIndicative,
  type AuctionOrder,
  type WalletCode,
  type zAuctionOrderCreate,
} from '@tradeapp/contract';
import type { z } from 'zod';
import type { Db, Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import { writeAudit } from '../../lib/audit';
import { Dec, fixed } from '../../lib/decimal';
import type { Instrument, MarketProvider } from '../../market/types';
import type { PushHub } from '../../push/hub';
import { requireVerifiedKyc } from '../kyc';
import { exchangeTime, type MarketService } from '../market';
import type { Notices } from '../notices';
import {
  createPricing,
  isBuy,
  onGrid,
  postHeldOrder,
  postHeldOrderFill,
  postHeldOrderRelease,
  postOrderHold,
  type HeldOrder,
  insertEvent,
  insertPosition,
  leverageRiskOf,
  type PositionRow,
  RULES,
} from '../trading';
import type { ExchangeRates } from '../wallet';
import { auctionLimitBand, matchAuction, type AuctionInput, type AuctionOrder as MatcherOrder } from './matcher';
import * as repo from './repository';
import type { BookRow, Figures, OrderRow } from './repository';
import { AUCTION_CALENDAR, AUCTION_TIME_ZONE, auctionDayOfIso, latestDue, phaseOf, sessionAt, upcoming, type AuctionDay } from './session';

const REF_TYPE = 'auction_order';
const HOUSE_BUY = 'house-buy';
const HOUSE_SELL = 'house-sell';
/** The house's orders come after every investor's at their price: investors keep time priority. */
const HOUSE_SEQUENCE = Number.MAX_SAFE_INTEGER;

const placesOf = (tick: string) => (tick.includes('.') ? tick.split('.')[1]!.length : 0);
const quantityLot = (i: Instrument) => new AppError('e.quantityLot', { quantity: 'e.quantityLot' }, { lot: i.lotSize, min: i.minQuantity });

/** The auction stocks: the Hong Kong stocks of the universe, the ones with a pre-opening session. */
export const isAuctionStock = (i: Instrument) => i.assetClass === 'stock' && i.calendar === AUCTION_CALENDAR;

/**
 * The house's depth (decision 0019, "The auction"): a buy and a sell at-auction limit at the
 * reference price (the model's opening price of the day), each as large as every investor order on
 * the other side that crosses it. With them the equilibrium is the reference whenever anything
 * trades: it matches every crossing order, more than any other price can, and nothing trades where
 * nothing crosses it (a buy below it cannot meet a sell above it). So the auction agrees with the
 * simulated market's open. A side with nothing to meet gets no order (the matcher needs quantities above zero).
 */
export function withHouse(orders: readonly MatcherOrder[], reference: string): { orders: MatcherOrder[]; houseBuy: Dec; houseSell: Dec } {
  const ref = new Dec(reference);
  let buys = new Dec(0);
  let sells = new Dec(0);
  for (const o of orders) {
    if (o.side === 'buy' && (o.type === 'auction' || ref.lte(o.price!))) buys = buys.add(o.quantity);
    if (o.side === 'sell' && (o.type === 'auction' || ref.gte(o.price!))) sells = sells.add(o.quantity);
  }
  const house: MatcherOrder[] = [];
  if (sells.gt(0)) house.push({ id: HOUSE_BUY, side: 'buy', type: 'limit', price: reference, quantity: sells.toFixed(), sequence: HOUSE_SEQUENCE });
  if (buys.gt(0)) house.push({ id: HOUSE_SELL, side: 'sell', type: 'limit', price: reference, quantity: buys.toFixed(), sequence: HOUSE_SEQUENCE });
  return { orders: [...orders, ...house], houseBuy: sells, houseSell: buys };
}

const toMatcher = (o: OrderRow): MatcherOrder => ({
  id: String(o.id),
  side: isBuy(o.direction) ? 'buy' : 'sell',
  type: o.type,
  ...(o.type === 'limit' ? { price: new Dec(o.price!).toFixed() } : {}),
  quantity: new Dec(o.quantity).toFixed(),
  sequence: o.sequence,
});

const heldOf = (o: OrderRow): HeldOrder => ({ refType: REF_TYPE, id: o.id, userId: o.user_id, walletCode: o.wallet_code as WalletCode, held: o.held });

/**
 * The pre-opening auction of the Hong Kong stocks (decision 0019). Orders are collected from 09:00
 * to 09:20 Hong Kong time with their margin and fee held like an entrusted order's; at 09:20 the
 * match job uncrosses each stock's book once (`matchAuction`), with the house's depth at the
 * model's opening price. Fills become ordinary positions at the auction price; unfilled at-auction
 * orders are cancelled and their money returned; unfilled limits pass on to continuous trading as
 * entrusted orders. A book's row lock orders placing, cancelling and matching, and a matched book
 * is never matched again.
 */
export function createAuctionService(opts: {
  db: Db;
  market: MarketService;
  /** The market engine itself: the model's figures of a whole day, asked for at fixed instants rather than "now". */
  provider: MarketProvider;
  exchangeRates: ExchangeRates;
  notices: Notices;
  hub: PushHub;
  now?: () => number;
  /** Trading's trigger engine: new positions and entrusted orders of a symbol to watch. */
  watch?: (symbol: string) => void;
}) {
  const { db, market, provider, notices, hub } = opts;
  const now = opts.now ?? Date.now;
  const pricing = createPricing(opts.exchangeRates);
  const stocks = market.instruments.filter(isAuctionStock);

  const figureCache = new Map<string, Figures>();
  /**
   * A stock's figures for a day, from the model at fixed instants of that day (so every node and
   * every call agrees): the band around the previous close and the reference price, the model's
   * opening price of the day kept within the band (the auction cannot print outside it).
   */
  function figuresOf(i: Instrument, d: AuctionDay): Figures {
    const key = `${i.symbol}|${d.tradingDay}`;
    const hit = figureCache.get(key);
    if (hit) return hit;
    const previousClose = provider.snapshot(i.symbol, d.inputFrom).previousClose;
    const band = auctionLimitBand(previousClose, i.tickSize);
    const open = new Dec(provider.snapshot(i.symbol, d.openAt).open);
    const within = Dec.min(Dec.max(open, band.low), band.high);
    const f = { previousClose, bandLow: band.low, bandHigh: band.high, referencePrice: within.toFixed(placesOf(i.tickSize)) };
    if (figureCache.size > 10_000) figureCache.clear();
    figureCache.set(key, f);
    return f;
  }

  const fromBook = (b: BookRow): Figures => ({
    previousClose: b.previous_close,
    bandLow: b.band_low,
    bandHigh: b.band_high,
    referencePrice: b.reference_price,
  });

  function closedError(at: number) {
    const next = upcoming(at);
    const opensAt = at < next.inputFrom ? next.inputFrom : upcoming(next.openAt).inputFrom;
    return new AppError('e.auctionClosed', undefined, { opensAt: exchangeTime(opensAt, AUCTION_TIME_ZONE), timeZone: AUCTION_TIME_ZONE });
  }

  function toOrder(o: OrderRow, at: number): AuctionOrder {
    const i = market.resolve(o.symbol);
    const dp = placesOf(i.tickSize);
    const d = auctionDayOfIso(o.trading_day);
    return {
      id: o.id,
      symbol: o.symbol,
      stockCode: i.code,
      stockName: i.name,
      currency: o.currency,
      walletCode: o.wallet_code as WalletCode,
      walletCurrency: o.wallet_currency,
      tradingDay: o.trading_day,
      direction: o.direction as AuctionOrder['direction'],
      type: o.type === 'limit' ? OrderType.Limit : OrderType.Market,
      price: o.price === null ? null : fixed(o.price, dp),
      quantity: new Dec(o.quantity).toFixed(),
      leverage: o.leverage,
      status: o.status,
      holdPrice: fixed(o.hold_price, dp),
      held: fixed(o.held, 2),
      filledQuantity: new Dec(o.filled_quantity).toFixed(),
      fillPrice: o.fill_price === null ? null : fixed(o.fill_price, dp),
      positionId: o.position_id,
      entrustedId: o.entrusted_id,
      cancellable: o.status === AuctionOrderStatus.Collected && d !== null && phaseOf(d, at) === 'input',
      createTimeTimestamp: o.created_at.getTime(),
      modifyTimeTimestamp: o.updated_at.getTime(),
    };
  }

  /** What the auction of one stock would give now (or gave): from the book's collected orders and the house's depth. */
  function indicativeOf(i: Instrument, d: AuctionDay, book: BookRow | undefined, collected: OrderRow[]): AuctionIndicative {
    const f = book ? fromBook(book) : figuresOf(i, d);
    const dp = placesOf(i.tickSize);
    const reference = fixed(f.referencePrice, dp);
    const head = {
      symbol: i.symbol,
      stockCode: i.code,
      name: i.name,
      currency: i.currency,
      tickSize: i.tickSize,
      lotSize: i.lotSize,
      minQuantity: i.minQuantity,
      previousClose: fixed(f.previousClose, dp),
      bandLow: fixed(f.bandLow, dp),
      bandHigh: fixed(f.bandHigh, dp),
    };
    if (book?.matched_at) {
      return {
        ...head,
        price: book.price === null ? null : fixed(book.price, dp),
        volume: new Dec(book.matched_volume ?? 0).toFixed(),
        orders: book.order_count ?? 0,
        matched: true,
      };
    }
    const r = matchAuction({ orders: withHouse(collected.map(toMatcher), reference).orders, referencePrice: reference, tickSize: i.tickSize });
    return { ...head, price: r.price === null ? null : fixed(r.price, dp), volume: r.matchedVolume, orders: collected.length, matched: false };
  }

  /** The indicative figures of `of` for the day shown now, in two queries whatever the number of stocks. */
  async function indicativeFor(of: readonly Instrument[]) {
    const { session, shown } = sessionAt(now());
    const books = new Map((await repo.booksOf(db, shown.tradingDay)).map((b) => [b.symbol, b]));
    const collected = new Map<string, OrderRow[]>();
    for (const o of await repo.collectedOfDay(db, shown.tradingDay)) collected.set(o.symbol, [...(collected.get(o.symbol) ?? []), o]);
    const list = of.map((i) => indicativeOf(i, shown, books.get(i.symbol), collected.get(i.symbol) ?? []));
    return { session, list };
  }

  function auctionStock(stockCode: string): Instrument {
    const i = market.resolve(stockCode);
    if (!isAuctionStock(i)) throw new AppError('e.auctionStock', { stockCode: 'e.auctionStock' });
    return i;
  }

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
    stocks,

    indicative: async (stockCode: string | undefined) => indicativeFor(stockCode ? [auctionStock(stockCode)] : stocks),

    /** `/m_ft/preMarketList`: the auction stocks as quote rows, each with its auction figures, and the session. */
    async preMarketList(query: Parameters<MarketService['list']>[1], callerId: number | null) {
      const page = await market.list(isAuctionStock, query, callerId, { source: MarketSource.AuctionStock, defaultSort: 'marketCap' });
      const { session, list } = await indicativeFor(page.list.map((q) => market.resolve(q.symbol)));
      return { ...page, list: page.list.map((q, n) => ({ ...q, auction: list[n]! })), session };
    },

    async place(userId: number, input: z.output<typeof zAuctionOrderCreate>, idempotencyKey: string | undefined) {
      const i = auctionStock(input.stockCode);
      const rule = RULES[i.assetClass]!;
      if (!rule.leverages.includes(input.leverage)) throw new AppError('e.leverageNotAllowed', { leverage: 'e.leverageNotAllowed' });
      const quantity = new Dec(input.quantity);
      if (!onGrid(quantity, i.lotSize) || quantity.lt(i.minQuantity)) throw quantityLot(i);
      const limit = input.type === OrderType.Limit ? new Dec(input.price!) : null;
      if (limit && !onGrid(limit, i.tickSize)) throw new AppError('e.priceTick', { price: 'e.priceTick' }, { tick: i.tickSize });
      const at = now();
      const d = upcoming(at);
      const phase = phaseOf(d, at);
      if (phase !== 'input' && phase !== 'noCancel') throw closedError(at);
      const f = figuresOf(i, d);
      if (limit && (limit.lt(f.bandLow) || limit.gt(f.bandHigh))) {
        throw new AppError('e.auctionBand', { price: 'e.auctionBand' }, { low: f.bandLow, high: f.bandHigh });
      }
      // The most the order can cost: a buy's margin grows with the price, so its limit or, at-auction,
      // the band's top; a sell's short margin too grows with the price, and it may fill anywhere up to the top.
      const holdPrice = limit && isBuy(input.direction) ? limit : new Dec(f.bandHigh);
      const { margin, fee, rate } = pricing.costs(i, rule, input.direction, holdPrice, quantity, input.leverage);
      if (margin.lte(0)) throw quantityLot(i);
      const code = walletFor(i);
      const key = idempotencyKey ?? null;
      const row = await db.tx(async (sql) => {
        await requireVerifiedKyc(sql, userId);
        if (input.leverage > leverageCapFor(i)) {
          const ack = await leverageRiskOf(sql, userId);
          if (!ack || ack.version < LEVERAGE_RISK_VERSION) {
            throw new AppError('e.leverageRiskUnacknowledged', { leverage: 'e.leverageRiskUnacknowledged' }, { cap: leverageCapFor(i) });
          }
        }
        const book = await repo.lockBook(sql, i.symbol, d.tradingDay, f);
        if (book.matched_at) throw closedError(at);
        const o = await repo.insertOrder(sql, {
          userId,
          symbol: i.symbol,
          tradingDay: d.tradingDay,
          direction: input.direction,
          type: limit ? 'limit' : 'auction',
          price: limit,
          quantity,
          leverage: input.leverage,
          walletCode: code,
          walletCurrency: walletCurrency(code),
          currency: i.currency,
          holdPrice,
          rate,
          held: margin.add(fee),
          idempotencyKey: key,
        });
        const hold = await postHeldOrder(sql, heldOf(o), { actorId: userId, idempotencyKey: key });
        return repo.setHold(sql, o.id, hold);
      });
      return toOrder(row, now());
    },

    async cancel(userId: number, id: number, idempotencyKey: string | undefined) {
      const found = await repo.findOwn(db, userId, id);
      if (!found) throw notFound();
      const i = market.resolve(found.symbol);
      const d = auctionDayOfIso(found.trading_day)!;
      const row = await db.tx(async (sql) => {
        // The book's lock first, as the match takes it: a cancel and the match never cross.
        await repo.lockBook(sql, found.symbol, found.trading_day, figuresOf(i, d));
        const o = (await repo.findOwn(sql, userId, id, true))!;
        if (o.status !== AuctionOrderStatus.Collected) throw new AppError('e.orderNotCancellable');
        if (now() >= d.noCancelFrom) throw new AppError('e.auctionNoCancel');
        const release = await postHeldOrderRelease(sql, o.hold_journal_id!, heldOf(o), { actorId: userId, idempotencyKey: idempotencyKey ?? null });
        return repo.markCancelled(sql, o.id, release);
      });
      return toOrder(row, now());
    },

    async orders(userId: number, stockCode: string | undefined) {
      const at = now();
      const { session, shown } = sessionAt(at);
      const symbol = stockCode ? auctionStock(stockCode).symbol : undefined;
      const rows = await repo.ordersOf(db, userId, shown.tradingDay, symbol);
      return { session, list: rows.map((r) => toOrder(r, at)) };
    },

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

export type AuctionService = ReturnType<typeof createAuctionService>;
