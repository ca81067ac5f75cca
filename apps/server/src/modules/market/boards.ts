import type { Quote, QuoteRow } from '@tradeapp/contract';
import type { Instrument } from '../../market/types';
import { SNAPSHOT_TTL_MS, type MarketContext } from './context';
import { matchesText, searchHits, sorted, type Filter, type ListOptions, type ListQuery, type SortKey } from './lists';

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

// A tick makes a board stale, but under a feed of hundreds of ticks a second it is rebuilt at most this often (wall time, as it bounds work).
const BOARD_REFRESH_MS = 250;
// Bounds on what is kept, against callers who vary the query (a search per keystroke, odd page sizes).
const MAX_BOARDS = 256;
const MAX_ANSWERS = 256;
const MAX_FLAGGED = 64;

/** The lists and the search answered as kept bytes (decision 0024), from boards refreshed as the market moves. */
export function createBoards(ctx: MarketContext) {
  const { known, now, wallClock, ticksOf, quoteOf, spark, watchedSymbols } = ctx;
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

  return {
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
  };
}
