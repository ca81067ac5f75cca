import { ROBOT_PERCENT_DECIMALS, ROBOT_YEARLY_AFTER_DAYS, type Robot, type RobotMessage, type RobotOrder } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { Dec, fixed, plain } from '../../lib/decimal';
import type { MarketService } from '../market';
import type { TradingService } from '../trading';
import type { RobotState } from './engine';
import * as repo from './repository';
import type { RobotOrderRow, RobotRow } from './repository';

export const DAY_MS = 86_400_000;

const percent = (part: Dec, whole: Dec) => (whole.isZero() ? '0.000' : fixed(part.div(whole).mul(100), ROBOT_PERCENT_DECIMALS));

/** The robots and orders as the contract shows them: the robot's name and an order's figures come from the live market. */
export function createRobotViews(opts: { market: MarketService; trading: TradingService; now: () => number }) {
  const { market, trading } = opts;

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

  return { robotOf, orderOf, messageOf };
}
