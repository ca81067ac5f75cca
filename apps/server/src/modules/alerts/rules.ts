import type { AlertDirection, AlertKind } from '@tradeapp/contract';
import { Dec, percentOf, plain } from '../../lib/decimal';
import type { MarketProvider } from '../../market/types';

// When an alert is met, as pure functions of a price, so the engine (on a tick) and the service
// (on creation: is it met already?) decide alike. Every figure is a decimal string, never a float.

const INTERVAL_MS = { '1m': 60_000, '1d': 86_400_000 } as const;
export type MaInterval = keyof typeof INTERVAL_MS;

/** The day's change in percent, two decimals, as the quote shows it (`change_ratio`). */
export const dayChange = (price: string, previousClose: string) => percentOf(new Dec(price).sub(previousClose), previousClose);

export interface Condition {
  kind: AlertKind;
  direction: AlertDirection;
  level: string | null;
  percent: string | null;
}

/** Is a price or change alert met: the price at or above / at or below its level, the day's change up / down by at least its percentage. */
export function met(c: Condition, price: string, change: string): boolean {
  if (c.kind === 'price') return c.direction === 'above' ? new Dec(price).gte(c.level!) : new Dec(price).lte(c.level!);
  if (c.kind === 'change') return c.direction === 'above' ? new Dec(change).gte(c.percent!) : new Dec(change).lte(new Dec(c.percent!).neg());
  return false;
}

/**
 * A cross of the moving average: `arm` once the price is seen on the far side of the average from
 * where the alert waits (below it for `above`), `fire` when, armed, the price reaches its side (at
 * or above the average for `above`). A price already on its side when the alert is set is no cross.
 */
export function crossing(direction: AlertDirection, price: string, average: string, armed: boolean): 'fire' | 'arm' | null {
  const side = new Dec(price).cmp(average);
  const reached = direction === 'above' ? side >= 0 : side <= 0;
  if (reached) return armed ? 'fire' : null;
  return armed ? null : 'arm';
}

/**
 * Moving averages of an instrument's closed candles: the mean close of the last `period` candles
 * before the one forming at `at`. The forming candle is left out: its close is the live price, and
 * an average that moved with every tick would soften the very cross it is there to show. The
 * average changes only when a candle closes, so each is computed once per candle and kept.
 *
 * Computed here with decimal.js rather than an indicator library: the ones made for it
 * (trading-signals 8, technicalindicators) work in JS numbers, and a mean is a sum and a division.
 */
export function createMovingAverages(provider: Pick<MarketProvider, 'candles'>) {
  const kept = new Map<string, { bucket: number; value: string | null }>();
  return function average(symbol: string, interval: MaInterval, period: number, at: number): string | null {
    const ms = INTERVAL_MS[interval];
    const bucket = Math.floor(at / ms);
    const key = `${symbol}|${interval}|${period}`;
    const hit = kept.get(key);
    if (hit && hit.bucket === bucket) return hit.value;
    const closed = (from: number) => provider.candles(symbol, interval, from, at + 1).filter((c) => !(c.time <= at && at < c.time + ms));
    // Markets shut at nights, weekends and holidays: look back twice the span, then a week more.
    let candles = closed(at - 2 * period * ms);
    if (candles.length < period) candles = closed(at - 2 * period * ms - 7 * INTERVAL_MS['1d']);
    const value =
      candles.length < period
        ? null
        : plain(
            candles
              .slice(-period)
              .reduce((sum, c) => sum.add(c.close), new Dec(0))
              .div(period),
          );
    kept.set(key, { bucket, value });
    return value;
  };
}
export type MovingAverages = ReturnType<typeof createMovingAverages>;

/** An average for the screens and notices: the instrument's price decimals and two more. */
export const shownAverage = (average: string, tickSize: string) => {
  const dp = tickSize.includes('.') ? tickSize.split('.')[1]!.length : 0;
  return new Dec(average).toFixed(dp + 2, Dec.ROUND_HALF_UP);
};
