import type { Quote } from '@tradeapp/contract';
import type { Db } from '../../db/db';
import { AppError, notFound } from '../../errors';
import type { Instrument, MarketProvider, SessionState, Snapshot } from '../../market/types';
import { exchangeTime, toQuote } from './quote';

export interface MarketOptions {
  provider: MarketProvider;
  db: Db;
  now?: () => number;
  /** Wall time in ms for the boards' refresh bound (tests drive it); the market's clock may stand still. */
  wallClock?: () => number;
}

interface SnapshotEntry {
  at: number;
  snapshot: Snapshot;
  quote?: Quote;
}

export const DAY = 86_400_000;
export const SNAPSHOT_TTL_MS = 250;
const SPARK_TTL_MS = 60_000;
const SPARK_POINTS = 50;

/**
 * What every part of the market service shares, built once per service: the instruments followed,
 * the cached snapshots and quotes, the ticks counted per market, the watchlist read.
 */
export function createMarketContext(opts: MarketOptions) {
  const { provider, db } = opts;
  const now = opts.now ?? Date.now;
  const wallClock = opts.wallClock ?? (() => performance.now());
  const snapshots = new Map<string, SnapshotEntry>();
  const sparks = new Map<string, { at: number; closes: string[] }>();
  let instruments = provider.instruments();
  let bySymbol = new Map(instruments.map((i) => [i.symbol.toUpperCase(), i]));
  /** Listings join the provider while the server runs (modules/deals): follow its list, rebuilt only when it changed. */
  function known(): readonly Instrument[] {
    const current = provider.instruments();
    if (current !== instruments) {
      instruments = current;
      bySymbol = new Map(instruments.map((i) => [i.symbol.toUpperCase(), i]));
    }
    return instruments;
  }

  /**
   * The snapshot at `at` (a tick's own moment) is always exact. "Now", as REST asks it, is
   * recomputed at most four times a second per symbol, and its wire quote built once with it,
   * so lists under load stay cheap.
   */
  function entry(symbol: string, at?: number): SnapshotEntry {
    const hit = snapshots.get(symbol);
    if (at === undefined) {
      const t = now();
      if (hit && t - hit.at < SNAPSHOT_TTL_MS && t >= hit.at) return hit;
      at = t;
    }
    const fresh: SnapshotEntry = { at, snapshot: provider.snapshot(symbol, at) };
    if (!hit || at >= hit.at) snapshots.set(symbol, fresh);
    return fresh;
  }

  const snapshot = (symbol: string, at?: number): Snapshot => entry(symbol, at).snapshot;

  // A tick makes the cached "now" of its symbol stale: an answer given after the trigger engine has
  // acted on a tick (a fill, a liquidation) must not show the price from before it. On the node that
  // runs the feed ticks arrive; elsewhere the four-a-second refresh is the bound. The lists' boards
  // follow a tick within BOARD_REFRESH_MS: ticks are counted per market, so a board knows it is
  // stale without a set of its symbols.
  const marketTicks = new Map<string, number>();
  provider.onTick((tick) => {
    snapshots.delete(tick.symbol);
    const market = provider.instrument(tick.symbol)?.market;
    if (market) marketTicks.set(market, (marketTicks.get(market) ?? 0) + 1);
  });
  const ticksOf = (markets: readonly string[]) => markets.reduce((sum, m) => sum + (marketTicks.get(m) ?? 0), 0);

  const nextOpens = new Map<string, number>();
  /**
   * When a market that is not tradable now next becomes tradable, following the calendar's phase
   * changes (the Hong Kong pre-open auction comes before the open and is not tradable); null while
   * it is tradable. Cached per symbol and phase change, so lists stay cheap.
   */
  function nextOpen(symbol: string, session: SessionState): number | null {
    if (session.tradable) return null;
    const key = `${symbol}|${session.nextChange}`;
    const hit = nextOpens.get(key);
    if (hit !== undefined) return hit;
    let found = session.nextChange;
    for (let at = session.nextChange, step = 0; step < 8; step += 1) {
      const s = provider.session(symbol, at);
      if (s.tradable) {
        found = at;
        break;
      }
      if (s.nextChange <= at) break;
      at = s.nextChange;
    }
    if (nextOpens.size > 20_000) nextOpens.clear();
    nextOpens.set(key, found);
    return found;
  }

  /**
   * The refusal of an order that needs the market open: it says when it opens, in the exchange's
   * time. `at`, for a desk on a clock of its own (tests move it), judges the session then.
   */
  function closedError(symbol: string, at?: number): AppError {
    const session = at === undefined ? snapshot(symbol).session : provider.session(symbol, at);
    const opensAt = nextOpen(symbol, session) ?? session.nextChange;
    return new AppError('e.marketClosedUntil', undefined, { opensAt: exchangeTime(opensAt, session.timeZone), timeZone: session.timeZone });
  }

  /** The wire quote, with the caller's watchlist flag. */
  function quoteOf(symbol: string, selfSelected: boolean, at?: number): Quote {
    const e = entry(symbol, at);
    e.quote ??= toQuote(e.snapshot, false, nextOpen(symbol, e.snapshot.session));
    return selfSelected ? { ...e.quote, selfSelectStatus: 1 } : e.quote;
  }

  function spark(symbol: string): string[] {
    const at = now();
    const hit = sparks.get(symbol);
    if (hit && at - hit.at < SPARK_TTL_MS) return hit.closes;
    let candles = provider.candles(symbol, '5m', at - 3 * DAY, at + 1);
    if (candles.length < SPARK_POINTS) candles = provider.candles(symbol, '5m', at - 12 * DAY, at + 1);
    const closes = candles.slice(-SPARK_POINTS).map((c) => c.close);
    sparks.set(symbol, { at, closes });
    return closes;
  }

  async function watchedSymbols(userId: number | null): Promise<Set<string>> {
    if (userId === null) return new Set();
    const rows = await db.query<{ symbol: string }>('select symbol from watchlist_items where user_id = $1', [userId]);
    return new Set(rows.map((r) => r.symbol));
  }

  function resolve(symbolOrCode: string, market?: string): Instrument {
    const key = symbolOrCode.trim().toUpperCase();
    known();
    const exact = bySymbol.get(key);
    if (exact) return exact;
    const byCode = instruments.find(
      (i) => i.code.toUpperCase() === key && (!market || i.market === market.toUpperCase() || i.exchange === market.toUpperCase()),
    );
    if (!byCode) throw notFound();
    return byCode;
  }

  return {
    provider,
    now,
    wallClock,
    known,
    /** The list as last followed, without asking the provider again: what marketStatuses and futuresCategories have always read. */
    lastKnown: (): readonly Instrument[] => instruments,
    snapshot,
    ticksOf,
    nextOpen,
    closedError,
    quoteOf,
    spark,
    watchedSymbols,
    resolve,
  };
}

export type MarketContext = ReturnType<typeof createMarketContext>;
