import { notFound } from '../../errors';
import { Dec } from '../../lib/decimal';
import type { RouteId } from '@tradeapp/contract';
import type { HandlerContext } from '../../http/context';
import { AnswerBytes, answerBytes, type HandlersOf } from '../../http/register';
import type { KeptAnswer, MarketService } from './service';
import type { Watchlist } from './watchlist';

const HOME_STRIP = ['SPX', 'NDX', 'DJI', 'HSI', 'DAX', 'AEX', 'BTCUSDT'];
const MAJOR_PAIRS = ['EURUSD', 'GBPUSD', 'USDJPY', 'USDCNH', 'AUDUSD', 'USDCHF'];

/**
 * The routes answered with kept bytes (decision 0024), which carry their own compressed forms
 * (http/register.ts, `sendKept`): the compression plugin is not attached to them at all.
 */
export const KEPT_ROUTES: ReadonlySet<RouteId> = new Set<RouteId>([
  'bondsList',
  'hkAllStockList',
  'globalIndex',
  'topList',
  'stockList',
  'futuresList',
  'allStockList',
  'hotStock',
  'homeCustomList',
  'forexIndex',
  'forexList',
  'ztStockList',
  'search',
  'cryptoQuantifyList',
]);

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
  | 'depth'
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
  /**
   * How a list's answer is kept (decision 0012): per route, language and input as parsed (so
   * `spark=1` and `spark=true` are one answer), written by the route's own serializer.
   */
  const kept = (id: RouteId, ctx: HandlerContext<unknown, unknown>): KeptAnswer => ({
    key: `${id}|${ctx.req.locale}|${JSON.stringify(ctx.input)}`,
    encode: (data) => answerBytes(ctx.reply, data),
  });
  const sent = (bytes: Promise<Buffer>) => bytes.then((b) => new AnswerBytes(b));
  /** The crypto calls answer for virtual currencies only; anything else does not exist there. */
  const crypto = (symbol: string) => {
    const i = m.resolve(symbol);
    if (i.assetClass !== 'crypto') throw notFound();
    return i.symbol;
  };
  return {
    bondsList: (ctx) => sent(m.keptList('bond', (i) => i.assetClass === 'bond', ctx.input, who(ctx.caller), kept('bondsList', ctx))),
    getMarket: async ({ input: q }) => m.marketStatus(q.market),
    getMarkets: async () => m.marketStatuses(),
    hkAllStockList: (ctx) => sent(m.keptList('hk', (i) => i.market === 'HK', ctx.input, who(ctx.caller), kept('hkAllStockList', ctx))),
    globalIndex: (ctx) => sent(m.keptList('index', (i) => i.assetClass === 'index', ctx.input, who(ctx.caller), kept('globalIndex', ctx))),
    topList: (ctx) => {
      const q = ctx.input;
      return sent(
        m.keptList(
          'stock',
          m.isStock,
          { ...q, sort: q.type === 'active' ? 'volume' : 'change_ratio', order: q.type === 'losers' ? 'asc' : 'desc' },
          who(ctx.caller),
          kept('topList', ctx),
          { where: q.type === 'gainers' ? (x) => !x.fall && x.change_ratio !== '0.00' : q.type === 'losers' ? (x) => x.fall : undefined },
        ),
      );
    },
    stockList: (ctx) => sent(m.keptList('stock', m.isStock, { ...ctx.input, market: ctx.input.market ?? 'US' }, who(ctx.caller), kept('stockList', ctx))),
    futuresList: (ctx) => sent(m.keptList('futures', (i) => i.market === 'FUT', ctx.input, who(ctx.caller), kept('futuresList', ctx))),
    allStockList: (ctx) => sent(m.keptList('stock', m.isStock, ctx.input, who(ctx.caller), kept('allStockList', ctx))),
    stockDetail: ({ input: q, caller }) => m.quote(q.symbol, who(caller)),
    detailQuote: ({ input: q, caller }) => m.quote(q.symbol, who(caller)),
    summaryDetail: async ({ input: q }) => m.summary(q.symbol),
    kline: async ({ input: q }) => m.kline(q.symbol, q.range),
    depth: async ({ input: q }) => m.depth(q.symbol),
    hotStock: (ctx) => sent(m.keptList('stock', m.isStock, { ...ctx.input, sort: 'volume', order: 'desc' }, who(ctx.caller), kept('hotStock', ctx))),
    homeCustomList: (ctx) => sent(m.keptListOf('home', HOME_STRIP, ctx.input, who(ctx.caller), kept('homeCustomList', ctx))),
    futuresOptList: async () => m.futuresCategories(),
    forexIndex: (ctx) => sent(m.keptListOf('majors', MAJOR_PAIRS, ctx.input, who(ctx.caller), kept('forexIndex', ctx))),
    forexList: (ctx) => sent(m.keptList('fx', (i) => i.market === 'FX', ctx.input, who(ctx.caller), kept('forexList', ctx))),
    ztStockList: (ctx) =>
      sent(
        m.keptList('stock', m.isStock, { ...ctx.input, sort: 'change_ratio', order: 'desc' }, who(ctx.caller), kept('ztStockList', ctx), {
          where: (x) => new Dec(x.change_ratio).gte(5),
        }),
      ),
    getStock: ({ input: q, caller }) => m.quote(q.symbol ?? q.code ?? '', who(caller)),
    search: (ctx) => sent(m.keptSearch(ctx.input.q, ctx.input.size, who(ctx.caller), kept('search', ctx))),
    cryptoKline: async ({ input: q }) => m.kline(crypto(q.symbol), q.range),
    cryptoDetail: ({ input: q, caller }) => m.quote(crypto(q.symbol), who(caller)),
    cryptoQuantifyList: (ctx) => sent(m.keptList('crypto', (i) => i.assetClass === 'crypto', ctx.input, who(ctx.caller), kept('cryptoQuantifyList', ctx))),
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
