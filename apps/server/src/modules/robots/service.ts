import {
  ROBOT_MESSAGES,
  ROBOT_PERCENT_DECIMALS,
  ROBOT_YEARLY_AFTER_DAYS,
  robotAmountFits,
  WalletCode,
  type KlineRange,
  type Robot,
  type RobotMessage,
  type RobotOrder,
  type RobotOrderDetail,
  type RobotParams,
  type zRobotCreate,
  type zRobotOrderInput,
} from '@tradeapp/contract';
import type { z } from 'zod';
import type { Db, Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import { writeAudit } from '../../lib/audit';
import { Dec, fixed, plain } from '../../lib/decimal';
import { requireVerifiedKyc } from '../kyc';
import type { MarketService } from '../market';
import { availableBalance, type TradingService } from '../trading';
import type { ExchangeRates } from '../wallet';
import { budgetOf, STEP_MS, startState, type RobotEngine, type RobotState } from './engine';
import * as dca from './dca';
import { postRobotPaid, postRobotStarted } from './postings';
import * as repo from './repository';
import type { RobotOrderRow, RobotRow } from './repository';

const DAY_MS = 86_400_000;

/** The robots offered from the start (decision 0021); an operator adds more. */
export const SEED_ROBOTS: Array<Omit<RobotRow, 'id' | 'paused_at' | 'paused_reason' | 'created_at'>> = [
  {
    seed_key: 'btc-grid',
    kind: 'grid',
    symbol: 'BTCUSDT',
    params: { kind: 'grid', rangePercent: '5', cells: 20, mode: 'arithmetic' },
    cycle_days: 7,
    rent: '9.90',
    price: '49.00',
    energy: 300,
    min_amount: '200',
    max_amount: '50000',
  },
  {
    seed_key: 'eth-grid',
    kind: 'grid',
    symbol: 'ETHUSDT',
    params: { kind: 'grid', rangePercent: '8', cells: 16, mode: 'geometric' },
    cycle_days: 14,
    rent: '14.90',
    price: '79.00',
    energy: 400,
    min_amount: '200',
    max_amount: '50000',
  },
  {
    seed_key: 'btc-dca',
    kind: 'dca',
    symbol: 'BTCUSDT',
    params: { kind: 'dca', firstOrderPercent: '10', safetyOrderPercent: '15', safetyOrders: 6, deviationPercent: '1.5', takeProfitPercent: '1.2' },
    cycle_days: 30,
    rent: '19.90',
    price: '99.00',
    energy: 200,
    min_amount: '300',
    max_amount: '50000',
  },
];

const percent = (part: Dec, whole: Dec) => (whole.isZero() ? '0.000' : fixed(part.div(whole).mul(100), ROBOT_PERCENT_DECIMALS));

/**
 * Robots as the investor and the back office see them (decision 0021): the robots on offer, the
 * orders that start, show and redeem them, every figure computed from the order's positions and
 * journals. The trading itself is the engine's (engine.ts).
 */
export function createRobotService(opts: {
  db: Db;
  market: MarketService;
  trading: TradingService;
  exchangeRates: ExchangeRates;
  engine: RobotEngine;
  now: () => number;
}) {
  const { db, market, trading, exchangeRates, engine } = opts;

  async function ensureRobots() {
    // Looked up first: an insert that finds its seed key taken would still use up a number of the id sequence.
    const seeded = new Set((await repo.robots(db)).map((r) => r.seed_key));
    for (const r of SEED_ROBOTS) if (!seeded.has(r.seed_key)) await repo.insertRobot(db, { ...r, createdBy: null });
  }

  const robotOf = (r: RobotRow, owned: boolean, running: number): Robot => ({
    id: r.id,
    kind: r.kind,
    symbol: r.symbol,
    stockName: market.resolve(r.symbol).name,
    params: r.params,
    cycleDays: r.cycle_days,
    rent: fixed(r.rent, 2),
    price: fixed(r.price, 2),
    energy: r.energy,
    minAmount: fixed(r.min_amount, 2),
    maxAmount: fixed(r.max_amount, 2),
    paused: r.paused_at !== null,
    owned,
    running,
  });

  /** An order's figures, from its journals and positions at the live quote. */
  async function orderOf(sql: Sql, o: RobotOrderRow, robot: RobotRow): Promise<RobotOrder> {
    const i = market.resolve(robot.symbol);
    const now = opts.now();
    const cash = new Dec(await repo.orderCash(sql, o.id));
    const sums = await repo.closedSums(sql, o.id);
    const open = await repo.openPositionsOf(sql, o.id);
    const s = market.snapshot(i.symbol);
    let held = new Dec(0);
    let margin = new Dec(0);
    let floating = new Dec(0);
    for (const p of open) {
      held = held.add(p.quantity);
      margin = margin.add(p.margin);
      floating = floating.add(trading.floating(p, s));
    }
    const closeFees = new Dec(sums.close_fees);
    const fees = closeFees.add(sums.open_fees);
    const realised = new Dec(sums.gross);
    const amount = new Dec(o.amount);
    const rent = new Dec(o.rent);
    const total = realised.add(floating).sub(fees).sub(rent);
    const end = o.redeemed_at?.getTime() ?? Math.min(now, o.expires_at.getTime());
    const days = new Dec(end - o.created_at.getTime()).div(DAY_MS);
    const state = o.state as RobotState | null;
    const levels = state?.kind === 'grid' ? state.levels : null;
    const bid = new Dec(s.bid);
    const outOfRange = !levels || o.redeemed_at ? null : bid.lt(levels[0]!) ? 'below' : bid.gt(levels[levels.length - 1]!) ? 'above' : null;
    return {
      id: o.id,
      robotId: o.robot_id,
      kind: robot.kind,
      symbol: robot.symbol,
      stockName: i.name,
      mode: o.mode,
      status: o.status,
      redeemed: o.redeemed_at !== null,
      amount: fixed(amount, 2),
      rent: fixed(rent, 2),
      energy: o.energy,
      energyLeft: o.energy_left,
      cycleDays: robot.cycle_days,
      lower: levels ? levels[0]! : null,
      upper: levels ? levels[levels.length - 1]! : null,
      cash: fixed(cash, 2),
      held: plain(held),
      margin: fixed(margin, 2),
      floating: fixed(floating, 2),
      realised: fixed(realised, 2),
      completed: await repo.soldCount(sql, o.id),
      fees: fixed(fees, 2),
      total: fixed(total, 2),
      totalPercent: percent(total, amount),
      yearlyPercent: days.gte(ROBOT_YEARLY_AFTER_DAYS) ? fixed(total.div(amount).mul(100).mul(365).div(days), ROBOT_PERCENT_DECIMALS) : null,
      outOfRange,
      floatingPercent: margin.isZero() ? null : percent(floating, margin),
      fills: sums.fills,
      createTimeTimestamp: o.created_at.getTime(),
      expiresTimestamp: o.expires_at.getTime(),
      redeemedTimestamp: o.redeemed_at?.getTime() ?? null,
      returned: o.returned === null ? null : fixed(o.returned, 2),
    };
  }

  const messageOf = (m: repo.RobotMessageRow): RobotMessage => ({ id: m.id, kind: m.kind, values: m.values, status: m.status, timestamp: m.at.getTime() });

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

  /** Checks an operator's robot against its pair: a crypto pair, percentages in (0, 100), a grid whose levels fit the tick at the live price. */
  function checkRobot(input: z.output<typeof zRobotCreate>) {
    const i = market.instruments.find((x) => x.symbol === input.symbol.toUpperCase());
    if (i?.assetClass !== 'crypto') throw new AppError('e.robotNotCrypto');
    if (!(new Dec(input.minAmount).gt(0) && new Dec(input.minAmount).lte(input.maxAmount))) throw new AppError('e.robotBounds');
    const p = input.params;
    const inside = (v: string) => new Dec(v).gt(0) && new Dec(v).lt(100);
    if (p.kind === 'grid') {
      if (!inside(p.rangePercent)) throw new AppError('e.robotParams');
      try {
        startState({ params: p }, i, market.snapshot(i.symbol), new Dec(0));
      } catch {
        throw new AppError('e.robotGrid');
      }
    } else {
      const used = new Dec(p.firstOrderPercent).add(new Dec(p.safetyOrderPercent).mul(p.safetyOrders));
      if (![p.firstOrderPercent, p.safetyOrderPercent, p.deviationPercent, p.takeProfitPercent].every(inside) || used.gt(100))
        throw new AppError('e.robotParams');
      if (new Dec(p.deviationPercent).mul(p.safetyOrders).gte(100)) throw new AppError('e.robotParams');
    }
    return i;
  }

  async function admins(sql: Sql) {
    const counts = new Map((await repo.robotCounts(sql)).map((c) => [c.id, c]));
    return (await repo.robots(sql)).map((r) => {
      const { owned: _o, running: _r, ...rest } = robotOf(r, false, 0);
      const c = counts.get(r.id)!;
      return { ...rest, orders: c.orders, runningOrders: c.running, owners: c.owners, pausedReason: r.paused_reason, createTimestamp: r.created_at.getTime() };
    });
  }

  async function setPause(id: number, by: { operatorId: number; ip?: string | null }, reason: string, pause: boolean) {
    await db.tx(async (sql) => {
      const before = await repo.robot(sql, id, true);
      if (!before) throw notFound();
      if ((before.paused_at !== null) === pause) throw new AppError(pause ? 'e.robotPaused' : 'e.badRequest');
      await repo.setPaused(sql, id, pause ? by.operatorId : null, pause ? reason : null);
      await writeAudit(sql, {
        actorId: by.operatorId,
        action: pause ? 'robot.pause' : 'robot.resume',
        targetType: 'robot',
        targetId: id,
        before: { paused: before.paused_at !== null },
        after: { paused: pause },
        reason,
        ip: by.ip ?? null,
      });
    });
    return (await admins(db)).find((r) => r.id === id)!;
  }

  return {
    ensureRobots,

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
        const now = opts.now();
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
      const first = kline.candles[0]?.time ?? opts.now();
      const from = new Date(first);
      const to = new Date(opts.now() + 1);
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

    operatorRobots: () => admins(db),

    async operatorCreate(input: z.output<typeof zRobotCreate>, by: { operatorId: number; ip?: string | null }) {
      const i = checkRobot(input);
      const id = await db.tx(async (sql) => {
        const row = (await repo.insertRobot(sql, {
          kind: input.params.kind,
          symbol: i.symbol,
          params: input.params as RobotParams,
          cycle_days: input.cycleDays,
          rent: input.rent,
          price: input.price,
          energy: input.energy,
          min_amount: input.minAmount,
          max_amount: input.maxAmount,
          seed_key: null,
          createdBy: by.operatorId,
        }))!;
        await writeAudit(sql, {
          actorId: by.operatorId,
          action: 'robot.create',
          targetType: 'robot',
          targetId: row.id,
          after: input,
          reason: input.reason,
          ip: by.ip ?? null,
        });
        return row.id;
      });
      return (await admins(db)).find((r) => r.id === id)!;
    },

    pause: (id: number, by: { operatorId: number; ip?: string | null }, reason: string) => setPause(id, by, reason, true),
    resume: (id: number, by: { operatorId: number; ip?: string | null }, reason: string) => setPause(id, by, reason, false),
  };
}

export type RobotService = ReturnType<typeof createRobotService>;
