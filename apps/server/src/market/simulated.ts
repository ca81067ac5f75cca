// The simulated market: every answer is a pure function of (seed, symbol, time) computed by
// SymbolModel; this file turns model integers into Snapshot/Candle/Tick strings and runs the
// live tick timer. Listings added at run time (listing.ts) are instruments like the others, with
// nothing before their first open.

import { BondPricer, CurveBondModel } from './bondModel';
import { CALENDARS, isoToDay, lastTradeAt, localDay, previousTradingDay, session as calendarSession } from './calendars';
import { formatSteps, quantisePositive } from './decimal';
import { ListingModel } from './listing';
import { MINUTE, type Bar, type DayPath, type Position, type SymbolModel } from './model';
import { hashString, mix, Rng, uniformOf } from './random';
import { createYieldCurves } from './curve';
import { createModel } from './relations';
import type { Candle, Instrument, KlineInterval, MarketProvider, SessionState, Snapshot, Tick } from './types';
import { UNIVERSE } from './universe';

export interface SimulatedMarketOptions {
  seed: string;
  /** Clock for "now" (live ticks, the forming candle). Defaults to Date.now. */
  now?: () => number;
  universe?: readonly Instrument[];
  /** Timer period of the tick loop in ms (default 50). */
  tickLoopMs?: number;
}

const INTERVAL_MS: Record<Exclude<KlineInterval, '1d' | '1w'>, number> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': 60 * MINUTE,
};

/** Typical quoted spread in basis points of the price, per asset class. */
const SPREAD_BPS: Record<Instrument['assetClass'], number> = {
  stock: 3,
  index: 1,
  future: 0.4,
  metal: 1,
  energy: 2,
  agri: 3,
  forex: 0.8,
  bond: 4,
  crypto: 1,
};

/** Everything about one instrument at one instant, in integers (ticks and lots). */
interface State {
  model: SymbolModel;
  session: SessionState;
  /** When its price was made: the moment asked while the market trades, its last trade while not. */
  time: number;
  day: number;
  path: DayPath | null;
  pos: Position;
  /** Regular-session figures of the trading day so far (null before the regular session opens). */
  today: Bar | null;
  last: number;
  /** The level actually trading now (the extended-hours price during pre/post). */
  trading: number;
  previousClose: number;
  pre: number | null;
  post: number | null;
  dayVolume: number;
}

export function createSimulatedMarket(options: SimulatedMarketOptions): MarketProvider {
  const now = options.now ?? (() => Date.now());
  let universe = options.universe ?? UNIVERSE;
  const bySymbol = new Map(universe.map((i) => [i.symbol, i] as const));
  const models = new Map<string, SymbolModel>();
  const sessions = new Map<string, { from: number; state: SessionState }>();
  const listeners = new Set<(tick: Tick) => void>();
  let timer: ReturnType<typeof setInterval> | null = null;
  // Bonds are priced from the yield curves (decision 0022), not walked.
  const bondPricer = new BondPricer(createYieldCurves(options.seed));

  function model(symbol: string): SymbolModel {
    let m = models.get(symbol);
    if (!m) {
      const instrument = bySymbol.get(symbol);
      if (!instrument) throw new Error(`unknown symbol ${symbol}`);
      m =
        instrument.assetClass === 'bond'
          ? new CurveBondModel(instrument, options.seed, bondPricer)
          : createModel(
              instrument,
              options.seed,
              (leg) => (bySymbol.has(leg) ? model(leg) : undefined),
              (other) => bySymbol.get(other),
            );
      models.set(symbol, m);
    }
    return m;
  }

  /** Session with a cache that is exact: a state holds unchanged from when it was computed until nextChange. */
  function sessionOf(m: SymbolModel, at: number): SessionState {
    // A listing has no session of its calendar before its first open, so it skips the shared cache then.
    if (m instanceof ListingModel && at < m.firstOpen) return m.sessionBefore();
    const key = `${m.instrument.calendar}|${m.extended ? 1 : 0}`;
    const hit = sessions.get(key);
    if (hit && hit.from <= at && at < hit.state.nextChange) return hit.state;
    const state = calendarSession(m.instrument.calendar, at, { extendedHours: m.extended });
    sessions.set(key, { from: at, state });
    return state;
  }

  /**
   * When the price at `at` was made: `at` while the market trades; while it does not, its last
   * trade (the end of its last priced session), so a closed market's quote is never stamped "now".
   * A listing before its first open has traded nothing: its offer price is of `at`.
   */
  function timeOf(m: SymbolModel, session: SessionState, at: number): number {
    if (session.tradable || (m instanceof ListingModel && at < m.firstOpen)) return at;
    return lastTradeAt(m.instrument.calendar, at, m.extended);
  }

  function stateAt(symbol: string, at: number): State {
    const m = model(symbol);
    const session = sessionOf(m, at);
    const time = timeOf(m, session, at);
    const day = isoToDay(session.tradingDay);
    const path = m.dayPath(day);
    const previousClose = path ? path.prevClose : m.closeTicks(previousTradingDay(m.instrument.calendar, day));
    if (!path) {
      return {
        model: m,
        session,
        time,
        day,
        path,
        pos: { done: 0, partial: -1, second: 0 },
        today: null,
        last: previousClose,
        trading: previousClose,
        previousClose,
        pre: null,
        post: null,
        dayVolume: 0,
      };
    }
    const pos = m.locate(path, at);
    const today = m.aggregate(path, path.regFrom, path.regTo, pos);
    // A bond's price is its one quote (bondModel.ts, `BondPricer.quote`), the bonds module's too.
    const last = m instanceof CurveBondModel ? m.quoteAt(at).ticks : today ? today.close : previousClose;
    const pre = m.extended ? m.levelIn(path, 0, path.regFrom, pos) : null;
    const post = m.extended ? m.levelIn(path, path.regTo, path.starts.length, pos) : null;
    const trading = session.phase === 'pre' && pre !== null ? pre : session.phase !== 'regular' && post !== null ? post : last;
    return { model: m, session, time, day, path, pos, today, last, trading, previousClose, pre, post, dayVolume: today ? today.volume : 0 };
  }

  /**
   * Bid and ask around the level they stand at: a class-typical spread, wider outside regular hours.
   * While the market trades that is the trading level (the extended-hours price in pre and post).
   * While it does not (closed, or Hong Kong's pre-open), it is the quote's last price, so a closed
   * quote reads bid <= last <= ask: a US stock's after-hours price is shown beside it, not under it.
   */
  function quote(s: State, at: number): { bid: number; ask: number; bidLots: number; askLots: number } {
    const m = s.model;
    const level = s.session.tradable ? s.trading : s.last;
    // Before its first open a listing has no book: it shows its offer price and nobody bids or offers.
    if (m instanceof ListingModel && at < m.firstOpen) return { bid: s.trading, ask: s.trading, bidLots: 0, askLots: 0 };
    const rng = new Rng(mix(mix(m.key, Math.floor(at / 1000)), 0x51ed27));
    const depth = Math.max(1, Number(m.instrument.averageDailyVolume) / m.lot.approx / 20_000);
    // A bond's dealers quote a fixed half-spread either side of the curve's price, at any hour.
    if (m instanceof CurveBondModel) {
      return {
        bid: Math.max(1, s.trading - m.halfSpread),
        ask: s.trading + m.halfSpread,
        bidLots: quantisePositive(depth * (0.3 + 2 * rng.next()), 1),
        askLots: quantisePositive(depth * (0.3 + 2 * rng.next()), 1),
      };
    }
    const bps = SPREAD_BPS[m.instrument.assetClass] * (s.session.phase === 'regular' ? 1 : 4);
    const spreadTicks = quantisePositive((level * bps) / 10_000, 1);
    const below = Math.max(1, Math.floor(spreadTicks / 2) + rng.below(2));
    const above = Math.max(1, spreadTicks - Math.floor(spreadTicks / 2) + rng.below(2));
    const bid = Math.max(1, level - below);
    // A level of one tick cannot have a positive bid below it; the book is then one-sided at 1.
    const ask = level + above;
    const bidLots = quantisePositive(depth * (0.3 + 2 * rng.next()), 1);
    const askLots = quantisePositive(depth * (0.3 + 2 * rng.next()), 1);
    return { bid, ask, bidLots, askLots };
  }

  function snapshot(symbol: string, at: number): Snapshot {
    const s = stateAt(symbol, at);
    const m = s.model;
    const px = (ticks: number): string => formatSteps(ticks, m.tick);
    const lots = (count: number): string => formatSteps(count, m.lot);
    // The book of its moment: a closed market's stands as its last trade left it.
    const q = quote(s, s.time);
    const year = m.yearRangeBefore(s.day);
    const high52 = Math.max(year?.high ?? 0, s.today?.high ?? s.last);
    const low52 = Math.min(year?.low ?? Number.POSITIVE_INFINITY, s.today?.low ?? s.last);
    const isFuture = m.instrument.source === 3;
    return {
      instrument: m.instrument,
      time: s.time,
      session: s.session,
      last: px(s.last),
      open: px(s.today?.open ?? s.previousClose),
      high: px(s.today?.high ?? s.previousClose),
      low: px(s.today?.low ?? s.previousClose),
      previousClose: px(s.previousClose),
      bid: px(q.bid),
      ask: px(q.ask),
      bidVolume: lots(q.bidLots),
      askVolume: lots(q.askLots),
      volume: lots(s.dayVolume),
      openInterest: isFuture ? formatSteps(m.openInterest(s.day, s.dayVolume), { decimals: 0, step: 1, approx: 1 }) : null,
      high52w: px(high52),
      low52w: px(low52),
      preMarketPrice: s.pre === null ? null : px(s.pre),
      postMarketPrice: s.post === null ? null : px(s.post),
    };
  }

  function tickOf(symbol: string, at: number): Tick {
    const s = stateAt(symbol, at);
    const m = s.model;
    const q = quote(s, at);
    return {
      symbol,
      time: at,
      price: formatSteps(s.trading, m.tick),
      bid: formatSteps(q.bid, m.tick),
      ask: formatSteps(q.ask, m.tick),
      bidVolume: formatSteps(q.bidLots, m.lot),
      askVolume: formatSteps(q.askLots, m.lot),
      dayVolume: formatSteps(s.dayVolume, m.lot),
    };
  }

  function toCandle(bar: Bar, m: SymbolModel): Candle {
    return {
      time: bar.time,
      open: formatSteps(bar.open, m.tick),
      high: formatSteps(bar.high, m.tick),
      low: formatSteps(bar.low, m.tick),
      close: formatSteps(bar.close, m.tick),
      volume: formatSteps(bar.volume, m.lot),
    };
  }

  /** Daily bars (complete, or as of `asOf` for the day in progress) for trading days starting in [from, to). */
  function dailyBars(m: SymbolModel, from: number, to: number, asOf: number): Bar[] {
    const tz = CALENDARS[m.instrument.calendar].timeZone;
    const bars: Bar[] = [];
    const last = localDay(tz, Math.min(to, asOf)) + 1;
    for (let d = localDay(tz, from) - 1; d <= last; d += 1) {
      if (!m.isTradingDay(d)) continue;
      const summary = m.daySummary(d);
      if (!summary || summary.time < from || summary.time >= to || summary.time > asOf) continue;
      if (asOf >= summary.end) {
        const { end: _end, ...bar } = summary;
        bars.push(bar);
      } else {
        const path = m.dayPath(d);
        const bar = path ? m.aggregate(path, path.regFrom, path.regTo, m.locate(path, asOf)) : null;
        if (bar) bars.push(bar);
      }
    }
    return bars;
  }

  function intradayBars(m: SymbolModel, width: number, from: number, to: number, asOf: number): Bar[] {
    const tz = CALENDARS[m.instrument.calendar].timeZone;
    const bars: Bar[] = [];
    const last = localDay(tz, Math.min(to, asOf)) + 1;
    for (let d = localDay(tz, from) - 1; d <= last; d += 1) {
      if (!m.isTradingDay(d)) continue;
      const summary = m.daySummary(d);
      if (!summary || summary.time > asOf || summary.time >= to) continue;
      if (summary.end + width <= from) continue;
      const path = m.dayPath(d);
      if (!path) continue;
      const pos = m.locate(path, asOf);
      let i = path.regFrom;
      while (i < path.regTo) {
        const bucket = Math.floor((path.starts[i] ?? 0) / width);
        let j = i + 1;
        while (j < path.regTo && Math.floor((path.starts[j] ?? 0) / width) === bucket) j += 1;
        const time = path.starts[i] ?? 0;
        if (time > asOf || time >= to) break;
        if (time >= from) {
          const bar = m.aggregate(path, i, j, pos);
          if (bar) bars.push(bar);
        }
        i = j;
      }
    }
    return bars;
  }

  function weeklyBars(m: SymbolModel, from: number, to: number, asOf: number): Bar[] {
    const days = dailyBars(m, from - 8 * 86_400_000, to, asOf);
    const tz = CALENDARS[m.instrument.calendar].timeZone;
    const weeks: Bar[] = [];
    let currentWeek = Number.NaN;
    for (const bar of days) {
      const day = localDay(tz, bar.time + 12 * 3_600_000);
      const week = Math.floor((day + 3) / 7); // weeks start on Monday (day 0 was a Thursday)
      const open = weeks[weeks.length - 1];
      if (week !== currentWeek || !open) {
        weeks.push({ ...bar });
        currentWeek = week;
      } else {
        open.high = Math.max(open.high, bar.high);
        open.low = Math.min(open.low, bar.low);
        open.close = bar.close;
        open.volume += bar.volume;
      }
    }
    return weeks.filter((w) => w.time >= from && w.time < to);
  }

  function candles(symbol: string, interval: KlineInterval, from: number, to: number): Candle[] {
    const m = model(symbol);
    // Candles are as of the earlier of now and the end of the range: the last one may be forming.
    const asOf = Math.min(now(), to - 1);
    if (!(from < to) || from > asOf) return [];
    let bars: Bar[];
    if (interval === '1d') bars = dailyBars(m, from, to, asOf);
    else if (interval === '1w') bars = weeklyBars(m, from, to, asOf);
    else bars = intradayBars(m, INTERVAL_MS[interval], from, to, asOf);
    return bars.map((b) => toCandle(b, m));
  }

  // ---- live ticks ----------------------------------------------------------------------------

  const loopMs = options.tickLoopMs ?? 50;
  const jitter = new Rng(hashString(`${options.seed}\u0000ticks`));
  const nextDue = new Map<string, number>();
  const busy = busyNames(universe);

  function shouldTick(m: SymbolModel, at: number): boolean {
    const state = sessionOf(m, at);
    return m.instrument.assetClass === 'index' ? state.phase === 'regular' : state.tradable;
  }

  function loop(): void {
    const at = now();
    for (const instrument of universe) {
      const due = nextDue.get(instrument.symbol) ?? at;
      if (due > at) continue;
      // Busy names tick about twice a second, the rest about once; the jitter keeps them out of step.
      const mean = busy.has(instrument.symbol) ? 500 : 900;
      nextDue.set(instrument.symbol, at + mean * (0.5 + jitter.next()));
      const m = model(instrument.symbol);
      if (!shouldTick(m, at)) continue;
      const tick = tickOf(instrument.symbol, at);
      for (const listener of listeners) {
        try {
          listener(tick);
        } catch {
          // A failing listener must not stop the market for the others.
        }
      }
    }
  }

  return {
    name: 'simulated',
    instruments: () => universe,
    instrument: (symbol) => bySymbol.get(symbol),
    addListings(instruments) {
      const added = instruments.filter((i) => !bySymbol.has(i.symbol));
      if (added.length === 0) return;
      // A new array, so that whoever keeps the last one sees the change by its identity.
      universe = [...universe, ...added];
      for (const i of added) bySymbol.set(i.symbol, i);
    },
    setBondSpreads(schedules) {
      const sorted = new Map([...schedules].map(([symbol, list]) => [symbol, [...list].sort((a, b) => a.from - b.from)] as const));
      const changed = [...sorted].filter(([symbol, list]) => JSON.stringify(list) !== JSON.stringify(bondPricer.schedule(symbol) ?? []));
      if (changed.length === 0) return;
      bondPricer.setSchedules(sorted);
      // Their paths and closes are memoised in the models: a changed schedule starts them afresh.
      for (const [symbol] of changed) models.delete(symbol);
    },
    session: (symbol, at) => sessionOf(model(symbol), at),
    snapshot,
    candles,
    onTick(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    start() {
      if (timer) return;
      // Spread the first ticks over the first second instead of a burst at start.
      const at = now();
      for (const i of universe) nextDue.set(i.symbol, at + 1000 * uniformOf(mix(hashString(i.symbol), 1)));
      timer = setInterval(loop, loopMs);
      timer.unref?.();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

/** The most traded names by turnover (volume times price) within each asset class tick more often. */
function busyNames(universe: readonly Instrument[]): ReadonlySet<string> {
  const byClass = new Map<string, Instrument[]>();
  for (const i of universe) {
    const list = byClass.get(i.assetClass) ?? [];
    list.push(i);
    byClass.set(i.assetClass, list);
  }
  const busy = new Set<string>();
  for (const list of byClass.values()) {
    const ranked = [...list].sort((a, b) => turnover(b) - turnover(a));
    for (const i of ranked.slice(0, Math.ceil(ranked.length * 0.4))) busy.add(i.symbol);
  }
  return busy;
}

function turnover(i: Instrument): number {
  return Number(i.averageDailyVolume) * Number(i.basePrice);
}
