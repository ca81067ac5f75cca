import { AuctionOrderStatus, LEVERAGE_RISK_VERSION, leverageCapFor, OrderType, walletCurrency, walletFor, type zAuctionOrderCreate } from '@tradeapp/contract';
import type { z } from 'zod';
import { AppError, notFound } from '../../errors';
import { Dec } from '../../lib/decimal';
import { requireVerifiedKyc } from '../kyc';
import { isBuy, leverageRiskOf, onGrid, postHeldOrder, postHeldOrderRelease, RULES } from '../trading';
import { heldOf, quantityLot, type AuctionContext } from './context';
import * as repo from './repository';
import { auctionDayOfIso, phaseOf, sessionAt, upcoming } from './session';

/** The investor's auction orders: placing one while the book collects, cancelling it, listing them. */
export function createOrderUseCases(ctx: AuctionContext) {
  const { db, now, pricing, figuresOf, closedError, toOrder, auctionStock, market } = ctx;

  return {
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
  };
}
