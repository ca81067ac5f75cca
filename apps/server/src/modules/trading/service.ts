import { OrderDirection, OrderStatus, OrderType, walletCurrency, type POSITION_EVENTS, type Position, type WalletCode } from '@tradeapp/contract';
import type { PushHub } from '../../push/hub';
import type { Db, Sql } from '../../db/db';
import { AppError, notFound, refused } from '../../errors';
import { Dec, fixed, plain } from '../../lib/decimal';
import { HOUSE, postJournal, type Posting } from '../../ledger/ledger';
import type { Instrument, Snapshot } from '../../market/types';
import type { Inbox } from '../inbox/service';
import { requireVerifiedKyc } from '../kyc/service';
import type { MarketService } from '../market/service';
import type { Rates } from '../wallet/rates';
import { LARGE_ORDER_QUANTITY, routeFor, RULES, walletFor, type OrderRoute, type TradingRule } from './rules';

export interface PositionRow {
  id: number;
  user_id: number;
  symbol: string;
  wallet_code: WalletCode;
  wallet_currency: string;
  currency: string;
  direction: number;
  type: number;
  status: number;
  price: string;
  open_price: string | null;
  quantity: string;
  leverage: number;
  margin: string;
  open_fee: string;
  close_price: string | null;
  close_fee: string | null;
  realised: string | null;
  close_reason: 'user' | 'liquidation' | null;
  large_order: boolean;
  parent_id: number | null;
  created_at: Date;
  filled_at: Date | null;
  updated_at: Date;
  closed_at: Date | null;
}

export interface OrderInput {
  stockCode: string;
  direction: number;
  type: number;
  price?: string | undefined;
  quantity: string;
  leverage: number;
}

const cents = (v: Dec | string) => new Dec(fixed(v, 2));
const isBuy = (direction: number) => direction === OrderDirection.Buy;
/** The live price a position closes at: a long sells at the bid, a short buys back at the ask. */
const exitPrice = (direction: number, s: { bid: string; ask: string }) => new Dec(isBuy(direction) ? s.bid : s.ask);

/** A whole number of steps of `step` (lot or tick). */
const onGrid = (value: Dec, step: string) => value.div(step).isInteger();

/**
 * Orders against the live quote with the house book as counterparty. Margin (notional over
 * leverage, in the trading wallet's currency) is held in the ledger; fees go to the house's fee
 * account; profit and loss settle against the house book. Every step is one balanced journal.
 */
export function createTradingService(opts: { db: Db; market: MarketService; rates: Rates; inbox: Inbox; hub: PushHub }) {
  const { db, market, rates, inbox, hub } = opts;
  const wallet = (userId: number, code: WalletCode, part: 'available' | 'held') => ({ userId, wallet: code, part, currency: walletCurrency(code) });
  const house = (name: keyof typeof HOUSE, currency: string) => ({ house: HOUSE[name], currency });

  type EventName = (typeof POSITION_EVENTS)[number];
  /**
   * Record a state change in the position's history; returns the push to send once the
   * transaction has committed, so the user's socket hears of every change, in order.
   */
  async function record(sql: Sql, p: PositionRow, event: EventName, price: Dec | string | null, quantity: Dec | string | null) {
    await sql.query('insert into position_events (position_id, status, event, price, quantity) values ($1, $2, $3, $4, $5)', [
      p.id,
      p.status,
      event,
      price === null ? null : new Dec(price).toFixed(),
      quantity === null ? null : new Dec(quantity).toFixed(),
    ]);
    return () => hub.publishUserEvent(p.user_id, 'order', { id: p.id, status: p.status, event });
  }

  function ruleOf(i: Instrument): TradingRule {
    const rule = RULES[i.assetClass];
    if (!rule) throw refused('e.notTradable');
    return rule;
  }

  /** Floating profit of an open position in its wallet's currency, at the snapshot's exit side. */
  function floating(p: PositionRow, s: Snapshot): Dec {
    const exit = exitPrice(p.direction, s);
    const diff = exit.sub(p.open_price!).mul(isBuy(p.direction) ? 1 : -1);
    return diff.mul(p.quantity).mul(rates.rate(p.currency, p.wallet_currency));
  }

  /** Where equity reaches the maintenance level, in the instrument's currency at today's rate. */
  function liquidationPrice(p: PositionRow, rule: TradingRule): Dec | null {
    if (!p.open_price) return null;
    const cushion = new Dec(p.margin).mul(new Dec(1).sub(rule.maintenanceRatio));
    const perUnit = cushion.div(new Dec(p.quantity).mul(rates.rate(p.currency, p.wallet_currency)));
    const price = isBuy(p.direction) ? new Dec(p.open_price).sub(perUnit) : new Dec(p.open_price).add(perUnit);
    return price.gt(0) ? price : new Dec(0);
  }

  function toPosition(p: PositionRow): Position {
    const i = market.resolve(p.symbol);
    const rule = RULES[i.assetClass];
    const dp = i.tickSize.includes('.') ? i.tickSize.split('.')[1]!.length : 0;
    const open = p.status === OrderStatus.InProgress;
    const s = open ? market.snapshot(p.symbol) : null;
    const profit = s ? cents(floating(p, s)) : new Dec(0);
    const liq = open && rule ? liquidationPrice(p, rule) : null;
    return {
      id: p.id,
      positionNum: `P${String(p.id).padStart(8, '0')}`,
      symbol: p.symbol,
      stockCode: i.code,
      stockName: i.name,
      source: i.source,
      market: i.market,
      assetClass: i.assetClass,
      currency: p.currency,
      walletCode: p.wallet_code,
      walletCurrency: p.wallet_currency,
      direction: p.direction as Position['direction'],
      type: p.type as Position['type'],
      status: p.status as Position['status'],
      price: fixed(p.price, dp),
      openPrice: p.open_price === null ? null : fixed(p.open_price, dp),
      quantity: new Dec(p.quantity).toFixed(),
      totalAmount: fixed(new Dec(p.open_price ?? p.price).mul(p.quantity), 2),
      handlingFee: fixed(p.open_fee, 2),
      closeFee: p.close_fee === null ? null : fixed(p.close_fee, 2),
      leverage: p.leverage,
      margin: fixed(p.margin, 2),
      isolatedPosition: true,
      currentPrice: s ? exitPrice(p.direction, s).toFixed(dp) : null,
      profit: fixed(profit, 2),
      zdf: new Dec(p.margin).isZero() ? '0.00' : fixed(profit.div(p.margin).mul(100), 2),
      sellProfit: p.realised === null ? null : fixed(p.realised, 2),
      closePrice: p.close_price === null ? null : fixed(p.close_price, dp),
      liquidationPrice: liq === null ? null : liq.toFixed(dp),
      closeReason: p.close_reason,
      largeOrder: p.large_order,
      createTimeTimestamp: p.created_at.getTime(),
      marketDateTimestamp: p.filled_at?.getTime() ?? null,
      modifyTimeTimestamp: p.updated_at.getTime(),
      closeTimeTimestamp: p.closed_at?.getTime() ?? null,
      expiredDateTimestamp: null,
    };
  }

  /** Margin and fee of `quantity` at `price`, in the wallet's currency, to the cent. */
  function costs(i: Instrument, direction: number, price: Dec, quantity: Dec, leverage: number) {
    const rule = ruleOf(i);
    const notional = price.mul(quantity).mul(rates.rate(i.currency, walletCurrency(walletFor(i))));
    return {
      margin: cents(notional.div(leverage)),
      fee: cents(notional.mul(isBuy(direction) ? rule.buyRate : rule.sellRate)),
    };
  }

  /** Open a filled position's books: the margin is held, the fee paid (from `from`). */
  async function bookOpen(sql: Sql, p: PositionRow, from: 'available' | 'held', fee: Dec, idempotencyKey: string | null) {
    const postings: Posting[] = [];
    if (from === 'available') {
      postings.push({ account: wallet(p.user_id, p.wallet_code, 'available'), amount: new Dec(p.margin).add(fee).neg() });
      postings.push({ account: wallet(p.user_id, p.wallet_code, 'held'), amount: p.margin });
    } else {
      postings.push({ account: wallet(p.user_id, p.wallet_code, 'held'), amount: fee.neg() });
    }
    if (fee.gt(0)) postings.push({ account: house('fees', p.wallet_currency), amount: fee });
    if (postings.length > 1) {
      await postJournal(sql, { kind: 'order.open', userId: p.user_id, actorId: p.user_id, idempotencyKey, refType: 'position', refId: p.id }, postings);
    }
  }

  async function notifyFill(sql: Sql, p: PositionRow) {
    const i = market.resolve(p.symbol);
    return inbox.notify(sql, p.user_id, 'order.filled', {
      side: isBuy(p.direction) ? 't.buy' : 't.sell',
      quantity: new Dec(p.quantity).toFixed(),
      name: i.name,
      price: new Dec(p.open_price!).toFixed(),
      currency: p.currency,
      leverage: p.leverage,
      margin: fixed(p.margin, 2),
      walletCurrency: p.wallet_currency,
    });
  }

  /**
   * Close `quantity` of an open position at `price`. The loss is capped at the margin being
   * released: the house book absorbs anything beyond it. Returns the settled row.
   */
  async function close(sql: Sql, p: PositionRow, quantity: Dec, price: Dec, reason: 'user' | 'liquidation', actorId: number | null, idempotencyKey: string | null) {
    const i = market.resolve(p.symbol);
    const rule = ruleOf(i);
    const whole = quantity.eq(p.quantity);
    const share = quantity.div(p.quantity);
    const margin = whole ? new Dec(p.margin) : cents(new Dec(p.margin).mul(share));
    const rate = rates.rate(p.currency, p.wallet_currency);
    const pnl = cents(price.sub(p.open_price!).mul(isBuy(p.direction) ? 1 : -1).mul(quantity).mul(rate));
    const closeFee = cents(price.mul(quantity).mul(rate).mul(isBuy(p.direction) ? rule.sellRate : rule.buyRate));
    const gross = margin.add(pnl);
    const fee = gross.lte(0) ? new Dec(0) : Dec.min(closeFee, gross);
    const payout = gross.lte(0) ? new Dec(0) : gross.sub(fee);
    const book = margin.sub(payout).sub(fee);
    const postings: Posting[] = [];
    if (margin.gt(0)) postings.push({ account: wallet(p.user_id, p.wallet_code, 'held'), amount: margin.neg() });
    if (payout.gt(0)) postings.push({ account: wallet(p.user_id, p.wallet_code, 'available'), amount: payout });
    if (fee.gt(0)) postings.push({ account: house('fees', p.wallet_currency), amount: fee });
    if (!book.isZero()) postings.push({ account: house('book', p.wallet_currency), amount: book });

    let settled: PositionRow;
    if (whole) {
      [settled] = (await sql.query<PositionRow>(
        `update positions set status = 3, close_price = $2, close_fee = $3, realised = $4, close_reason = $5, closed_at = now(), updated_at = now()
          where id = $1 returning *`,
        [p.id, plain(price), plain(fee), plain(payout.sub(margin)), reason],
      )) as [PositionRow];
    } else {
      await sql.query('update positions set quantity = quantity - $2, margin = margin - $3, updated_at = now() where id = $1', [p.id, plain(quantity), plain(margin)]);
      [settled] = (await sql.query<PositionRow>(
        `insert into positions (user_id, symbol, wallet_code, wallet_currency, currency, direction, type, status, price, open_price, quantity, leverage,
                                margin, open_fee, close_price, close_fee, realised, close_reason, parent_id, large_order, created_at, filled_at, closed_at)
         select user_id, symbol, wallet_code, wallet_currency, currency, direction, type, 3, price, open_price, $2, leverage,
                $3, 0, $4, $5, $6, $7, id, large_order, created_at, filled_at, now() from positions where id = $1 returning *`,
        [p.id, plain(quantity), plain(margin), plain(price), plain(fee), plain(payout.sub(margin)), reason],
      )) as [PositionRow];
    }
    if (postings.length > 1) {
      await postJournal(
        sql,
        { kind: reason === 'liquidation' ? 'position.liquidate' : 'position.close', userId: p.user_id, actorId, idempotencyKey, refType: 'position', refId: settled.id },
        postings,
      );
    }
    const event: EventName = reason === 'liquidation' ? 'liquidated' : whole ? 'closed' : 'partially_closed';
    const pushes = [await record(sql, settled, event, price, quantity)];
    if (!whole) pushes.push(await record(sql, { ...p, status: OrderStatus.InProgress }, 'partially_closed', price, quantity));
    return { settled, loss: payout.sub(margin).neg(), pushed: () => pushes.forEach((f) => f()) };
  }

  async function load(sql: Sql, userId: number, id: number, lock = false) {
    const [p] = await sql.query<PositionRow>(`select * from positions where id = $1 and user_id = $2${lock ? ' for update' : ''}`, [id, userId]);
    if (!p) throw notFound();
    return p;
  }

  const page = async (userId: number, status: number[], pageNo: number, size: number, order = 'id desc') => {
    const [count] = await db.query<{ n: number }>('select count(*)::int as n from positions where user_id = $1 and status = any($2::smallint[])', [userId, status]);
    const rows = await db.query<PositionRow>(
      `select * from positions where user_id = $1 and status = any($2::smallint[]) order by ${order} limit $3 offset $4`,
      [userId, status, size, (pageNo - 1) * size],
    );
    return { list: rows.map(toPosition), total: count?.n ?? 0, page: pageNo, size };
  };

  return {
    toPosition,

    rules(stockCode?: string) {
      const entries = Object.entries(RULES) as [Instrument['assetClass'], TradingRule][];
      const only = stockCode ? market.resolve(stockCode).assetClass : undefined;
      return entries.filter(([cls]) => !only || cls === only).map(([assetClass, r]) => ({ assetClass, ...r }));
    },

    minCount(stockCode: string) {
      const i = market.resolve(stockCode);
      return { stockCode: i.symbol, minQuantity: i.minQuantity, lotSize: i.lotSize, tickSize: i.tickSize, leverages: ruleOf(i).leverages, walletCode: walletFor(i) };
    },

    async halfOrFull(userId: number, input: { stockCode: string; direction: number; leverage: number; price?: string | undefined }) {
      const i = market.resolve(input.stockCode);
      const code = walletFor(i);
      const s = market.snapshot(i.symbol);
      const price = new Dec(input.price ?? (isBuy(input.direction) ? s.ask : s.bid));
      const [row] = await db.query<{ balance: string }>(
        "select balance from ledger_accounts where user_id = $1 and code = $2 and part = 'available' and currency = $3",
        [userId, code, walletCurrency(code)],
      );
      const available = new Dec(row?.balance ?? 0);
      // One unit of quantity costs its margin plus its fee; round down to whole lots.
      const rule = ruleOf(i);
      const feeRate = isBuy(input.direction) ? rule.buyRate : rule.sellRate;
      const perUnit = price.mul(rates.rate(i.currency, walletCurrency(code))).mul(new Dec(1).div(input.leverage).add(feeRate));
      const lots = (budget: Dec) => (perUnit.isZero() ? new Dec(0) : budget.div(perUnit).div(i.lotSize).floor().mul(i.lotSize));
      return {
        half: lots(available.div(2)).toFixed(),
        full: lots(available).toFixed(),
        price: price.toFixed(),
        available: fixed(available, 2),
        walletCode: code,
        walletCurrency: walletCurrency(code),
      };
    },

    async create(userId: number, route: OrderRoute, input: OrderInput, idempotencyKey: string | undefined) {
      const i = market.resolve(input.stockCode);
      if (routeFor(i) !== route) throw new AppError(400, 'e.wrongOrderRoute', { stockCode: 'e.wrongOrderRoute' });
      const rule = ruleOf(i);
      if (!rule.leverages.includes(input.leverage)) throw new AppError(400, 'e.leverageNotAllowed', { leverage: 'e.leverageNotAllowed' });
      const quantity = new Dec(input.quantity);
      if (!onGrid(quantity, i.lotSize) || quantity.lt(i.minQuantity)) {
        throw new AppError(400, 'e.quantityLot', { quantity: 'e.quantityLot' }, { lot: i.lotSize, min: i.minQuantity });
      }
      if (input.type === OrderType.Limit && !onGrid(new Dec(input.price!), i.tickSize)) {
        throw new AppError(400, 'e.priceTick', { price: 'e.priceTick' }, { tick: i.tickSize });
      }
      const s = market.snapshot(i.symbol);
      const touch = new Dec(isBuy(input.direction) ? s.ask : s.bid);
      const limit = input.type === OrderType.Limit ? new Dec(input.price!) : null;
      // A limit order that the quote already crosses fills now, at the better quote.
      const fillsNow = limit === null || (isBuy(input.direction) ? touch.lte(limit) : touch.gte(limit));
      if (fillsNow && !s.session.tradable) {
        if (limit === null) throw refused('e.marketClosed');
      }
      const filling = fillsNow && s.session.tradable;
      const price = filling ? touch : limit!;
      const { margin, fee } = costs(i, input.direction, price, quantity, input.leverage);
      if (margin.lte(0)) throw new AppError(400, 'e.quantityLot', { quantity: 'e.quantityLot' }, { lot: i.lotSize, min: i.minQuantity });
      const code = walletFor(i);
      let push: (() => void) | undefined;
      const row = await db.tx(async (sql) => {
        await requireVerifiedKyc(sql, userId);
        const [p] = await sql.query<PositionRow>(
          `insert into positions (user_id, symbol, wallet_code, wallet_currency, currency, direction, type, status, price, open_price, quantity, leverage,
                                  margin, open_fee, large_order, idempotency_key, filled_at)
           values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16, case when $8::smallint = 1 then now() end) returning *`,
          [
            userId,
            i.symbol,
            code,
            walletCurrency(code),
            i.currency,
            input.direction,
            input.type,
            filling ? OrderStatus.InProgress : OrderStatus.WaitingConfirmation,
            price.toFixed(),
            filling ? price.toFixed() : null,
            quantity.toFixed(),
            input.leverage,
            margin.toFixed(),
            fee.toFixed(),
            i.assetClass === 'stock' && quantity.gte(LARGE_ORDER_QUANTITY),
            idempotencyKey ?? null,
          ],
        );
        const placed = await record(sql, { ...p!, status: OrderStatus.WaitingConfirmation }, 'placed', limit ?? price, quantity);
        if (filling) {
          await bookOpen(sql, p!, 'available', fee, idempotencyKey ?? null);
          const filled = await record(sql, p!, 'filled', price, quantity);
          const notice = await notifyFill(sql, p!);
          push = () => {
            placed();
            filled();
            notice();
          };
        } else {
          push = placed;
          // A resting order holds its margin and fee until it fills or is cancelled.
          await postJournal(sql, { kind: 'order.hold', userId, actorId: userId, idempotencyKey: idempotencyKey ?? null, refType: 'position', refId: p!.id }, [
            { account: wallet(userId, code, 'available'), amount: margin.add(fee).neg() },
            { account: wallet(userId, code, 'held'), amount: margin.add(fee) },
          ]);
        }
        return p!;
      });
      push?.();
      return toPosition(row);
    },

    async cancel(userId: number, id: number, idempotencyKey: string | undefined) {
      const row = await db.tx(async (sql) => {
        const p = await load(sql, userId, id, true);
        if (p.status !== OrderStatus.WaitingConfirmation) throw refused('e.orderNotCancellable');
        const held = new Dec(p.margin).add(p.open_fee);
        await postJournal(sql, { kind: 'order.release', userId, actorId: userId, idempotencyKey: idempotencyKey ?? null, refType: 'position', refId: p.id }, [
          { account: wallet(userId, p.wallet_code, 'held'), amount: held.neg() },
          { account: wallet(userId, p.wallet_code, 'available'), amount: held },
        ]);
        const [c] = await sql.query<PositionRow>('update positions set status = 4, updated_at = now() where id = $1 returning *', [p.id]);
        return { row: c!, push: await record(sql, c!, 'cancelled', null, null) };
      });
      row.push();
      return toPosition(row.row);
    },

    async closeByUser(userId: number, id: number, quantity: string | undefined, idempotencyKey: string | undefined) {
      const row = await db.tx(async (sql) => {
        const p = await load(sql, userId, id, true);
        if (p.status !== OrderStatus.InProgress) throw refused('e.positionClosed');
        const i = market.resolve(p.symbol);
        const q = quantity ? new Dec(quantity) : new Dec(p.quantity);
        if (q.gt(p.quantity)) throw new AppError(400, 'e.closeTooMuch', { quantity: 'e.closeTooMuch' });
        if (!q.eq(p.quantity) && (!onGrid(q, i.lotSize) || q.lt(i.minQuantity))) {
          throw new AppError(400, 'e.quantityLot', { quantity: 'e.quantityLot' }, { lot: i.lotSize, min: i.minQuantity });
        }
        const s = market.snapshot(p.symbol);
        if (!s.session.tradable) throw refused('e.marketClosed');
        return close(sql, p, q, exitPrice(p.direction, s), 'user', userId, idempotencyKey ?? null);
      });
      row.pushed();
      return toPosition(row.settled);
    },

    async addMargin(userId: number, id: number, amount: string, idempotencyKey: string | undefined) {
      const row = await db.tx(async (sql) => {
        const p = await load(sql, userId, id, true);
        if (p.status !== OrderStatus.InProgress) throw refused('e.positionClosed');
        await postJournal(sql, { kind: 'position.margin', userId, actorId: userId, idempotencyKey: idempotencyKey ?? null, refType: 'position', refId: p.id }, [
          { account: wallet(userId, p.wallet_code, 'available'), amount: new Dec(amount).neg() },
          { account: wallet(userId, p.wallet_code, 'held'), amount },
        ]);
        const [u] = await sql.query<PositionRow>('update positions set margin = margin + $2, updated_at = now() where id = $1 returning *', [p.id, amount]);
        return { row: u!, push: await record(sql, u!, 'margin_added', null, null) };
      });
      row.push();
      return toPosition(row.row);
    },

    async detail(userId: number, id: number) {
      const p = await load(db, userId, id);
      // A settled part of a partial close shares its parent's earlier history.
      const events = await db.query<{ event: EventName; status: number; price: string | null; quantity: string | null; created_at: Date }>(
        `select event, status, price, quantity, created_at from position_events
          where position_id = $1 or (position_id = $2 and created_at <= coalesce($3::timestamptz, now()) and event in ('placed', 'filled'))
          order by created_at, id`,
        [p.id, p.parent_id ?? 0, p.closed_at],
      );
      return {
        ...toPosition(p),
        history: events.map((e) => ({
          event: e.event,
          status: e.status as Position['status'],
          price: e.price === null ? null : new Dec(e.price).toFixed(),
          quantity: e.quantity === null ? null : new Dec(e.quantity).toFixed(),
          timestamp: e.created_at.getTime(),
        })),
      };
    },

    open: async (userId: number, pageNo: number, size: number) => {
      const result = await page(userId, [OrderStatus.InProgress], pageNo, size);
      const all = await db.query<PositionRow>('select * from positions where user_id = $1 and status = 1', [userId]);
      const views = all.map(toPosition);
      const sum = (f: (p: Position) => string) => fixed(views.reduce((acc, p) => acc.add(f(p)), new Dec(0)), 2);
      return { ...result, totalProfit: sum((p) => p.profit), totalMargin: sum((p) => p.margin) };
    },
    byStock: async (userId: number, stockCode: string) => {
      const symbol = market.resolve(stockCode).symbol;
      const rows = await db.query<PositionRow>('select * from positions where user_id = $1 and symbol = $2 and status = 1 order by id desc', [userId, symbol]);
      return rows.map(toPosition);
    },
    closed: (userId: number, pageNo: number, size: number) => page(userId, [OrderStatus.Settled], pageNo, size, 'closed_at desc, id desc'),
    resting: (userId: number, pageNo: number, size: number) => page(userId, [OrderStatus.WaitingConfirmation], pageNo, size),

    /**
     * The trigger engine's work for one symbol at one snapshot: resting orders the quote crosses
     * fill at their limit price; open positions whose equity reached the maintenance level are
     * liquidated at the live price. Each row is claimed with SKIP LOCKED and rechecked under the
     * lock, so a fill or a liquidation happens exactly once whoever runs it.
     */
    async onQuote(symbol: string, s: Snapshot): Promise<number> {
      if (!s.session.tradable) return 0;
      const i = market.resolve(symbol);
      const rule = RULES[i.assetClass];
      if (!rule) return 0;
      const candidates = await db.query<{ id: number }>('select id from positions where symbol = $1 and status in (0, 1)', [symbol]);
      let acted = 0;
      for (const { id } of candidates) {
        const push = await db.tx(async (sql) => {
          const [p] = await sql.query<PositionRow>('select * from positions where id = $1 and status in (0, 1) for update skip locked', [id]);
          if (!p) return null;
          if (p.status === OrderStatus.WaitingConfirmation) {
            const touch = new Dec(isBuy(p.direction) ? s.ask : s.bid);
            const crosses = isBuy(p.direction) ? touch.lte(p.price) : touch.gte(p.price);
            if (!crosses) return null;
            const [filled] = await sql.query<PositionRow>(
              'update positions set status = 1, open_price = price, filled_at = now(), updated_at = now() where id = $1 returning *',
              [p.id],
            );
            await bookOpen(sql, filled!, 'held', new Dec(p.open_fee), null);
            const event = await record(sql, filled!, 'filled', p.price, p.quantity);
            const notice = await notifyFill(sql, filled!);
            return () => {
              event();
              notice();
            };
          }
          const equity = new Dec(p.margin).add(floating(p, s));
          if (equity.gt(new Dec(p.margin).mul(rule.maintenanceRatio))) return null;
          const { settled, loss, pushed } = await close(sql, p, new Dec(p.quantity), exitPrice(p.direction, s), 'liquidation', null, null);
          const notice = await inbox.notify(sql, p.user_id, 'position.liquidated', {
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
        });
        if (push) {
          push();
          acted++;
        }
      }
      return acted;
    },

    /** Large fills of an instrument for its quote page: side, size, price, time; never who. */
    async largeOrders(stockCode: string, size: number) {
      const symbol = market.resolve(stockCode).symbol;
      const rows = await db.query<{ direction: number; quantity: string; open_price: string; filled_at: Date }>(
        `select direction, quantity, open_price, filled_at from positions
          where symbol = $1 and large_order and parent_id is null and filled_at is not null order by filled_at desc limit $2`,
        [symbol, size],
      );
      return rows.map((r) => ({
        direction: r.direction as Position['direction'],
        quantity: new Dec(r.quantity).toFixed(),
        price: new Dec(r.open_price).toFixed(),
        timestamp: r.filled_at.getTime(),
      }));
    },

    /** Symbols with resting orders or open positions: the only ticks the engine needs to look at. */
    async activeSymbols(): Promise<Set<string>> {
      const rows = await db.query<{ symbol: string }>('select distinct symbol from positions where status in (0, 1)');
      return new Set(rows.map((r) => r.symbol));
    },
  };
}

export type TradingService = ReturnType<typeof createTradingService>;
