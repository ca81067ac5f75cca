import { OrderDirection, RobotStatus, WalletCode, type RobotMessageKind, type RobotParams } from '@tradeapp/contract';
import type { Db, Sql } from '../../db/db';
import { Dec, fixed, plain } from '../../lib/decimal';
import type { Instrument, Snapshot } from '../../market/types';
import type { MarketService } from '../market';
import type { Notices } from '../notices';
import { RULES, type TradingService } from '../trading';
import type { ExchangeRates } from '../wallet';
import * as dca from './dca';
import * as grid from './grid';
import { postRobotFunded, postRobotRedeemed, postRobotReturned } from './postings';
import * as repo from './repository';
import type { RobotOrderRow, RobotRow } from './repository';

// The robots' trading (decision 0021). A robot order looks at its pair's quote once a second, at
// whole seconds from its start: a moment that is a pure function of the market seed, so a job run
// late, or on another node, makes the same fills at the same prices. Each second is acted on once
// (`checked_through`, under the order's row lock). A fill is a position of the investor in the
// financial wallet that names the order; its margin and fee leave the order's money by a journal
// (`robot.fund`) and what a close pays comes back (`robot.return`, trading's settle hook).

export const STEP_MS = 1000;
/** A run looks at most this many seconds of one order: a node back after a long stop catches up over several runs. */
const MAX_STEPS = 3600;
const DAY_MS = 86_400_000;

interface StoredCell {
  buy: string;
  sell: string;
  quantity: string;
  state: grid.CellState;
  /** The open position of a holding cell. */
  positionId: number | null;
  /** What a holding cell paid: its level, or the ask of an opening buy (absent in a state saved before opening buys). */
  paid?: string;
  /** A buy the order's money could not pay for was said once in the log. */
  short?: boolean;
}
export type GridState = { kind: 'grid'; levels: string[]; cells: StoredCell[] };
export type DcaState = { kind: 'dca'; params: dca.DcaParams; fills: Array<{ price: string; quantity: string; positionId: number }>; short?: boolean };
export type RobotState = GridState | DcaState;

const cellsOf = (g: GridState): grid.Cell[] =>
  g.cells.map((c) => ({ buy: new Dec(c.buy), sell: new Dec(c.sell), quantity: new Dec(c.quantity), state: c.state }));
const bidAsk = (s: Snapshot) => ({ bid: new Dec(s.bid), ask: new Dec(s.ask) });
const onTick = (v: Dec, tick: string) => v.div(tick).toDecimalPlaces(0, Dec.ROUND_HALF_UP).mul(tick);

/** The quote-currency amount a robot's euros pay for, its buy fee set aside: amount × rate ÷ (1 + fee rate). */
export function budgetOf(i: Instrument, amount: Dec, rate: Dec): Dec {
  return amount.mul(rate).div(new Dec(1).add(RULES[i.assetClass]!.buyRate));
}

/** A grid's levels around `price`: ± the range, on the tick. */
export function gridAround(p: Extract<RobotParams, { kind: 'grid' }>, price: Dec, tick: string) {
  const range = new Dec(p.rangePercent).div(100);
  return grid.gridLevels({
    lower: plain(onTick(price.mul(new Dec(1).sub(range)), tick)),
    upper: plain(onTick(price.mul(new Dec(1).add(range)), tick)),
    cells: p.cells,
    mode: p.mode,
    tick,
  });
}

/** A DCA robot's orders in the quote currency, from its percentages of the budget. */
export function dcaOf(p: Extract<RobotParams, { kind: 'dca' }>, budget: Dec, i: Instrument): dca.DcaParams {
  const share = (percent: string) => plain(budget.mul(percent).div(100).toDecimalPlaces(8, Dec.ROUND_DOWN));
  return {
    firstOrder: share(p.firstOrderPercent),
    safetyOrder: share(p.safetyOrderPercent),
    safetyOrders: p.safetyOrders,
    deviation: plain(new Dec(p.deviationPercent).div(100)),
    takeProfit: plain(new Dec(p.takeProfitPercent).div(100)),
    lot: i.lotSize,
    tick: i.tickSize,
  };
}

/** How the robot starts at this quote: its state, or null when not one lot fits (it keeps searching). */
export function startState(robot: Pick<RobotRow, 'params'>, i: Instrument, s: Snapshot, budget: Dec): RobotState | null {
  const p = robot.params;
  if (p.kind === 'grid') {
    const last = new Dec(s.last);
    const levels = gridAround(p, last, i.tickSize);
    const cells = grid.startCells(levels, last, budget, i.lotSize);
    if (!cells) return null;
    return {
      kind: 'grid',
      levels: levels.map(plain),
      cells: cells.map((c) => ({ buy: plain(c.buy), sell: plain(c.sell), quantity: plain(c.quantity), state: c.state, positionId: null })),
    };
  }
  const params = dcaOf(p, budget, i);
  if (new Dec(params.firstOrder).div(s.ask).lt(i.minQuantity)) return null;
  return { kind: 'dca', params, fills: [] };
}

export function createRobotEngine(opts: {
  db: Db;
  market: MarketService;
  trading: TradingService;
  exchangeRates: ExchangeRates;
  notices: Notices;
  now: () => number;
}) {
  const { db, market, trading, exchangeRates, notices } = opts;

  // A robot position's payout returns to its order's money, in the closing transaction.
  trading.onSettle(async (sql, p, _settled, payout, at) => {
    if (p.robot_order_id !== null && payout.gt(0)) await postRobotReturned(sql, { userId: p.user_id, orderId: p.robot_order_id, payout, at });
  });

  /**
   * Look at the quote of each second of the order not yet looked at, up to now or its cycle's end,
   * and act on it: choose the grid (status 1 → 2), buy and sell by its rule, each fill spending one
   * unit of energy (3 at the first fill, 4 after), stop buying when the energy is spent (5) or the
   * cycle is over (6). Answers the fills made.
   */
  async function step(orderId: number): Promise<number> {
    const done = await db.tx(async (sql) => {
      const o = await repo.order(sql, orderId, true);
      if (!o || o.redeemed_at || o.status > RobotStatus.Mining) return null;
      const robot = (await repo.robot(sql, o.robot_id))!;
      const i = market.resolve(robot.symbol);
      const pushes: Array<() => void> = [];
      let state = o.state as RobotState | null;
      let status = o.status;
      let energy = o.energy_left;
      let fills = 0;
      const end = Math.min(Math.floor(opts.now() / STEP_MS) * STEP_MS, o.expires_at.getTime());
      let t = Number(o.checked_through);
      const say = (kind: RobotMessageKind, values: Record<string, string | number>, at: number) =>
        repo.insertMessage(sql, o.id, kind, values, status, new Date(at));
      let cash = new Dec(await repo.orderCash(sql, o.id));

      const buy = async (price: Dec, quantity: Dec, at: number): Promise<number | null> => {
        const costs = trading.costs(i, OrderDirection.Buy, price, quantity, 1, WalletCode.Financial);
        if (costs.margin.add(costs.fee).gt(cash)) return null;
        cash = cash.sub(costs.margin).sub(costs.fee);
        await postRobotFunded(sql, { userId: o.user_id, orderId: o.id, amount: costs.margin.add(costs.fee), at: new Date(at) });
        const placed = await trading.openAt(sql, o.user_id, {
          i,
          direction: OrderDirection.Buy,
          price,
          quantity,
          leverage: 1,
          ...costs,
          idempotencyKey: null,
          walletCode: WalletCode.Financial,
          robotOrderId: o.id,
          at: new Date(at),
        });
        pushes.push(placed.push);
        return placed.row.id;
      };
      /** Sells the positions still open; answers how many. One the trigger engine liquidated meanwhile has nothing left to sell. */
      const sell = async (positionIds: number[], price: Dec, at: number) => {
        const open = await repo.openPositionsOf(sql, o.id, true);
        let sold = 0;
        for (const id of positionIds) {
          const p = open.find((x) => x.id === id);
          if (!p) continue;
          const closed = await trading.closeAt(sql, p, price, 'robot', null, new Date(at));
          pushes.push(closed.pushed);
          cash = cash.add(closed.settled.margin).add(closed.settled.realised ?? 0);
          sold += 1;
        }
        return sold;
      };
      const filled = () => {
        fills += 1;
        energy -= 1;
        status = status < RobotStatus.Started ? RobotStatus.Started : RobotStatus.Mining;
      };

      /** A grid's fills: each a position bought or sold, its cell's new state, a unit of energy and a message. */
      const onGridEvents = async (g: GridState, events: grid.GridEvent[], at: number) => {
        for (const e of events) {
          const c = g.cells[e.cell]!;
          if (e.kind === 'sold') {
            const sold = await sell(c.positionId === null ? [] : [c.positionId], e.price, at);
            c.state = 'buying';
            c.positionId = null;
            if (sold === 0) {
              delete c.paid;
              continue;
            }
            filled();
            const paid = c.paid ?? c.buy;
            delete c.paid;
            await say(
              'sold',
              { price: plain(e.price), quantity: plain(e.quantity), buy: paid, profit: plain(grid.pairProfit(new Dec(paid), e.price, e.quantity)) },
              at,
            );
          } else {
            const id = await buy(e.price, e.quantity, at);
            if (id === null) {
              if (!c.short) await say('noCash', { price: plain(e.price), quantity: plain(e.quantity) }, at);
              c.short = true;
              // An opening buy not paid for stays idle, to buy on the way down; a level's buy waits for money.
              if (c.state !== 'idle') c.state = 'buying';
              continue;
            }
            c.state = 'holding';
            c.positionId = id;
            c.paid = plain(e.price);
            c.short = false;
            filled();
            await say('bought', { price: plain(e.price), quantity: plain(e.quantity) }, at);
          }
        }
      };

      let steps = 0;
      while (t + STEP_MS <= end && steps < MAX_STEPS && energy > 0) {
        t += STEP_MS;
        steps += 1;
        const s = market.snapshot(i.symbol, t);
        if (!s.session.tradable) continue;
        if (!state) {
          state = startState(robot, i, s, budgetOf(i, cash, exchangeRates.rate('EUR', i.currency)));
          if (!state) continue;
          if (state.kind === 'grid') {
            await say('levels', { lower: state.levels[0]!, upper: state.levels[state.levels.length - 1]!, cells: state.cells.length, price: s.last }, t);
            status = RobotStatus.Locating;
            await say('placed', { orders: state.cells.filter((c) => c.state === 'buying').length }, t);
            await onGridEvents(state, grid.openingBuys(cellsOf(state), new Dec(s.ask), energy).events, t);
          } else {
            status = RobotStatus.Locating;
            await say('placed', { orders: 1 }, t);
          }
          continue;
        }
        const q = bidAsk(s);
        if (state.kind === 'grid') {
          const r = grid.onQuote(cellsOf(state), q, energy);
          await onGridEvents(state, r.events, t);
          // Cells the quote moved without a fill (idle → buying) keep their new state.
          for (let k = 0; k < state.cells.length; k += 1) {
            const c = state.cells[k]!;
            if (c.state === 'idle' && r.cells[k]!.state === 'buying') c.state = 'buying';
          }
        } else {
          const deal: dca.Deal = { fills: state.fills.map((f) => ({ price: new Dec(f.price), quantity: new Dec(f.quantity) })) };
          const r = dca.onQuote(state.params, deal, q, energy);
          for (const e of r.events) {
            if (e.kind === 'sold') {
              const sold = await sell(
                state.fills.map((f) => f.positionId),
                e.price,
                t,
              );
              state.fills = [];
              // A deal its money could not finish ends like any other; the next one may buy every safety order again.
              if (robot.params.kind === 'dca') state.params = { ...state.params, safetyOrders: robot.params.safetyOrders };
              if (sold === 0) continue;
              filled();
              await say('sold', { price: plain(e.price), quantity: plain(e.quantity), profit: plain(e.profit) }, t);
            } else {
              const id = await buy(e.price, e.quantity, t);
              if (id === null) {
                if (!state.short) await say('noCash', { price: plain(e.price), quantity: plain(e.quantity) }, t);
                state.short = true;
                // Nothing more is bought in this deal: its take-profit still sells what it holds.
                if (state.fills.length > 0) state.params = { ...state.params, safetyOrders: state.fills.length - 1 };
                continue;
              }
              state.short = false;
              state.fills.push({ price: plain(e.price), quantity: plain(e.quantity), positionId: id });
              filled();
              await say('bought', { price: plain(e.price), quantity: plain(e.quantity), safety: e.safety }, t);
            }
          }
        }
      }
      const name = i.name;
      if (energy === 0) {
        status = RobotStatus.NoEnergy;
        await say('energyOut', { energy: o.energy }, t);
        pushes.push(await notices.notify(sql, o.user_id, 'robot.energyOut', { name, id: o.id, energy: o.energy }));
      } else if (opts.now() >= o.expires_at.getTime() && t + STEP_MS > end) {
        status = RobotStatus.Expired;
        await say('expired', { days: robot.cycle_days }, t);
        pushes.push(await notices.notify(sql, o.user_id, 'robot.expired', { name, id: o.id, days: robot.cycle_days }));
      }
      await repo.saveProgress(sql, o.id, { status, energyLeft: energy, state, checkedThrough: t });
      return { fills, pushes };
    });
    if (!done) return 0;
    done.pushes.forEach((f) => f());
    return done.fills;
  }

  /**
   * Redeem: what the order holds is sold at the live bid (refused while its market is shut), and its
   * money returns to the financial wallet in one journal. The rent is not refunded.
   */
  async function redeem(sql: Sql, o: RobotOrderRow, actorId: number, idempotencyKey: string | null) {
    const pushes: Array<() => void> = [];
    for (const p of await repo.openPositionsOf(sql, o.id, true)) {
      const s = market.snapshot(p.symbol);
      if (!s.session.tradable) return null;
      const closed = await trading.closeAt(sql, p, new Dec(s.bid), 'robotRedeem', actorId);
      pushes.push(closed.pushed);
    }
    const cash = new Dec(await repo.orderCash(sql, o.id));
    if (cash.gt(0)) {
      await postRobotRedeemed(sql, { userId: o.user_id, orderId: o.id, amount: cash }, { actorId, idempotencyKey });
    }
    await repo.markRedeemed(sql, o.id, plain(cash));
    await repo.insertMessage(sql, o.id, 'redeemed', { returned: fixed(cash, 2) }, o.status, new Date(opts.now()));
    return () => pushes.forEach((f) => f());
  }

  return {
    step,
    redeem,
    /** Every working order looks at the seconds it has not yet seen. Idempotent: a second is acted on once, under the order's lock. */
    async run() {
      let fills = 0;
      for (const id of await repo.workingIds(db)) fills += await step(id);
      return { fills };
    },
    /** The day count of an order's cycle end, for a new order now. */
    expiresAt: (cycleDays: number) => new Date(opts.now() + cycleDays * DAY_MS),
  };
}

export type RobotEngine = ReturnType<typeof createRobotEngine>;
