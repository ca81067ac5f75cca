import { STOCK_MARKETS } from '@tradeapp/contract';
import { createBoards } from './boards';
import { createMarketContext, type MarketOptions } from './context';
import { createDetails } from './details';
import { createLists, type Filter } from './lists';

export type { KeptAnswer } from './boards';

/**
 * The market's use cases over one shared context (context.ts): the lists computed per call
 * (lists.ts), the same lists kept as bytes (boards.ts), and one instrument or market at a time
 * (details.ts).
 */
export function createMarketService(opts: MarketOptions) {
  const ctx = createMarketContext(opts);
  const { provider, known, resolve, snapshot, quoteOf, nextOpen, closedError, watchedSymbols, spark } = ctx;
  const lists = createLists(ctx);
  const details = createDetails(ctx);
  const boards = createBoards(ctx);

  const isStock: Filter = (i) => i.assetClass === 'stock' && (STOCK_MARKETS as readonly string[]).includes(i.market);

  return {
    get instruments() {
      return known();
    },
    resolve,
    snapshot,
    quoteOf,
    quote: details.quote,
    list: lists.list,
    listOf: lists.listOf,
    kline: details.kline,
    depth: details.depth,
    marketStatus: details.marketStatus,
    nextOpen,
    closedError,
    /** The session of `symbol` at `at`, for a desk on a clock of its own. */
    sessionAt: (symbol: string, at: number) => provider.session(symbol, at),
    marketStatuses: details.marketStatuses,
    isStock,
    watchedSymbols,
    sparkOf: spark,

    search: lists.search,
    keptList: boards.keptList,
    keptListOf: boards.keptListOf,
    keptSearch: boards.keptSearch,

    summary: details.summary,
    futuresCategories: details.futuresCategories,
  };
}

export type MarketService = ReturnType<typeof createMarketService>;
