import { Dec } from '../../lib/decimal';

// A grid robot's rule (decision 0021, "Robots"), as pure functions of its parameters and the quotes
// it sees, so that the job, the backfill of a test's scripted path and a test recomputing a robot's
// trades all say the same thing. Long-only and spot-like: each cell buys at its level and sells the
// same quantity one level up; a completed pair is the grid's profit. Exact decimals throughout.

export type GridMode = 'arithmetic' | 'geometric';

export interface GridParams {
  lower: string;
  upper: string;
  /** The number of cells between lower and upper (levels = cells + 1). */
  cells: number;
  mode: GridMode;
  /** The pair's tick: every level is on it. */
  tick: string;
}

const onTick = (value: Dec, tick: string) => value.div(tick).toDecimalPlaces(0, Dec.ROUND_HALF_UP).mul(tick);

/**
 * The grid's levels from lower to upper, on the tick: arithmetic, an equal step of (upper − lower) ÷
 * cells; geometric, an equal ratio of (upper ÷ lower)^(1 ÷ cells). Refused when the range is empty,
 * there is no cell, or two levels fall on the same tick.
 */
export function gridLevels(p: GridParams): Dec[] {
  const lower = new Dec(p.lower);
  const upper = new Dec(p.upper);
  if (!(lower.gt(0) && upper.gt(lower)) || !Number.isInteger(p.cells) || p.cells < 1) throw new Error('a grid needs 0 < lower < upper and at least one cell');
  const ratio = p.mode === 'geometric' ? upper.div(lower).pow(new Dec(1).div(p.cells)) : null;
  const step = upper.sub(lower).div(p.cells);
  const levels: Dec[] = [];
  for (let i = 0; i <= p.cells; i += 1) {
    const raw = i === p.cells ? upper : ratio ? lower.mul(ratio.pow(i)) : lower.add(step.mul(i));
    levels.push(onTick(raw, p.tick));
  }
  for (let i = 1; i < levels.length; i += 1)
    if (!levels[i]!.gt(levels[i - 1]!)) throw new Error('two levels of the grid fall on the same tick: fewer cells or a wider range');
  return levels;
}

/** One cell: it buys at `buy` and sells at `sell` (the next level up). */
export type CellState = 'idle' | 'buying' | 'holding';
export interface Cell {
  buy: Dec;
  sell: Dec;
  quantity: Dec;
  state: CellState;
}

/**
 * The cells a grid starts with at `price` (status 1, "searching for a pool"): every cell whose buy
 * level is under the price waits to buy (`buying`); the rest are `idle`, to be bought at the start
 * (`openingBuys`). Every cell gets an equal share of the capital at its level, floored to the lot
 * (capital ÷ cells ÷ level), so that all of them buying at once is paid for. Null when a cell has
 * not one lot, or no cell is under the price.
 */
export function startCells(levels: readonly Dec[], price: Dec, capital: Dec, lot: string): Cell[] | null {
  const share = capital.div(levels.length - 1);
  const cells: Cell[] = [];
  for (let i = 0; i + 1 < levels.length; i += 1) {
    const buy = levels[i]!;
    const quantity = share.div(buy).div(lot).floor().mul(lot);
    cells.push({ buy, sell: levels[i + 1]!, quantity, state: buy.lt(price) ? 'buying' : 'idle' });
  }
  if (!cells.some((c) => c.state === 'buying') || cells.some((c) => c.quantity.lte(0))) return null;
  return cells;
}

export type GridEvent = { kind: 'bought'; cell: number; price: Dec; quantity: Dec } | { kind: 'sold'; cell: number; price: Dec; quantity: Dec };

/**
 * The buys a grid makes the moment it starts: every idle cell, lowest first, at the ask, at most
 * `energy` of them. Like the grid bots of Pionex and Binance, it holds from the start what its upper
 * cells will sell, so that a rising market fills it as a falling one does. A cell left idle (no
 * energy, or no money for it) starts buying once the ask is over its level, so it buys on the way down.
 */
export function openingBuys(cells: readonly Cell[], ask: Dec, energy: number): { cells: Cell[]; events: GridEvent[]; spent: number } {
  const next = cells.map((c) => ({ ...c }));
  const events: GridEvent[] = [];
  for (let i = 0; i < next.length && events.length < energy; i += 1) {
    const c = next[i]!;
    if (c.state !== 'idle') continue;
    events.push({ kind: 'bought', cell: i, price: ask, quantity: c.quantity });
    c.state = 'holding';
  }
  return { cells: next, events, spent: events.length };
}

/**
 * What one quote does to the cells. A holding cell sells its quantity at the bid once the bid is at
 * or over its sell level (sells first, from the top), and its buy order is placed again at once. A
 * buying cell fills at its level once the ask is at or under it (an entrusted limit buy), never in
 * the quote it sold in. An idle cell (one `openingBuys` left) starts buying once the ask is over its
 * level. At most `energy` fills happen; answers the new
 * cells, the events in order and the energy spent.
 */
export function onQuote(cells: readonly Cell[], quote: { bid: Dec; ask: Dec }, energy: number): { cells: Cell[]; events: GridEvent[]; spent: number } {
  const next = cells.map((c) => ({ ...c }));
  const events: GridEvent[] = [];
  let spent = 0;
  // Sells first, from the highest cell: a rise fills the upper orders before a fall could re-buy.
  for (let i = next.length - 1; i >= 0; i -= 1) {
    const c = next[i]!;
    if (c.state !== 'holding' || quote.bid.lt(c.sell) || spent >= energy) continue;
    events.push({ kind: 'sold', cell: i, price: quote.bid, quantity: c.quantity });
    c.state = 'buying';
    spent += 1;
  }
  for (let i = 0; i < next.length; i += 1) {
    const c = next[i]!;
    if (c.state === 'idle' && quote.ask.gt(c.buy)) c.state = 'buying';
    else if (c.state === 'buying' && quote.ask.lte(c.buy) && spent < energy && !events.some((e) => e.cell === i)) {
      events.push({ kind: 'bought', cell: i, price: c.buy, quantity: c.quantity });
      c.state = 'holding';
      spent += 1;
    }
  }
  return { cells: next, events, spent };
}

/** A completed pair's profit before fees: (sell − buy) × quantity, in the pair's currency. */
export const pairProfit = (buy: Dec, sell: Dec, quantity: Dec) => sell.sub(buy).mul(quantity);
