import type { RobotParams, zRobotCreate } from '@tradeapp/contract';
import type { z } from 'zod';
import type { Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import { writeAudit } from '../../lib/audit';
import { Dec } from '../../lib/decimal';
import type { RobotContext } from './context';
import { startState } from './engine';
import * as repo from './repository';

/** The back office's calls: every robot with its orders, a new robot checked against its pair, pause and resume. */
export function createRobotOperator(ctx: RobotContext) {
  const { db, market, robotOf } = ctx;

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
