import { OrderStatus, type CloseReason, type WalletCode } from '@tradeapp/contract';
import type { Db, Sql } from '../../db/db';
import { Dec } from '../../lib/decimal';
import type { MarketProvider } from '../../market/types';
import { liquidatedWithin as historyLiquidations, type Liquidation } from './history';
import type { DailyBar, Decision, Held, StrategyDef } from './strategies';
import type { MarketService } from '../market';
import { availableBalance, type PositionRow, entryPrice, exitPrice, type TradingService } from '../trading';
import type { ExchangeRates } from '../wallet';

// The daily loop of a house strategy account: an agency (decision 0020) or a quantify pool (decision
// 0021). Its rule decides at each daily candle's close and trades at the next candle's start plus
// EXECUTION_DELAY_MS, at that moment's quote: a moment that is a pure function of the market seed, so
// the backfill of the history and the live trading are the same code, and two runs give the same
// record to the digit. A day is acted on once (`decided_through`, under the account's row lock).

/** A decision taken at a day's close is traded this long after the next session opens. */
export const EXECUTION_DELAY_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

/**
 * One turn of the event loop. On PGlite a query is computed in this thread and its promise settles
 * without one, so a backfill of a year of days, query after query, would keep the server from answering
 * anything (a new node did not answer /web/health for two minutes): each day gives a turn first.
 */
export const giveTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How much of the history one call to the market computes before the next turn (a month of a year's backfill). */
const CANDLE_CHUNK_MS = 30 * DAY_MS;
/** More than one candle of the interval: a chunk reads this far past its end, so its last candle is whole. */
const CANDLE_OVERLAP_MS = { '1h': 2 * 3_600_000, '1d': 2 * DAY_MS } as const;

/**
 * `provider.candles(symbol, interval, from, to)`, computed a month at a time with a turn of the event loop
 * before each: a year of hourly candles is seconds of computing. The same candles as one call: each candle
 * comes from the one chunk its time falls in, read past the chunk's end (never past `to`) so that a candle
 * crossing it is as of the same moment as in one call.
 */
export async function candlesInTurns(provider: MarketProvider, symbol: string, interval: '1h' | '1d', from: number, to: number) {
  const out: ReturnType<MarketProvider['candles']> = [];
  for (let start = from; start < to; start += CANDLE_CHUNK_MS) {
    const end = Math.min(start + CANDLE_CHUNK_MS, to);
    await giveTurn();
    const part = provider.candles(symbol, interval, start, Math.min(end + CANDLE_OVERLAP_MS[interval], to));
    for (const c of part) if (c.time < end) out.push(c);
  }
  return out;
}

/** What the loop needs of an account's row. */
export interface StrategyAccount {
  id: number;
  user_id: number;
  start_at: Date;
  /** The start (epoch ms, as text) of the last daily candle acted on; null before the first. */
  decided_through: string | null;
  /** Paused: it opens nothing new; its rule still closes. */
  paused_at: Date | null;
}

/** An open position of the account, placed in the day's transaction: what else happens with it (an agency's copies). */
export type AfterOpen = (sql: Sql, accountId: number, placed: PositionRow, equity: Dec, at: Date) => Promise<() => void>;

const toBar = (c: { time: number; open: string; high: string; low: string; close: string }): DailyBar => ({
  time: c.time,
  open: new Dec(c.open),
  high: new Dec(c.high),
  low: new Dec(c.low),
  close: new Dec(c.close),
});

const heldOf = (rows: readonly PositionRow[]): Held[] =>
  rows.map((p) => ({ id: p.id, symbol: p.symbol, direction: p.direction, openedAt: (p.filled_at ?? p.created_at).getTime() }));

export function createDailyRunner(opts: {
  db: Db;
  market: MarketService;
  provider: MarketProvider;
  trading: TradingService;
  exchangeRates: ExchangeRates;
  now: () => number;
  /** The wallet the accounts trade from, and its currency. */
  wallet: WalletCode;
  currency: 'USD' | 'EUR';
  /** The account's row under its lock, in the day's transaction. */
  lock: (sql: Sql, id: number) => Promise<StrategyAccount | undefined>;
  /** Move `decided_through` forward only (a run that fell behind another never makes a day due again). */
  setDecided: (sql: Sql, id: number, day: number) => Promise<unknown>;
  /** What a close by the rule is recorded as. */
  closeReason: CloseReason;
  afterOpen?: AfterOpen;
}) {
  const { db, market, provider, trading, exchangeRates, wallet, currency } = opts;
  const quoteAt = (symbol: string, at?: number) => (at === undefined ? market.snapshot(symbol) : market.snapshot(symbol, at));

  /** The account's open positions in its wallet, oldest first; `lock` takes their row locks. */
  const openOf = async (sql: Sql, userId: number, lock = false) =>
    (
      await sql.query<PositionRow>(
        `select * from positions where user_id = $1 and status = ${OrderStatus.InProgress} order by id${lock ? ' for update' : ''}`,
        [userId],
      )
    ).filter((p) => p.wallet_code === wallet);

  /** The wallet's balance (available and held) of a user. */
  async function balanceOf(sql: Sql, userId: number): Promise<Dec> {
    const [row] = await sql.query<{ total: string }>(
      'select coalesce(sum(balance), 0)::text as total from ledger_accounts where user_id = $1 and code = $2 and currency = $3',
      [userId, wallet, currency],
    );
    return new Dec(row!.total);
  }

  /** A user's equity in the wallet at `at` (or now): balance plus the floating P&L of its open positions. */
  async function equityOf(sql: Sql, userId: number, at?: number): Promise<Dec> {
    let equity = await balanceOf(sql, userId);
    for (const p of await openOf(sql, userId)) equity = equity.add(trading.floating(p, quoteAt(p.symbol, at)));
    return equity;
  }

  /** The open positions the market's history liquidated in the hours of one day (strategy/history.ts). */
  const liquidatedWithin = (
    open: readonly PositionRow[],
    hours: ReadonlyMap<string, readonly DailyBar[]>,
    cursors: Map<string, number>,
    from: number,
    to: number,
  ) =>
    historyLiquidations(
      open.map((p) => ({
        id: p.id,
        symbol: p.symbol,
        direction: p.direction,
        openedAt: (p.filled_at ?? p.created_at).getTime(),
        level: trading.toPosition(p).liquidationPrice,
      })),
      hours,
      cursors,
      from,
      to,
    );

  /**
   * Act on every day of the account's calendar not yet acted on whose trading moment has come: from
   * its first day (the backfill) up to now (live), or up to `until` (a pool valued at a day's end
   * trades up to that moment first). Answers the number of trades.
   */
  async function step(a: StrategyAccount, def: StrategyDef, until?: number): Promise<number> {
    const now = Math.min(opts.now(), until ?? Infinity);
    const decided = a.decided_through === null ? -Infinity : Number(a.decided_through);
    // The warm-up before the first day not yet acted on, and no further back: stocks trade about 252
    // days of 365, so twice the warm-up in calendar days covers it.
    const from = Math.max(a.start_at.getTime(), decided) - (def.warmup * 2 + 10) * DAY_MS;
    const bars = new Map<string, DailyBar[]>();
    for (const s of def.symbols) bars.set(s, (await candlesInTurns(provider, s, '1d', from, now + 1)).map(toBar));
    const calendar = bars.get(def.symbols[0]!)!;
    const cursor = new Map(def.symbols.map((s) => [s, 0]));
    // The hours since the first day not yet acted on: what an open position went through between two decisions.
    const hourFrom = Math.max(a.start_at.getTime(), decided) - DAY_MS;
    const hours = new Map<string, DailyBar[]>();
    for (const s of def.symbols) hours.set(s, (await candlesInTurns(provider, s, '1h', hourFrom, now + 1)).map(toBar));
    const hourCursor = new Map(def.symbols.map((s) => [s, 0]));
    let open = await openOf(db, a.user_id);
    let trades = 0;
    let through: number | null = null;
    for (let k = 0; k + 1 < calendar.length; k += 1) {
      const day = calendar[k]!.time;
      const at = calendar[k + 1]!.time + EXECUTION_DELAY_MS;
      if (at > now) break;
      if (day < a.start_at.getTime() || day <= decided) continue;
      await giveTurn();
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
      const result = await trade(a, def, day, new Date(at), decision.close, opens, liquidations);
      if (result === null) return trades; // another run acted on this day: it carries on from there
      trades += result.trades;
      open = result.open;
      through = null;
    }
    if (through !== null) await opts.setDecided(db, a.id, through);
    return trades;
  }

  /** One day's trades of an account in one transaction; null when the day was already acted on. */
  async function trade(a: StrategyAccount, def: StrategyDef, day: number, at: Date, close: number[], open: Decision['open'], liquidations: Liquidation[]) {
    const done = await db.tx(async (sql) => {
      const locked = await opts.lock(sql, a.id);
      if (!locked || (locked.decided_through !== null && Number(locked.decided_through) >= day)) return null;
      const pushes: Array<() => void> = [];
      let trades = 0;
      let mine = await openOf(sql, a.user_id, true);
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
        const closed = await trading.closeAt(sql, p, exitPrice(p.direction, quoteAt(p.symbol, at.getTime())), opts.closeReason, null, at);
        pushes.push(closed.pushed);
        trades += 1;
      }
      const equity = await equityOf(sql, a.user_id, at.getTime());
      let available = new Dec((await availableBalance(sql, a.user_id, wallet, currency)) ?? 0);
      for (const o of open) {
        const i = market.resolve(o.symbol);
        const s = quoteAt(o.symbol, at.getTime());
        const price = entryPrice(o.direction, s);
        const rate = exchangeRates.rate(i.currency, currency);
        const quantity = equity.mul(o.weight).div(price.mul(rate)).div(i.lotSize).floor().mul(i.lotSize);
        if (quantity.lt(i.minQuantity) || quantity.lte(0)) continue;
        const costs = trading.costs(i, o.direction, price, quantity, def.leverage, wallet);
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
          walletCode: wallet,
          at,
        });
        pushes.push(placed.push);
        if (opts.afterOpen) pushes.push(await opts.afterOpen(sql, a.id, placed.row, equity, at));
        trades += 1;
      }
      await opts.setDecided(sql, a.id, day);
      return { trades, open: await openOf(sql, a.user_id), pushes };
    });
    if (!done) return null;
    done.pushes.forEach((f) => f());
    return done;
  }

  return { step, equityOf, openOf };
}

export type DailyRunner = ReturnType<typeof createDailyRunner>;
