import { Dec, plain } from '../../lib/decimal';

// The auction's uncrossing (docs/decisions/0019-primary-market.md, "the auction"). Pure: the same
// book gives the same price and the same fills, so the live indicative price, the final match and
// a replay from the audit log can never disagree.

/** An order of the pre-opening session. `auction` has no price (HKEX at-auction); `limit` has one (at-auction limit). */
export interface AuctionOrder {
  id: string;
  side: 'buy' | 'sell';
  type: 'auction' | 'limit';
  /** Decimal string; required for `limit`, absent for `auction`. */
  price?: string;
  /** Decimal string, > 0. */
  quantity: string;
  /** Time priority: lower came first. */
  sequence: number;
}

export interface AuctionInput {
  orders: readonly AuctionOrder[];
  /** The model's opening price or the previous close. */
  referencePrice: string;
  tickSize: string;
}

export interface AuctionResult {
  /** The equilibrium price, on the tick grid; null when nothing crosses. */
  price: string | null;
  matchedVolume: string;
  /** The eligible quantity left over at `price` on the heavier side; `null`/'0' when balanced or when nothing crosses. */
  imbalance: { side: 'buy' | 'sell' | null; quantity: string };
  /** Only orders with a fill above zero, in input order. */
  fills: { id: string; quantity: string }[];
  /**
   * Every order with something left, in input order, with its type: the caller cancels `auction`
   * leftovers and passes `limit` leftovers to continuous trading. A fully filled order is absent.
   */
  unfilled: { id: string; quantity: string; type: 'auction' | 'limit' }[];
}

interface Parsed {
  order: AuctionOrder;
  price: Dec | null;
  quantity: Dec;
}

interface Level {
  price: Dec;
  /** Buy quantity willing to pay `price` or more, at-auction included. */
  demand: Dec;
  /** Sell quantity willing to take `price` or less, at-auction included. */
  supply: Dec;
  volume: Dec;
  /** demand - supply: positive is buy pressure, negative sell pressure. */
  imbalance: Dec;
}

/**
 * Uncross the pre-opening book at one price (HKEX / CME style).
 *
 * Candidate prices are the distinct limit prices of the book; with no limit at all, the reference
 * price (rounded half-up to the tick, since a trade must print on the grid). The chosen price is the
 * first that wins, in this order:
 * 1. the maximum matched volume, matched = min(demand at >= p, supply at <= p), at-auction orders
 *    counting on both sides at every price;
 * 2. the minimum absolute imbalance |demand - supply|;
 * 3. the price nearest the reference price (distance to the unrounded reference);
 * 4. two prices equidistant above and below the reference: the one the pressure pushes towards
 *    (the higher when both have buy imbalance, the lower when both have sell imbalance), otherwise
 *    (no imbalance, or buy at one and sell at the other, so no side dominates) the lower. The
 *    lower keeps buyers from paying more than the book itself proves they must.
 * Decision 0019 puts the reference price before market pressure (CME's order puts pressure first):
 * pressure only settles what the reference leaves open.
 *
 * A matched volume of zero (no crossing, or at-auction orders on one side only) gives no price and
 * no fills; every order is listed as unfilled.
 *
 * Allocation on each side at the chosen price: at-auction orders first, then limits by price
 * (better first: higher buys, lower sells), then by sequence (then id, so equal sequences still
 * give one answer). The side is filled in that order up to the matched volume; the marginal order
 * is filled in part. A buy above the price or a sell below it is never reached, so no limit is
 * violated.
 *
 * The same function run on the live book during order input gives the indicative equilibrium
 * price and volume (see `indicativeAuction`).
 *
 * @throws RangeError on a malformed book (a limit without a price, an at-auction order with one,
 * a quantity or price not above zero, a duplicate id, a tick not above zero), which is a caller's bug.
 */
export function matchAuction(input: AuctionInput): AuctionResult {
  const tick = positive(input.tickSize, 'tickSize');
  const reference = positive(input.referencePrice, 'referencePrice');
  const orders = parse(input.orders);

  const level = bestLevel(orders, reference, tick);
  if (!level) {
    return {
      price: null,
      matchedVolume: '0',
      imbalance: { side: null, quantity: '0' },
      fills: [],
      unfilled: orders.map((o) => ({ id: o.order.id, quantity: plain(o.quantity), type: o.order.type })),
    };
  }

  const filled = new Map<string, Dec>();
  allocate(orders, 'buy', level.price, level.volume, filled);
  allocate(orders, 'sell', level.price, level.volume, filled);

  const fills: AuctionResult['fills'] = [];
  const unfilled: AuctionResult['unfilled'] = [];
  for (const o of orders) {
    const got = filled.get(o.order.id) ?? new Dec(0);
    if (got.gt(0)) fills.push({ id: o.order.id, quantity: plain(got) });
    const left = o.quantity.minus(got);
    if (left.gt(0)) unfilled.push({ id: o.order.id, quantity: plain(left), type: o.order.type });
  }

  const sign = level.imbalance.cmp(0);
  return {
    price: level.price.toFixed(Math.max(tick.decimalPlaces(), level.price.decimalPlaces())),
    matchedVolume: plain(level.volume),
    imbalance: { side: sign > 0 ? 'buy' : sign < 0 ? 'sell' : null, quantity: plain(level.imbalance.abs()) },
    fills,
    unfilled,
  };
}

/**
 * The indicative equilibrium price (IEP) and volume (IEV) shown while orders are collected: the
 * same computation as the final match, on the book as it stands, so the two agree by construction.
 */
export const indicativeAuction = matchAuction;

/**
 * The prices an at-auction limit order may carry (HKEX: within 15 % of the previous close), on the
 * tick grid and rounded inward, so every price of the band is itself within 15 %.
 */
export function auctionLimitBand(previousClose: string, tickSize: string): { low: string; high: string } {
  const close = positive(previousClose, 'previousClose');
  const tick = positive(tickSize, 'tickSize');
  const places = tick.decimalPlaces();
  const low = close.mul('0.85').div(tick).ceil().mul(tick);
  const high = close.mul('1.15').div(tick).floor().mul(tick);
  return { low: low.toFixed(places), high: high.toFixed(places) };
}

function positive(value: string, name: string): Dec {
  let d: Dec;
  try {
    d = new Dec(value);
  } catch {
    throw new RangeError(`${name} is not a decimal: ${value}`);
  }
  if (!d.isFinite() || !d.gt(0)) throw new RangeError(`${name} must be above zero: ${value}`);
  return d;
}

function parse(orders: readonly AuctionOrder[]): Parsed[] {
  const seen = new Set<string>();
  return orders.map((order) => {
    if (seen.has(order.id)) throw new RangeError(`duplicate order id ${order.id}`);
    seen.add(order.id);
    if (order.type === 'limit' && order.price === undefined) throw new RangeError(`limit order ${order.id} has no price`);
    if (order.type === 'auction' && order.price !== undefined) throw new RangeError(`at-auction order ${order.id} has a price`);
    return {
      order,
      price: order.type === 'limit' ? positive(order.price as string, `price of ${order.id}`) : null,
      quantity: positive(order.quantity, `quantity of ${order.id}`),
    };
  });
}

/** Demand and supply at every candidate in one pass over the sorted prices, then the rules of `matchAuction`. */
function bestLevel(orders: Parsed[], reference: Dec, tick: Dec): Level | null {
  let auctionBuy = new Dec(0);
  let auctionSell = new Dec(0);
  const byPrice = new Map<string, { price: Dec; buy: Dec; sell: Dec }>();
  for (const o of orders) {
    if (o.price === null) {
      if (o.order.side === 'buy') auctionBuy = auctionBuy.plus(o.quantity);
      else auctionSell = auctionSell.plus(o.quantity);
      continue;
    }
    // Keyed by the normalised value so "10.5" and "10.50" are one level.
    const key = plain(o.price);
    const at = byPrice.get(key) ?? { price: o.price, buy: new Dec(0), sell: new Dec(0) };
    if (o.order.side === 'buy') at.buy = at.buy.plus(o.quantity);
    else at.sell = at.sell.plus(o.quantity);
    byPrice.set(key, at);
  }

  const prices = [...byPrice.values()].sort((a, b) => a.price.cmp(b.price));
  if (prices.length === 0) prices.push({ price: reference.div(tick).toDecimalPlaces(0, Dec.ROUND_HALF_UP).mul(tick), buy: new Dec(0), sell: new Dec(0) });

  // Demand at p counts buys priced p or above: a suffix sum over ascending prices.
  const demand: Dec[] = new Array<Dec>(prices.length);
  let running = auctionBuy;
  for (let i = prices.length - 1; i >= 0; i -= 1) {
    running = running.plus(prices[i]!.buy);
    demand[i] = running;
  }

  let best: Level | null = null;
  let supply = auctionSell;
  for (let i = 0; i < prices.length; i += 1) {
    supply = supply.plus(prices[i]!.sell);
    const d = demand[i]!;
    const level: Level = { price: prices[i]!.price, demand: d, supply, volume: Dec.min(d, supply), imbalance: d.minus(supply) };
    if (!best || better(level, best, reference)) best = level;
  }
  return best && best.volume.gt(0) ? best : null;
}

/** Whether `a` beats `b`; `a` is always the higher price, as levels arrive in ascending order. */
function better(a: Level, b: Level, reference: Dec): boolean {
  const volume = a.volume.cmp(b.volume);
  if (volume !== 0) return volume > 0;
  const imbalance = a.imbalance.abs().cmp(b.imbalance.abs());
  if (imbalance !== 0) return imbalance < 0;
  const distance = a.price.minus(reference).abs().cmp(b.price.minus(reference).abs());
  if (distance !== 0) return distance < 0;
  // Equidistant, so a is above the reference and b below it: the higher only under buy pressure at both.
  return a.imbalance.gt(0) && b.imbalance.gt(0);
}

function allocate(orders: Parsed[], side: 'buy' | 'sell', price: Dec, volume: Dec, filled: Map<string, Dec>): void {
  const eligible = orders.filter((o) => o.order.side === side && (o.price === null || (side === 'buy' ? o.price.gte(price) : o.price.lte(price))));
  eligible.sort((a, b) => {
    if ((a.price === null) !== (b.price === null)) return a.price === null ? -1 : 1;
    if (a.price !== null && b.price !== null) {
      const byPrice = side === 'buy' ? b.price.cmp(a.price) : a.price.cmp(b.price);
      if (byPrice !== 0) return byPrice;
    }
    if (a.order.sequence !== b.order.sequence) return a.order.sequence - b.order.sequence;
    return a.order.id < b.order.id ? -1 : a.order.id > b.order.id ? 1 : 0;
  });
  let left = volume;
  for (const o of eligible) {
    if (left.isZero()) break;
    const take = Dec.min(left, o.quantity);
    filled.set(o.order.id, take);
    left = left.minus(take);
  }
}
