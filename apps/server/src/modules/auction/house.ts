import { Dec } from '../../lib/decimal';
import { isBuy } from '../trading';
import type { AuctionOrder as MatcherOrder } from './matcher';
import type { OrderRow } from './repository';

const HOUSE_BUY = 'house-buy';
const HOUSE_SELL = 'house-sell';
/** The house's orders come after every investor's at their price: investors keep time priority. */
const HOUSE_SEQUENCE = Number.MAX_SAFE_INTEGER;

/**
 * The house's depth (decision 0019, "The auction"): a buy and a sell at-auction limit at the
 * reference price (the model's opening price of the day), each as large as every investor order on
 * the other side that crosses it. With them the equilibrium is the reference whenever anything
 * trades: it matches every crossing order, more than any other price can, and nothing trades where
 * nothing crosses it (a buy below it cannot meet a sell above it). So the auction agrees with the
 * simulated market's open. A side with nothing to meet gets no order (the matcher needs quantities above zero).
 */
export function withHouse(orders: readonly MatcherOrder[], reference: string): { orders: MatcherOrder[]; houseBuy: Dec; houseSell: Dec } {
  const ref = new Dec(reference);
  let buys = new Dec(0);
  let sells = new Dec(0);
  for (const o of orders) {
    if (o.side === 'buy' && (o.type === 'auction' || ref.lte(o.price!))) buys = buys.add(o.quantity);
    if (o.side === 'sell' && (o.type === 'auction' || ref.gte(o.price!))) sells = sells.add(o.quantity);
  }
  const house: MatcherOrder[] = [];
  if (sells.gt(0)) house.push({ id: HOUSE_BUY, side: 'buy', type: 'limit', price: reference, quantity: sells.toFixed(), sequence: HOUSE_SEQUENCE });
  if (buys.gt(0)) house.push({ id: HOUSE_SELL, side: 'sell', type: 'limit', price: reference, quantity: buys.toFixed(), sequence: HOUSE_SEQUENCE });
  return { orders: [...orders, ...house], houseBuy: sells, houseSell: buys };
}

export const toMatcher = (o: OrderRow): MatcherOrder => ({
  id: String(o.id),
  side: isBuy(o.direction) ? 'buy' : 'sell',
  type: o.type,
  ...(o.type === 'limit' ? { price: new Dec(o.price!).toFixed() } : {}),
  quantity: new Dec(o.quantity).toFixed(),
  sequence: o.sequence,
});
