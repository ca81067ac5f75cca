import { addPrecise, compareDecimal, divPrecise, mulPrecise, roundDecimal, subPrecise } from '../decimal';
import { orderCosts } from './formulas';

// The rules of placements (docs/decisions/0019-primary-market.md, "Placements, keys"), once: the
// server prices and books with these figures and both apps show them. A purchase is costed as a
// leverage-1 stock order of trading (`orderCosts`), so the estimate on the screen is the cent the
// ledger books.

/** A follow-on offering at any price the operator sets, or a qualified institutional placement priced from its floor. */
export const PlacementKind = { SPO: 'SPO', QIP: 'QIP' } as const;
export type PlacementKind = (typeof PlacementKind)[keyof typeof PlacementKind];
export const PLACEMENT_KINDS = ['SPO', 'QIP'] as const;

/**
 * Where a placement stands for a buyer at a moment: before its window, open, every share sold,
 * after its window, or closed early by an operator. Only `open` takes purchases.
 */
export const PlacementState = { Upcoming: 'upcoming', Open: 'open', SoldOut: 'soldOut', Ended: 'ended', Closed: 'closed' } as const;
export type PlacementState = (typeof PlacementState)[keyof typeof PlacementState];
export const PLACEMENT_STATES = ['upcoming', 'open', 'soldOut', 'ended', 'closed'] as const;

/** A QIP's floor is the average close of this many trading days before the one it is created on. */
export const QIP_FLOOR_DAYS = 10;
/** How far below its floor a QIP may be priced, as a fraction (SEBI ICDR: a discount of at most 5 %). */
export const QIP_MAX_DISCOUNT = '0.05';
/** The longest lock-up an operator may set, in days (ten years). */
export const MAX_LOCKUP_DAYS = 3650;

/** The average of the closes, exactly (a sum over ten days divided by ten ends where the closes' places do, plus one). */
export function qipFloorOf(closes: readonly string[]): string {
  if (closes.length === 0) throw new RangeError('no closes to average');
  const sum = closes.reduce((acc, close) => addPrecise(acc, close), '0');
  return divPrecise(sum, closes.length);
}

/** The lowest price a QIP with this floor may have: the floor less 5 %, exactly. */
export const qipMinPriceOf = (floor: string) => mulPrecise(floor, subPrecise('1', QIP_MAX_DISCOUNT));

/** Whether a QIP price respects its floor (at most 5 % below it; above it is allowed). */
export const qipPriceAllowed = (price: string, floor: string) => (compareDecimal(price, qipMinPriceOf(floor)) ?? -1) >= 0;

/** The discount of `price` to `reference` in percent, to two places; negative for a premium. */
export function discountPercentOf(price: string, reference: string): string {
  return roundDecimal(mulPrecise(divPrecise(subPrecise(reference, price), reference), 100), 2)!;
}

/**
 * What buying `quantity` at the placement's `price` takes from the trading wallet: the shares'
 * money (the position's margin at leverage 1) and the opening fee of the stock rule, each to the
 * cent in the wallet's currency at `rate`, and their sum.
 */
export function placementCosts(o: { price: string; quantity: string; rate: string; feeRate: string }) {
  const c = orderCosts({ price: o.price, quantity: o.quantity, rate: o.rate, leverage: 1, feeRate: o.feeRate });
  return { notional: c.notional, amount: c.margin, fee: c.fee, total: c.total };
}

/** The state of a placement at `now` (epoch ms). */
export function placementStateOf(
  p: { status: 'open' | 'closed'; opensAt: number; closesAt: number; quantityOffered: string; quantitySold: string },
  now: number,
): PlacementState {
  if (p.status === 'closed') return PlacementState.Closed;
  if (now >= p.closesAt) return PlacementState.Ended;
  if (compareDecimal(p.quantitySold, p.quantityOffered) !== -1) return PlacementState.SoldOut;
  if (now < p.opensAt) return PlacementState.Upcoming;
  return PlacementState.Open;
}
