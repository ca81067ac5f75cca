import { OrderDirection } from '@tradeapp/contract';
import { Dec } from '../../lib/decimal';
import { change, weekOf, type DailyBar, type Decision, type StrategyDef } from '../strategy';

// The AI quantify pools' rules (decision 0021, "AI quantify"): house strategies over baskets of the
// market, pure functions of the daily candles up to a day's close and of what the pool holds, in the
// agencies' form (strategy/strategies.ts) so that one daily loop runs both. Exact decimals throughout.

export const POOL_RULES = ['pairs', 'momentum', 'volTarget'] as const;
export type PoolRule = (typeof POOL_RULES)[number];

const { Buy, Sell } = OrderDirection;
const DAYS_A_YEAR = 365;

const lastOf = (bars: ReadonlyMap<string, readonly DailyBar[]>, symbol: string) => bars.get(symbol) ?? [];

/** The sample standard deviation of `xs` (n − 1); null with fewer than two. */
export function stdev(xs: readonly Dec[]): Dec | null {
  if (xs.length < 2) return null;
  const mean = xs.reduce((a, x) => a.add(x), new Dec(0)).div(xs.length);
  return xs
    .reduce((a, x) => a.add(x.sub(mean).pow(2)), new Dec(0))
    .div(xs.length - 1)
    .sqrt();
}

/** How far the last of `xs` is from their mean, in standard deviations; null when they do not vary or are too few. */
export function zScore(xs: readonly Dec[]): Dec | null {
  const sd = stdev(xs);
  if (!sd || sd.isZero()) return null;
  const mean = xs.reduce((a, x) => a.add(x), new Dec(0)).div(xs.length);
  return xs[xs.length - 1]!.sub(mean).div(sd);
}

/** The annualised volatility of the last `n` daily changes of close (a 24/7 market: 365 days); null with fewer bars. */
export function annualVolatility(bars: readonly DailyBar[], n: number): Dec | null {
  if (bars.length < n + 1) return null;
  const last = bars.slice(-(n + 1));
  const changes = last.slice(1).map((b, k) => b.close.div(last[k]!.close).sub(1));
  return stdev(changes)?.mul(new Dec(DAYS_A_YEAR).sqrt()) ?? null;
}

/** A week's first close: the weekly pools rebalance then. */
const weekStarts = (calendar: readonly DailyBar[]) =>
  calendar.length >= 2 && weekOf(calendar[calendar.length - 1]!.time) !== weekOf(calendar[calendar.length - 2]!.time);

/**
 * Market-neutral pairs on Coca-Cola and PepsiCo: the ratio of their closes against its 20-day mean.
 * Two standard deviations over: short Coca-Cola and buy PepsiCo; two under: the reverse; each leg
 * half the equity in notional, so the pool is as long as it is short. Out when the ratio is back
 * within half a deviation or after 20 trading days. At 2x, so that half the pool stays in cash: its
 * fee and its investors' redemptions are paid from cash, never by selling.
 */
const pairs: StrategyDef = {
  symbols: ['KO', 'PEP'],
  leverage: 2,
  warmup: 21,
  decide(bars, held) {
    const d: Decision = { close: [], open: [] };
    const a = lastOf(bars, 'KO');
    const b = lastOf(bars, 'PEP');
    const n = Math.min(a.length, b.length, 20);
    if (n < 20) return d;
    const ratios = a.slice(-n).map((bar, k) => bar.close.div(b[b.length - n + k]!.close));
    const z = zScore(ratios);
    if (!z) return d;
    if (held.length > 0) {
      const days = a.filter((bar) => bar.time > held[0]!.openedAt).length;
      if (z.abs().lte('0.5') || days >= 20) d.close.push(...held.map((h) => h.id));
      return d;
    }
    if (z.gte(2)) d.open.push({ symbol: 'KO', direction: Sell, weight: new Dec('0.5') }, { symbol: 'PEP', direction: Buy, weight: new Dec('0.5') });
    else if (z.lte(-2)) d.open.push({ symbol: 'KO', direction: Buy, weight: new Dec('0.5') }, { symbol: 'PEP', direction: Sell, weight: new Dec('0.5') });
    return d;
  },
};

/**
 * Momentum across the US index futures: at each week's first close, hold long each future whose
 * 60-day change is above zero and nothing of the others; each 30 % of equity in notional at 2x.
 */
const momentum: StrategyDef = {
  symbols: ['ES', 'NQ', 'YM'],
  leverage: 2,
  warmup: 61,
  decide(bars, held) {
    const d: Decision = { close: [], open: [] };
    if (!weekStarts(lastOf(bars, this.symbols[0]!))) return d;
    for (const symbol of this.symbols) {
      const c = change(lastOf(bars, symbol), 60);
      if (!c) continue;
      const mine = held.filter((h) => h.symbol === symbol);
      if (c.gt(0)) {
        if (mine.length === 0) d.open.push({ symbol, direction: Buy, weight: new Dec('0.3') });
      } else d.close.push(...mine.map((h) => h.id));
    }
    return d;
  },
};

/**
 * Volatility-targeted crypto: long Bitcoin and Ether, each sized at each week's first close so that
 * it alone would move the pool about 15 % a year: weight = 0.15 ÷ its 20-day annualised volatility,
 * at most half the equity, at 2x (the retail cap for crypto), so that at least half the pool stays in
 * cash. Rebalancing closes the week's positions and opens the new sizes.
 */
const volTarget: StrategyDef = {
  symbols: ['BTCUSDT', 'ETHUSDT'],
  leverage: 2,
  warmup: 21,
  decide(bars, held) {
    const d: Decision = { close: [], open: [] };
    if (!weekStarts(lastOf(bars, this.symbols[0]!))) return d;
    d.close.push(...held.map((h) => h.id));
    for (const symbol of this.symbols) {
      const vol = annualVolatility(lastOf(bars, symbol), 20);
      if (!vol || vol.isZero()) continue;
      d.open.push({ symbol, direction: Buy, weight: Dec.min(new Dec('0.5'), new Dec('0.15').div(vol)).toDecimalPlaces(4, Dec.ROUND_DOWN) });
    }
    return d;
  },
};

export const POOL_STRATEGIES: Readonly<Record<PoolRule, StrategyDef>> = { pairs, momentum, volTarget };
