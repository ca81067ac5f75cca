import { ALERT_ACTIVE_LIMIT, isMultipleOf, type zAlertCreate } from '@tradeapp/contract';
import type { z } from 'zod';
import type { Db, Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import type { MarketService } from '../market';
import * as repo from './repository';
import type { AlertRow } from './repository';
import { crossing, dayChange, met, type MovingAverages } from './rules';

type AlertInput = z.output<typeof zAlertCreate>;

/**
 * The investor's alerts: set, list, pause, resume, delete. At most ALERT_ACTIVE_LIMIT are active at
 * once (paused and triggered ones do not count), checked under a lock of the investor's row so two
 * calls at once cannot both take the last place.
 */
export function createAlertService(opts: { db: Db; market: MarketService; averages: MovingAverages; now: () => number; watch: (symbol: string) => void }) {
  const { db, market, averages } = opts;
  const instrumentOf = (symbol: string) => {
    try {
      return market.resolve(symbol);
    } catch {
      return undefined;
    }
  };
  const view = (r: AlertRow) => repo.view(r, instrumentOf(r.symbol));

  /** Where a moving-average alert starts: armed when the price is on the far side of the average now. */
  function armedNow(r: Pick<AlertRow, 'symbol' | 'kind' | 'direction' | 'period' | 'interval'>): boolean {
    if (r.kind !== 'ma') return false;
    const at = opts.now();
    const average = averages(r.symbol, r.interval!, r.period!, at);
    return average !== null && crossing(r.direction, market.snapshot(r.symbol, at).last, average, false) === 'arm';
  }

  async function withinLimit(sql: Sql, userId: number) {
    await repo.lockUser(sql, userId);
    if ((await repo.activeCount(sql, userId)) >= ALERT_ACTIVE_LIMIT) throw new AppError('e.alertLimit', undefined, { max: ALERT_ACTIVE_LIMIT });
  }

  return {
    async list(userId: number, status: 'waiting' | 'triggered', page: number, size: number) {
      const { rows, total, active } = await repo.list(db, userId, status === 'triggered', size, (page - 1) * size);
      return { list: rows.map(view), total, page, size, active, limit: ALERT_ACTIVE_LIMIT };
    },

    async create(userId: number, input: AlertInput) {
      const i = market.resolve(input.symbol);
      const level = input.kind === 'price' ? input.level! : null;
      if (level !== null && !isMultipleOf(level, i.tickSize)) throw new AppError('e.priceTick', { level: 'e.priceTick' }, { tick: i.tickSize });
      const percent = input.kind === 'change' ? input.percent! : null;
      const s = market.snapshot(i.symbol);
      // A level the price is at already would fire on the next tick: say so now instead.
      const condition = { kind: input.kind, direction: input.direction, level, percent };
      const change = dayChange(s.last, s.previousClose);
      if (met(condition, s.last, change)) {
        const field = input.kind === 'price' ? 'level' : 'percent';
        throw new AppError('e.alertMet', { [field]: 'e.alertMet' }, { value: input.kind === 'price' ? s.last : `${change} %` });
      }
      const ma = input.kind === 'ma' ? { period: input.period!, interval: input.interval! } : null;
      const armed = armedNow({ symbol: i.symbol, kind: input.kind, direction: input.direction, period: ma?.period ?? null, interval: ma?.interval ?? null });
      const row = await db.tx(async (sql) => {
        await withinLimit(sql, userId);
        return repo.insert(sql, {
          userId,
          symbol: i.symbol,
          kind: input.kind,
          direction: input.direction,
          level,
          percent,
          period: ma?.period ?? null,
          interval: ma?.interval ?? null,
          armed,
        });
      });
      opts.watch(i.symbol);
      return view(row);
    },

    async pause(userId: number, id: number) {
      const row = await repo.setStatus(db, userId, id, 'active', 'paused', false);
      if (row) return view(row);
      if (!(await repo.owned(db, userId, id))) throw notFound();
      throw new AppError('e.alertNotActive');
    },

    /** Resume a paused alert. A moving average's cross is looked for afresh from now: one missed while paused does not count. */
    async resume(userId: number, id: number) {
      const row = await db.tx(async (sql) => {
        const current = await repo.owned(sql, userId, id);
        if (!current) throw notFound();
        if (current.status !== 'paused') throw new AppError('e.alertNotPaused');
        await withinLimit(sql, userId);
        return repo.setStatus(sql, userId, id, 'paused', 'active', armedNow(current));
      });
      if (!row) throw new AppError('e.alertNotPaused');
      opts.watch(row.symbol);
      return view(row);
    },

    async remove(userId: number, id: number) {
      const removed = await repo.remove(db, userId, id);
      if (!removed) throw notFound();
      return { removed };
    },
  };
}

export type AlertService = ReturnType<typeof createAlertService>;
