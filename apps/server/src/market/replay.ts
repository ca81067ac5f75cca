// The replay market: recorded candles played back as ticks, in a loop. It is the second
// implementation of MarketProvider and the proof that nothing upstream depends on the simulation.
//
// A directory holds one `SYMBOL.csv` per instrument (header `time,open,high,low,close,volume`, time
// as ISO 8601 or epoch ms) and optionally `instruments.json` (an array of Instrument); symbols not in
// it are looked up in UNIVERSE. Playback starts when the provider is created: `speed` candles per
// second, each candle's close becoming one tick. Every answer is a function of the replay clock, so
// snapshot and candles only ever show what has been played. Loop l shifts the recorded times by l
// times the recording's span, so candle times keep increasing across loops.

import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { CALENDARS, dayToIso, localDay } from './calendars';
import { decimalsOf, formatSteps, increment, quantise, toUnits, type Increment } from './decimal';
import type { Candle, Instrument, KlineInterval, MarketProvider, SessionState, Snapshot, Tick } from './types';
import { UNIVERSE } from './universe';

export interface ReplayMarketOptions {
  dir: string;
  /** Candles played per second (default 1). */
  speed?: number;
  now?: () => number;
  /** Where symbols missing from instruments.json are looked up (default UNIVERSE). */
  universe?: readonly Instrument[];
}

interface Row {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

interface Series {
  instrument: Instrument;
  tick: Increment;
  lot: Increment;
  rows: Row[];
  /** Running figures of a loop up to and including row i. */
  highTo: number[];
  lowTo: number[];
  volumeTo: number[];
  /** Time shift between two loops: the recording's length plus one candle. */
  span: number;
  /** The recording's candle width. */
  step: number;
  yearHigh: number;
  yearLow: number;
}

const DAY = 86_400_000;

export function createReplayMarket(options: ReplayMarketOptions): MarketProvider {
  const now = options.now ?? (() => Date.now());
  const speed = options.speed ?? 1;
  if (!(speed > 0)) throw new Error('replay speed must be positive');
  const series = loadDirectory(options.dir, options.universe ?? UNIVERSE);
  const instruments = [...series.values()].map((s) => s.instrument);
  const origin = now();
  const listeners = new Set<(tick: Tick) => void>();
  const emitted = new Map<string, number>();
  let timer: ReturnType<typeof setInterval> | null = null;

  function get(symbol: string): Series {
    const s = series.get(symbol);
    if (!s) throw new Error(`unknown symbol ${symbol}`);
    return s;
  }

  /** How many candles have been played at `at` (the first is played at creation). */
  function played(at: number): number {
    return Math.max(0, Math.floor(((at - origin) * speed) / 1000));
  }

  function sessionOf(s: Series, at: number): SessionState {
    const k = played(at);
    const row = s.rows[k % s.rows.length];
    const timeZone = CALENDARS[s.instrument.calendar].timeZone;
    // The recording is its own world: it trades whenever it plays.
    return {
      phase: 'regular',
      tradable: true,
      tradingDay: dayToIso(localDay(timeZone, (row?.time ?? 0) + Math.floor(k / s.rows.length) * s.span)),
      timeZone,
      nextChange: origin + Math.ceil(((k + 1) * 1000) / speed),
    };
  }

  function snapshot(symbol: string, at: number): Snapshot {
    const s = get(symbol);
    const k = played(at);
    const n = s.rows.length;
    const r = k % n;
    const row = s.rows[r] ?? emptyRow();
    const last = row.close;
    const previousClose = k >= n ? (s.rows[n - 1]?.close ?? last) : (s.rows[0]?.open ?? last);
    const px = (ticks: number): string => formatSteps(ticks, s.tick);
    const lots = (count: number): string => formatSteps(count, s.lot);
    return {
      instrument: s.instrument,
      time: at,
      session: sessionOf(s, at),
      last: px(last),
      open: px(s.rows[0]?.open ?? last),
      high: px(s.highTo[r] ?? last),
      low: px(s.lowTo[r] ?? last),
      previousClose: px(previousClose),
      bid: px(Math.max(1, last - 1)),
      ask: px(last + 1),
      bidVolume: lots(10),
      askVolume: lots(10),
      volume: lots(s.volumeTo[r] ?? 0),
      openInterest: null,
      high52w: px(s.yearHigh),
      low52w: px(s.yearLow),
      preMarketPrice: null,
      postMarketPrice: null,
    };
  }

  function candles(symbol: string, interval: KlineInterval, from: number, to: number): Candle[] {
    const s = get(symbol);
    const asOf = Math.min(now(), to - 1);
    const k = played(asOf);
    const n = s.rows.length;
    const first = s.rows[0]?.time ?? 0;
    const rows: Row[] = [];
    for (let l = Math.max(0, Math.floor((from - first) / s.span) - 1); l <= Math.floor(k / n); l += 1) {
      const upTo = l < Math.floor(k / n) ? n - 1 : k % n;
      for (let i = 0; i <= upTo; i += 1) {
        const row = s.rows[i];
        if (row) rows.push({ ...row, time: row.time + l * s.span });
      }
    }
    const buckets = bucketize(rows, interval, s);
    return buckets
      .filter((b) => b.time >= from && b.time < to)
      .map((b) => ({
        time: b.time,
        open: formatSteps(b.open, s.tick),
        high: formatSteps(b.high, s.tick),
        low: formatSteps(b.low, s.tick),
        close: formatSteps(b.close, s.tick),
        volume: formatSteps(b.volume, s.lot),
      }));
  }

  function emitDue(): void {
    const k = played(now());
    const at = now();
    for (const s of series.values()) {
      const n = s.rows.length;
      const done = emitted.get(s.instrument.symbol) ?? -1;
      // After a long pause do not flood listeners with a backlog: at most one loop's worth.
      for (let j = Math.max(done + 1, k - n + 1); j <= k; j += 1) {
        const r = j % n;
        const row = s.rows[r] ?? emptyRow();
        const tick: Tick = {
          symbol: s.instrument.symbol,
          time: at,
          price: formatSteps(row.close, s.tick),
          bid: formatSteps(Math.max(1, row.close - 1), s.tick),
          ask: formatSteps(row.close + 1, s.tick),
          bidVolume: formatSteps(10, s.lot),
          askVolume: formatSteps(10, s.lot),
          dayVolume: formatSteps(s.volumeTo[r] ?? 0, s.lot),
        };
        for (const listener of listeners) {
          try {
            listener(tick);
          } catch {
            // One failing listener must not stop the replay for the others.
          }
        }
      }
      emitted.set(s.instrument.symbol, k);
    }
  }

  return {
    name: 'replay',
    instruments: () => instruments,
    instrument: (symbol) => series.get(symbol)?.instrument,
    session: (symbol, at) => sessionOf(get(symbol), at),
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
      timer = setInterval(emitDue, Math.max(10, Math.floor(1000 / speed)));
      timer.unref?.();
      emitDue();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

function emptyRow(): Row {
  return { time: 0, open: 1, high: 1, low: 1, close: 1, volume: 0 };
}

// ---- loading -------------------------------------------------------------------------------

function loadDirectory(dir: string, universe: readonly Instrument[]): Map<string, Series> {
  const declared = new Map<string, Instrument>();
  const metaFile = join(dir, 'instruments.json');
  if (existsSync(metaFile)) {
    const parsed: unknown = JSON.parse(readFileSync(metaFile, 'utf8'));
    if (!Array.isArray(parsed)) throw new Error(`${metaFile}: expected an array of instruments`);
    for (const item of parsed as Instrument[]) declared.set(item.symbol, item);
  }
  const known = new Map(universe.map((i) => [i.symbol, i] as const));
  const result = new Map<string, Series>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.csv'))
    .sort()) {
    const symbol = file.slice(0, -'.csv'.length);
    const instrument = declared.get(symbol) ?? known.get(symbol);
    if (!instrument) throw new Error(`${file}: no instrument ${symbol} in instruments.json or the universe`);
    result.set(symbol, toSeries(instrument, readFileSync(join(dir, file), 'utf8'), file));
  }
  if (result.size === 0) throw new Error(`${dir}: no SYMBOL.csv files to replay`);
  return result;
}

/** Parse a CSV of candles; prices snap to the tick grid and volumes to the lot grid. */
export function parseCandleCsv(text: string, tick: Increment, lot: Increment, file = 'csv'): Row[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = (lines.shift() ?? '').split(',').map((h) => h.trim().toLowerCase());
  const col = (name: string): number => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`${file}: missing column ${name}`);
    return i;
  };
  const idx = { time: col('time'), open: col('open'), high: col('high'), low: col('low'), close: col('close'), volume: col('volume') };
  const rows = lines.map((line, n) => {
    const cells = line.split(',').map((c) => c.trim());
    const cell = (i: number): string => {
      const v = cells[i];
      if (v === undefined || v === '') throw new Error(`${file}:${n + 2}: missing value`);
      return v;
    };
    const rawTime = cell(idx.time);
    const time = /^\d+$/.test(rawTime) ? Number(rawTime) : Date.parse(rawTime);
    if (!Number.isFinite(time)) throw new Error(`${file}:${n + 2}: bad time ${rawTime}`);
    return {
      time,
      open: onGrid(cell(idx.open), tick),
      high: onGrid(cell(idx.high), tick),
      low: onGrid(cell(idx.low), tick),
      close: onGrid(cell(idx.close), tick),
      volume: onGrid(cell(idx.volume), lot),
    };
  });
  rows.sort((a, b) => a.time - b.time);
  return rows;
}

/** The nearest whole number of increments to a decimal string, in integer arithmetic. */
function onGrid(text: string, inc: Increment): number {
  const decimals = Math.max(inc.decimals, decimalsOf(text));
  const units = toUnits(text, decimals);
  return quantise(units, inc.step * 10 ** (decimals - inc.decimals));
}

function toSeries(instrument: Instrument, csv: string, file: string): Series {
  const tick = increment(instrument.tickSize);
  const lot = increment(instrument.lotSize);
  const rows = parseCandleCsv(csv, tick, lot, file);
  if (rows.length === 0) throw new Error(`${file}: no rows`);
  const highTo: number[] = [];
  const lowTo: number[] = [];
  const volumeTo: number[] = [];
  let high = 0;
  let low = Number.POSITIVE_INFINITY;
  let sum = 0;
  let step = Number.POSITIVE_INFINITY;
  rows.forEach((row, i) => {
    high = Math.max(high, row.high);
    low = Math.min(low, row.low);
    sum += row.volume;
    highTo.push(high);
    lowTo.push(low);
    volumeTo.push(sum);
    const prev = rows[i - 1];
    if (prev && row.time > prev.time) step = Math.min(step, row.time - prev.time);
  });
  if (!Number.isFinite(step)) step = 60_000;
  const span = (rows[rows.length - 1]?.time ?? 0) - (rows[0]?.time ?? 0) + step;
  return { instrument, tick, lot, rows, highTo, lowTo, volumeTo, span, step, yearHigh: high, yearLow: low };
}

// ---- aggregation ---------------------------------------------------------------------------

const WIDTH: Record<KlineInterval, number> = { '1m': 60_000, '5m': 300_000, '15m': 900_000, '30m': 1_800_000, '1h': 3_600_000, '1d': DAY, '1w': 7 * DAY };

/** Group rows into candles of `interval` (rows wider than the interval are returned as they are). */
function bucketize(rows: Row[], interval: KlineInterval, s: Series): Row[] {
  if (WIDTH[interval] <= s.step) return rows;
  const timeZone = CALENDARS[s.instrument.calendar].timeZone;
  const keyOf = (time: number): number => {
    if (interval === '1d') return localDay(timeZone, time);
    if (interval === '1w') return Math.floor((localDay(timeZone, time) + 3) / 7);
    return Math.floor(time / WIDTH[interval]);
  };
  const out: Row[] = [];
  let currentKey = Number.NaN;
  for (const row of rows) {
    const key = keyOf(row.time);
    const open = out[out.length - 1];
    if (key !== currentKey || !open) {
      out.push({ ...row });
      currentKey = key;
    } else {
      open.high = Math.max(open.high, row.high);
      open.low = Math.min(open.low, row.low);
      open.close = row.close;
      open.volume += row.volume;
    }
  }
  return out;
}
