import { notFound } from '../../errors';
import { Dec } from '../../lib/decimal';
import type { HandlersOf } from '../../http/register';
import type { MarketService } from './service';
import type { Watchlist } from './watchlist';

const HOME_STRIP = ['SPX', 'NDX', 'DJI', 'HSI', 'DAX', 'AEX', 'BTCUSDT'];
const MAJOR_PAIRS = ['EURUSD', 'GBPUSD', 'USDJPY', 'USDCNH', 'AUDUSD', 'USDCHF'];

export function marketHandlers(
  m: MarketService,
): HandlersOf<
  | 'bondsList'
  | 'getMarket'
  | 'getMarkets'
  | 'hkAllStockList'
  | 'globalIndex'
  | 'topList'
  | 'stockList'
  | 'futuresList'
  | 'allStockList'
  | 'stockDetail'
  | 'detailQuote'
  | 'summaryDetail'
  | 'kline'
  | 'hotStock'
  | 'homeCustomList'
  | 'futuresOptList'
  | 'forexIndex'
  | 'forexList'
  | 'ztStockList'
  | 'getStock'
  | 'search'
  | 'cryptoKline'
  | 'cryptoDetail'
  | 'cryptoQuantifyList'
> {
  const who = (caller: { id: number } | null) => caller?.id ?? null;
  /** The crypto calls answer for virtual currencies only; anything else does not exist there. */
  const crypto = (symbol: string) => {
    const i = m.resolve(symbol);
    if (i.assetClass !== 'crypto') throw notFound();
    return i.symbol;
  };
  return {
    bondsList: ({ input: q, caller }) => m.list((i) => i.assetClass === 'bond', q, who(caller)),
    getMarket: async ({ input: q }) => m.marketStatus(q.market),
    getMarkets: async () => m.marketStatuses(),
    hkAllStockList: ({ input: q, caller }) => m.list((i) => i.market === 'HK', q, who(caller)),
    globalIndex: ({ input: q, caller }) => m.list((i) => i.assetClass === 'index', q, who(caller)),
    topList: ({ input: q, caller }) =>
      m.list(m.isStock, { ...q, sort: q.type === 'active' ? 'volume' : 'change_ratio', order: q.type === 'losers' ? 'asc' : 'desc' }, who(caller), {
        where: q.type === 'gainers' ? (x) => !x.fall && x.change_ratio !== '0.00' : q.type === 'losers' ? (x) => x.fall : undefined,
      }),
    stockList: ({ input: q, caller }) => m.list(m.isStock, { ...q, market: q.market ?? 'US' }, who(caller)),
    futuresList: ({ input: q, caller }) => m.list((i) => i.market === 'FUT', q, who(caller)),
    allStockList: ({ input: q, caller }) => m.list(m.isStock, q, who(caller)),
    stockDetail: ({ input: q, caller }) => m.quote(q.symbol, who(caller)),
    detailQuote: ({ input: q, caller }) => m.quote(q.symbol, who(caller)),
    summaryDetail: async ({ input: q }) => m.summary(q.symbol),
    kline: async ({ input: q }) => m.kline(q.symbol, q.range),
    hotStock: ({ input: q, caller }) => m.list(m.isStock, { ...q, sort: 'volume', order: 'desc' }, who(caller)),
    homeCustomList: ({ input: q, caller }) => m.listOf(HOME_STRIP, q, who(caller)),
    futuresOptList: async () => m.futuresCategories(),
    forexIndex: ({ input: q, caller }) => m.listOf(MAJOR_PAIRS, q, who(caller)),
    forexList: ({ input: q, caller }) => m.list((i) => i.market === 'FX', q, who(caller)),
    ztStockList: ({ input: q, caller }) =>
      m.list(m.isStock, { ...q, sort: 'change_ratio', order: 'desc' }, who(caller), { where: (x) => new Dec(x.change_ratio).gte(5) }),
    getStock: ({ input: q, caller }) => m.quote(q.symbol ?? q.code ?? '', who(caller)),
    search: ({ input: q, caller }) => m.search(q.q, q.size, who(caller)),
    cryptoKline: async ({ input: q }) => m.kline(crypto(q.symbol), q.range),
    cryptoDetail: ({ input: q, caller }) => m.quote(crypto(q.symbol), who(caller)),
    cryptoQuantifyList: ({ input: q, caller }) => m.list((i) => i.assetClass === 'crypto', q, who(caller)),
  };
}

export function watchlistHandlers(w: Watchlist): HandlersOf<'watchlist' | 'watchlistSave' | 'watchlistDelete' | 'watchlistDeleteByCode' | 'watchlistReorder'> {
  return {
    watchlist: ({ input, caller }) => w.list(caller!.id, input.spark ?? false),
    watchlistSave: ({ input, caller }) => w.add(caller!.id, input.secuCode, input.market),
    watchlistDelete: ({ params, caller }) => w.remove(caller!.id, params.id),
    watchlistDeleteByCode: ({ params, caller }) => w.removeByCode(caller!.id, params.stockCode),
    watchlistReorder: ({ input, caller }) => w.reorder(caller!.id, input.ids),
  };
}
