// Over 400 lines: one module (quotes, lists, K-lines, watchlist) whose shapes are shared by its calls.
import { z } from 'zod';
import { MarketSource, SESSION_PHASES } from '../enums';
import { pageOf } from '../fields';
import { route } from '../route';
import { ASSET_CLASSES, MARKET_CODES } from '../trading/assets';

/** A decimal number as a string: prices, sizes, volumes, percentages. Never a float on the wire. */
export const zDecimal = z.string().regex(/^-?\d+(\.\d+)?$/);

/** Chart ranges of the specification (section 9). */
export const KLINE_RANGES = ['intraday', '1d', '1w', '1m', '3m', '1y'] as const;
export type KlineRange = (typeof KLINE_RANGES)[number];
export const KLINE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '1d', '1w'] as const;

/** The stock quote of the specification (section 3), with the other quote fields. */
export const zQuote = z.object({
  symbol: z.string(),
  name: z.string(),
  stock_code: z.string(),
  market: z.enum(MARKET_CODES),
  /** The exchange: NASDAQ, NYSE, AMEX, HKEX, XETRA, ... */
  marketType: z.string(),
  /** Sector or category. */
  classify: z.string(),
  assetClass: z.enum(ASSET_CLASSES),
  source: z.enum(MarketSource),
  currency: z.string(),
  price_nominal: zDecimal,
  change: zDecimal,
  /** Percent, two decimals. */
  change_ratio: zDecimal,
  /** Derived rise/fall flag: true when the price is below the previous close. */
  fall: z.boolean(),
  open: zDecimal,
  high: zDecimal,
  low: zDecimal,
  preClose: zDecimal,
  bid: zDecimal,
  ask: zDecimal,
  bidVolume: zDecimal,
  askVolume: zDecimal,
  volume: zDecimal,
  openInterest: zDecimal.nullable(),
  expiryDate: z.string().nullable(),
  high52w: zDecimal,
  low52w: zDecimal,
  marketCap: zDecimal.nullable(),
  /** (high - low) / previous close, percent. */
  amplitude: zDecimal,
  couponRate: zDecimal.nullable(),
  hasPreMarketData: z.boolean(),
  preMarketPrice: zDecimal.nullable(),
  preMarketChange: zDecimal.nullable(),
  preMarketChangePercent: zDecimal.nullable(),
  hasPostMarketData: z.boolean(),
  postMarketPrice: zDecimal.nullable(),
  postMarketChange: zDecimal.nullable(),
  postMarketChangePercent: zDecimal.nullable(),
  /** 1 when the instrument is on the caller's watchlist. */
  selfSelectStatus: z.union([z.literal(0), z.literal(1)]),
  /** The quote's time in New York, `YYYY-MM-DD HH:mm:ss`, for every market (the specification's field). Screens show `timestamp` on the exchange's clock (`timeZone`) instead. */
  currencyUsDatetime: z.string(),
  marketStatus: z.enum(SESSION_PHASES),
  tradable: z.boolean(),
  /** The exchange's IANA time zone (`Asia/Hong_Kong`, `Europe/Berlin`, ...): the quote's time and the chart's axis are shown on its clock. */
  timeZone: z.string(),
  /** While not tradable: when orders may next fill (epoch ms, from the exchange's calendar); null while tradable. */
  nextOpenTimestamp: z.number().int().nullable(),
  timestamp: z.number().int(),
  profile: z.string(),
  tickSize: zDecimal,
  lotSize: zDecimal,
  minQuantity: zDecimal,
  /** Every price here comes from the simulated market. */
  simulated: z.boolean(),
});
export type Quote = z.infer<typeof zQuote>;

/** A list row: the quote, and with `spark` the last 50 closes for the mini chart. */
export const zQuoteRow = zQuote.extend({ spark: z.array(zDecimal).optional() });
export type QuoteRow = z.infer<typeof zQuoteRow>;

export const zCandle = z.object({ time: z.number().int(), open: zDecimal, high: zDecimal, low: zDecimal, close: zDecimal, volume: zDecimal });
export type Candle = z.infer<typeof zCandle>;

export const zKline = z.object({
  symbol: z.string(),
  range: z.enum(KLINE_RANGES),
  interval: z.enum(KLINE_INTERVALS),
  candles: z.array(zCandle),
  /** Intraday: the close of the trading day before the one drawn (the chart's dashed line); null on other ranges. */
  previousClose: zDecimal.nullable(),
  simulated: z.boolean(),
});

export const zMarketStatus = z.object({
  market: z.enum(MARKET_CODES),
  timeZone: z.string(),
  phase: z.enum(SESSION_PHASES),
  tradable: z.boolean(),
  tradingDay: z.string(),
  nextChangeTimestamp: z.number().int(),
  /** While not tradable: when orders may next fill (epoch ms); null while tradable. */
  nextOpenTimestamp: z.number().int().nullable(),
  instruments: z.number().int(),
  simulated: z.boolean(),
});

/** A placement (routes/placements.ts) in the market's list: what anyone may see; buying needs a key. */
export const zPlacing = z.object({
  /** The placement's id. */
  id: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  kind: z.enum(['SPO', 'QIP']),
  /** The placement's price, fixed when an operator created it. */
  price: zDecimal,
  /** To the last close before the placement was created, in percent; negative for a premium. */
  discountPercent: zDecimal,
  minQuantity: zDecimal,
  /** Open while its window is (and shares remain); `nextChangeTimestamp` is when it opens or closes. */
  open: z.boolean(),
  nextChangeTimestamp: z.number().int(),
  quote: zQuote,
});

/** Levels a side of the simulated book shows (decision 0025, "Depth and time and sales"). */
export const DEPTH_LEVELS = 10;
/** Trade prints the time and sales gives, newest first. */
export const TAPE_PRINTS = 30;
/** Which side started a trade: a buyer lifting the offer or a seller hitting the bid. */
export const PRINT_SIDES = ['buy', 'sell'] as const;
export type PrintSide = (typeof PRINT_SIDES)[number];

export const zDepthLevel = z.object({ price: zDecimal, size: zDecimal });
/** One trade print of the time and sales, with the quote that stood when it traded (which its side is judged against). */
export const zPrint = z.object({
  time: z.number().int(),
  price: zDecimal,
  size: zDecimal,
  side: z.enum(PRINT_SIDES),
  bid: zDecimal,
  ask: zDecimal,
});
export type Print = z.infer<typeof zPrint>;
/**
 * The simulated book of one instrument at the quote's moment: up to DEPTH_LEVELS bids (best first,
 * descending) and asks (best first, ascending), the first of each the quote's bid and ask with their
 * sizes; and the day's last trade prints, newest first. No `price_nominal`: it is not a quote.
 */
export const zDepth = z.object({
  symbol: z.string(),
  /** The quote's moment (epoch ms): the book is the one standing then. */
  timestamp: z.number().int(),
  marketStatus: z.enum(SESSION_PHASES),
  tradable: z.boolean(),
  /** The quote's last price and the day's volume, which the prints end at and add up to. */
  last: zDecimal,
  volume: zDecimal,
  tickSize: zDecimal,
  lotSize: zDecimal,
  timeZone: z.string(),
  bids: z.array(zDepthLevel),
  asks: z.array(zDepthLevel),
  trades: z.array(zPrint),
  simulated: z.boolean(),
});
export type Depth = z.infer<typeof zDepth>;

const SORTS = ['change_ratio', 'price_nominal', 'volume', 'name', 'stock_code', 'marketCap', 'amplitude'] as const;
const zFlag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]);

/** Paging, sorting and filtering of every quote list; the server does all three. */
export const zListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  sort: z.enum(SORTS).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  market: z.enum(MARKET_CODES).optional(),
  exchange: z.string().trim().max(20).optional(),
  classify: z.string().trim().max(50).optional(),
  q: z.string().trim().max(50).optional(),
  /** Add the last 50 closes to each row, for the mini chart. */
  spark: zFlag.optional(),
});
export type ListQuery = z.input<typeof zListQuery>;

const zSymbolQuery = z.object({
  symbol: z.string({ error: 'v.fillRequired' }).trim().min(1, { error: 'v.fillRequired' }).max(30),
});
const zQuotePage = pageOf(zQuoteRow);

function list(method: 'GET' | 'POST', path: string, summary: string) {
  return route({ method, path, auth: 'public', tag: 'market', summary, request: zListQuery, response: zQuotePage });
}

export const marketRoutes = {
  bondsList: list('POST', '/m_ft/bondsList', 'Bonds with coupon, maturity and price (source 101)'),
  saleList: route({
    method: 'POST',
    path: '/m_ft/sale_list',
    auth: 'public',
    tag: 'market',
    summary: 'Placements (SPO and QIP) that are open or still to open, with their price and window; buying one needs its key',
    request: zListQuery,
    response: pageOf(zPlacing),
  }),
  getSaleTime: route({
    method: 'POST',
    path: '/m_ft/get_sale_time',
    auth: 'public',
    tag: 'market',
    summary: 'The window of the placement of a stock (the open one, else the next to open), or of the next placement to open',
    request: z.object({ symbol: z.string().trim().max(30).optional() }),
    response: z.object({ symbol: z.string().nullable(), open: z.boolean(), nextChangeTimestamp: z.number().int().nullable() }),
  }),
  getMarket: route({
    method: 'POST',
    path: '/market/getMaket',
    auth: 'public',
    tag: 'market',
    summary: "One market's session: phase, trading day, next change",
    request: z.object({ market: z.enum(MARKET_CODES, { error: 'v.fillRequired' }) }),
    response: zMarketStatus,
  }),
  getMarkets: route({
    method: 'POST',
    path: '/market/getMakets',
    auth: 'public',
    tag: 'market',
    summary: 'Every market with its session',
    request: z.object({}),
    response: z.array(zMarketStatus),
  }),
  hkAllStockList: list('GET', '/hk_st/all_stock_list', 'Hong Kong stocks'),
  globalIndex: list('GET', '/m_ft/global_index', 'Global indices'),
  topList: route({
    method: 'GET',
    path: '/m_ft/topList',
    auth: 'public',
    tag: 'market',
    summary: 'Gainers, losers or most active of a market',
    request: zListQuery.extend({ type: z.enum(['gainers', 'losers', 'active']).default('gainers') }),
    response: zQuotePage,
  }),
  stockList: list('GET', '/m_ft/stock_list', 'Stocks of one market (US by default), filtered by exchange or sector'),
  futuresList: list('GET', '/m_ft/futures_list', 'Futures: index, rates, metals, energy, agricultural'),
  allStockList: list('GET', '/m_ft/all_stock_list', 'Stocks of every market'),
  stockDetail: route({
    method: 'GET',
    path: '/m_ft/stock_detail_ft',
    auth: 'public',
    tag: 'market',
    summary: 'The full quote of one instrument',
    request: zSymbolQuery,
    response: zQuote,
  }),
  detailQuote: route({
    method: 'GET',
    path: '/m_ft/detail_quote',
    auth: 'public',
    tag: 'market',
    summary: 'The full quote of one instrument (alias of stock_detail_ft)',
    request: zSymbolQuery,
    response: zQuote,
  }),
  summaryDetail: route({
    method: 'GET',
    path: '/m_ft/summary_detail',
    auth: 'public',
    tag: 'market',
    summary: 'Key figures of one instrument: 52-week range, market cap, average volume, profile',
    request: zSymbolQuery,
    response: z.object({
      symbol: z.string(),
      name: z.string(),
      exchange: z.string(),
      currency: z.string(),
      classify: z.string(),
      profile: z.string(),
      marketCap: zDecimal.nullable(),
      sharesOutstanding: zDecimal.nullable(),
      high52w: zDecimal,
      low52w: zDecimal,
      averageVolume: zDecimal,
      tickSize: zDecimal,
      lotSize: zDecimal,
      minQuantity: zDecimal,
      expiryDate: z.string().nullable(),
      couponRate: zDecimal.nullable(),
      simulated: z.boolean(),
    }),
  }),
  kline: route({
    method: 'GET',
    path: '/m_ft/kline',
    auth: 'public',
    tag: 'market',
    summary: 'Candles with volume over a chart range: intraday, 1d, 1w, 1m, 3m, 1y',
    request: zSymbolQuery.extend({ range: z.enum(KLINE_RANGES).default('intraday') }),
    response: zKline,
  }),
  depth: route({
    method: 'GET',
    path: '/m_ft/depth',
    auth: 'public',
    tag: 'market',
    summary: 'The simulated ten-level book at the quote, and the time and sales (the last trade prints with size and side)',
    request: zSymbolQuery,
    response: zDepth,
  }),
  hotStock: list('GET', '/m_ft/hot_stock', 'The most traded stocks (by volume), optionally of one market'),
  homeCustomList: list('GET', '/m_ft/home_custom_list', 'The home strip: main indices and the leading crypto'),
  futuresOptList: route({
    method: 'GET',
    path: '/m_ft/futures_opt_list',
    auth: 'public',
    tag: 'market',
    summary: 'Futures categories with their number of contracts',
    request: z.object({}),
    response: z.array(z.object({ classify: z.string(), assetClass: z.enum(ASSET_CLASSES), count: z.number().int() })),
  }),
  forexIndex: list('GET', '/m_ft/forex_index', 'The major currency pairs'),
  forexList: list('GET', '/m_ft/forex_list', 'Currency pairs'),
  ztStockList: list('GET', '/m_ft/zt_stock_list', 'Stocks up 5 % or more today, strongest first'),
  getStock: route({
    method: 'GET',
    path: '/quotes/getStock',
    auth: 'public',
    tag: 'market',
    summary: 'A quote by symbol or by code (first match across markets)',
    request: z.object({ symbol: z.string().trim().max(30).optional(), code: z.string().trim().max(30).optional() }),
    response: zQuote,
  }),
  search: route({
    method: 'GET',
    path: '/market/search',
    auth: 'public',
    tag: 'market',
    summary: 'Search every market by code or name',
    request: z.object({ q: z.string().trim().max(50).default(''), size: z.coerce.number().int().min(1).max(50).default(20) }),
    response: z.array(zQuoteRow),
  }),
  cryptoKline: route({
    method: 'GET',
    path: '/crypto/kline',
    auth: 'public',
    tag: 'crypto',
    summary: 'Candles of a virtual currency',
    request: zSymbolQuery.extend({ range: z.enum(KLINE_RANGES).default('intraday') }),
    response: zKline,
  }),
  cryptoDetail: route({
    method: 'GET',
    path: '/crypto/stock_detail_ft',
    auth: 'public',
    tag: 'crypto',
    summary: 'The quote of a virtual currency',
    request: zSymbolQuery,
    response: zQuote,
  }),
  cryptoQuantifyList: list('GET', '/crypto/quantify_list', 'Virtual currencies (the AI quantify universe)'),
};

export const zWatchlistRow = z.object({
  id: z.number().int(),
  /** name */
  f14: z.string(),
  /** stock_code */
  f12: z.string(),
  /** change */
  f4: zDecimal,
  /** change_ratio */
  f3: zDecimal,
  /** volume */
  f5: zDecimal,
  /** price_nominal */
  f2: zDecimal,
  symbol: z.string(),
  market: z.enum(MARKET_CODES),
  source: z.enum(MarketSource),
  fall: z.boolean(),
  position: z.number().int(),
  quote: zQuoteRow,
});
export type WatchlistRow = z.infer<typeof zWatchlistRow>;

export const watchlistRoutes = {
  watchlist: route({
    method: 'GET',
    path: '/userSelfSecurity/selectSelfSelectionStocksData',
    auth: 'user',
    tag: 'watchlist',
    summary: "The caller's watchlist, in the caller's order, with live quotes",
    request: z.object({ spark: zFlag.optional() }),
    response: z.array(zWatchlistRow),
  }),
  watchlistSave: route({
    method: 'POST',
    path: '/userSelfSecurity/save',
    auth: 'user',
    tag: 'watchlist',
    summary: 'Add an instrument to the watchlist (no duplicates; added last)',
    request: z.object({
      secuCode: z.string({ error: 'v.fillRequired' }).trim().min(1, { error: 'v.fillRequired' }).max(30),
      market: z.string().trim().max(20).optional(),
      securityName: z.string().trim().max(100).optional(),
      classify: z.string().trim().max(50).optional(),
      assettype: z.union([z.string(), z.number()]).optional(),
    }),
    response: zWatchlistRow,
    rateLimit: { max: 120, windowSeconds: 60 },
  }),
  watchlistDelete: route({
    method: 'POST',
    path: '/userSelfSecurity/delete/:id',
    auth: 'user',
    tag: 'watchlist',
    summary: 'Remove a watchlist row by id',
    params: z.object({ id: z.coerce.number().int().positive() }),
    request: z.object({}),
    response: z.object({ removed: z.number().int() }),
  }),
  watchlistDeleteByCode: route({
    method: 'POST',
    path: '/userSelfSecurity/deleteByStockCode/:stockCode',
    auth: 'user',
    tag: 'watchlist',
    summary: 'Remove an instrument from the watchlist by symbol or code',
    params: z.object({ stockCode: z.string().trim().min(1).max(30) }),
    request: z.object({}),
    response: z.object({ removed: z.number().int() }),
  }),
  watchlistReorder: route({
    method: 'POST',
    path: '/userSelfSecurity/reorder',
    auth: 'user',
    tag: 'watchlist',
    summary: 'Put the watchlist in the given order of row ids',
    request: z.object({ ids: z.array(z.number().int().positive()).max(500) }),
    response: z.object({ ordered: z.number().int() }),
  }),
};
