import { AGENCY_STRATEGIES, leverageCapFor, WalletCode, type CloseReason } from '@tradeapp/contract';
import type { Db, Sql } from '../../db/db';
import { Dec, fixed, plain } from '../../lib/decimal';
import type { MarketProvider } from '../../market/types';
import type { MarketService } from '../market';
import type { Notices } from '../notices';
import { type PositionRow, entryPrice, exitPrice, type TradingService } from '../trading';
import type { ExchangeRates } from '../wallet';
import { postAgencyCapital, postCopyFunded, postCopyReturned, postFollowStopped } from './postings';
import * as repo from './repository';
import type { AgencyRow, FollowRow } from './repository';
import { createDailyRunner, STRATEGIES } from '../strategy';

// The agencies' trading and the copies (decision 0020). An agency's rule decides at each daily
// candle's close and trades at the next candle's start plus EXECUTION_DELAY, at that moment's quote:
// a moment that is a pure function of the market seed, so the backfill of the history and the live
// trading are the same code, and two runs give the same record to the digit. A day is acted on once
// (`decided_through`, under the agency's row lock). Every copy opens and closes in the transaction of
// the agency trade it follows, at the same price and moment.

/** The agencies' first day: the market's history from here to a node's first run is backfilled. */
export const AGENCY_START = Date.parse('2025-10-01T00:00:00Z');
/** Each agency's starting capital, in dollars. */
export const AGENCY_CAPITAL = '100000';

/** How long an agency with nothing due is left before its candles are read again. */
const IDLE_MS = 60_000;

/** What a follow holds: its cash (not in a copy), its copies' margin and their floating P&L. */
export interface FollowValue {
  cash: Dec;
  margin: Dec;
  floating: Dec;
  equity: Dec;
  open: PositionRow[];
}

const stopCloseReason = (f: FollowRow): CloseReason => (f.stop_reason === 'stopLoss' ? 'copyStop' : 'unfollow');

export function createFollowEngine(opts: {
  db: Db;
  market: MarketService;
  provider: MarketProvider;
  trading: TradingService;
  exchangeRates: ExchangeRates;
  notices: Notices;
  now: () => number;
  /** The agencies' first day (tests start later, to backfill less). */
  start?: number;
}) {
  const { db, market, provider, trading, exchangeRates, notices } = opts;
  const start = opts.start ?? AGENCY_START;

  /** The snapshot of `symbol` at `at`, or now. */
  const quoteAt = (symbol: string, at?: number) => (at === undefined ? market.snapshot(symbol) : market.snapshot(symbol, at));

  // The agencies' daily loop; each agency trade is copied into its running follows in the same transaction.
  const runner = createDailyRunner({
    db,
    market,
    provider,
    trading,
    exchangeRates,
    now: opts.now,
    wallet: WalletCode.Follow,
    currency: 'USD',
    lock: (sql, id) => repo.agency(sql, id, true),
    setDecided: repo.setDecided,
    closeReason: 'agency',
    afterOpen: (sql, agencyId, placed, equity, at) => copyInto(sql, agencyId, placed, equity, at),
  });
  const equityOf = runner.equityOf;
  const step = (a: AgencyRow) => runner.step(a, STRATEGIES[a.strategy]);

  async function followValue(sql: Sql, f: FollowRow, at?: number): Promise<FollowValue> {
    const cash = new Dec(await repo.followCash(sql, f.id));
    const open = (await repo.copies(sql, f.id)).filter((c) => c.status === 1);
    let margin = new Dec(0);
    let floating = new Dec(0);
    for (const c of open) {
      margin = margin.add(c.margin);
      floating = floating.add(trading.floating(c, quoteAt(c.symbol, at)));
    }
    return { cash, margin, floating, equity: cash.add(margin).add(floating), open };
  }

  /**
   * Copy the agency position `p` into each running follow of its agency, in proportion to the
   * follow's equity over the agency's (`agencyEquity`, before the trade), floored to the lot.
   * A copy below the instrument's minimum, or more than the follow's cash pays for, is skipped and listed.
   */
  async function copyInto(sql: Sql, agencyId: number, p: PositionRow, agencyEquity: Dec, at: Date | undefined, only?: FollowRow) {
    const i = market.resolve(p.symbol);
    const pushes: Array<() => void> = [];
    const targets = only ? [only] : await repo.followingOf(sql, agencyId);
    for (const f of targets) {
      // A follow copies the trades of its own time, not a day decided before it began (a node catching up).
      if (at && at.getTime() < f.created_at.getTime()) continue;
      const value = await followValue(sql, f, at?.getTime());
      const lots = new Dec(p.quantity).mul(value.equity).div(agencyEquity).div(i.lotSize).floor();
      const quantity = lots.mul(i.lotSize);
      const skip = (reason: 'belowMinimum' | 'insufficientFunds' | 'marketClosed') =>
        repo.insertSkipped(sql, { followId: f.id, agencyPositionId: p.id, quantity: plain(quantity), reason, at });
      if (quantity.lt(i.minQuantity) || quantity.lte(0)) {
        await skip('belowMinimum');
        continue;
      }
      // A copy made now (the open trades at a follow's start, a scripted trade) is at the live price: not while the market is closed.
      if (!at && !quoteAt(p.symbol).session.tradable) {
        await skip('marketClosed');
        continue;
      }
      const price = new Dec(p.open_price!);
      const costs = trading.costs(i, p.direction, price, quantity, p.leverage, WalletCode.Follow);
      if (costs.margin.add(costs.fee).gt(value.cash)) {
        await skip('insufficientFunds');
        continue;
      }
      await postCopyFunded(sql, { userId: f.user_id, followId: f.id, amount: costs.margin.add(costs.fee), at });
      const copy = await trading.openAt(sql, f.user_id, {
        i,
        direction: p.direction,
        price,
        quantity,
        leverage: p.leverage,
        ...costs,
        idempotencyKey: null,
        walletCode: WalletCode.Follow,
        followId: f.id,
        copyOf: p.id,
        ...(at ? { at } : {}),
      });
      pushes.push(copy.push);
    }
    return () => pushes.forEach((f) => f());
  }

  /**
   * In every closing transaction (trading's settle hook): a copy's payout returns to its follow's
   * money; an agency position closed whole closes its open copies at the same price and moment.
   */
  trading.onSettle(async (sql, p, settled, payout, at) => {
    const pushes: Array<() => void> = [];
    if (p.follow_id !== null && payout.gt(0)) await postCopyReturned(sql, { userId: p.user_id, followId: p.follow_id, amount: payout, at });
    if (p.copy_of === null && settled.id === p.id) {
      for (const c of await repo.openCopiesOf(sql, p.id)) {
        const closed = await trading.closeAt(sql, c, new Dec(settled.close_price!), 'agency', null, at);
        pushes.push(closed.pushed);
      }
    }
    return () => pushes.forEach((f) => f());
  });

  /** The agencies, created once with their capital (one journal each, dated their first day). */
  async function ensureAgencies(): Promise<AgencyRow[]> {
    for (const strategy of AGENCY_STRATEGIES) {
      await db.tx(async (sql) => {
        const a = await repo.insertAgency(sql, strategy, AGENCY_CAPITAL, new Date(start));
        if (!a) return;
        await postAgencyCapital(sql, { userId: a.user_id, agencyId: a.id, capital: AGENCY_CAPITAL, at: new Date(start) });
      });
    }
    return repo.agencies(db);
  }

  /**
   * Stop `f` (already locked): its copies whose markets trade now close at market; once none is
   * left, what the follow holds returns to the follow wallet and it is stopped. Answers the pushes.
   */
  async function windDown(sql: Sql, f: FollowRow) {
    const pushes: Array<() => void> = [];
    let left = 0;
    for (const c of await repo.openCopies(sql, f.id)) {
      const s = market.snapshot(c.symbol);
      if (!s.session.tradable) {
        left += 1;
        continue;
      }
      const closed = await trading.closeAt(sql, c, exitPrice(c.direction, s), stopCloseReason(f), null);
      pushes.push(closed.pushed);
    }
    if (left === 0) {
      const cash = new Dec(await repo.followCash(sql, f.id));
      if (cash.gt(0)) await postFollowStopped(sql, { userId: f.user_id, followId: f.id, amount: cash });
      await repo.markStopped(sql, f.id);
      const a = (await repo.agency(sql, f.agency_id))!;
      pushes.push(
        await notices.notify(sql, f.user_id, 'follow.stopped', {
          agency: `f.${a.strategy}`,
          returned: fixed(cash, 2),
          amount: fixed(f.amount, 2),
          result: fixed(cash.sub(f.amount), 2),
        }),
      );
    }
    return () => pushes.forEach((p) => p());
  }

  /** The copy stop-loss of running follows, and the rest of the wind-down of stopping ones. Answers how many follows it acted on. */
  async function guard(): Promise<number> {
    let acted = 0;
    for (const id of await repo.unstoppedIds(db)) {
      const pushed = await db.tx(async (sql) => {
        let f = await repo.follow(sql, id, true);
        if (!f || f.status === 'stopped') return null;
        if (f.status === 'following') {
          const value = await followValue(sql, f);
          if (value.equity.gt(stopLossEquity(f))) return null;
          await repo.markStopping(sql, f.id, 'stopLoss');
          f = { ...f, status: 'stopping', stop_reason: 'stopLoss' };
          const a = (await repo.agency(sql, f.agency_id))!;
          const notice = await notices.notify(sql, f.user_id, 'follow.stopLoss', {
            agency: `f.${a.strategy}`,
            equity: fixed(value.equity, 2),
            percent: f.stop_loss_percent,
            level: fixed(stopLossEquity(f), 2),
          });
          const wound = await windDown(sql, f);
          return () => {
            notice();
            wound();
          };
        }
        return windDown(sql, f);
      });
      if (pushed) {
        pushed();
        acted += 1;
      }
    }
    return acted;
  }

  /**
   * Test only (`TEST_CLOCKS=1`, routes in testRoutes.ts): the agency opens `quantity` of `symbol` now at the live
   * quote, or closes one of its positions, through the same path as its rule's trades, copies included. The
   * end-to-end run and the server's tests cannot wait a day for a rule to trade.
   */
  async function scripted(agencyId: number, order: { open?: { symbol: string; direction: number; quantity: string }; close?: number }) {
    const done = await db.tx(async (sql) => {
      const a = await repo.agency(sql, agencyId, true);
      if (!a) throw new Error(`no agency ${agencyId}`);
      const pushes: Array<() => void> = [];
      let row: PositionRow | undefined;
      if (order.close !== undefined) {
        const p = (await repo.openPositions(sql, a.user_id, true)).find((x) => x.id === order.close);
        if (!p) throw new Error(`agency ${agencyId} holds no open position ${order.close}`);
        const closed = await trading.closeAt(sql, p, exitPrice(p.direction, market.snapshot(p.symbol)), 'agency', null);
        pushes.push(closed.pushed);
        row = closed.settled;
      }
      if (order.open) {
        const i = market.resolve(order.open.symbol);
        const price = entryPrice(order.open.direction, market.snapshot(i.symbol));
        const quantity = new Dec(order.open.quantity);
        const equity = await equityOf(sql, a.user_id);
        // Its rule's leverage, within the retail cap of what the script trades (BTC at 2x whatever the agency).
        const leverage = Math.min(STRATEGIES[a.strategy].leverage, leverageCapFor(i));
        const placed = await trading.openAt(sql, a.user_id, {
          i,
          direction: order.open.direction,
          price,
          quantity,
          leverage,
          ...trading.costs(i, order.open.direction, price, quantity, leverage, WalletCode.Follow),
          idempotencyKey: null,
          house: true,
          walletCode: WalletCode.Follow,
        });
        pushes.push(placed.push, await copyInto(sql, a.id, placed.row, equity, undefined));
        row = placed.row;
      }
      return { row: row!, pushes };
    });
    done.pushes.forEach((f) => f());
    return trading.toPosition(done.row);
  }

  const idleUntil = new Map<number, number>();

  return {
    ensureAgencies,
    scripted,
    step,
    guard,
    windDown,
    copyInto,
    equityOf,
    followValue,
    /**
     * Every agency acts on its due days, then the follows are guarded. An agency with nothing due is
     * looked at again IDLE_MS later: a day's trading moment is fixed, so looking late changes no trade.
     */
    async run() {
      let trades = 0;
      const now = opts.now();
      for (const a of await ensureAgencies()) {
        if ((idleUntil.get(a.id) ?? 0) > now) continue;
        const done = await step(a);
        trades += done;
        if (done === 0) idleUntil.set(a.id, now + IDLE_MS);
        else idleUntil.delete(a.id);
      }
      return { trades, guarded: await guard() };
    },
  };
}

/** The equity at which the copy stop-loss stops a follow: what was put in × (1 − the stop-loss). */
export const stopLossEquity = (f: Pick<FollowRow, 'amount' | 'stop_loss_percent'>) => new Dec(f.amount).mul(new Dec(100).sub(f.stop_loss_percent)).div(100);

export type FollowEngine = ReturnType<typeof createFollowEngine>;
