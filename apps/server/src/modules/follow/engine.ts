import { AGENCY_STRATEGIES, JournalKind, leverageCapFor, WalletCode, type CloseReason } from '@tradeapp/contract';
import type { Db, Sql } from '../../db/db';
import { Dec, fixed, plain } from '../../lib/decimal';
import { HOUSE, postJournal } from '../../ledger/ledger';
import type { MarketProvider } from '../../market/types';
import type { MarketService } from '../market/service';
import type { Notices } from '../notices/service';
import { availableBalance, type PositionRow } from '../trading/repository';
import { entryPrice, exitPrice } from '../trading/pricing';
import type { TradingService } from '../trading/service';
import type { ExchangeRates } from '../wallet/exchangeRates';
import * as repo from './repository';
import type { AgencyRow, FollowRow } from './repository';
import { liquidatedWithin as historyLiquidations, type Liquidation } from './history';
import { STRATEGIES, type DailyBar, type Decision, type Held } from './strategies';

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
/** A decision taken at a day's close is traded this long after the next session opens. */
export const EXECUTION_DELAY_MS = 5 * 60_000;

const DAY_MS = 86_400_000;
/** How long an agency with nothing due is left before its candles are read again. */
const IDLE_MS = 60_000;

const follows = (userId: number, part: 'available' | 'held') => ({ userId, wallet: WalletCode.Follow, part, currency: 'USD' });

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

  /** A user's equity in the follow wallet at `at` (or now): balance plus the floating P&L of its open positions. */
  async function equityOf(sql: Sql, userId: number, at?: number): Promise<Dec> {
    let equity = new Dec(await repo.walletBalance(sql, userId));
    for (const p of await repo.openPositions(sql, userId)) {
      if (p.wallet_code === WalletCode.Follow) equity = equity.add(trading.floating(p, quoteAt(p.symbol, at)));
    }
    return equity;
  }

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

  /** Move `amount` between the follow wallet's held side (the follow's money) and its available side, for the follow `f`. */
  const shuttle = (sql: Sql, kind: JournalKind, f: { id: number; user_id: number }, toAvailable: Dec, at?: Date) =>
    postJournal(sql, { kind, userId: f.user_id, actorId: null, refType: 'follow', refId: f.id, ...(at ? { at } : {}) }, [
      { account: follows(f.user_id, 'held'), amount: toAvailable.neg() },
      { account: follows(f.user_id, 'available'), amount: toAvailable },
    ]);

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
      await shuttle(sql, JournalKind.FollowCopy, f, costs.margin.add(costs.fee), at);
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
    if (p.follow_id !== null && payout.gt(0)) await shuttle(sql, JournalKind.FollowReturn, { id: p.follow_id, user_id: p.user_id }, payout.neg(), at);
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
        await postJournal(sql, { kind: JournalKind.AgencyCapital, userId: a.user_id, actorId: null, refType: 'agency', refId: a.id, at: new Date(start) }, [
          { account: { house: HOUSE.agencyCapital, currency: 'USD' }, amount: new Dec(AGENCY_CAPITAL).neg() },
          { account: follows(a.user_id, 'available'), amount: AGENCY_CAPITAL },
        ]);
      });
    }
    return repo.agencies(db);
  }

  const toBar = (c: { time: number; open: string; high: string; low: string; close: string }): DailyBar => ({
    time: c.time,
    open: new Dec(c.open),
    high: new Dec(c.high),
    low: new Dec(c.low),
    close: new Dec(c.close),
  });

  /** The open positions the market's history liquidated in the hours of one day (history.ts). */
  const liquidatedWithin = (open: readonly PositionRow[], hours: ReadonlyMap<string, readonly DailyBar[]>, cursors: Map<string, number>, from: number, to: number) =>
    historyLiquidations(
      open.map((p) => ({ id: p.id, symbol: p.symbol, direction: p.direction, openedAt: (p.filled_at ?? p.created_at).getTime(), level: trading.toPosition(p).liquidationPrice })),
      hours,
      cursors,
      from,
      to,
    );

  const heldOf = (rows: readonly PositionRow[]): Held[] =>
    rows.map((p) => ({ id: p.id, symbol: p.symbol, direction: p.direction, openedAt: (p.filled_at ?? p.created_at).getTime() }));

  /**
   * Act on every day of the agency's calendar not yet acted on whose trading moment has come:
   * from its first day (the backfill) up to now (live). Answers the number of trades.
   */
  async function step(a: AgencyRow): Promise<number> {
    const def = STRATEGIES[a.strategy];
    const now = opts.now();
    const decided = a.decided_through === null ? -Infinity : Number(a.decided_through);
    // The warm-up before the first day not yet acted on, and no further back: stocks trade about 252
    // days of 365, so twice the warm-up in calendar days covers it.
    const from = Math.max(a.start_at.getTime(), decided) - (def.warmup * 2 + 10) * DAY_MS;
    const bars = new Map(def.symbols.map((s) => [s, provider.candles(s, '1d', from, now + 1).map(toBar)]));
    const calendar = bars.get(def.symbols[0]!)!;
    const cursor = new Map(def.symbols.map((s) => [s, 0]));
    // The hours since the first day not yet acted on: what an open position went through between two decisions.
    const hourFrom = Math.max(a.start_at.getTime(), decided) - DAY_MS;
    const hours = new Map(def.symbols.map((s) => [s, provider.candles(s, '1h', hourFrom, now + 1).map(toBar)]));
    const hourCursor = new Map(def.symbols.map((s) => [s, 0]));
    let open = (await repo.openPositions(db, a.user_id)).filter((p) => p.wallet_code === WalletCode.Follow);
    let trades = 0;
    let through: number | null = null;
    for (let k = 0; k + 1 < calendar.length; k += 1) {
      const day = calendar[k]!.time;
      const at = calendar[k + 1]!.time + EXECUTION_DELAY_MS;
      if (at > now) break;
      if (day < a.start_at.getTime() || day <= decided) continue;
      const liquidations = liquidatedWithin(open, hours, hourCursor, day, calendar[k + 1]!.time);
      const held = heldOf(open.filter((p) => !liquidations.some((l) => l.id === p.id)));
      const upTo = new Map<string, DailyBar[]>();
      for (const s of def.symbols) {
        const all = bars.get(s)!;
        let n = cursor.get(s)!;
        while (n < all.length && all[n]!.time <= day) n += 1;
        cursor.set(s, n);
        upTo.set(s, all.slice(0, n));
      }
      const decision = def.decide(upTo, held);
      const opens = a.paused_at ? [] : decision.open;
      if (decision.close.length === 0 && opens.length === 0 && liquidations.length === 0) {
        through = day;
        continue;
      }
      const result = await trade(a, day, new Date(at), decision.close, opens, liquidations);
      if (result === null) return trades; // another run acted on this day: it carries on from there
      trades += result.trades;
      open = result.open;
      through = null;
    }
    if (through !== null) await repo.setDecided(db, a.id, through);
    return trades;
  }

  /** One day's trades of an agency in one transaction, with their copies; null when the day was already acted on. */
  async function trade(a: AgencyRow, day: number, at: Date, close: number[], open: Decision['open'], liquidations: Liquidation[]) {
    const done = await db.tx(async (sql) => {
      const locked = (await repo.agency(sql, a.id, true))!;
      if (locked.decided_through !== null && Number(locked.decided_through) >= day) return null;
      const pushes: Array<() => void> = [];
      let trades = 0;
      let mine = await repo.openPositions(sql, a.user_id, true);
      for (const l of liquidations) {
        const p = mine.find((x) => x.id === l.id);
        if (!p) continue;
        const closed = await trading.closeAt(sql, p, l.price, 'liquidation', null, l.at);
        pushes.push(closed.pushed);
        trades += 1;
      }
      mine = mine.filter((p) => !liquidations.some((l) => l.id === p.id));
      for (const id of close) {
        const p = mine.find((x) => x.id === id);
        if (!p) continue;
        const closed = await trading.closeAt(sql, p, exitPrice(p.direction, quoteAt(p.symbol, at.getTime())), 'agency', null, at);
        pushes.push(closed.pushed);
        trades += 1;
      }
      const equity = await equityOf(sql, a.user_id, at.getTime());
      let available = new Dec((await availableBalance(sql, a.user_id, WalletCode.Follow, 'USD')) ?? 0);
      const def = STRATEGIES[a.strategy];
      for (const o of open) {
        const i = market.resolve(o.symbol);
        const s = quoteAt(o.symbol, at.getTime());
        const price = entryPrice(o.direction, s);
        const rate = exchangeRates.rate(i.currency, 'USD');
        const quantity = equity.mul(o.weight).div(price.mul(rate)).div(i.lotSize).floor().mul(i.lotSize);
        if (quantity.lt(i.minQuantity) || quantity.lte(0)) continue;
        const costs = trading.costs(i, o.direction, price, quantity, def.leverage, WalletCode.Follow);
        if (costs.margin.add(costs.fee).gt(available)) continue;
        available = available.sub(costs.margin).sub(costs.fee);
        const placed = await trading.openAt(sql, a.user_id, {
          i,
          direction: o.direction,
          price,
          quantity,
          leverage: def.leverage,
          ...costs,
          idempotencyKey: null,
          house: true,
          walletCode: WalletCode.Follow,
          at,
        });
        pushes.push(placed.push);
        pushes.push(await copyInto(sql, a.id, placed.row, equity, at));
        trades += 1;
      }
      await repo.setDecided(sql, a.id, day);
      return { trades, open: (await repo.openPositions(sql, a.user_id)).filter((p) => p.wallet_code === WalletCode.Follow), pushes };
    });
    if (!done) return null;
    done.pushes.forEach((f) => f());
    return done;
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
      if (cash.gt(0)) await shuttle(sql, JournalKind.FollowStop, f, cash);
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
    shuttle,
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
