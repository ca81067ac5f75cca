import type { Candle, KlineRange } from '@tradeapp/contract';
import { toWallClockSeconds } from '../../lib/format';

// What each chart tab draws, and the candles before it that only feed the indicators. The kline
// route answers a range (decision 0010) and takes no size or start: indicators computed over the
// drawn candles alone would start 20 (MA20) to 34 (MACD's signal) candles into the chart. So a
// chart is given more candles than it draws, and the first ones are hidden: a longer range's
// candles of the same interval before the range's first (Day and 3M from 1Y's daily candles), or
// the range's own first candles when its tab names the candle and not the window (5 days, 60 min).

/** Candles an indicator reads before its first full value: MACD(12,26,9)'s signal, the longest (26 + 9 − 1). */
export const WARM_UP_BARS = 34;

/** Trading days the "5 days" tab draws (the 1w range answers seven calendar days of 30-minute candles). */
export const FIVE_DAYS = 5;

/** Ranges whose warm-up comes from a longer range of the same interval (all daily candles). */
export const HISTORY_OF: Partial<Record<KlineRange, KlineRange>> = { '1d': '1y', '3m': '1y' };

interface KlineAnswer {
  range: KlineRange;
  interval: string;
  candles: Candle[];
}

export interface WarmedCandles {
  /** Warm-up candles first, then the ones drawn. */
  candles: Candle[];
  /** The first drawn candle's time (as the server sent it); undefined when every candle is drawn. */
  visibleFrom: number | undefined;
}

const seconds = (time: number) => (time > 1e11 ? Math.floor(time / 1000) : time);

/** The first candle of the last `days` days the candles cover, dates on the exchange's clock; undefined when they cover no more. */
export function lastTradingDaysFrom(candles: readonly Candle[], days: number, timeZone: string): number | undefined {
  let seen = 0;
  let day: number | undefined;
  for (let i = candles.length - 1; i >= 0; i -= 1) {
    const d = Math.floor(toWallClockSeconds(seconds(candles[i]!.time), timeZone) / 86_400);
    if (d !== day) {
      if (seen === days) return candles[i + 1]!.time;
      seen += 1;
      day = d;
    }
  }
  return undefined;
}

/**
 * The candles a chart is given and the first it draws. `history` is the answer of HISTORY_OF[range]
 * (ignored when it is not that range or not the same interval, as while a new tab loads).
 */
export function warmUp(kline: KlineAnswer, history: KlineAnswer | undefined, timeZone: string | undefined): WarmedCandles {
  const { candles } = kline;
  const first = candles[0];
  if (!first) return { candles, visibleFrom: undefined };
  if (kline.range === '1w') return { candles, visibleFrom: lastTradingDaysFrom(candles, FIVE_DAYS, timeZone ?? 'UTC') };
  if (kline.range === '1m') return { candles, visibleFrom: candles.length > 2 * WARM_UP_BARS ? candles[WARM_UP_BARS]!.time : undefined };
  const longer = HISTORY_OF[kline.range];
  if (longer && history?.range === longer && history.interval === kline.interval) {
    const start = seconds(first.time);
    const before = history.candles.filter((c) => seconds(c.time) < start).slice(-WARM_UP_BARS);
    if (before.length > 0) return { candles: [...before, ...candles], visibleFrom: first.time };
  }
  return { candles, visibleFrom: undefined };
}
