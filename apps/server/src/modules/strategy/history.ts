import { Dec } from '../../lib/decimal';
import type { DailyBar } from './strategies';

// The trigger engine's liquidation, applied to the market's history (decision 0020, "As built"): an
// agency's backfilled days are traded through the order path, and between two of its decisions a
// position whose price reached its liquidation price is liquidated as the live engine would have.

/** A position as the check needs it: its liquidation price (null: none, leverage 1) and when it opened. */
export interface Exposed {
  id: number;
  symbol: string;
  direction: number;
  openedAt: number;
  level: string | null;
}

/** A position the market's history liquidated: at what price and when. */
export interface Liquidation {
  id: number;
  price: Dec;
  at: Date;
}

/**
 * The positions whose price reached their liquidation price in the hourly bars from `from` to `to`
 * (one day's hours): a long when an hour's low is at or under it, a short when an hour's high is at
 * or over it, in an hour that began after the position opened. At the liquidation price, in the
 * middle of that hour; where the hour opened past it (a gap), at its open, at its start. `cursors`
 * keeps each symbol's place in `hours` from one day to the next. Oldest first.
 */
export function liquidatedWithin(
  positions: readonly Exposed[],
  hours: ReadonlyMap<string, readonly DailyBar[]>,
  cursors: Map<string, number>,
  from: number,
  to: number,
): Liquidation[] {
  const found: Liquidation[] = [];
  for (const [symbol, bars] of hours) {
    let n = cursors.get(symbol) ?? 0;
    while (n < bars.length && bars[n]!.time < from) n += 1;
    const first = n;
    while (n < bars.length && bars[n]!.time < to) n += 1;
    cursors.set(symbol, n);
    for (const p of positions) {
      if (p.symbol !== symbol || p.level === null) continue;
      const long = p.direction === 0;
      for (const bar of bars.slice(first, n)) {
        if (bar.time < p.openedAt) continue;
        if (!(long ? bar.low.lte(p.level) : bar.high.gte(p.level))) continue;
        const gapped = long ? bar.open.lte(p.level) : bar.open.gte(p.level);
        found.push({ id: p.id, price: gapped ? bar.open : new Dec(p.level), at: new Date(gapped ? bar.time : bar.time + 30 * 60_000) });
        break;
      }
    }
  }
  return found.sort((x, y) => x.at.getTime() - y.at.getTime() || x.id - y.id);
}
