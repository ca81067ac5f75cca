import type { CalendarId, MarketSource, SessionState } from '@tradeapp/contract';

// The market engine's interface. Prices, sizes and volumes are exact decimal strings; the
// simulation may model in floating point but every number it emits is quantised to the
// instrument's tick (prices) or lot (sizes) and written as a decimal string.

export type AssetClass = 'stock' | 'future' | 'forex' | 'bond' | 'index' | 'metal' | 'energy' | 'agri' | 'crypto';

/** The market segment an instrument is listed under on the screens. */
export type MarketCode = 'US' | 'HK' | 'DE' | 'NL' | 'BE' | 'MX' | 'FUT' | 'FX' | 'BOND' | 'INDEX' | 'CRYPTO';

/** The trading calendar an instrument follows (hours, time zone, holidays): the contract's one exchange calendar. */
export type { CalendarId } from '@tradeapp/contract';

export interface Instrument {
  /** Unique key across every market, e.g. `AAPL`, `0700.HK`, `ASML.AS`, `EURUSD`, `BTCUSDT`, `GC`. */
  symbol: string;
  /** The code as the screens show it (`stock_code`), e.g. `AAPL`, `00700`, `ASML`. */
  code: string;
  name: string;
  market: MarketCode;
  /** NASDAQ, NYSE, AMEX, HKEX, XETRA, EURONEXT-AMS, EURONEXT-BRU, BMV, CME, COMEX, NYMEX, CBOT, ICE, FX, CRYPTO, OTC, INDEX. */
  exchange: string;
  assetClass: AssetClass;
  calendar: CalendarId;
  source: MarketSource;
  currency: string;
  tickSize: string;
  lotSize: string;
  minQuantity: string;
  /** Plausible price around which the seeded simulation starts its history. */
  basePrice: string;
  /** Annualised volatility as a decimal fraction, e.g. "0.30"; realistic for the asset class. */
  volatility: string;
  /** Typical daily volume in units (shares, contracts, coins). */
  averageDailyVolume: string;
  /** Shares outstanding for market cap (stocks only). */
  sharesOutstanding?: string;
  /** Futures: expiry date (YYYY-MM-DD). Bonds: maturity date. */
  expiry?: string;
  /** Bonds: annual coupon rate in percent, e.g. "4.25"; "0" for a bill. */
  couponRate?: string;
  /**
   * Bills: the tenor in weeks. A bill is issued every Thursday, so its quote is for the newest issue
   * (bondTerms.ts) and it has no fixed `expiry`.
   */
  billWeeks?: number;
  /** One or two sentences about the company or contract, in English. */
  profile: string;
  /** Sector or category shown in lists, e.g. "Technology", "Metals", "Majors". */
  classify: string;
  /**
   * A listing (an IPO deal's instrument, decision 0019): the day it starts trading (YYYY-MM-DD on
   * its exchange's calendar; a day the exchange is shut means the next one it opens). It has no
   * session, candle or history before that day's regular open; `basePrice` is its offer price.
   */
  listedOn?: string;
  /** A listing's oversubscription (demand over the lots offered, e.g. "12.50"), which its first-day move is drawn around. */
  oversubscription?: string;
}

export type { SessionPhase, SessionState } from '@tradeapp/contract';

/** One price point of the live stream. */
export interface Tick {
  symbol: string;
  time: number;
  price: string;
  bid: string;
  ask: string;
  bidVolume: string;
  askVolume: string;
  /** Volume traded so far in the current trading day. */
  dayVolume: string;
}

export type KlineInterval = '1m' | '5m' | '15m' | '30m' | '1h' | '1d' | '1w';

export interface Candle {
  /** Epoch ms of the candle's start. */
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

/** A full snapshot of one instrument at one moment: everything a quote screen shows. */
export interface Snapshot {
  instrument: Instrument;
  /**
   * When its price was made: the moment asked while the market trades; while it does not (closed,
   * or the HK pre-open), the time of its last trade, the end of its last priced session.
   */
  time: number;
  session: SessionState;
  last: string;
  open: string;
  high: string;
  low: string;
  previousClose: string;
  /**
   * The book's best prices: around the trading level while the market trades (the after-hours price
   * in a US stock's pre and post), around `last` while it does not, so a closed quote has bid <= last <= ask.
   */
  bid: string;
  ask: string;
  bidVolume: string;
  askVolume: string;
  volume: string;
  /** Futures only. */
  openInterest: string | null;
  high52w: string;
  low52w: string;
  /** Price of the extended sessions (US stocks); null where the market has none or it has not traded yet today. */
  preMarketPrice: string | null;
  postMarketPrice: string | null;
}

export interface MarketProvider {
  readonly name: string;
  instruments(): readonly Instrument[];
  instrument(symbol: string): Instrument | undefined;
  session(symbol: string, at: number): SessionState;
  snapshot(symbol: string, at: number): Snapshot;
  /** Candles with `time` in [from, to), oldest first; during a session the last one is still forming. */
  candles(symbol: string, interval: KlineInterval, from: number, to: number): Candle[];
  /**
   * Instruments known only at run time (listings): each one whose symbol is new joins the market,
   * one already known is left as it is, so adding the same listings again changes nothing and
   * every node given the same listings computes the same prices. Absent where a provider cannot
   * price them (the replay provider plays recorded instruments only).
   */
  addListings?(instruments: readonly Instrument[]): void;
  /**
   * The bond listings' spreads over their curves (decision 0022), each a schedule of changes by
   * moment, so a price at any moment uses the spread then. Absent where bonds are not priced from
   * the curve (the replay provider).
   */
  setBondSpreads?(schedules: ReadonlyMap<string, ReadonlyArray<{ from: number; spreadBp: string }>>): void;
  /** Live ticks for every instrument whose market is trading; returns the unsubscribe. */
  onTick(listener: (tick: Tick) => void): () => void;
  start(): void;
  stop(): void;
}
