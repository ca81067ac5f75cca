import { STOCK_MARKETS, TAPE_PRINTS, type KlineRange, type MarketCode, type Quote, type QuoteRow, type zListQuery } from '@tradeapp/contract';
import type { z } from 'zod';
import type { Db } from '../../db/db';
import { AppError, notFound } from '../../errors';
import { Dec, fixed } from '../../lib/decimal';
import type { Instrument, KlineInterval, MarketProvider, SessionState, Snapshot } from '../../market/types';
import { bookOf, tapeOf, type Book, type TradePrint } from './depth';
import { exchangeTime, toQuote } from './quote';

type ListQuery = z.output<typeof zListQuery>;
type Filter = (i: Instrument) => boolean;
interface SnapshotEntry {
  at: number;
  snapshot: Snapshot;
  quote?: Quote;
}
interface ListOptions {
  source?: Quote['source'];
  defaultSort?: NonNullable<ListQuery['sort']>;
  where?: (q: Quote) => boolean;
}
interface Row {
  i: Instrument;
  q: Quote;
}
/** An answer kept until its board's next refresh: its bytes, its rows, and the bytes of the watchlist variants asked so far. */
interface Kept {
  bytes: Buffer;
  rows: QuoteRow[];
  wrap: (rows: QuoteRow[]) => unknown;
  flagged: Map<string, Buffer>;
}
/**
 * The quotes of one list's instruments at one moment, in the universe's order, each sort of them
 * done once, and the answers given from them kept as bytes. Replaced, never changed, on refresh.
 */
interface Board {
  at: number;
  realAt: number;
  ticks: number;
  universe: readonly Instrument[];
  markets: readonly string[];
  rows: Row[];
  sorts: Map<string, Row[]>;
  answers: Map<string, Kept>;
}
/** What a route gives for its answer to be kept: the key of the answer (route, language, input) and the route's serializer. */
export interface KeptAnswer {
  key: string;
  encode: (data: unknown) => Buffer;
}

const DAY = 86_400_000;
const SNAPSHOT_TTL_MS = 250;
const SPARK_TTL_MS = 60_000;
const SPARK_POINTS = 50;
// A tick makes a board stale, but under a feed of hundreds of ticks a second it is rebuilt at most this often (wall time, as it bounds work).
const BOARD_REFRESH_MS = 250;
// Bounds on what is kept, against callers who vary the query (a search per keystroke, odd page sizes).
const MAX_BOARDS = 256;
const MAX_ANSWERS = 256;
const MAX_FLAGGED = 64;

/** Each range of the chart: the candle interval and how far back it reaches (decision 0010). */
const RANGES: Record<KlineRange, { interval: KlineInterval; days: number; lastDayOnly?: boolean }> = {
  intraday: { interval: '1m', days: 6, lastDayOnly: true },
  // Daily candles over two months: about 42 for a stock, 61 for crypto (intraday already shows the day).
  '1d': { interval: '1d', days: 61 },
  '1w': { interval: '30m', days: 7 },
  '1m': { interval: '1h', days: 31 },
  '3m': { interval: '1d', days: 92 },
  '1y': { interval: '1d', days: 366 },
};

type SortKey = NonNullable<ListQuery['sort']>;
const sortValue: Record<SortKey, (q: Quote) => string> = {
  change_ratio: (q) => q.change_ratio,
  price_nominal: (q) => q.price_nominal,
  volume: (q) => q.volume,
  amplitude: (q) => q.amplitude,
  marketCap: (q) => q.marketCap ?? '0',
  name: (q) => q.name,
  stock_code: (q) => q.stock_code,
};
const TEXT_SORTS = new Set(['name', 'stock_code']);

export function createMarketService(opts: {
  provider: MarketProvider;
  db: Db;
  now?: () => number;
  /** Wall time in ms for the boards' refresh bound (tests drive it); the market's clock may stand still. */
  wallClock?: () => number;
}) {
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

  /** Sort on the server: each key parsed once (decorate, sort, undecorate), decimals compared exactly. Stable, so sorting then filtering equals filtering then sorting. */
  function sorted<T>(items: T[], quoteIn: (item: T) => Quote, sort: SortKey, order: 'asc' | 'desc'): T[] {
    const value = sortValue[sort];
    const sign = order === 'asc' ? 1 : -1;
    if (TEXT_SORTS.has(sort)) return [...items].sort((a, b) => sign * value(quoteIn(a)).localeCompare(value(quoteIn(b))));
    return items
      .map((item) => ({ item, key: new Dec(value(quoteIn(item))) }))
      .sort((a, b) => sign * a.key.comparedTo(b.key))
      .map((d) => d.item);
  }

  function matchesText(i: Instrument, q: string) {
    const needle = q.toLowerCase();
    return i.symbol.toLowerCase().includes(needle) || i.code.toLowerCase().includes(needle) || i.name.toLowerCase().includes(needle);
  }

  /** Filter, sort and page on the server; rows carry the caller's watchlist flag and, asked, the mini chart. */
  async function list(base: Filter, query: ListQuery, callerId: number | null, opts: ListOptions = {}) {
    const watched = await watchedSymbols(callerId);
    let quotes = known()
      .filter(base)
      .filter((i) => !query.market || i.market === query.market)
      .filter((i) => !query.exchange || i.exchange === query.exchange.toUpperCase())
      .filter((i) => !query.classify || i.classify.toLowerCase() === query.classify.toLowerCase())
      .filter((i) => !query.q || matchesText(i, query.q))
      .map((i) => quoteOf(i.symbol, watched.has(i.symbol)));
    if (opts.where) quotes = quotes.filter(opts.where);
    const sort = query.sort ?? opts.defaultSort;
    if (sort) quotes = sorted(quotes, (q) => q, sort, query.order);
    const start = (query.page - 1) * query.size;
    const rows: QuoteRow[] = quotes.slice(start, start + query.size).map((q) => ({
      ...q,
      ...(opts.source !== undefined ? { source: opts.source } : {}),
      ...(query.spark ? { spark: spark(q.symbol) } : {}),
    }));
    return { list: rows, total: quotes.length, page: query.page, size: query.size };
  }

  /** A fixed set of instruments, in the order given (a home strip, the major pairs), on one page. */
  async function listOf(symbols: readonly string[], query: ListQuery, callerId: number | null) {
    const page = await list((i) => symbols.includes(i.symbol), { ...query, size: symbols.length }, callerId);
    page.list.sort((a, b) => symbols.indexOf(a.symbol) - symbols.indexOf(b.symbol));
    return page;
  }

  const boards = new Map<string, Board>();
  const searchBoards = new Map<string, Board>();

  /**
   * The board of `key` (one name, one set of members): kept while the market clock has moved less
   * than the snapshot's time to live and, after a tick of one of its markets, for at most
   * BOARD_REFRESH_MS more; rebuilt at once when instruments join. Its quotes are the service's own
   * (`quoteOf`), so a board answers what a list computed at its moment would.
   */
  function boardOf(kept: Map<string, Board>, key: string, members: (universe: readonly Instrument[]) => readonly Instrument[]): Board {
    const universe = known();
    const t = now();
    const hit = kept.get(key);
    if (hit && hit.universe === universe && t >= hit.at && t - hit.at < SNAPSHOT_TTL_MS) {
      if (ticksOf(hit.markets) === hit.ticks || wallClock() - hit.realAt < BOARD_REFRESH_MS) return hit;
    }
    const chosen = members(universe);
    const markets = [...new Set(chosen.map((i) => i.market))];
    const board: Board = {
      at: t,
      realAt: wallClock(),
      ticks: ticksOf(markets),
      universe,
      markets,
      rows: chosen.map((i) => ({ i, q: quoteOf(i.symbol, false) })),
      sorts: new Map(),
      answers: new Map(),
    };
    if (!hit && kept.size >= MAX_BOARDS) kept.clear();
    kept.set(key, board);
    return board;
  }

  function sortedRows(board: Board, sort: SortKey, order: 'asc' | 'desc'): Row[] {
    const key = `${sort}|${order}`;
    let rows = board.sorts.get(key);
    if (!rows) {
      rows = sorted(board.rows, (r) => r.q, sort, order);
      board.sorts.set(key, rows);
    }
    return rows;
  }

  /**
   * An answer from a board: its bytes kept until the board's refresh. Rows carry no watchlist flag;
   * a signed-in caller's watched symbols are read as before (other nodes change watchlists too),
   * and only a page showing one of them is written again, kept per set of flagged symbols.
   */
  async function keptAnswer(
    board: () => Board,
    answer: KeptAnswer,
    compute: (board: Board) => { rows: QuoteRow[]; wrap: (rows: QuoteRow[]) => unknown },
    callerId: number | null,
  ): Promise<Buffer> {
    const watched = callerId === null ? null : await watchedSymbols(callerId);
    const b = board();
    let kept = b.answers.get(answer.key);
    if (!kept) {
      const { rows, wrap } = compute(b);
      kept = { bytes: answer.encode(wrap(rows)), rows, wrap, flagged: new Map() };
      if (b.answers.size >= MAX_ANSWERS) b.answers.clear();
      b.answers.set(answer.key, kept);
    }
    if (!watched?.size) return kept.bytes;
    const mine = kept.rows.filter((r) => watched.has(r.symbol)).map((r) => r.symbol);
    if (mine.length === 0) return kept.bytes;
    const flagKey = mine.join(',');
    let bytes = kept.flagged.get(flagKey);
    if (!bytes) {
      bytes = answer.encode(kept.wrap(kept.rows.map((r) => (watched.has(r.symbol) ? { ...r, selfSelectStatus: 1 as const } : r))));
      if (kept.flagged.size >= MAX_FLAGGED) kept.flagged.clear();
      kept.flagged.set(flagKey, bytes);
    }
    return bytes;
  }

  /** The page `list` would give, from a board of the list's members (its market included). */
  function pageFrom(board: Board, query: ListQuery, opts: ListOptions) {
    const sort = query.sort ?? opts.defaultSort;
    const rows = (sort ? sortedRows(board, sort, query.order) : board.rows).filter(
      ({ i, q }) =>
        (!query.exchange || i.exchange === query.exchange.toUpperCase()) &&
        (!query.classify || i.classify.toLowerCase() === query.classify.toLowerCase()) &&
        (!query.q || matchesText(i, query.q)) &&
        (!opts.where || opts.where(q)),
    );
    const start = (query.page - 1) * query.size;
    const list: QuoteRow[] = rows.slice(start, start + query.size).map(({ q }) => ({
      ...q,
      ...(opts.source !== undefined ? { source: opts.source } : {}),
      ...(query.spark ? { spark: spark(q.symbol) } : {}),
    }));
    return { list, total: rows.length, page: query.page, size: query.size };
  }

  /**
   * `list`'s answer as kept bytes. `universe` names the filter `base` (one name, one filter), so the
   * lists over the same instruments (stocks by change, by volume, the gainers) share one board.
   */
  function keptList(
    universe: string,
    base: Filter,
    query: ListQuery,
    callerId: number | null,
    answer: KeptAnswer,
    opts: ListOptions & { order?: readonly string[] } = {},
  ): Promise<Buffer> {
    const board = () =>
      boardOf(boards, `${universe}|${query.market ?? ''}`, (all) => all.filter((i) => base(i) && (!query.market || i.market === query.market)));
    return keptAnswer(
      board,
      answer,
      (b) => {
        const page = pageFrom(b, query, opts);
        const order = opts.order;
        if (order) page.list.sort((x, y) => order.indexOf(x.symbol) - order.indexOf(y.symbol));
        return { rows: page.list, wrap: (list) => ({ ...page, list }) };
      },
      callerId,
    );
  }

  /** `listOf`'s answer as kept bytes. */
  const keptListOf = (universe: string, symbols: readonly string[], query: ListQuery, callerId: number | null, answer: KeptAnswer) =>
    keptList(universe, (i) => symbols.includes(i.symbol), { ...query, size: symbols.length }, callerId, answer, { order: symbols });

  function searchHits(universe: readonly Instrument[], q: string, size: number): Instrument[] {
    if (!q) return [];
    const needle = q.toLowerCase();
    const rank = (i: Instrument) =>
      i.code.toLowerCase() === needle || i.symbol.toLowerCase() === needle
        ? 0
        : i.code.toLowerCase().startsWith(needle)
          ? 1
          : i.name.toLowerCase().startsWith(needle)
            ? 2
            : 3;
    return universe
      .filter((i) => matchesText(i, q))
      .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name))
      .slice(0, size);
  }

  async function quote(symbolOrCode: string, callerId: number | null, market?: string): Promise<Quote> {
    const i = resolve(symbolOrCode, market);
    return quoteOf(i.symbol, (await watchedSymbols(callerId)).has(i.symbol));
  }

  function kline(symbolOrCode: string, range: KlineRange) {
    const i = resolve(symbolOrCode);
    const { interval, days, lastDayOnly } = RANGES[range];
    const at = now();
    let candles = provider.candles(i.symbol, interval, at - days * DAY, at + 1);
    let previousClose: string | null = null;
    if (lastDayOnly && candles.length) {
      const day = provider.session(i.symbol, candles[candles.length - 1]!.time).tradingDay;
      candles = candles.filter((c) => provider.session(i.symbol, c.time).tradingDay === day);
      // The day drawn may not be the quote's (before the open it is the last one): its own previous close.
      const first = candles[0]!.time;
      const before = provider.candles(i.symbol, '1d', first - 14 * DAY, first).filter((c) => provider.session(i.symbol, c.time).tradingDay !== day);
      previousClose = before.at(-1)?.close ?? null;
    }
    return { symbol: i.symbol, range, interval, candles, previousClose, simulated: true };
  }

  // The book and the tape of a symbol's second, kept: every viewer of a quote asks at each pushed tick.
  const depths = new Map<string, { book: Book; trades: TradePrint[] }>();
  const MAX_DEPTHS = 512;

  /** The simulated book at the quote's moment and the last prints up to it (decision 0025): the quote's own snapshot, so level 1 is its bid and ask. */
  function depth(symbolOrCode: string) {
    const i = resolve(symbolOrCode);
    const s = snapshot(i.symbol);
    const key = `${i.symbol}|${Math.floor(s.time / 1000)}`;
    let kept = depths.get(key);
    if (!kept) {
      kept = { book: bookOf(s), trades: tapeOf(provider, i.symbol, s.time, TAPE_PRINTS) };
      if (depths.size >= MAX_DEPTHS) depths.clear();
      depths.set(key, kept);
    }
    return {
      symbol: i.symbol,
      timestamp: s.time,
      marketStatus: s.session.phase,
      tradable: s.session.tradable,
      last: s.last,
      volume: s.volume,
      tickSize: i.tickSize,
      lotSize: i.lotSize,
      timeZone: s.session.timeZone,
      ...kept.book,
      trades: kept.trades,
      simulated: true,
    };
  }

  function marketStatus(market: MarketCode) {
    const members = known().filter((i) => i.market === market);
    const representative = members[0];
    if (!representative) throw notFound();
    const session = provider.session(representative.symbol, now());
    return {
      market,
      timeZone: session.timeZone,
      phase: session.phase,
      tradable: session.tradable,
      tradingDay: session.tradingDay,
      nextChangeTimestamp: session.nextChange,
      nextOpenTimestamp: nextOpen(representative.symbol, session),
      instruments: members.length,
      simulated: true,
    };
  }

  const isStock: Filter = (i) => i.assetClass === 'stock' && (STOCK_MARKETS as readonly string[]).includes(i.market);

  return {
    get instruments() {
      return known();
    },
    resolve,
    snapshot,
    quoteOf,
    quote,
    list,
    listOf,
    kline,
    depth,
    marketStatus,
    nextOpen,
    closedError,
    /** The session of `symbol` at `at`, for a desk on a clock of its own. */
    sessionAt: (symbol: string, at: number) => provider.session(symbol, at),
    /** Every market's status, each market once. */
    marketStatuses: () => [...new Set(instruments.map((i) => i.market))].map(marketStatus),
    isStock,
    watchedSymbols,
    sparkOf: spark,

    search: async (q: string, size: number, callerId: number | null): Promise<QuoteRow[]> => {
      if (!q) return [];
      const watched = await watchedSymbols(callerId);
      return searchHits(known(), q, size).map((i) => quoteOf(i.symbol, watched.has(i.symbol)));
    },
    keptList,
    keptListOf,
    /** `search`'s answer as kept bytes: the hits are found again at each refresh of their board. */
    keptSearch: (q: string, size: number, callerId: number | null, answer: KeptAnswer): Promise<Buffer> =>
      keptAnswer(
        () => boardOf(searchBoards, `${size}|${q}`, (all) => searchHits(all, q, size)),
        answer,
        (b) => ({ rows: b.rows.map((r) => r.q), wrap: (rows) => rows }),
        // Nothing asked, nothing found: no watchlist to read.
        q ? callerId : null,
      ),

    summary(symbolOrCode: string) {
      const i = resolve(symbolOrCode);
      const s = snapshot(i.symbol);
      return {
        symbol: i.symbol,
        name: i.name,
        exchange: i.exchange,
        currency: i.currency,
        classify: i.classify,
        profile: i.profile,
        marketCap: i.sharesOutstanding ? fixed(new Dec(s.last).mul(i.sharesOutstanding), 0) : null,
        sharesOutstanding: i.sharesOutstanding ?? null,
        high52w: s.high52w,
        low52w: s.low52w,
        averageVolume: i.averageDailyVolume,
        tickSize: i.tickSize,
        lotSize: i.lotSize,
        minQuantity: i.minQuantity,
        expiryDate: i.expiry ?? null,
        couponRate: i.couponRate ?? null,
        simulated: true,
      };
    },

    futuresCategories() {
      const counts = new Map<string, { classify: string; assetClass: Instrument['assetClass']; count: number }>();
      for (const i of instruments.filter((x) => x.market === 'FUT')) {
        const entry = counts.get(i.classify) ?? { classify: i.classify, assetClass: i.assetClass, count: 0 };
        entry.count++;
        counts.set(i.classify, entry);
      }
      return [...counts.values()];
    },
  };
}

export type MarketService = ReturnType<typeof createMarketService>;
