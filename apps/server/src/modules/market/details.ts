import { TAPE_PRINTS, type KlineRange, type MarketCode, type Quote } from '@tradeapp/contract';
import { notFound } from '../../errors';
import { Dec, fixed } from '../../lib/decimal';
import type { Instrument, KlineInterval } from '../../market/types';
import { DAY, type MarketContext } from './context';
import { bookOf, tapeOf, type Book, type TradePrint } from './depth';

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

/** One instrument or one market at a time: its quote, chart, book and tape, summary; a market's status. */
export function createDetails(ctx: MarketContext) {
  const { provider, now, known, lastKnown, resolve, snapshot, quoteOf, nextOpen, watchedSymbols } = ctx;

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

  return {
    quote,
    kline,
    depth,
    marketStatus,
    /** Every market's status, each market once. */
    marketStatuses: () => [...new Set(lastKnown().map((i) => i.market))].map(marketStatus),

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
      for (const i of lastKnown().filter((x) => x.market === 'FUT')) {
        const entry = counts.get(i.classify) ?? { classify: i.classify, assetClass: i.assetClass, count: 0 };
        entry.count++;
        counts.set(i.classify, entry);
      }
      return [...counts.values()];
    },
  };
}
