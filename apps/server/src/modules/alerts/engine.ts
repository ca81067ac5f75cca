import { PushEvent } from '@tradeapp/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db';
import type { MarketProvider, Tick } from '../../market/types';
import type { PushHub } from '../../push/hub';
import type { MarketService } from '../market';
import type { Notices } from '../notices';
import * as repo from './repository';
import type { AlertRow } from './repository';
import { crossing, dayChange, met, shownAverage, type MovingAverages } from './rules';

/**
 * The alert engine: on each tick of an instrument with active alerts, fires those the tick's price
 * meets, each once, with that tick's price and time, as a notice and an `alert` push event.
 *
 * Why it fires once: an alert is claimed by the update that marks it triggered, which matches it
 * only while it is still active, in the transaction that writes its notice. A second look at the
 * same tick, or another node looking at it, finds it triggered and does nothing.
 *
 * Why one node: like the trigger engine (modules/trading/triggers.ts) it listens to the market provider's
 * ticks, and with Redis only the node holding the `marketFeed` leader lock has a started provider,
 * so only that node's engine hears ticks; a node taking over the lock takes the engine with it.
 * Without Redis each node hears its own ticks and the claim above keeps an alert from firing twice.
 *
 * One check per symbol runs at a time; ticks arriving meanwhile wait their turn in order, so a price
 * that touched a level between two others is not skipped. Past QUEUE_LIMIT waiting ticks of one
 * symbol (a database far behind) the oldest are dropped: the newest prices matter most.
 */
const QUEUE_LIMIT = 256;

export function startAlertEngine(opts: {
  db: Db;
  provider: MarketProvider;
  market: MarketService;
  notices: Notices;
  hub: PushHub;
  averages: MovingAverages;
  log: FastifyBaseLogger;
  refreshMs?: number;
}) {
  const { db, provider, market, notices, hub, averages, log } = opts;
  let active = new Set<string>();
  const running = new Set<string>();
  const waiting = new Map<string, Tick[]>();
  let stopped = false;

  const refresh = async () => {
    active = new Set(await repo.activeSymbols(db).catch(() => [...active]));
  };
  void refresh();
  const timer = setInterval(() => void refresh(), opts.refreshMs ?? 2000);
  timer.unref();

  async function fire(a: AlertRow, tick: Tick, value: string | null, params: Record<string, string | number>) {
    const pushes = await db.tx(async (sql) => {
      const row = await repo.fire(sql, a.id, new Date(tick.time), tick.price, value);
      if (!row) return [];
      const notice = await notices.notify(sql, a.user_id, `alert.${a.kind}`, params);
      const event = () =>
        hub.publishUserEvent(a.user_id, PushEvent.Alert, {
          id: a.id,
          symbol: a.symbol,
          kind: a.kind,
          triggeredPrice: tick.price,
          triggeredTimestamp: tick.time,
        });
      return [notice, event];
    });
    pushes.forEach((push) => push());
  }

  async function look(tick: Tick) {
    const alerts = await repo.activeOf(db, tick.symbol);
    if (alerts.length === 0) {
      active.delete(tick.symbol);
      return;
    }
    const s = market.snapshot(tick.symbol, tick.time);
    const i = s.instrument;
    const change = dayChange(tick.price, s.previousClose);
    const named = { name: i.name, code: i.code, price: tick.price, currency: i.currency };
    const toArm: number[] = [];
    for (const a of alerts) {
      if (a.kind === 'price' && met(a, tick.price, change)) {
        await fire(a, tick, null, { ...named, direction: `a.${a.direction}`, level: a.level! });
      } else if (a.kind === 'change' && met(a, tick.price, change)) {
        await fire(a, tick, change, { ...named, change, direction: a.direction === 'above' ? 'a.up' : 'a.down', percent: a.percent! });
      } else if (a.kind === 'ma') {
        const average = averages(a.symbol, a.interval!, a.period!, tick.time);
        if (average === null) continue;
        const step = crossing(a.direction, tick.price, average, a.armed);
        if (step === 'arm') toArm.push(a.id);
        if (step === 'fire') {
          const ma = shownAverage(average, i.tickSize);
          await fire(a, tick, ma, {
            ...named,
            ma,
            period: a.period!,
            interval: `a.interval${a.interval!}`,
            direction: a.direction === 'above' ? 'a.crossAbove' : 'a.crossBelow',
          });
        }
      }
    }
    if (toArm.length) await repo.arm(db, toArm);
  }

  const check = async (tick: Tick) => {
    if (running.has(tick.symbol)) {
      const queue = waiting.get(tick.symbol) ?? [];
      queue.push(tick);
      if (queue.length > QUEUE_LIMIT) queue.shift();
      waiting.set(tick.symbol, queue);
      return;
    }
    running.add(tick.symbol);
    try {
      await look(tick);
    } catch (err) {
      log.error({ err, symbol: tick.symbol }, 'alert check failed');
    } finally {
      running.delete(tick.symbol);
      const next = waiting.get(tick.symbol)?.shift();
      if (!waiting.get(tick.symbol)?.length) waiting.delete(tick.symbol);
      if (next && !stopped) void check(next);
    }
  };

  const off = provider.onTick((tick) => {
    if (!stopped && active.has(tick.symbol)) void check(tick);
  });

  return {
    /** A new or resumed alert: look at its symbol from the next tick on. */
    watch: (symbol: string) => void active.add(symbol),
    async stop() {
      stopped = true;
      off();
      clearInterval(timer);
      while (running.size) await new Promise((r) => setTimeout(r, 20));
    },
  };
}

export type AlertEngine = ReturnType<typeof startAlertEngine>;
