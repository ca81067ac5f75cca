import { Dec } from '../../lib/decimal';

// A DCA robot's rule (decision 0021, "Robots"), as pure functions like the grid's (grid.ts). A deal
// buys a first order at market, then a safety order each time the price falls another `deviation`
// below the first fill (at most `safetyOrders` of them), and sells everything once the bid reaches
// the average price plus `takeProfit`; then a new deal starts. Exact decimals; each fill spends one
// unit of energy.

export interface DcaParams {
  /** In the pair's quote currency. */
  firstOrder: string;
  safetyOrder: string;
  safetyOrders: number;
  /** Fractions: 0.02 is 2 %. */
  deviation: string;
  takeProfit: string;
  lot: string;
  tick: string;
}

export interface Fill {
  price: Dec;
  quantity: Dec;
}

export interface Deal {
  fills: Fill[];
}

export type DcaEvent = { kind: 'bought'; price: Dec; quantity: Dec; safety: number } | { kind: 'sold'; price: Dec; quantity: Dec; profit: Dec };

const lots = (amount: Dec, price: Dec, lot: string) => amount.div(price).div(lot).floor().mul(lot);
const onTick = (value: Dec, tick: string) => value.div(tick).floor().mul(tick);

/** The quantity held, what it cost and its average price (a display figure: sums divide last); zeros for no fill. */
export function position(deal: Deal): { quantity: Dec; cost: Dec; average: Dec } {
  const quantity = deal.fills.reduce((q, f) => q.add(f.quantity), new Dec(0));
  const cost = deal.fills.reduce((c, f) => c.add(f.price.mul(f.quantity)), new Dec(0));
  return { quantity, cost, average: quantity.isZero() ? new Dec(0) : cost.div(quantity) };
}

/** The price of the `n`-th safety order (1-based): the first fill less n deviations, floored to the tick. */
export const safetyPrice = (p: DcaParams, first: Dec, n: number) => onTick(first.mul(new Dec(1).sub(new Dec(p.deviation).mul(n))), p.tick);

/** The bid at which the deal sells: its average price plus the take-profit, raised to the tick. */
export function takeProfitPrice(p: DcaParams, deal: Deal): Dec | null {
  const { quantity, cost } = position(deal);
  if (quantity.isZero()) return null;
  // Cost × (1 + take-profit) ÷ quantity, dividing last: an average rounded first could push an exact target up a tick.
  return cost.mul(new Dec(1).add(p.takeProfit)).div(quantity).div(p.tick).ceil().mul(p.tick);
}

/**
 * What one quote does to a deal, within `energy` fills: no fill yet, the first order buys at the
 * ask; in a deal, the bid at or over the take-profit price sells all at the bid (the deal ends, its
 * profit before fees in the events); otherwise the next safety order buys at its price once the ask
 * is at or under it. One fill per quote at most.
 */
export function onQuote(p: DcaParams, deal: Deal, quote: { bid: Dec; ask: Dec }, energy: number): { deal: Deal; events: DcaEvent[]; spent: number } {
  if (energy <= 0) return { deal, events: [], spent: 0 };
  const first = deal.fills[0];
  if (!first) {
    const quantity = lots(new Dec(p.firstOrder), quote.ask, p.lot);
    if (quantity.lte(0)) return { deal, events: [], spent: 0 };
    return { deal: { fills: [{ price: quote.ask, quantity }] }, events: [{ kind: 'bought', price: quote.ask, quantity, safety: 0 }], spent: 1 };
  }
  const target = takeProfitPrice(p, deal)!;
  if (quote.bid.gte(target)) {
    const { quantity, cost } = position(deal);
    return { deal: { fills: [] }, events: [{ kind: 'sold', price: quote.bid, quantity, profit: quote.bid.mul(quantity).sub(cost) }], spent: 1 };
  }
  const n = deal.fills.length;
  if (n > p.safetyOrders) return { deal, events: [], spent: 0 };
  const price = safetyPrice(p, first.price, n);
  if (quote.ask.gt(price)) return { deal, events: [], spent: 0 };
  const quantity = lots(new Dec(p.safetyOrder), price, p.lot);
  if (quantity.lte(0)) return { deal, events: [], spent: 0 };
  return { deal: { fills: [...deal.fills, { price, quantity }] }, events: [{ kind: 'bought', price, quantity, safety: n }], spent: 1 };
}
