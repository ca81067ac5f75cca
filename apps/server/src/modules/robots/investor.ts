import {
  ROBOT_MESSAGES,
  WalletCode,
  robotAmountFits,
  type KlineRange,
  type RobotOrder,
  type RobotOrderDetail,
  type zRobotOrderInput,
} from '@tradeapp/contract';
import type { z } from 'zod';
import type { Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import { Dec, fixed, plain } from '../../lib/decimal';
import { requireVerifiedKyc } from '../kyc';
import { availableBalance } from '../trading';
import type { RobotContext } from './context';
import { budgetOf, STEP_MS, startState, type RobotState } from './engine';
import * as dca from './dca';
import { postRobotPaid, postRobotStarted } from './postings';
import * as repo from './repository';
import type { RobotOrderRow } from './repository';
import { DAY_MS } from './views';

/** The investor's calls: the robots on offer, and the orders that start, show and redeem them. */
export function createRobotInvestor(ctx: RobotContext) {
  const { db, market, trading, exchangeRates, engine, robotOf, orderOf, messageOf } = ctx;

  async function detailOf(sql: Sql, o: RobotOrderRow, callerId: number): Promise<RobotOrderDetail> {
    const robot = (await repo.robot(sql, o.robot_id))!;
    const state = o.state as RobotState | null;
    let nextBuy: string | null = null;
    let takeProfit: string | null = null;
    if (state?.kind === 'dca' && state.fills.length > 0 && !o.redeemed_at) {
      const deal = { fills: state.fills.map((f) => ({ price: new Dec(f.price), quantity: new Dec(f.quantity) })) };
      takeProfit = plain(dca.takeProfitPrice(state.params, deal)!);
      if (state.fills.length <= state.params.safetyOrders) nextBuy = plain(dca.safetyPrice(state.params, deal.fills[0]!.price, state.fills.length));
    }
    const running = await repo.runningOf(sql, callerId);
    return {
      ...(await orderOf(sql, o, robot)),
      robot: robotOf(robot, await repo.owns(sql, robot.id, callerId), running.get(robot.id) ?? 0),
      cells: state?.kind === 'grid' ? state.cells.map((c) => ({ buy: c.buy, sell: c.sell, quantity: c.quantity, state: c.state })) : [],
      nextBuy,
      takeProfit,
      positions: (await repo.positionsOf(sql, o.id, 50)).map(trading.toPosition),
      messages: (await repo.messages(sql, o.id, ROBOT_MESSAGES)).map(messageOf),
    };
  }

  async function own(sql: Sql, userId: number, id: number, lock = false) {
    const o = await repo.ownOrder(sql, userId, id, lock);
    if (!o) throw notFound();
    return o;
  }

  return {
    async robots(callerId: number | null, page: number, size: number) {
      const all = await repo.robots(db);
      const owned = callerId === null ? new Set<number>() : await repo.ownedBy(db, callerId);
      const running = callerId === null ? new Map<number, number>() : await repo.runningOf(db, callerId);
      const list = all.slice((page - 1) * size, page * size).map((r) => robotOf(r, owned.has(r.id), running.get(r.id) ?? 0));
      return { list, total: all.length, page, size };
    },

    async quota(userId: number, robotId: number) {
      const r = await repo.robot(db, robotId);
      if (!r) throw notFound();
      const owned = await repo.owns(db, r.id, userId);
      const available = (await availableBalance(db, userId, WalletCode.Financial, 'EUR')) ?? '0';
      return { robotId: r.id, energy: r.energy, cycleDays: r.cycle_days, owned, cost: owned ? '0.00' : fixed(r.rent, 2), available: fixed(available, 2) };
    },

    async create(userId: number, input: z.output<typeof zRobotOrderInput>, idempotencyKey: string | undefined): Promise<RobotOrderDetail> {
      const o = await db.tx(async (sql) => {
        const r = await repo.robot(sql, input.robotId, true);
        if (!r) throw notFound();
        if (r.paused_at) throw new AppError('e.robotPaused');
        await requireVerifiedKyc(sql, userId);
        if (!robotAmountFits({ minAmount: r.min_amount, maxAmount: r.max_amount }, input.amount)) {
          throw new AppError('v.robotAmount', { amount: 'v.robotAmount' }, { min: fixed(r.min_amount, 2), max: fixed(r.max_amount, 2) });
        }
        const owned = await repo.owns(sql, r.id, userId);
        const mode = owned ? 'buy' : input.mode;
        const cost = owned ? new Dec(0) : new Dec(mode === 'buy' ? r.price : r.rent);
        const amount = new Dec(input.amount);
        const available = new Dec((await availableBalance(sql, userId, WalletCode.Financial, 'EUR')) ?? 0);
        if (amount.add(cost).gt(available)) throw new AppError('e.insufficientFunds');
        const i = market.resolve(r.symbol);
        const s = market.snapshot(i.symbol);
        if (!s.session.tradable) throw new AppError('e.marketClosed');
        if (!startState(r, i, s, budgetOf(i, amount, exchangeRates.rate('EUR', i.currency)))) throw new AppError('e.robotNoLot', undefined, { name: i.name });
        const now = ctx.now();
        const row = await repo.insertOrder(sql, {
          userId,
          robotId: r.id,
          mode,
          amount: plain(amount),
          rent: plain(mode === 'rent' ? cost : 0),
          energy: r.energy,
          // It looks at the quote from the next whole second on.
          checkedThrough: Math.floor(now / STEP_MS) * STEP_MS,
          expiresAt: new Date(now + r.cycle_days * DAY_MS),
        });
        await postRobotStarted(sql, { userId, orderId: row.id, amount }, { actorId: userId, idempotencyKey: idempotencyKey ?? null });
        if (cost.gt(0)) await postRobotPaid(sql, { userId, orderId: row.id, mode, cost }, { actorId: userId });
        if (mode === 'buy' && !owned) await repo.insertOwner(sql, r.id, userId);
        return row;
      });
      return detailOf(db, o, userId);
    },

    async orders(userId: number, page: number, size: number) {
      const { rows, total } = await repo.ordersOf(db, userId, page, size);
      const robots = new Map((await repo.robots(db)).map((r) => [r.id, r]));
      const list: RobotOrder[] = [];
      for (const o of rows) list.push(await orderOf(db, o, robots.get(o.robot_id)!));
      return { list, total, page, size };
    },

    detail: async (userId: number, id: number) => detailOf(db, await own(db, userId, id), userId),

    async redeem(userId: number, id: number, idempotencyKey: string | undefined) {
      const pushed = await db.tx(async (sql) => {
        const o = await own(sql, userId, id, true);
        if (o.redeemed_at) throw new AppError('e.robotRedeemed');
        const done = await engine.redeem(sql, o, userId, idempotencyKey ?? null);
        if (!done) throw new AppError('e.marketClosed');
        return done;
      });
      pushed();
      return detailOf(db, await own(db, userId, id), userId);
    },

    async messages(userId: number, orderId: number) {
      await own(db, userId, orderId);
      return (await repo.messages(db, orderId, ROBOT_MESSAGES)).map(messageOf);
    },

    async kline(userId: number, orderId: number, range: KlineRange) {
      const o = await own(db, userId, orderId);
      const robot = (await repo.robot(db, o.robot_id))!;
      const kline = market.kline(robot.symbol, range);
      const first = kline.candles[0]?.time ?? ctx.now();
      const from = new Date(first);
      const to = new Date(ctx.now() + 1);
      const marks = [];
      for (const p of await repo.fillsBetween(db, o.id, from, to)) {
        const opened = p.filled_at ?? p.created_at;
        if (opened >= from) marks.push({ time: opened.getTime(), side: 'buy' as const, price: plain(p.open_price!), quantity: plain(p.quantity) });
        if (p.closed_at && p.closed_at >= from)
          marks.push({ time: p.closed_at.getTime(), side: 'sell' as const, price: plain(p.close_price!), quantity: plain(p.quantity) });
      }
      marks.sort((a, b) => a.time - b.time);
      const state = o.state as RobotState | null;
      return { kline, marks, levels: state?.kind === 'grid' ? state.levels : [] };
    },
  };
}
